import type { OperatorContext } from "../operators/operator.ts";
import { filterFor } from "./sqlFacts.ts";
import type { EquiJoin, KeyOf } from "./sqlFacts.ts";
import { unpairedRows } from "./unpairedRows.ts";

/** This side's kept rows that find no partner among the other side's rows as the query filters them. */
export interface FilteredLoss {
  rows: number;
  keys: number;
  /** The other side's own WHERE, as DuckDB renders it. */
  filter: string;
}

/**
 * join-row-loss counts a row as lost when its key occurs in no row of the other side at all (a
 * filter on the other side is the analyst's choice, not a gap in the data). The query itself drops
 * more: with `WHERE g.Year = 2023` a country that has GDP rows, but none for 2023, finds no partner
 * either. This gives that figure — this side's kept rows whose key no row of the other side that
 * the query keeps holds — so a message can state both; undefined when the other side has no filter
 * of its own or the join was checked on a sample of keys.
 */
export async function filteredLoss(
  ctx: OperatorContext,
  join: EquiJoin,
  from: KeyOf[],
  to: KeyOf[],
  sampleEvery: number,
): Promise<FilteredLoss | undefined> {
  if (sampleEvery > 1) return undefined;
  const theirFilter = await filterFor(ctx.engine, join.select, to[0]!.alias, ctx.state);
  if (theirFilter === "TRUE") return undefined;
  const { kept, unpaired } = await unpairedRows(ctx, join, from, to);
  const key = from.map((k) => `(${k.sql})`).join(", ");
  try {
    const [row] = await ctx.engine.all(
      `SELECT count(*) AS n, count(DISTINCT (${key})) AS k ${kept} AND ${unpaired(theirFilter)}`,
    );
    return { rows: Number(row?.n ?? 0), keys: Number(row?.k ?? 0), filter: theirFilter };
  } catch {
    // A filter that does not evaluate outside its query: the figure is not given.
    return undefined;
  }
}
