import type { DuckEngine, Row } from "../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec } from "./sourceEntry.ts";
import { detectDateFormats } from "./dateFormats.ts";
import { findFillValues } from "./fillValues.ts";
import { applyMissingMarkers } from "./missingMarkers.ts";
import {
  DEC_THOUSANDS,
  INT,
  INT_THOUSANDS,
  WIDE_COLUMNS,
  candidateTests,
  chooseType,
  clipSample,
  positionalName,
  profileVarcharColumns,
  SAMPLE_VALUES,
  round,
  samplesAggregate,
} from "./varcharColumns.ts";

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

const INT_RE = new RegExp(`^${INT}$`);
const INTK_RE = new RegExp(`^(${INT}|${INT_THOUSANDS})$`);
const DECK_RE = new RegExp(`^(${DEC_THOUSANDS})$`);
const LEADING_ZERO_RE = /^0\d+$/;
/** Everything DuckDB's DOUBLE cast accepts (digits with `_`, exponents, inf, nan), and a little more. */
const MAYBE_DOUBLE_RE =
  /^\s*[-+]?(\d[\d_]*(\.[\d_]*)?|\.\d[\d_]*)([eE][-+]?\d[\d_]*)?\s*$|^\s*[-+]?(inf(inity)?|nan)\s*$/i;
/**
 * Everything DuckDB's DATE or TIMESTAMP cast accepts once a '-' or '/' is in it (the text starts
 * with three numbers and separators, anything may follow; infinity, epoch), and more.
 */
/** Clock times as the TIME test of valueAggregates takes them (HH:MM, HH:MM:SS, fractions). */
const TIME_RE = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const MAYBE_DATE_RE = /^\s*[-+]?(\d+\s*[-/\\ .]\s*\d+\s*[-/\\ .]\s*\d|inf|epoch)/i;
/** The three numbers a DATE or TIMESTAMP cast reads first: year, month, day (in that order). */
const DATE_PARTS_RE = /^\s*[-+]?\d+\s*[-/\\ .]\s*(\d+)\s*[-/\\ .]\s*(\d+)/;

/**
 * Whether DuckDB's DATE/TIMESTAMP cast may accept `v` (which contains '-' or '/'): MAYBE_DATE_RE, and
 * where the text starts with three numbers, a month of one or two digits in 1–12 and a day of one
 * or two digits in 1–31 (DuckDB reads the year first, then at most two digits each for month and
 * day; a third digit after the day fails the cast). So `05/31/2004` (US order) is no DATE candidate:
 * its column would otherwise be checked in DuckDB and typed again over every row.
 */
export function mayBeDate(v: string): boolean {
  if (!MAYBE_DATE_RE.test(v)) return false;
  const parts = DATE_PARTS_RE.exec(v);
  if (!parts) return true;
  const month = parts[1]!;
  const day = parts[2]!;
  if (month.length > 2 || day.length > 2) return false;
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function fitsInt64(digits: string): boolean {
  try {
    const n = BigInt(digits);
    return n >= INT64_MIN && n <= INT64_MAX;
  } catch {
    return false;
  }
}

/**
 * The counts of chooseType's tests over sample values, computed in JS. Each test that DuckDB would
 * pass is passed here too (exactly, or more loosely for the casts): a type this rules out is ruled
 * out by DuckDB on the same values, and a type it lets through is then checked by DuckDB on every row.
 * A test's count is nn when it passed on every value, else 0 (all chooseType reads).
 */
export function sampleCounts(rows: string[][], i: number): Row {
  // chooseType asks only whether a test passed on every value: a test is dropped at its first
  // failure (its count is then reported as 0, below nn). `lz` and `comma` are counted while a
  // numeric test is alive — afterwards no numeric type can be chosen and they are not read.
  let nn = 0;
  let lz = 0;
  let comma = 0;
  let int = true;
  let intk = true;
  let dbl = true;
  let dblk = true;
  let date = true;
  let ts = true;
  let time = true;
  let bool = true;
  let present = 0;
  const values = new Set<string>();
  for (const row of rows) {
    const raw = row[i];
    if (raw === undefined || raw === "") continue;
    present++;
    values.add(raw);
    // DuckDB's trim() removes spaces only.
    const v =
      raw.charCodeAt(0) === 32 || raw.charCodeAt(raw.length - 1) === 32 ? raw.replace(/^ +| +$/g, "") : raw;
    if (v === "") continue;
    nn++;
    if (int || intk || dbl || dblk) {
      if (LEADING_ZERO_RE.test(v)) lz++;
      if (v.includes(",")) comma++;
      if (int && !(INT_RE.test(v) && fitsInt64(v))) int = false;
      if (intk && !(INTK_RE.test(v) && fitsInt64(v.replaceAll(",", "")))) intk = false;
      if (dbl && !MAYBE_DOUBLE_RE.test(v)) dbl = false;
      if (dblk && !DECK_RE.test(v)) dblk = false;
    }
    if (date || ts) {
      if ((v.includes("-") || v.includes("/")) && mayBeDate(v)) {
        // A value with a time of day is no DATE (the cast would drop the time): TIMESTAMP decides it.
        if (v.includes(":")) date = false;
      } else date = ts = false;
    }
    if (time && !TIME_RE.test(v)) time = false;
    if (bool) {
      const lower = v.toLowerCase();
      if (lower !== "true" && lower !== "false") bool = false;
    }
  }
  const all = (alive: boolean): number => (alive ? nn : 0);
  return {
    nn,
    lz,
    int: all(int),
    intk: all(intk),
    comma,
    dbl: all(dbl),
    dblk: all(dblk),
    date: all(date),
    ts: all(ts),
    time: all(time),
    bool: all(bool),
    present,
    total: rows.length,
    samples: [...values].sort().slice(0, SAMPLE_VALUES),
  };
}

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
  /** The first data rows as split in JS (tableLayout's records), for the candidate types. */
  sample: string[][];
  /** The reference path: the full candidate tests over every data row. */
  exhaustive?: boolean;
  /** The 1-based line of a 1-based data row, where the layout knows it (for fill values). */
  lineOf?: (dataRow: number) => number | undefined;
  /**
   * Every record of `reader`, split in JS, when they are exactly the records DuckDB reads (a small
   * plain file: see `exactRecords` in profileDelimited.ts). The counting pass is then done in JS
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

/**
 * Whether DuckDB's test of `type` (keepsType) surely fails on a cell: the JS tests of sampleCounts
 * pass everything DuckDB passes, so what they fail DuckDB fails.
 */
function surelyBreaks(type: string, thousands: boolean, cell: string): boolean {
  const v = cell.replace(/^ +| +$/g, "");
  if (v === "") return false;
  const leadingZero = LEADING_ZERO_RE.test(v);
  switch (type) {
    case "BIGINT":
      return thousands
        ? !(INTK_RE.test(v) && fitsInt64(v.replaceAll(",", ""))) || leadingZero
        : !(INT_RE.test(v) && fitsInt64(v)) || leadingZero;
    case "DOUBLE":
      return (thousands ? !DECK_RE.test(v) : !MAYBE_DOUBLE_RE.test(v)) || leadingZero;
    case "DATE":
      return !((v.includes("-") || v.includes("/")) && mayBeDate(v)) || v.includes(":");
    case "TIMESTAMP":
      return !((v.includes("-") || v.includes("/")) && mayBeDate(v));
    case "TIME":
      return !TIME_RE.test(v);
    case "BOOLEAN":
      return !["true", "false"].includes(v.toLowerCase());
    default:
      return false;
  }
}

/** Whether a trimmed, non-empty value `v` keeps the column's candidate type (same tests as chooseType). */
export function keepsType(type: string, thousands: boolean, v: string): string {
  const noLeadingZero = `NOT regexp_full_match(${v}, '0\\d+')`;
  const dated = `(contains(${v}, '-') OR contains(${v}, '/'))`;
  switch (type) {
    case "BIGINT":
      return thousands
        ? `regexp_full_match(${v}, '${INT}|${INT_THOUSANDS}') AND TRY_CAST(replace(${v}, ',', '') AS BIGINT) IS NOT NULL AND ${noLeadingZero}`
        : // [-+]?\d+ without a leading zero: the integer test and the leading-zero test in one pattern.
          `regexp_full_match(${v}, '[-+]\\d+|0|[1-9]\\d*') AND TRY_CAST(${v} AS BIGINT) IS NOT NULL`;
    case "DOUBLE":
      return thousands
        ? `regexp_full_match(${v}, '${DEC_THOUSANDS}') AND ${noLeadingZero}`
        : `TRY_CAST(${v} AS DOUBLE) IS NOT NULL AND ${noLeadingZero}`;
    case "DATE":
      return `${dated} AND NOT contains(${v}, ':') AND TRY_CAST(${v} AS DATE) IS NOT NULL`;
    case "TIME":
      return `regexp_full_match(${v}, '\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?') AND TRY_CAST(${v} AS TIME) IS NOT NULL`;
    case "TIMESTAMP":
      return `${dated} AND TRY_CAST(${v} AS TIMESTAMP) IS NOT NULL`;
    case "BOOLEAN":
      return `lower(${v}) IN ('true', 'false')`;
    default:
      return "true";
  }
}

/**
 * A cheaper test than keepsType, on the cell as read (`c`, untrimmed): where it holds, keepsType holds
 * on the trimmed value, so only the cells it fails need keepsType's trim and patterns (brokenSql).
 * undefined where no cheaper test is known. Why each implies keepsType:
 * - BIGINT: the cell is exactly the text DuckDB writes for its BIGINT value — `0` or `-?[1-9]\d*`, in
 *   range, no spaces — which the integer pattern (with or without thousands) and the cast accept.
 * - DOUBLE: no edge spaces (so trim is a no-op), the cast accepts it, and no `0\d+` (it does not start
 *   with `0`, or starts with `0.`, or is `0`).
 * - DATE, TIMESTAMP, TIME: no edge spaces, then keepsType itself on the cell (only the trims are saved).
 * - BOOLEAN: one of six exact spellings.
 */
export function surelyKeeps(type: string, thousands: boolean, c: string): string | undefined {
  const noEdgeSpace = `NOT starts_with(${c}, ' ') AND NOT ends_with(${c}, ' ')`;
  switch (type) {
    case "BIGINT":
      return `CAST(TRY_CAST(${c} AS BIGINT) AS VARCHAR) = ${c}`;
    case "DOUBLE":
      return thousands
        ? undefined
        : `TRY_CAST(${c} AS DOUBLE) IS NOT NULL AND ${noEdgeSpace} AND (NOT starts_with(${c}, '0') OR starts_with(${c}, '0.') OR ${c} = '0')`;
    case "DATE":
    case "TIMESTAMP":
    case "TIME":
      return `${noEdgeSpace} AND ${keepsType(type, thousands, c)}`;
    case "BOOLEAN":
      return `${c} IN ('true', 'false', 'TRUE', 'FALSE', 'True', 'False')`;
    default:
      return undefined;
  }
}

/**
 * Whether the cell `c` breaks the candidate: a non-empty trimmed value failing keepsType. The cheap
 * test (surelyKeeps) settles most cells first; CASE evaluates the rest only on the cells it leaves.
 */
export function brokenSql(type: string, thousands: boolean, c: string): string {
  const v = `trim(${c})`;
  const exact = `NULLIF(${v}, '') IS NOT NULL AND NOT (${keepsType(type, thousands, v)})`;
  const cheap = surelyKeeps(type, thousands, c);
  return cheap === undefined ? exact : `CASE WHEN ${cheap} THEN false ELSE ${exact} END`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Dates DuckDB's DATE and TIMESTAMP casts surely accept: a four-digit year, a real month and day. */
const PLAIN_DATE_RE = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;
const PLAIN_TIMESTAMP_RE = /^([1-9]\d{3})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** Numbers DuckDB's DOUBLE cast surely accepts (no exponent, at most 15 digits each side). */
const PLAIN_DOUBLE_RE = /^-?\d{1,15}(\.\d{1,15})?$/;
/** Integers that surely fit BIGINT (at most 18 digits) and pass its pattern `[-+]\d+|0|[1-9]\d*`. */
const PLAIN_BIGINT_RE = /^(-?(0|[1-9]\d{0,17})|[-+]\d{1,18})$/;
const BIGINT_PATTERN_RE = /^([-+]\d+|0|[1-9]\d*)$/;
const PLAIN_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/;

function realDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/**
 * keepsType's answer for a trimmed, non-empty value where it is certain in JS: true (DuckDB's test
 * surely passes), false (surely fails), undefined (only DuckDB can tell: the caller falls back to it).
 */
export function keepsTypeInJs(type: string, thousands: boolean, v: string): boolean | undefined {
  if (thousands) {
    // keepsType's thousands tests: the same patterns (RE2's \d is ASCII, as JS's); a cast only for
    // BIGINT, which surely passes for at most 18 digits.
    if (type === "DOUBLE") return DECK_RE.test(v) && !LEADING_ZERO_RE.test(v);
    if (type !== "BIGINT") return undefined;
    if (!INTK_RE.test(v) || LEADING_ZERO_RE.test(v)) return false;
    return v.replace(/[-+,]/g, "").length <= 18 ? true : undefined;
  }
  switch (type) {
    case "BIGINT":
      if (!BIGINT_PATTERN_RE.test(v)) return false;
      return PLAIN_BIGINT_RE.test(v) ? true : undefined;
    case "DOUBLE":
      if (LEADING_ZERO_RE.test(v) || !MAYBE_DOUBLE_RE.test(v)) return false;
      return PLAIN_DOUBLE_RE.test(v) ? true : undefined;
    case "DATE": {
      if (!(v.includes("-") || v.includes("/")) || v.includes(":") || !mayBeDate(v)) return false;
      const m = PLAIN_DATE_RE.exec(v);
      return m && realDay(Number(m[1]), Number(m[2]), Number(m[3])) ? true : undefined;
    }
    case "TIMESTAMP": {
      if (!(v.includes("-") || v.includes("/")) || !mayBeDate(v)) return false;
      const m = PLAIN_TIMESTAMP_RE.exec(v) ?? PLAIN_DATE_RE.exec(v);
      return m && realDay(Number(m[1]), Number(m[2]), Number(m[3])) ? true : undefined;
    }
    case "TIME":
      if (!TIME_RE.test(v)) return false;
      return PLAIN_TIME_RE.test(v) ? true : undefined;
    case "BOOLEAN":
      // Outside ASCII, DuckDB's lower() and JS's may differ.
      if (!/^[\x20-\x7e]*$/.test(v)) return undefined;
      return v.toLowerCase() === "true" || v.toLowerCase() === "false";
    default:
      return true;
  }
}

/**
 * narrowPass's counts from the records DuckDB would read (the first `limit` of them), in JS; undefined
 * when a value's test is not certain in JS (DuckDB then makes the pass). Cells as DuckDB reads an
 * unquoted plain file: an empty cell is NULL, a missing one (a short row, null_padding) too.
 */
export function jsPass(
  records: string[][],
  candidates: Candidate[],
  checks: { i: number; check: "type" | "empty" }[],
  limit = records.length,
): FullPass | undefined {
  const rows = records.length > limit ? records.slice(0, limit) : records;
  const pass: FullPass = { total: rows.length, present: new Map(), broken: new Map(), nonEmpty: new Map() };
  candidates.forEach((_, i) => {
    let present = 0;
    for (const row of rows) if ((row[i] ?? "") !== "") present++;
    pass.present.set(i, present);
  });
  for (const { i, check } of checks) {
    const c = candidates[i]!;
    let count = 0;
    for (const row of rows) {
      const raw = row[i] ?? "";
      // DuckDB's trim() removes spaces only.
      const v =
        raw.charCodeAt(0) === 32 || raw.charCodeAt(raw.length - 1) === 32 ? raw.replace(/^ +| +$/g, "") : raw;
      if (v === "") continue;
      if (check === "empty") count++;
      else {
        const keeps = keepsTypeInJs(c.type, c.thousands, v);
        if (keeps === undefined) return undefined;
        if (!keeps) count++;
      }
    }
    (check === "empty" ? pass.nonEmpty : pass.broken).set(i, count);
  }
  return pass;
}

interface FullPass {
  total: number;
  present: Map<number, number>;
  broken: Map<number, number>;
  nonEmpty: Map<number, number>;
}

type Candidate = { type: string; thousands: boolean };

/** Columns whose candidate must be checked on every row, and how. */
function checksOf(
  candidates: Candidate[],
  sampleTests: Map<number, Row>,
): { i: number; check: "type" | "empty" }[] {
  const out: { i: number; check: "type" | "empty" }[] = [];
  candidates.forEach((c, i) => {
    if (Number(sampleTests.get(i)?.nn ?? 0) === 0) out.push({ i, check: "empty" });
    else if (c.type !== "VARCHAR") out.push({ i, check: "type" });
  });
  return out;
}

/** One pass over `from` (narrow tables: one row of aggregates). */
async function narrowPass(
  engine: DuckEngine,
  from: string,
  candidates: Candidate[],
  checks: { i: number; check: "type" | "empty" }[],
): Promise<FullPass> {
  const parts = [`count(*) AS total`];
  candidates.forEach((_, i) => parts.push(`count(${sqlIdent(positionalName(i))}) AS present${i}`));
  for (const { i, check } of checks) {
    const column = sqlIdent(positionalName(i));
    const c = candidates[i]!;
    if (check === "empty") parts.push(`count(NULLIF(trim(${column}), '')) AS nonEmpty${i}`);
    else parts.push(`count(*) FILTER (WHERE ${brokenSql(c.type, c.thousands, column)}) AS broken${i}`);
  }
  const [row = {}] = await engine.all(`SELECT ${parts.join(", ")} FROM ${from}`);
  const pass: FullPass = {
    total: Number(row.total ?? 0),
    present: new Map(),
    broken: new Map(),
    nonEmpty: new Map(),
  };
  candidates.forEach((_, i) => pass.present.set(i, Number(row[`present${i}`] ?? 0)));
  for (const { i, check } of checks)
    if (check === "empty") pass.nonEmpty.set(i, Number(row[`nonEmpty${i}`] ?? 0));
    else pass.broken.set(i, Number(row[`broken${i}`] ?? 0));
  return pass;
}

/**
 * Takes the footnote records off a pass over every record. DuckDB reads an empty cell, quoted or
 * not, as NULL. A footnote's text breaking a candidate (a "Source: …" line under a column of years)
 * is not a data value.
 */
function subtractFooter(pass: FullPass, footer: string[][], candidates: Candidate[]): void {
  for (const row of footer)
    row.forEach((cell, i) => {
      if (cell !== "" && pass.present.has(i)) pass.present.set(i, pass.present.get(i)! - 1);
      const c = candidates[i];
      if (c && pass.broken.has(i) && surelyBreaks(c.type, c.thousands, cell))
        pass.broken.set(i, pass.broken.get(i)! - 1);
    });
}

/** The same pass for wide tables: values unpivoted, grouped by column, each tested against its candidate. */
async function widePass(
  engine: DuckEngine,
  from: string,
  rows: number,
  candidates: Candidate[],
  checks: { i: number; check: "type" | "empty" }[],
): Promise<FullPass> {
  const columns = candidates.map((_, i) => sqlIdent(positionalName(i))).join(", ");
  const kinds = candidates
    .map((c, i) => {
      const check = checks.find((x) => x.i === i)?.check ?? "none";
      return `(${sqlString(positionalName(i))}, ${sqlString(check === "type" ? `${c.type}${c.thousands ? "+k" : ""}` : check)})`;
    })
    .join(", ");
  const v = "trim(__v)";
  const typeCases = [...new Set(checks.filter((x) => x.check === "type").map((x) => candidates[x.i]!))]
    .map(
      (c) =>
        `WHEN ${sqlString(`${c.type}${c.thousands ? "+k" : ""}`)} THEN ${keepsType(c.type, c.thousands, v)}`,
    )
    .join(" ");
  const broken = typeCases
    ? `count(*) FILTER (WHERE NULLIF(${v}, '') IS NOT NULL AND NOT (CASE __kind ${typeCases} ELSE true END))`
    : "0";
  const result = await engine.all(
    `SELECT __col, count(__v) AS present, count(NULLIF(${v}, '')) AS nonEmpty, ${broken} AS broken ` +
      `FROM (SELECT ${columns} FROM ${from}) UNPIVOT INCLUDE NULLS (__v FOR __col IN (${columns})) ` +
      `JOIN (VALUES ${kinds}) k(__col, __kind) USING (__col) GROUP BY __col`,
  );
  const pass: FullPass = { total: rows, present: new Map(), broken: new Map(), nonEmpty: new Map() };
  const byIndex = new Map(result.map((r) => [Number(String(r.__col).slice("column".length)), r]));
  candidates.forEach((_, i) => pass.present.set(i, Number(byIndex.get(i)?.present ?? 0)));
  for (const { i, check } of checks)
    (check === "empty" ? pass.nonEmpty : pass.broken).set(
      i,
      Number(byIndex.get(i)?.[check === "empty" ? "nonEmpty" : "broken"] ?? 0),
    );
  return pass;
}

async function countRecords(engine: DuckEngine, reader: string): Promise<number> {
  const [row] = await engine.all(`SELECT count(*) AS n FROM ${reader}`);
  return Number(row?.n ?? 0);
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
