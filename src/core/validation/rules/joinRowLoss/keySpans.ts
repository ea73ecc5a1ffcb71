import type { OperatorContext } from "../../../operators/operator.ts";
import { typeOf } from "../../evidence.ts";
import { filterFor } from "../../sqlFacts.ts";
import type { EquiJoin, KeyOf } from "../../sqlFacts.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { Loss } from "./sideLoss.ts";
import { isWholeNumberType } from "../../../engine/numericTypes.ts";

/**
 * A shifted self-join (`rain a JOIN rain b ON b.year = a.year - 1`, a previous-period lookup)
 * cannot pair the first or the last period: its keys lie outside the other side's range by
 * construction. Such a loss is expected; a lost key inside the range is a gap in the series and
 * stays a warning. Single-key self-joins whose key is an expression on one side only.
 */
export async function onlyAtTheEnds(ctx: OperatorContext, join: EquiJoin, loss: Loss): Promise<boolean> {
  const [mine, theirs] = [loss.from, loss.to];
  if (mine.length !== 1 || mine[0]!.table !== theirs[0]!.table || loss.sampleEvery > 1) return false;
  if ((mine[0]!.column === undefined) === (theirs[0]!.column === undefined)) return false;
  const [m, t] = [mine[0]!, theirs[0]!];
  const table = sqlIdent(m.table.name);
  const filter = await filterFor(ctx.engine, join.select, m.alias, ctx.state);
  // Keys of the kept rows that lie within the other side's range yet found no partner in it.
  const [row] = await ctx.engine.all(
    `WITH __radar_mine AS (SELECT DISTINCT ${m.sql} AS k FROM ${table} AS ${sqlIdent(m.alias)} WHERE (${filter}) AND (${m.sql}) IS NOT NULL), ` +
      `__radar_theirs AS (SELECT DISTINCT ${t.sql} AS k FROM ${table} AS ${sqlIdent(t.alias)} WHERE (${t.sql}) IS NOT NULL), ` +
      `__radar_span AS (SELECT min(k) AS lo, max(k) AS hi FROM __radar_theirs) ` +
      `SELECT count(*) AS gaps FROM __radar_mine AS mine, __radar_span AS span WHERE mine.k BETWEEN span.lo AND span.hi AND mine.k NOT IN (SELECT k FROM __radar_theirs)`,
  );
  return Number(row?.gaps ?? 1) === 0;
}

/** The key spans of both sides of a join on a time axis, and the dropped keys inside the other's span. */
export interface Spans {
  mine: [unknown, unknown];
  theirs: [unknown, unknown];
  /** Dropped keys inside the other side's span: how many, and the first few. */
  gaps: number;
  gapKeys: unknown[];
}

/** Both sides of a join on dates lose a few rows on dates inside the other's span. */
export interface Calendars {
  otherRows: number;
  otherKept: number;
  otherGaps: number;
}

/** At most this share of either side's rows may fall on dates the other lacks. */
const CALENDAR_SHARE = 0.1;

/**
 * Only rows whose key is a total's label ('All', 'Total', …) or names a region or group of
 * countries ('World', 'Sub-Saharan Africa', 'Low income') are dropped — all of them known — while
 * the join keeps at least GROUPED_ENTITIES rows of other keys: a country panel's aggregate rows
 * have no partner in a list of countries.
 */
export function onlyTotals(loss: Loss): boolean {
  const { facts, sampleEvery } = loss;
  return (
    loss.from.length === 1 &&
    sampleEvery === 1 &&
    facts.lostKeys > 0 &&
    facts.lostTotals + facts.lostGroups === facts.lostKeys &&
    (facts.lostGroups === 0 || facts.kept - facts.lostRows >= GROUPED_ENTITIES)
  );
}

/** Rows of other keys a join must keep for dropped region/group rows to be the aggregates of a panel. */
const GROUPED_ENTITIES = 10;

/**
 * Two dated series joined on a date (a DATE or TIMESTAMP column — years are not calendars: a
 * missing year is a gap), each losing at most a tenth of its rows, and each losing some on dates
 * inside the other's span: holidays of two markets, days two stations did not report.
 */
export async function twoCalendars(
  ctx: OperatorContext,
  join: EquiJoin,
  loss: Loss,
  other: Loss,
): Promise<Calendars | undefined> {
  if (loss.from.length !== 1 || loss.sampleEvery > 1) return undefined;
  const column = loss.from[0]!.column;
  const type = column ? typeOf(loss.from[0]!.table, column) : undefined;
  if (!type || !/^(DATE|TIMESTAMP)/.test(type)) return undefined;
  const small = (l: Loss): boolean =>
    l.facts.lostRows > 0 && l.facts.lostRows <= CALENDAR_SHARE * l.facts.kept;
  if (!small(loss) || !small(other)) return undefined;
  const theirs = await spansOf(ctx, join, other);
  if (!theirs || theirs.gaps === 0) return undefined;
  return { otherRows: other.facts.lostRows, otherKept: other.facts.kept, otherGaps: theirs.gaps };
}

/** Key types that are a time axis: dates and times, or whole numbers that are all calendar years. */
const TIME_TYPES = /^(DATE|TIME|TIMESTAMP)/;
/** Keys inside the other side's span named in a warning. */
const GAP_KEYS = 5;

/**
 * Two series over different periods joined on their time key (fires 1983–2024, costs 2001–2023):
 * the inner join keeps the period both cover, and the rows it drops are those before the other
 * side starts or after it ends — the overlap the question asks about, not a loss. Keys missing
 * inside the other side's span (a year one file lacks) stay a loss. Single-key joins on a time
 * axis only: dates and times, or whole numbers that are all years (1000–2999) on both sides; other
 * numbers (an id above the last one a lookup holds) are no period. Read exactly, over the rows the
 * query keeps on both sides; undefined for keys that are no time axis.
 */
export async function spansOf(ctx: OperatorContext, join: EquiJoin, loss: Loss): Promise<Spans | undefined> {
  const [mine, theirs] = [loss.from, loss.to];
  if (mine.length !== 1) return undefined;
  const [m, t] = [mine[0]!, theirs[0]!];
  // The key's type and the dropped keys at hand first (the profile holds them as text): a text key,
  // or whole numbers that are no years, is no period — no statement is run.
  const years = (v: unknown): boolean => Number(v) >= 1000 && Number(v) <= 2999;
  const type = m.column ? typeOf(m.table, m.column) : undefined;
  if (type !== undefined && !TIME_TYPES.test(type) && !isWholeNumberType(type)) return undefined;
  if (type !== undefined && isWholeNumberType(type) && !loss.facts.lost.every((e) => years(e.key[0])))
    return undefined;
  const [mineFilter, theirFilter] = [
    await filterFor(ctx.engine, join.select, m.alias, ctx.state),
    await filterFor(ctx.engine, join.select, t.alias, ctx.state),
  ];
  const rows = (k: KeyOf, filter: string): string =>
    `SELECT ${k.sql} AS k FROM ${sqlIdent(k.table.name)} AS ${sqlIdent(k.alias)} WHERE (${filter}) AND (${k.sql}) IS NOT NULL`;
  try {
    // The types and spans (one aggregate per side), then, on a time axis only, the keys inside the
    // other side's span that it lacks.
    const [row] = await ctx.engine.all(
      `SELECT * FROM (SELECT typeof(min(k)) AS mine_type, min(k) AS mine_lo, max(k) AS mine_hi FROM (${rows(m, mineFilter)})), ` +
        `(SELECT typeof(min(k)) AS their_type, min(k) AS lo, max(k) AS hi FROM (${rows(t, theirFilter)}))`,
    );
    if (!row) return undefined;
    const [mineType, theirType] = [String(row.mine_type), String(row.their_type)];
    const timeAxis =
      (TIME_TYPES.test(mineType) && TIME_TYPES.test(theirType)) ||
      (isWholeNumberType(mineType) &&
        isWholeNumberType(theirType) &&
        [row.mine_lo, row.mine_hi, row.lo, row.hi].every(years));
    if (!timeAxis) return undefined;
    const [gaps] = await ctx.engine.all(
      `WITH gaps AS (SELECT DISTINCT k FROM (${rows(m, mineFilter)}) WHERE k BETWEEN $1 AND $2 AND k NOT IN (SELECT k FROM (${rows(t, theirFilter)}))) ` +
        `SELECT count(*) AS n, list(k ORDER BY k)[1:${GAP_KEYS}] AS keys FROM gaps`,
      [row.lo, row.hi],
    );
    return {
      mine: [row.mine_lo, row.mine_hi],
      theirs: [row.lo, row.hi],
      gaps: Number(gaps?.n ?? 0),
      gapKeys: (gaps?.keys as unknown[] | null) ?? [],
    };
  } catch {
    // Keys of two types that do not compare: no span to speak of.
    return undefined;
  }
}

/** A span's end as DuckDB returns it (a date as its ISO text, a year as a number). */
export function text(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}
