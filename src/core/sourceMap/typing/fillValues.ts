import type { DuckEngine, Row } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec, FillValue } from "../sourceEntry.ts";
import { findDateFills } from "./dateFills.ts";
import { findNegativeCodes } from "./negativeCodes.ts";
import { typedColumnSql, withoutGroupMarksJs } from "./varcharColumns.ts";

/**
 * Numeric fill values: a number that a data file writes where it has no measurement (`9.99e+32`,
 * `99999.99`, `-9999`, `999.9`). The map reads it as written — whether it means "no data" is the
 * user's call — and lists it in the column's profile, so validation can treat aggregates over it
 * as it treats missing-value markers.
 *
 * The rule, for the largest value of a column (and likewise the smallest):
 * - it repeats: at least FILL_MIN_COUNT cells hold it (a record maximum that occurs once is data);
 * - at least FILL_MIN_OTHERS other non-NULL values, whose magnitude `m` is the largest of
 *   |their max|, |their min| and their spread (max − min); m > 0;
 * - its distance from the nearest other value exceeds FILL_GAP × m when its digits are all nines
 *   (`-9999`, `999.9`, `9.99e+32`) or it is at least 1e30 in size, else FILL_WIDE_GAP × m — and
 *   then it also repeats more than FILL_REPEAT × as often as the other values do on average.
 * A heavy-tailed column's largest values are near each other and rarely equal; a fill lies an
 * order of magnitude beyond everything else, however many cells hold it.
 */
export const FILL_MIN_COUNT = 2;
export const FILL_MIN_OTHERS = 10;
export const FILL_GAP = 5;
export const FILL_WIDE_GAP = 100;
/**
 * A fill without the nines form must repeat more than FILL_REPEAT × as often as the column's other
 * values do on average: in a column of codes every value repeats alike.
 */
export const FILL_REPEAT = 2;

/** Past this many numeric columns the first pass runs on the values unpivoted (see WIDE_COLUMNS). */
const WIDE = 64;

/** The digits of |v| (no sign, point, exponent or leading zeros) are all nines: `9999`, `999.9`, `9.99e+32`. */
export function ninesForm(v: number): boolean {
  const [mantissa = ""] = Math.abs(v).toExponential().split("e");
  return /^9+$/.test(mantissa.replace(".", ""));
}

/** Significant digits past which a number is a code read as a number, not a value written for "no data". */
const FILL_MAX_DIGITS = 10;

/**
 * A value of more than FILL_MAX_DIGITS significant digits without the nines form: an identifier
 * read as a number (`9,100,000,000,000,962`, a district code joined to a year: held-out GT-09), not
 * a fill — fills are short patterns (`-9999`, `9.99e+32`, `2147483647`).
 */
export function longCode(v: number): boolean {
  if (ninesForm(v)) return false;
  const [mantissa = ""] = Math.abs(v).toExponential().split("e");
  return mantissa.replace(".", "").replace(/0+$/, "").length > FILL_MAX_DIGITS;
}

export function fillGapFactor(v: number): number {
  return ninesForm(v) || Math.abs(v) >= 1e30 ? FILL_GAP : FILL_WIDE_GAP;
}

/** Whether `v` lies far enough beyond the other values (their min and max) to be a fill. */
export function farBeyond(v: number, othersMin: number, othersMax: number): boolean {
  const magnitude = Math.max(Math.abs(othersMax), Math.abs(othersMin), othersMax - othersMin);
  if (!(magnitude > 0)) return false;
  // A nines number of the other sign than every other value (`-99.99` among CO2 readings of
  // 313–407 ppm, `-9` among counts): a sentinel, however near zero it lies.
  if (ninesForm(v) && ((v < 0 && othersMin > 0) || (v > 0 && othersMax < 0))) return true;
  const gap = v > othersMax ? v - othersMax : v < othersMin ? othersMin - v : 0;
  return gap > fillGapFactor(v) * magnitude;
}

function numbers(list: unknown): number[] {
  const items = (list as { items?: unknown[] } | unknown[] | null) ?? [];
  const values = Array.isArray(items) ? items : (items.items ?? []);
  return values.map(Number).filter((n) => Number.isFinite(n));
}

/** Plain numbers whose JS value is the one DuckDB's cast gives (no `_`, no `inf`/`nan`). */
const JS_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Each column's two largest and two smallest values from `records` (the data rows as DuckDB reads
 * them, split in JS): undefined as soon as a value's number is not certain in JS (DuckDB then
 * takes them).
 */
function extremesInJs(
  records: string[][],
  specs: ColumnSpec[],
  numeric: number[],
): Map<number, { hi: number[]; lo: number[] }> | undefined {
  const out = new Map<number, { hi: number[]; lo: number[] }>();
  for (const i of numeric) {
    const spec = specs[i]!;
    const missing = new Set(spec.missing ?? []);
    const hi: number[] = [];
    const lo: number[] = [];
    for (const row of records) {
      // DuckDB's trim() removes spaces only.
      let v = (row[i] ?? "").replace(/^ +| +$/g, "");
      if (v === "" || missing.has(v)) continue;
      if (spec.thousands) v = withoutGroupMarksJs(v);
      if (!JS_NUMBER.test(v)) return undefined;
      const n = Number(v);
      if (!Number.isFinite(n)) return undefined;
      if (hi.length < 2 || n > hi[1]!) {
        hi.push(n);
        hi.sort((a, b) => b - a);
        hi.length = Math.min(hi.length, 2);
      }
      if (lo.length < 2 || n < lo[1]!) {
        lo.push(n);
        lo.sort((a, b) => a - b);
        lo.length = Math.min(lo.length, 2);
      }
    }
    out.set(i, { hi, lo });
  }
  return out;
}

/** Each column's two largest and two smallest values, by one DuckDB pass over `fromSql`. */
async function extremesInDuck(
  engine: DuckEngine,
  fromSql: string,
  numeric: number[],
  value: (i: number) => string,
): Promise<Map<number, { hi: number[]; lo: number[] }>> {
  const out = new Map<number, { hi: number[]; lo: number[] }>();
  const projection = numeric.map((i) => `${value(i)} AS v${i}`).join(", ");
  if (numeric.length <= WIDE) {
    const [row = {}] = await engine.all(
      `SELECT ${numeric.map((i) => `max(v${i}, 2) AS hi${i}, min(v${i}, 2) AS lo${i}`).join(", ")} ` +
        `FROM (SELECT ${projection} FROM (${fromSql}))`,
    );
    for (const i of numeric) out.set(i, { hi: numbers(row[`hi${i}`]), lo: numbers(row[`lo${i}`]) });
    return out;
  }
  const names = numeric.map((i) => `v${i}`).join(", ");
  const rows = await engine.all(
    `SELECT __col, max(__v, 2) AS hi, min(__v, 2) AS lo FROM (SELECT ${projection} FROM (${fromSql})) ` +
      `UNPIVOT (__v FOR __col IN (${names})) GROUP BY __col`,
  );
  for (const r of rows) out.set(Number(String(r.__col).slice(1)), { hi: numbers(r.hi), lo: numbers(r.lo) });
  return out;
}

/**
 * Finds the fill values of the numeric columns of `fromSql` (positional text columns `column0…`,
 * the data rows, read through `specs`) and adds them to `profiles`. One pass takes each column's two
 * largest and two smallest values; only a column whose extreme repeats is read again.
 */
export async function findFillValues(
  engine: DuckEngine,
  fromSql: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
  lineOf?: (dataRow: number) => number | undefined,
  records?: string[][],
): Promise<void> {
  await findDateFills(engine, fromSql, specs, profiles, lineOf);
  const numeric = specs
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => (s.type === "BIGINT" || s.type === "DOUBLE") && !s.dateFormat)
    .map(({ i }) => i);
  if (numeric.length === 0) return;
  const value = (i: number): string => `CAST(${typedColumnSql(specs[i]!, i)} AS DOUBLE)`;
  // Taken in JS from the records DuckDB reads (a small plain file) where every value is certain there.
  const extremes =
    (records && extremesInJs(records, specs, numeric)) ??
    (await extremesInDuck(engine, fromSql, numeric, value));
  // Candidates: an extreme that repeats (its two largest, or smallest, values are equal).
  const candidates: { i: number; hi?: number; lo?: number }[] = [];
  for (const [i, { hi, lo }] of extremes) {
    let top = hi.length === 2 && hi[0] === hi[1] ? hi[0] : undefined;
    let bottom = lo.length === 2 && lo[0] === lo[1] && lo[0] !== top ? lo[0] : undefined;
    // Without a fill at the other end, that end's value is among the others: a fill must lie
    // beyond it by more than FILL_GAP × its size (a year column's repeated 2024 is never read again).
    // A nines value of the other sign than that end (`-99.99` below readings of 313–407) stays a
    // candidate: farBeyond decides on the other values' range.
    const flipped = (v: number, other: number): boolean => ninesForm(v) && Math.sign(v) === -Math.sign(other);
    if (
      top !== undefined &&
      bottom === undefined &&
      !(top - lo[0]! > FILL_GAP * Math.abs(lo[0]!)) &&
      !flipped(top, lo[0]!)
    )
      top = undefined;
    if (
      bottom !== undefined &&
      top === undefined &&
      !(hi[0]! - bottom > FILL_GAP * Math.abs(hi[0]!)) &&
      !flipped(bottom, hi[0]!)
    )
      bottom = undefined;
    if (top !== undefined || bottom !== undefined)
      candidates.push({
        i,
        ...(top !== undefined ? { hi: top } : {}),
        ...(bottom !== undefined ? { lo: bottom } : {}),
      });
  }
  // Candidates this pass did not settle, with what it measured: their table's other columns decide.
  const unsettled: { i: number; ends: number[]; row: Row; found: FillValue[] }[] = [];
  for (const c of candidates) {
    const v = value(c.i);
    const ends = [c.hi, c.lo].filter((x): x is number => x !== undefined);
    // The other values' range without each candidate, and without both (two fills, `-9999` and `9999`).
    const ranges = [...ends.map((f) => [f]), ...(ends.length === 2 ? [ends] : [])];
    const parts = ranges.flatMap((fills, k) => {
      const keep = `NOT (${fills.map((f) => `v = ${f}`).join(" OR ")})`;
      return [
        `max(v) FILTER (WHERE ${keep}) AS max${k}`,
        `min(v) FILTER (WHERE ${keep}) AS min${k}`,
        `count(v) FILTER (WHERE ${keep}) AS others${k}`,
        `count(DISTINCT v) FILTER (WHERE ${keep}) AS distinct${k}`,
      ];
    });
    ends.forEach((f, k) =>
      parts.push(`count(*) FILTER (WHERE v = ${f}) AS n${k}, min(r) FILTER (WHERE v = ${f}) AS first${k}`),
    );
    // Row numbers in the order rows are read, as a Scan's rowids are.
    const [row = {} as Row] = await engine.all(
      `SELECT ${parts.join(", ")} FROM (SELECT row_number() OVER () AS r, ${v} AS v FROM (${fromSql}))`,
    );
    const range = (k: number): { min: number; max: number } | undefined =>
      Number(row[`others${k}`] ?? 0) >= FILL_MIN_OTHERS
        ? { min: Number(row[`min${k}`]), max: Number(row[`max${k}`]) }
        : undefined;
    const repeated = (k: number): boolean => Number(row[`n${k}`] ?? 0) >= FILL_MIN_COUNT;
    // A value without the nines form repeating no more than the others do is one more code of a
    // column of codes (FIPS 51000 beside 1–56, every code on ~560 monthly rows), not a fill.
    const oftenerThanOthers = (k: number, r: number): boolean =>
      fillGapFactor(ends[k]!) === FILL_GAP ||
      Number(row[`n${k}`] ?? 0) >
        FILL_REPEAT * (Number(row[`others${r}`]) / Math.max(1, Number(row[`distinct${r}`])));
    const beyond = (k: number, r: { min: number; max: number } | undefined, rk: number): boolean =>
      r !== undefined &&
      repeated(k) &&
      !longCode(ends[k]!) &&
      farBeyond(ends[k]!, r.min, r.max) &&
      oftenerThanOthers(k, rk);
    // Each end against the values but itself; both ends together only when both lie beyond the rest.
    const both = ends.length === 2 ? range(2) : undefined;
    const pair = both !== undefined && beyond(0, both, 2) && beyond(1, both, 2);
    const found: FillValue[] = [];
    ends.forEach((f, k) => {
      const r = pair ? both : range(k);
      if (!beyond(k, r, pair ? 2 : k)) return;
      const firstRow = Number(row[`first${k}`]);
      const line = lineOf?.(firstRow);
      found.push({
        value: f,
        count: Number(row[`n${k}`]),
        firstRow,
        ...(line ? { line } : {}),
        othersMin: r!.min,
        othersMax: r!.max,
      });
    });
    if (found.length > 0) profiles[c.i]!.fillValues = found;
    if (found.length < ends.length) unsettled.push({ i: c.i, ends, row, found });
  }
  siblingFills(unsettled, profiles, lineOf);
  await findNegativeCodes(engine, fromSql, specs, profiles, lineOf, extremes);
  await findMeanFills(engine, fromSql, specs, numeric, value, profiles, lineOf);
}

/** Cells a column's mean must fill, and the decimals it must be written with, to be a mean fill. */
export const MEAN_FILL_MIN_COUNT = 3;
const MEAN_FILL_MIN_DECIMALS = 4;
/** Decimals past those of the column's other values (their 90th percentile) a mean fill shows. */
const MEAN_FILL_EXTRA_DECIMALS = 2;

/** Digits after the point of a number's shortest text (`1165834.9758888278` → 10; none with an exponent). */
function decimalsOf(v: number): number {
  const text = String(v);
  return /e/i.test(text) ? 0 : (text.split(".")[1]?.length ?? 0);
}

/**
 * Missing values filled with the column's mean (held-out JM-10: 19 barrels cells of a TTB table
 * hold 1165834.9758888278, the mean of the column, among figures written with two decimals; a
 * year's sum counts them as production). Filling with the mean keeps the mean, so the value is the
 * column's mean to its last digit. A column without a fill found at its ends, whose mean is no
 * whole number, has it as a mean fill when at least MEAN_FILL_MIN_COUNT cells hold it, it repeats
 * more than FILL_REPEAT × as often as the column's values do on average, and it is written with at
 * least MEAN_FILL_MIN_DECIMALS decimals, MEAN_FILL_EXTRA_DECIMALS more than nine in ten of the other
 * values (a measured value equal to a mean by chance shows the measurement's precision). Two
 * aggregate passes, no sort.
 */
async function findMeanFills(
  engine: DuckEngine,
  fromSql: string,
  specs: ColumnSpec[],
  numeric: number[],
  value: (i: number) => string,
  profiles: ColumnProfile[],
  lineOf?: (dataRow: number) => number | undefined,
): Promise<void> {
  // A mean fill is no whole number, so it makes its column DOUBLE: whole-number columns are not
  // read again. A file of more than WIDE such columns is not looked at (its statements would run
  // to thousands of aggregates: a 2,000-column CSV passed the map's 60 s budget).
  const open = numeric.filter((i) => specs[i]!.type === "DOUBLE" && !profiles[i]!.fillValues?.length);
  if (open.length === 0 || open.length > WIDE) return;
  const projection = open.map((i) => `${value(i)} AS v${i}`).join(", ");
  const [means = {} as Row] = await engine.all(
    `SELECT ${open.map((i) => `avg(v${i}) AS a${i}, count(v${i}) AS n${i}, approx_count_distinct(v${i}) AS d${i}`).join(", ")} ` +
      `FROM (SELECT ${projection} FROM (${fromSql}))`,
  );
  const tolerance = (m: number): number => 1e-9 * Math.max(1, Math.abs(m));
  const candidates = open.filter((i) => {
    const m = Number(means[`a${i}`]);
    return (
      Number.isFinite(m) &&
      Number(means[`n${i}`] ?? 0) >= FILL_MIN_OTHERS + MEAN_FILL_MIN_COUNT &&
      Math.abs(m - Math.round(m)) > tolerance(m)
    );
  });
  if (candidates.length === 0) return;
  const near = (i: number): string => {
    const m = Number(means[`a${i}`]);
    return `abs(v${i} - CAST('${String(m)}' AS DOUBLE)) <= ${tolerance(m)}`;
  };
  const rows = `FROM (SELECT row_number() OVER () AS r, ${candidates.map((i) => `${value(i)} AS v${i}`).join(", ")} FROM (${fromSql}))`;
  // Cheap first: how many cells hold each column's mean. Only a column where several do is read
  // again for the precision of its other values (a quantile keeps their values in memory).
  const [held = {} as Row] = await engine.all(
    `SELECT ${candidates
      .map(
        (i) =>
          `count(*) FILTER (WHERE ${near(i)}) AS c${i}, min(r) FILTER (WHERE ${near(i)}) AS f${i}, min(v${i}) FILTER (WHERE ${near(i)}) AS x${i}`,
      )
      .join(", ")} ${rows}`,
  );
  const repeated = candidates.filter((i) => {
    const count = Number(held[`c${i}`] ?? 0);
    const perValue = Number(means[`n${i}`]) / Math.max(1, Number(means[`d${i}`]));
    const x = Number(held[`x${i}`]);
    return (
      count >= MEAN_FILL_MIN_COUNT &&
      count > FILL_REPEAT * perValue &&
      Number.isFinite(x) &&
      decimalsOf(x) >= MEAN_FILL_MIN_DECIMALS
    );
  });
  if (repeated.length === 0) return;
  const decimals = (i: number): string => `length(regexp_extract(CAST(v${i} AS VARCHAR), '\\.(\\d+)$', 1))`;
  const [others = {} as Row] = await engine.all(
    `SELECT ${repeated
      .map(
        (i) =>
          `min(v${i}) FILTER (WHERE NOT ${near(i)}) AS lo${i}, max(v${i}) FILTER (WHERE NOT ${near(i)}) AS hi${i}, ` +
          `quantile_disc(${decimals(i)}, 0.9) FILTER (WHERE NOT ${near(i)}) AS q${i}`,
      )
      .join(", ")} ${rows}`,
  );
  for (const i of repeated) {
    const x = Number(held[`x${i}`]);
    if (decimalsOf(x) < Number(others[`q${i}`] ?? 0) + MEAN_FILL_EXTRA_DECIMALS) continue;
    const firstRow = Number(held[`f${i}`]);
    const line = lineOf?.(firstRow);
    profiles[i]!.fillValues = [
      {
        value: x,
        count: Number(held[`c${i}`]),
        firstRow,
        ...(line ? { line } : {}),
        othersMin: Number(others[`lo${i}`]),
        othersMax: Number(others[`hi${i}`]),
        mean: true,
      },
    ];
  }
}

/**
 * A value the table's other columns hold as their fill (`-99.90` in the September to November
 * columns of a monthly temperature file) is this column's fill too when it repeats here, lies beyond
 * every other value of the column and has the nines form — though not far enough beyond them on its
 * own (December's cold states read below zero, so -99.9 is no longer of the other sign). A file
 * writes one fill for all its measurement columns; at least FILL_SIBLINGS of them must show it
 * unaided.
 */
const FILL_SIBLINGS = 2;

function siblingFills(
  unsettled: { i: number; ends: number[]; row: Row; found: FillValue[] }[],
  profiles: ColumnProfile[],
  lineOf?: (dataRow: number) => number | undefined,
): void {
  const shown = new Map<number, number>();
  for (const p of profiles)
    for (const f of p.fillValues ?? []) shown.set(f.value, (shown.get(f.value) ?? 0) + 1);
  for (const { i, ends, row, found } of unsettled)
    ends.forEach((f, k) => {
      if (found.some((x) => x.value === f) || (shown.get(f) ?? 0) < FILL_SIBLINGS || !ninesForm(f)) return;
      const [n, others] = [Number(row[`n${k}`] ?? 0), Number(row[`others${k}`] ?? 0)];
      const [min, max] = [Number(row[`min${k}`]), Number(row[`max${k}`])];
      if (n < FILL_MIN_COUNT || others < FILL_MIN_OTHERS || !(f > max || f < min)) return;
      const firstRow = Number(row[`first${k}`]);
      const line = lineOf?.(firstRow);
      found.push({ value: f, count: n, firstRow, ...(line ? { line } : {}), othersMin: min, othersMax: max });
      profiles[i]!.fillValues = found;
    });
}
