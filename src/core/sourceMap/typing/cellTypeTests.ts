import type { Row } from "../../engine/duckEngine.ts";
import {
  DEC_THOUSANDS,
  GROUP_MARK,
  INT,
  INT_THOUSANDS,
  LONG_DIGITS,
  SAMPLE_VALUES,
  withoutGroupMarksJs,
} from "./varcharColumns.ts";

/**
 * The candidate type tests of a text column, in JS: over the sample (sampleCounts, which picks each
 * column's candidate type), and over a single value where the JS answer is certain to be DuckDB's
 * (surelyBreaks, keepsTypeInJs).
 */

const INT_RE = new RegExp(`^${INT}$`);
const INTK_RE = new RegExp(`^(${INT}|${INT_THOUSANDS})$`);
const DECK_RE = new RegExp(`^(${DEC_THOUSANDS})$`);
const LEADING_ZERO_RE = /^0\d+$/;
const GROUP_MARK_RE = new RegExp(GROUP_MARK);
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
const DATE_PARTS_RE = /^\s*[-+]?(\d+)\s*[-/\\ .]\s*(\d+)\s*[-/\\ .]\s*(\d+)/;

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
  // The cast reads `3/1/22` as the year 3 (January 22): a year of fewer than four digits is a US
  // date's month, which dateFormats.ts reads with its format (held-out HI-05: every AddressDate of
  // 2022 read as 0003-01-22). So is ISO_YEAR in SQL (varcharColumns.ts).
  if (parts[1]!.length !== 4) return false;
  const month = parts[2]!;
  const day = parts[3]!;
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
/** A whole number of more digits than a DOUBLE keeps: the SQL test's own pattern. */
const LONG_DIGITS_RE = new RegExp(`^(?:${LONG_DIGITS})$`);

export function sampleCounts(rows: string[][], i: number): Row {
  // chooseType asks only whether a test passed on every value: a test is dropped at its first
  // failure (its count is then reported as 0, below nn). `lz` and `comma` are counted while a
  // numeric test is alive — afterwards no numeric type can be chosen and they are not read.
  let nn = 0;
  let lz = 0;
  let long = 0;
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
      if (LONG_DIGITS_RE.test(v)) long++;
      if (GROUP_MARK_RE.test(v)) comma++;
      if (int && !(INT_RE.test(v) && fitsInt64(v))) int = false;
      if (intk && !(INTK_RE.test(v) && fitsInt64(withoutGroupMarksJs(v)))) intk = false;
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
    long,
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

/**
 * Whether DuckDB's test of `type` (keepsType) surely fails on a cell: the JS tests of sampleCounts
 * pass everything DuckDB passes, so what they fail DuckDB fails.
 */
export function surelyBreaks(type: string, thousands: boolean, cell: string): boolean {
  const v = cell.replace(/^ +| +$/g, "");
  if (v === "") return false;
  const leadingZero = LEADING_ZERO_RE.test(v);
  switch (type) {
    case "BIGINT":
      return thousands
        ? !(INTK_RE.test(v) && fitsInt64(withoutGroupMarksJs(v))) || leadingZero
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
    return withoutGroupMarksJs(v).replace(/[-+]/g, "").length <= 18 ? true : undefined;
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
