import type { OperatorContext } from "../../../operators/operator.ts";
import type { KeptRelation } from "../../keptRelation.ts";
import { expressionSql } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { groupingItems } from "../../groupingItems.ts";

/**
 * How a query looks at a column's fill rows when it does not take them for measurements: it tests
 * for them, or keeps them in groups of their own. Analysts count and list a file's "no data" codes
 * before leaving them out (held-out GB: `sum(CASE WHEN POPU_LSA <= 0 THEN 1 ELSE 0 END)`,
 * `GROUP BY TOTCIR < 0`; GA: `sum((WSPD = 99)::int)`); a warning that such a query "counts the fill
 * as a measurement" is false.
 */

/** The fill values the kept rows hold, each with its count, most rows first. */
export async function heldFills(
  ctx: OperatorContext,
  kept: KeptRelation,
  cell: string,
  hit: string,
): Promise<{ value: number; date?: string; rows: number }[]> {
  const rows = await ctx.engine.all(
    `SELECT TRY_CAST(${cell} AS DOUBLE) AS v, TRY_CAST(${cell} AS DATE)::VARCHAR AS d, count(*) AS n` +
      `${kept.from} AND ${hit} GROUP BY ALL ORDER BY n DESC, v`,
  );
  return rows.map((r) => ({
    value: Number(r.v),
    ...(r.d === null || r.d === undefined ? {} : { date: String(r.d) }),
    rows: Number(r.n),
  }));
}

/**
 * The expression tells fill rows from the others: it takes one value on every fill row and one
 * other value (or none) on the rows whose column holds a value that is no fill, though those hold
 * at least two different values — a test such as `x = 99`, `x < 0` or a CASE on them, not a
 * measurement (which keeps the data's values apart).
 */
export async function testsForFill(
  ctx: OperatorContext,
  kept: KeptRelation,
  cell: string,
  hit: string,
  expression: string,
): Promise<boolean> {
  const data = `NOT coalesce(${hit}, FALSE) AND ${cell} IS NOT NULL`;
  const [row] = await ctx.engine.all(
    `SELECT count(DISTINCT (${expression})::VARCHAR) FILTER (WHERE ${hit}) AS fill_kinds, ` +
      `count(DISTINCT (${expression})::VARCHAR) FILTER (WHERE ${data}) AS data_kinds, ` +
      `count(DISTINCT ${cell}) FILTER (WHERE ${data}) AS data_values, ` +
      `any_value((${expression})::VARCHAR) FILTER (WHERE ${hit}) AS on_fill, ` +
      `any_value((${expression})::VARCHAR) FILTER (WHERE ${data}) AS on_data${kept.from}`,
  );
  if (!row) return false;
  return (
    Number(row.fill_kinds) === 1 &&
    Number(row.data_kinds) <= 1 &&
    Number(row.data_values) >= 2 &&
    (row.on_data === null || row.on_fill !== row.on_data)
  );
}

/**
 * The query groups by a test for the fill (`GROUP BY POPU_LSA < 0`): its fill rows sit in groups of
 * their own, beside the groups of measurements, which no fill reaches. A key that only happens to
 * put a station's fills alone (`GROUP BY station`, a station whose every value is 99) is no test:
 * that group's aggregate shows the fill as the station's value. Grouping sets (ROLLUP, CUBE) add
 * groups over everything: never apart.
 */
export async function groupedByFillTest(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  kept: KeptRelation,
  cell: string,
  hit: string,
): Promise<boolean> {
  const sets = (select.group_sets as unknown[] | undefined) ?? [];
  if (sets.length > 1) return false;
  for (const { expression } of groupingItems(select)) {
    const key = await expressionSql(ctx.engine, alias, expression);
    if (await testsForFill(ctx, kept, cell, hit, key)) return true;
  }
  return false;
}
