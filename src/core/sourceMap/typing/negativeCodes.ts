import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec, FillValue } from "../sourceEntry.ts";
import { typedColumnSql } from "./varcharColumns.ts";
import { FILL_MIN_COUNT, FILL_MIN_OTHERS } from "./fillValues.ts";

/** At most this many distinct negative values make a set of codes. */
const MAX_CODES = 5;
/** The codes are at most this share of the column's values. */
const MAX_SHARE = 0.1;
/** The codes outnumber the column's values as near zero as they are at least this many times. */
const NEAR_ZERO_RATIO = 4;
/** The column's largest value is at least this many times the codes' size. */
const SCALE = 10;

/**
 * Negative whole numbers written as codes in a column of counts: `-1`, `-2`, `-3` for a seat
 * returned unopposed (with 1, 2 or 3 members) among vote counts of 0–76,089; `-1` for "not asked"
 * among survey counts. A count is never negative, so a handful of distinct negative values that
 * repeat, where the column's values as close to zero are rare and its values reach far beyond
 * them, are codes, not quantities: they are listed as the column's fill values (a sum adds them as
 * numbers). Values below zero that a measure takes (temperatures: -1…-3 beside many 0…3) are not.
 */
export async function findNegativeCodes(
  engine: DuckEngine,
  fromSql: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
  lineOf: ((dataRow: number) => number | undefined) | undefined,
  /** Each column's smallest values, as the fill pass found them: only a column below zero is read again. */
  lowest: Map<number, { lo: number[] }>,
): Promise<void> {
  const whole = specs
    .map((s, i) => ({ s, i }))
    .filter(
      ({ s, i }) =>
        s.type === "BIGINT" &&
        !s.dateFormat &&
        !profiles[i]?.fillValues?.length &&
        (lowest.get(i)?.lo[0] ?? 0) < 0,
    )
    .map(({ i }) => i);
  if (whole.length === 0) return;
  const v = (i: number): string => typedColumnSql(specs[i]!, i);
  const [row = {}] = await engine.all(
    `SELECT ${whole.map((i) => `count(*) FILTER (WHERE v${i} < 0) AS neg${i}, count(DISTINCT v${i}) FILTER (WHERE v${i} < 0) AS codes${i}, min(v${i}) AS lo${i}, max(v${i}) AS hi${i}, count(v${i}) AS n${i}`).join(", ")} ` +
      `FROM (SELECT ${whole.map((i) => `${v(i)} AS v${i}`).join(", ")} FROM (${fromSql}))`,
  );
  for (const i of whole) {
    const [neg, codes, lo, hi, n] = [
      row[`neg${i}`],
      row[`codes${i}`],
      row[`lo${i}`],
      row[`hi${i}`],
      row[`n${i}`],
    ].map(Number) as [number, number, number, number, number];
    if (neg < FILL_MIN_COUNT || codes > MAX_CODES || neg > MAX_SHARE * n || n - neg < FILL_MIN_OTHERS)
      continue;
    if (!(hi >= SCALE * Math.abs(lo))) continue;
    // Row numbers in the order rows are read, as a Scan's rowids are.
    const found = await engine.all(
      `WITH t AS (SELECT row_number() OVER () AS r, ${v(i)} AS v FROM (${fromSql})) ` +
        `SELECT v, count(*) AS n, min(r) AS first, (SELECT count(*) FROM t WHERE v BETWEEN 0 AND ${-lo}) AS near, ` +
        `(SELECT min(v) FROM t WHERE v >= 0) AS others_min FROM t WHERE v < 0 GROUP BY v ORDER BY v DESC`,
    );
    const near = Number(found[0]?.near ?? 0);
    if (near * NEAR_ZERO_RATIO >= neg) continue;
    profiles[i]!.fillValues = found.map((f): FillValue => {
      const firstRow = Number(f.first);
      const line = lineOf?.(firstRow);
      return {
        value: Number(f.v),
        count: Number(f.n),
        firstRow,
        ...(line ? { line } : {}),
        othersMin: Number(f.others_min),
        othersMax: hi,
      };
    });
  }
}
