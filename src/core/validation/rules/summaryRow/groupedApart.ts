import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { AggregateUse } from "../../aggregateUses.ts";
import { filterFor } from "../../sqlFacts.ts";

/** A total whose group's other rows add up to less than this share of it holds none of its parts. */
const PARTS_SHARE = 0.1;

/**
 * The summary rows (rowids) that the query's GROUP BY puts in a group apart from the rows they
 * summarise, so that no output row adds a summary to its parts: a total whose group's other kept
 * rows sum to less than a tenth of it (`GROUP BY hierarchy_depth`, where the national row is depth
 * 1 and the states depth 2; Puerto Rico, outside the total, may share its group), a statistic row
 * alone in its group, summary rows grouped only with one another. The rows of the group are those the query keeps (its WHERE). `keys`: the
 * grouping expressions over the aggregated table, as SQL over its alias — a column, or an
 * expression of its columns (`state = 'total'`, `lower(region)`).
 */
export async function groupedApart(
  ctx: OperatorContext,
  use: AggregateUse,
  value: string,
  groupKeys: string[],
  rows: { r: number; v: number | null; total: boolean }[],
): Promise<Set<number>> {
  const apart = new Set<number>();
  if (groupKeys.length === 0 || rows.length === 0) return apart;
  const { table, alias } = use.column;
  const a = sqlIdent(alias);
  const keys = groupKeys.map((k, i) => `${k} AS k${i}`);
  const same = groupKeys.map((_, i) => `o.k${i} IS NOT DISTINCT FROM s.k${i}`).join(" AND ");
  const filter = await filterFor(ctx.engine, use.select, alias, ctx.state);
  const ids = rows.map((x) => x.r).join(", ");
  const found = await ctx.engine.all(
    `WITH kept AS (SELECT ${a}.rowid AS r, ${keys.join(", ")}, ${value} AS v FROM ${sqlIdent(table.name)} AS ${a} WHERE ${filter}) ` +
      `SELECT s.r, count(o.r) AS others, count(o.r) FILTER (WHERE o.r NOT IN (${ids})) AS unsummarised, sum(TRY_CAST(o.v AS DOUBLE)) AS parts ` +
      `FROM kept s LEFT JOIN kept o ON ${same} AND o.r <> s.r WHERE s.r IN (${ids}) GROUP BY s.r`,
  );
  const byRow = new Map(rows.map((x) => [x.r, x]));
  for (const f of found) {
    const row = byRow.get(Number(f.r));
    if (!row) continue;
    const others = Number(f.others);
    const parts = Math.abs(Number(f.parts ?? 0));
    // A group of summary rows only (`GROUP BY Type`, the corporate totals all typed 'C'; held-out
    // KB-03) shows the totals as a group of their own: no output row adds them to their parts.
    if (others === 0 || Number(f.unsummarised) === 0) apart.add(row.r);
    else if (row.total && row.v !== null && parts < PARTS_SHARE * Math.abs(row.v)) apart.add(row.r);
  }
  return apart;
}
