import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import { jsonTableSql } from "./jsonShape.ts";
import type { ColumnProfile, JsonRead, ParquetRead, TableProfile } from "./sourceEntry.ts";
import { SAMPLE_VALUES, round } from "./varcharColumns.ts";

const PROFILE_SAMPLE_ROWS = 20000;
/** Smallest values taken per column and pass (see sampleProfile). */
const LOW_VALUES = 1000;

/** Parquet, read by DuckDB itself. */
export function parquetReaderSql(absPath: string): string {
  return `read_parquet(${sqlString(absPath)})`;
}

/** What to SELECT FROM for a format DuckDB reads itself (JSON in any shape, Parquet). */
export async function nativeReaderSql(
  engine: DuckEngine,
  absPath: string,
  bytes: number,
  read: JsonRead | ParquetRead,
  fullSample = false,
): Promise<{ from: string; flattened: boolean }> {
  return read.kind === "parquet"
    ? { from: parquetReaderSql(absPath), flattened: false }
    : jsonTableSql(engine, absPath, bytes, read, fullSample);
}

/** Counts, types and samples of a table DuckDB reads itself. */
export async function profileNative(
  engine: DuckEngine,
  absPath: string,
  read: JsonRead | ParquetRead,
  bytes = 0,
): Promise<TableProfile> {
  let reader: { from: string; flattened: boolean };
  let count: number;
  try {
    reader = await nativeReaderSql(engine, absPath, bytes, read);
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader.from}`))[0]?.n ?? 0);
  } catch (error) {
    // JSON types are sniffed from the first records; a later record of another shape needs a full sample.
    if (read.kind !== "json" || read.shape) throw error;
    reader = await nativeReaderSql(engine, absPath, bytes, read, true);
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader.from}`))[0]?.n ?? 0);
  }
  if (read.kind === "json" && reader.flattened) read.flattened = true;
  const described = await engine.describe(`SELECT * FROM ${reader.from}`);
  const sample = `(SELECT * FROM ${reader.from} LIMIT ${PROFILE_SAMPLE_ROWS})`;
  const { total, present, samples } = await sampleProfile(
    engine,
    sample,
    described.map((c) => c.name),
  );
  const columns: ColumnProfile[] = described.map((c, i) => ({
    name: c.name,
    type: c.type,
    nullFraction: total === 0 ? 0 : round((total - (present[i] ?? 0)) / total),
    samples: samples[i] ?? [],
  }));
  return { headerLine: 0, titleLines: [], rowCount: count, columns, read };
}

/**
 * Rows, present cells per column, and each column's first SAMPLE_VALUES distinct values in sort
 * order (as text) — the values `samplesAggregate` gives, without listing, deduplicating and sorting
 * every value of the sample (several times the cost of reading it). A pass takes the LOW_VALUES
 * smallest values of each column (`min(v, n)`, duplicates included): every value below the largest
 * of them is among them, so their distinct values are the smallest distinct values. A column short
 * of SAMPLE_VALUES distinct values, whose pass was full, is asked again for the values above the
 * largest found (a boolean column: `false`×1000, then `true`×1000, then none).
 */
export async function sampleProfile(
  engine: DuckEngine,
  sample: string,
  names: string[],
): Promise<{ total: number; present: number[]; samples: string[][] }> {
  if (names.length === 0) return { total: 0, present: [], samples: [] };
  const text = (i: number): string => `CAST(${sqlIdent(names[i]!)} AS VARCHAR)`;
  const low = (i: number, above?: string): string =>
    `min(${text(i)}, ${LOW_VALUES})${above === undefined ? "" : ` FILTER (WHERE ${text(i)} > ${sqlString(above)})`}`;
  const outer = (indexes: number[]): string =>
    indexes
      .map(
        (i) =>
          `len(low${i}) AS n${i}, list_slice(list_sort(list_distinct(low${i})), 1, ${SAMPLE_VALUES}) AS s${i}`,
      )
      .join(", ");
  const all = names.map((_, i) => i);
  const [first = {}] = await engine.all(
    `SELECT total, ${all.map((i) => `present${i}`).join(", ")}, ${outer(all)} FROM (SELECT count(*) AS total, ` +
      `${all.map((i) => `count(${sqlIdent(names[i]!)}) AS present${i}, ${low(i)} AS low${i}`).join(", ")} FROM ${sample})`,
  );
  const samples = all.map((i) => ((first[`s${i}`] as unknown[] | null) ?? []).map(String));
  let open = all.filter(
    (i) => samples[i]!.length < SAMPLE_VALUES && Number(first[`n${i}`] ?? 0) === LOW_VALUES,
  );
  while (open.length > 0) {
    const [row = {}] = await engine.all(
      `SELECT ${outer(open)} FROM (SELECT ${open.map((i) => `${low(i, samples[i]![samples[i]!.length - 1])} AS low${i}`).join(", ")} FROM ${sample})`,
    );
    for (const i of open)
      samples[i] = [...samples[i]!, ...((row[`s${i}`] as unknown[] | null) ?? []).map(String)].slice(
        0,
        SAMPLE_VALUES,
      );
    open = open.filter((i) => samples[i]!.length < SAMPLE_VALUES && Number(row[`n${i}`] ?? 0) === LOW_VALUES);
  }
  return {
    total: Number(first.total ?? 0),
    present: all.map((i) => Number(first[`present${i}`] ?? 0)),
    samples,
  };
}
