import type { Remedy } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { at, locate, quote } from "../evidence.ts";
import type { BlankedValues } from "./readNumbers.ts";
import { ROWID } from "../keptRelation.ts";

/** A number as written, thousands separators allowed; signs are not read (`1-5` is a band). */
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
/** A bound (`<0.5`), a share (`12%`) or a negative (`-5 to -3`): the numbers written are not the reading's limits. */
const NOT_LIMITS = String.raw`[<>≤≥%]|^\s*[-−]`;

/**
 * An open band (`1201+`, `501 +`: place 1,201 or below, as QS and THE publish their last band):
 * one number written, the band reaching past it. Read from that number up to a thousand times it
 * (within a 32-bit integer, which the query's own conversion may be).
 */
const OPEN_BAND = String.raw`^\s*(\d{1,3}(,\d{3})+|\d+)\s*\+\s*$`;
const OPEN_BAND_REACH = 1000;
const INT32_MAX = 2147483647;

/**
 * SQL: the lowest (`list_min`) or highest (`list_max`) number a value writes, as plain text
 * (`201`, `9.44`), for the query's own conversion to read; an open band's highest is its reach.
 */
function extreme(c: string, fn: "list_min" | "list_max"): string {
  const numbers = `list_transform(regexp_extract_all(${c}, ${sqlString(NUMBER)}), x -> CAST(replace(x, ',', '') AS DOUBLE))`;
  const written = `${fn}(${numbers})`;
  const n =
    fn === "list_max"
      ? `CASE WHEN regexp_matches(${c}, ${sqlString(OPEN_BAND)}) THEN least(${written} * ${OPEN_BAND_REACH}, ${INT32_MAX}) ELSE ${written} END`
      : written;
  return `CASE WHEN ${n} = floor(${n}) THEN CAST(CAST(${n} AS BIGINT) AS VARCHAR) ELSE CAST(${n} AS VARCHAR) END`;
}

/**
 * The remedy of blanked values that write two numbers or more — a band (`201-300`), a value with
 * its year (`9.44 2013`): none has one reading, and RADAR does not guess it, but the numbers a
 * value writes bound what it can stand for. The call is run with each value read as the lowest
 * number it writes and again as the highest (Remedy.reach with reachAlso): when both return what
 * the call returned, the blanked rows could not change it whatever they hold between those bounds
 * (a rank band under `rank <= 10`), and the finding is info. Undefined when a blanked value writes
 * fewer than two numbers (an open band `1201+` aside), a bound, a share or a sign, or when the query's conversion does not read
 * the plain numbers.
 */
export async function boundReadings(engine: DuckEngine, v: BlankedValues): Promise<Remedy | undefined> {
  const a = sqlIdent(v.alias);
  const col = sqlIdent(v.column);
  const c = `${a}.${col}`;
  const [row] = await engine.all(
    `WITH __radar_l AS (SELECT DISTINCT ${c} AS v${v.from} AND (${v.lost})) ` +
      `SELECT count(*) AS n, ` +
      `count(*) FILTER (WHERE (len(regexp_extract_all(v, ${sqlString(NUMBER)})) < 2 AND NOT regexp_matches(v, ${sqlString(OPEN_BAND)})) OR regexp_matches(v, ${sqlString(NOT_LIMITS)})) AS unbounded, ` +
      `count(*) FILTER (WHERE (SELECT (${v.converted}) IS NULL FROM (SELECT ${extreme("v", "list_min")} AS ${col}) AS ${a}) ` +
      `OR (SELECT (${v.converted}) IS NULL FROM (SELECT ${extreme("v", "list_max")} AS ${col}) AS ${a})) AS unread ` +
      `FROM __radar_l`,
  );
  if (!row || Number(row.n) === 0 || Number(row.unbounded) > 0 || Number(row.unread) > 0) return undefined;
  const [first] = await engine.all(
    `SELECT ${c} AS v, min(${a}.${ROWID}) AS r, ${extreme(c, "list_min")} AS low, ${extreme(c, "list_max")} AS high` +
      `${v.from} AND (${v.lost}) GROUP BY ALL ORDER BY r LIMIT 1`,
  );
  const [location] = await locate(engine, v.table, [Number(first?.r)]);
  const example = `${quote(first?.v)}${at(location)}`;
  const reading = (fn: "list_min" | "list_max"): string =>
    `SELECT * REPLACE (CASE WHEN (${v.lost}) THEN ${extreme(c, fn)} ELSE ${c} END AS ${col}) ` +
    `FROM ${sqlIdent(v.table.name)} AS ${a}`;
  return {
    table: v.table.name,
    sql: reading("list_min"),
    says: `each blanked value read as the lowest number it writes (${example} as ${String(first?.low)})`,
    reach: true,
    reachAlso: {
      table: v.table.name,
      sql: reading("list_max"),
      says: `as the highest (as ${String(first?.high)})`,
    },
  };
}
