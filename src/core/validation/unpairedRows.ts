import type { OperatorContext } from "../operators/operator.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { filterFor } from "./sqlFacts.ts";
import type { EquiJoin, KeyOf } from "./sqlFacts.ts";

/** SQL for the rows of a join's side that find no partner on the other side. */
export interface UnpairedRows {
  /** `FROM <side> AS <alias> WHERE …`: the side's rows the query keeps, with a key. */
  kept: string;
  /** True of a kept row whose key no row of the other side holds (among those `theirFilter` keeps, when given). */
  unpaired: (theirFilter?: string) => string;
}

/**
 * The rows of side `from` of `join` and the test that one has no partner in `to`: the lost rows
 * that join-row-loss's follow-up checks (the other side's filter, its restriction, an earlier
 * listing) each count their own way.
 */
export async function unpairedRows(
  ctx: OperatorContext,
  join: EquiJoin,
  from: KeyOf[],
  to: KeyOf[],
): Promise<UnpairedRows> {
  const [m, t] = [from[0]!.alias, to[0]!.alias];
  const mineFilter = await filterFor(ctx.engine, join.select, m, ctx.state);
  const notNull = from.map((k) => `(${k.sql}) IS NOT NULL`).join(" AND ");
  const partner = from.map((k, j) => `(${to[j]!.sql}) = (${k.sql})`).join(" AND ");
  return {
    kept: `FROM ${sqlIdent(from[0]!.table.name)} AS ${sqlIdent(m)} WHERE (${mineFilter}) AND ${notNull}`,
    unpaired: (theirFilter) =>
      `NOT EXISTS (SELECT 1 FROM ${sqlIdent(to[0]!.table.name)} AS ${sqlIdent(t)} WHERE ${theirFilter === undefined ? "" : `(${theirFilter}) AND `}${partner})`,
  };
}
