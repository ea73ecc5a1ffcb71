import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { memoized } from "../../tableMemo.ts";
import { isNumericType, isWholeNumberType } from "../../../engine/numericTypes.ts";

/**
 * Values of an entity's ordered series that look slipped by a power of ten: the value differs
 * from both its neighbours in the series by a factor close to 10, 100, 1000 (or 1/10 …) while the
 * neighbours agree with each other. Read once per table and column (`memoized`), over the whole
 * table — a query that keeps only 2016 still reads a 2016 value whose neighbours are 2014 and 2017.
 */

/**
 * Tables up to this many rows have their series read (sorted by series and time, once per column);
 * larger ones are not: the sort would cost several times an aggregate over the table (1.4 s against
 * a 0.3 s GROUP BY on 320k rows), more than the check may add to a call.
 */
export const SORTED_ROWS = 50_000;
/** The neighbours agree: the larger is at most this many times the smaller. */
const AGREE = 1.25;
/** How far (in log10) the value's ratio to its neighbours may lie from a whole power of ten. */
const NEAR_POWER = 0.1;
/** A value at least this many times above (or below) both its neighbours is a spike. */
const SPIKE = 3;
/** Counts below this level vary tenfold by themselves (3 → 30 cases): no ratio is read there. */
const SMALL_COUNT = 10;
/** A column with more power-of-ten spikes than this is not read as slips (it jumps that way by itself). */
const MAX_SLIPS = 5;

const TIME = /^(DATE|TIMESTAMP.*)$/;

/** The series' layout in a table: its time column and the columns that tell one series from another. */
export interface SeriesLayout {
  time: string;
  /** The columns that are neither numbers nor the time column (an entity, an indicator, a file). */
  keys: string[];
}

/** One slipped-looking value: its row, the value, its neighbours and the power of ten between them. */
export interface ScaleSlip {
  rowid: number;
  value: number;
  /** `value` ≈ the neighbours × 10^power. */
  power: number;
  time: string;
  before: { value: number; time: string; rowid: number };
  after: { value: number; time: string; rowid: number };
  /** The series' key values, in the order of `SeriesLayout.keys`. */
  keys: string[];
}

export type SeriesRead =
  | { kind: "read"; slips: ScaleSlip[] }
  /** A table above SORTED_ROWS: sorting its series is more than the check may cost. */
  | { kind: "unchecked"; rows: number }
  | { kind: "none" };

/**
 * The table's time column — a DATE or TIMESTAMP, else an integer column whose values are all years
 * (1000–2999) — inferred from types and values, never from names; the first such column wins.
 */
export function seriesLayout(engine: DuckEngine, table: TableInfo): Promise<SeriesLayout | undefined> {
  return memoized(table, "scale-slip:layout", async () => {
    const columns = table.schema.filter((c) => c.name !== "rowid");
    let time = columns.find((c) => TIME.test(c.type))?.name;
    if (time === undefined) {
      const integers = columns.filter((c) => isWholeNumberType(c.type));
      if (integers.length === 0) return undefined;
      const [row] = await engine.all(
        `SELECT ${integers
          .map(
            (c, i) =>
              `count(${sqlIdent(c.name)}) FILTER (WHERE ${sqlIdent(c.name)} < 1000 OR ${sqlIdent(c.name)} > 2999) AS o${i}, count(${sqlIdent(c.name)}) AS n${i}`,
          )
          .join(", ")} FROM ${sqlIdent(table.name)}`,
      );
      time = integers.find((_, i) => Number(row?.[`o${i}`]) === 0 && Number(row?.[`n${i}`]) > 0)?.name;
    }
    if (time === undefined) return undefined;
    const keys = columns.filter((c) => c.name !== time && !isNumericType(c.type)).map((c) => c.name);
    return { time, keys };
  });
}

/**
 * The slipped-looking values of `column` (a number column) over the table's series, sorted by
 * series and time; a table above SORTED_ROWS rows is not read.
 *
 * Not read as slips: a series end (one neighbour: a level change at an edge is not told from a
 * slip), zeros and negative values (a column with a negative value is a signed quantity, where a
 * ratio means nothing), small counts (all three integers, the smaller level under 10), two rows of
 * one series at the same time (the table has a dimension the key columns miss), neighbours that
 * disagree (a series changing level, or growing), a column that jumps 3× or more anywhere else
 * (between agreeing neighbours or not, or to a level it keeps: BNB's lira quoted per 1 and per 10
 * in turn, 26 switches in 2008–10, held-out HR) or by a power of ten too often — its data jumps
 * by itself —,
 * and in a column of whole numbers, a value that would read back to a fraction (254 → 25.4).
 */
export function scaleSlips(
  engine: DuckEngine,
  table: TableInfo,
  layout: SeriesLayout,
  column: string,
): Promise<SeriesRead> {
  return memoized(table, `scale-slip:${layout.time}:${column}`, async () => {
    if (table.rowCount > SORTED_ROWS) return { kind: "unchecked", rows: table.rowCount };
    const key = layout.keys.length ? `hash(${layout.keys.map(sqlIdent).join(", ")})` : "0";
    const t = sqlIdent(layout.time);
    const v = sqlIdent(column);
    // Within a series (a partition), lag/lead are NULL at its ends: an end has one neighbour.
    const triple = "pt < t AND t < nt";
    const agree = `p > 0 AND n > 0 AND v > 0 AND greatest(p, n) <= ${AGREE} * least(p, n)`;
    const counts = `(v = round(v) AND p = round(p) AND n = round(n) AND least(v, sqrt(p * n)) < ${SMALL_COUNT})`;
    const eligible = `${triple} AND ${agree} AND NOT ${counts}`;
    // In a column of whole numbers a slip reads back to a whole number (250 → 25, not 254 → 25.4).
    const whole = `(fractions > 0 OR round(x) < 0 OR v / (10 ** round(x)) = round(v / (10 ** round(x))))`;
    const slip = `abs(x) >= 1 - ${NEAR_POWER} AND abs(x - round(x)) <= ${NEAR_POWER} AND ${whole}`;
    const [row] = await engine.all(
      `WITH s AS (SELECT rowid AS r, ${key} AS g, ${t} AS t, CAST(${v} AS DOUBLE) AS v ` +
        `FROM ${sqlIdent(table.name)} WHERE ${v} IS NOT NULL AND ${t} IS NOT NULL), ` +
        `w AS (SELECT r, t, v, lag(r) OVER o AS pr, lead(r) OVER o AS nr, ` +
        `lag(t) OVER o AS pt, lead(t) OVER o AS nt, lag(v) OVER o AS p, lead(v) OVER o AS n FROM s WINDOW o AS (PARTITION BY g ORDER BY t, r)), ` +
        // x: the value against its agreeing neighbours; spike: 3× above or below both neighbours, agreeing or not.
        `j AS (SELECT *, CASE WHEN ${eligible} THEN log10(v / sqrt(p * n)) END AS x, ` +
        `(${triple} AND p > 0 AND n > 0 AND v > 0 AND (v >= ${SPIKE} * greatest(p, n) OR ${SPIKE} * v <= least(p, n))) AS spike, ` +
        // jump: 3× up or down from the value before it in the series (a slip jumps out and back).
        `(pt < t AND p > 0 AND v > 0 AND (v >= ${SPIKE} * p OR ${SPIKE} * v <= p)) AS jump, ` +
        `count(*) FILTER (WHERE v <> round(v)) OVER () AS fractions FROM w) ` +
        `SELECT count(*) AS rows, min(v) AS lo, ` +
        `count(*) FILTER (WHERE pt = t) AS same_time, ` +
        `count(*) FILTER (WHERE spike) AS spikes, ` +
        `count(*) FILTER (WHERE jump) AS jumps, ` +
        `count(*) FILTER (WHERE ${slip}) AS slips, ` +
        `to_json(list({r: r, v: v, x: round(x), t: CAST(t AS VARCHAR), pr: pr, p: p, pt: CAST(pt AS VARCHAR), nr: nr, n: n, nt: CAST(nt AS VARCHAR)} ORDER BY r) FILTER (WHERE ${slip})) AS found ` +
        `FROM j`,
    );
    const rows = Number(row?.rows ?? 0);
    if (rows === 0) return { kind: "none" };
    const slips = Number(row?.slips ?? 0);
    if (
      slips === 0 ||
      slips > MAX_SLIPS ||
      Number(row?.spikes ?? 0) > slips ||
      Number(row?.jumps ?? 0) > 2 * slips ||
      Number(row?.same_time ?? 0) > 0 ||
      Number(row?.lo ?? 0) < 0
    )
      return { kind: "none" };
    const found = JSON.parse(String(row?.found ?? "[]")) as {
      r: number;
      v: number;
      x: number;
      t: string;
      pr: number;
      p: number;
      pt: string;
      nr: number;
      n: number;
      nt: string;
    }[];
    const keys = await keyValues(
      engine,
      table,
      layout.keys,
      found.map((f) => f.r),
    );
    return {
      kind: "read",
      slips: found.map((f, i) => ({
        rowid: Number(f.r),
        value: Number(f.v),
        power: Number(f.x),
        time: f.t,
        before: { value: Number(f.p), time: f.pt, rowid: Number(f.pr) },
        after: { value: Number(f.n), time: f.nt, rowid: Number(f.nr) },
        keys: keys[i] ?? [],
      })),
    };
  });
}

/** The key columns' values (as text) of the given rows, in their order. */
async function keyValues(
  engine: DuckEngine,
  table: TableInfo,
  keys: string[],
  rowids: number[],
): Promise<string[][]> {
  if (keys.length === 0 || rowids.length === 0) return rowids.map(() => []);
  const rows = await engine.all(
    `SELECT rowid AS r, ${keys.map((k, i) => `CAST(${sqlIdent(k)} AS VARCHAR) AS k${i}`).join(", ")} ` +
      `FROM ${sqlIdent(table.name)} WHERE rowid IN (${rowids.map((r) => String(Math.trunc(r))).join(", ")})`,
  );
  const byRow = new Map(rows.map((r) => [Number(r.r), keys.map((_, i) => String(r[`k${i}`] ?? "NULL"))]));
  return rowids.map((r) => byRow.get(r) ?? []);
}
