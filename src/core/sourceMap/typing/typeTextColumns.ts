import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { sampleCounts } from "./cellTypeTests.ts";
import type { ColumnProfile, ColumnSpec } from "../sourceEntry.ts";
import { detectDateFormats } from "./dateFormats.ts";
import { findFillValues } from "./fillValues.ts";
import { applyMissingMarkers } from "./missingMarkers.ts";
import { markPaddedText } from "./paddedText.ts";
import { markRowIndex } from "./rowIndex.ts";
import { markBareMissingText } from "./rMissingText.ts";
import {
  WIDE_COLUMNS,
  candidateTests,
  chooseType,
  clipSample,
  positionalName,
  profileVarcharColumns,
  round,
  samplesAggregate,
} from "./varcharColumns.ts";
import { checksOf, countRecords, jsPass, narrowPass, subtractFooter, widePass } from "./typingPass.ts";
import type { FullPass } from "./typingPass.ts";

/**
 * Types, exact row count and exact null counts of the text columns of a pinned reader, at the cost
 * of about one read of the file (see notes/speed.md):
 *
 * 1. the candidate tests (`varcharColumns.ts`) run in JS on the first SAMPLE_ROWS data rows, as the
 *    layout step split them (sampleCounts), which gives each column a candidate type;
 * 2. one pass over every record counts the records, the present cells of every column and, for
 *    each column with a candidate type other than text, the values that break it (a cheap test per
 *    value: one pattern or cast);
 * 3. a column whose candidate a later value breaks, or that was empty in the sample, is typed again
 *    by the full candidate tests over every data row.
 *
 * The result is the type the full tests over every data row would give (the reference path,
 * `exhaustive`): a type that fails on the sample fails on all rows, and the one chosen holds on all
 * rows once no value breaks it. So a strict CAST at Scan time never meets a value it cannot convert.
 */
export const SAMPLE_ROWS = 500;

export interface TextColumnsInput {
  /** A FROM-able reader whose columns are `column0…`: every record after the header. */
  reader: string;
  names: { name: string; sourceName: string }[];
  /** Data rows when known (blocks of a data book): the first `dataRows` records. */
  dataRows?: number;
  /** Otherwise: the footnote records at the end, as split in JS (they are not data rows). */
  footer?: string[][];
  /** Data rows the layout expects (a hint that sizes the sample; checked against the count). */
  expectedDataRows?: number;
  /** The file writes text in quotes and a missing value as a bare NA, as R does (rMissingText.ts). */
  bareMissing?: boolean;
  /** The first data rows as split in JS (tableLayout's records), for the candidate types. */
  sample: string[][];
  /** The reference path: the full candidate tests over every data row. */
  exhaustive?: boolean;
  /** The 1-based line of a 1-based data row, where the layout knows it (for fill values). */
  lineOf?: (dataRow: number) => number | undefined;
  /**
   * Every record of `reader`, split in JS, when they are exactly the records DuckDB reads (a small
   * plain file: see exactRecords.ts). The counting pass is then done in JS
   * where each value's test is certain (jsPass), saving a DuckDB statement per small file.
   */
  records?: string[][];
}

export interface TextColumnsResult {
  records: number;
  dataRows: number;
  specs: ColumnSpec[];
  profiles: ColumnProfile[];
  /** Columns the sample could not settle, typed again over every row (for the bench and tests). */
  retyped: number;
}

export async function typeTextColumns(
  engine: DuckEngine,
  input: TextColumnsInput,
): Promise<TextColumnsResult> {
  const { reader, names } = input;
  const width = names.length;
  const indexes = names.map((_, i) => i);
  const footer = input.dataRows === undefined ? (input.footer ?? []) : [];
  const footerCount = footer.length;
  if (input.exhaustive || width === 0) return exhaustivePath(engine, input, footerCount);
  const wide = width > WIDE_COLUMNS;

  // The sample: the first data rows as the layout step split them in JS (no DuckDB read).
  const sampleRows = input.sample.slice(0, SAMPLE_ROWS);
  const sampleTests = new Map(indexes.map((i) => [i, sampleCounts(sampleRows, i)]));
  const sampled = sampleRows.length;
  const candidates = indexes.map((i) => chooseType(sampleTests.get(i) ?? {}, ""));
  const checks = checksOf(candidates, sampleTests);
  const limited = (n: number): string => `(SELECT * FROM ${reader} LIMIT ${n})`;

  let pass: FullPass;
  let records: number;
  let dataRows: number;
  /** Rows the null counts are over. */
  let seen: number;
  // Exactly the counts the DuckDB pass below would give (the same records, each value's test
  // certain in JS), or undefined: DuckDB makes the pass.
  const all = input.records;
  const bounded = input.dataRows !== undefined || wide;
  const jsRows = all && (input.dataRows ?? Math.max(0, all.length - (bounded ? footerCount : 0)));
  const inJs = all && jsRows !== undefined ? jsPass(all, candidates, checks, jsRows) : undefined;
  if (all && inJs) {
    pass = inJs;
    records = input.dataRows ?? all.length;
    if (bounded) {
      dataRows = input.dataRows ?? Math.max(0, records - footerCount);
      // widePass counts over the rows asked for.
      if (wide) pass.total = dataRows;
      seen = pass.total;
    } else {
      dataRows = Math.max(0, records - footerCount);
      seen = dataRows;
      subtractFooter(pass, footer, candidates);
    }
  } else if (input.dataRows !== undefined || wide) {
    records = input.dataRows ?? (await countRecords(engine, reader));
    dataRows = input.dataRows ?? Math.max(0, records - footerCount);
    pass = wide
      ? await widePass(engine, limited(dataRows), dataRows, candidates, checks)
      : await narrowPass(engine, limited(dataRows), candidates, checks);
    seen = pass.total;
  } else {
    // One pass over every record, footnotes included: their cells are taken off the counts below,
    // and a value breaking a candidate (in the data or in a footnote) has its column typed again
    // over the data rows alone.
    pass = await narrowPass(engine, reader, candidates, checks);
    records = pass.total;
    dataRows = Math.max(0, records - footerCount);
    seen = dataRows;
    subtractFooter(pass, footer, candidates);
  }
  // The sample reached past the data rows (into footnotes): type the (small) table in full.
  if (sampled > dataRows) return exhaustivePath(engine, { ...input, dataRows }, 0, records);

  const unsettled = checks
    .filter(({ i, check }) => ((check === "empty" ? pass.nonEmpty : pass.broken).get(i) ?? 0) > 0)
    .map((x) => x.i);
  const retyped = await candidateTests(engine, limited(dataRows).slice(1, -1), unsettled);
  const specs: ColumnSpec[] = [];
  const profiles: ColumnProfile[] = [];
  names.forEach(({ name, sourceName }, i) => {
    const again = retyped.get(i);
    const { type, thousands } = again ? chooseType(again, "") : candidates[i]!;
    const present = pass.present.get(i) ?? 0;
    const samples = (sampleTests.get(i)?.samples as unknown[] | null) ?? [];
    specs.push({ name, sourceName, type, thousands });
    profiles.push({
      name,
      type,
      nullFraction: seen === 0 ? 0 : round((seen - present) / seen),
      ...(seen > 0 && present === 0 ? { empty: true as const } : {}),
      samples: (samples.length > 0 ? samples : ((again?.samples as unknown[] | null) ?? [])).map((v) =>
        clipSample(String(v)),
      ),
    });
  });
  // Dates written as people write them (`September 1, 2024`): a narrow pass, only for columns
  // whose sample values look like such dates (dateFormats.ts), as on the reference path.
  await detectDateFormats(engine, limited(dataRows).slice(1, -1), specs, profiles);
  await valueFacts(engine, limited(dataRows).slice(1, -1), specs, profiles, input, dataRows);
  return { records, dataRows, specs, profiles, retyped: unsettled.length };
}

/**
 * Sample values as DuckDB reads them, from the first SAMPLE_ROWS data rows: for single-byte
 * encodings, whose JS decoding of 0x80–0x9F may differ from the UTF-8 copy DuckDB reads.
 */
export async function duckSamples(
  engine: DuckEngine,
  reader: string,
  width: number,
  dataRows: number,
): Promise<string[][]> {
  if (width === 0) return [];
  const select = Array.from(
    { length: width },
    (_, i) => `${samplesAggregate(sqlIdent(positionalName(i)))} AS s${i}`,
  ).join(", ");
  const [row = {}] = await engine.all(
    `SELECT ${select} FROM (SELECT * FROM ${reader} LIMIT ${Math.min(SAMPLE_ROWS, dataRows)})`,
  );
  return Array.from({ length: width }, (_, i) => ((row[`s${i}`] as unknown[] | null) ?? []).map(String));
}

/**
 * What the values say beyond their type, alike on every typing path: missing-value markers in
 * columns of numbers (which retype them), then numeric fill values.
 */
async function valueFacts(
  engine: DuckEngine,
  from: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
  input: TextColumnsInput,
  dataRows?: number,
): Promise<void> {
  await applyMissingMarkers(engine, from, specs, profiles, input.sample.slice(0, SAMPLE_ROWS));
  markPaddedText(specs, profiles, input.sample.slice(0, SAMPLE_ROWS));
  if (input.bareMissing) await markBareMissingText(engine, from, specs, profiles);
  await markRowIndex(engine, from, specs, profiles);
  await findFillValues(
    engine,
    from,
    specs,
    profiles,
    input.lineOf,
    input.records && dataRows !== undefined ? input.records.slice(0, dataRows) : undefined,
  );
}

/** The reference: every candidate test over every data row. */
async function exhaustivePath(
  engine: DuckEngine,
  input: TextColumnsInput,
  footerCount: number,
  knownRecords?: number,
): Promise<TextColumnsResult> {
  const records = knownRecords ?? input.dataRows ?? (await countRecords(engine, input.reader));
  const dataRows = input.dataRows ?? Math.max(0, records - footerCount);
  const from = `SELECT * FROM ${input.reader} LIMIT ${dataRows}`;
  const { specs, profiles } = await profileVarcharColumns(engine, from, input.names);
  await valueFacts(engine, from, specs, profiles, input, dataRows);
  return { records, dataRows, specs, profiles, retyped: input.names.length };
}
