import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { AggregateUse } from "../../aggregateUses.ts";
import { filterFor } from "../../sqlFacts.ts";

/** Shares of the group rows, and of the other rows, a WHERE must keep to be a selection of the groups. */
const GROUPS_KEPT = 0.9;
const OTHERS_KEPT = 0.05;

/**
 * Whether an aggregate's group rows are what the query is about rather than swept in with the
 * entities: grouped by columns that never put a group row and an entity row in one output row (a
 * `GROUP BY Code` listing, where World is a row of its own), or a WHERE that keeps nearly every group
 * row of the table and almost none of the others (`WHERE length(Code) <> 3`: the 56 World rows and
 * the 57 of Channel Islands out of 13,878). Either way no entity's figure has a group's rows added.
 */
export async function groupsAsSubject(
  ctx: OperatorContext,
  use: AggregateUse,
  labelColumn: string,
  words: string[],
  groupedBy: Set<string>,
): Promise<boolean> {
  const { table, alias } = use.column;
  const a = sqlIdent(alias);
  const isGroup = `${a}.${sqlIdent(labelColumn)} IN (${words.map(sqlString).join(", ")})`;
  const filter = await filterFor(ctx.engine, use.select, alias, ctx.state);
  const from = `${sqlIdent(table.name)} AS ${a}`;
  if (groupedBy.size > 0) {
    const keys = [...groupedBy].map((c) => `${a}.${sqlIdent(c)}`).join(", ");
    const [row] = await ctx.engine.all(
      `SELECT count(*) AS mixed FROM (SELECT bool_or(${isGroup}) AS g, bool_or(NOT coalesce(${isGroup}, false)) AS e ` +
        `FROM ${from} WHERE ${filter} GROUP BY ${keys}) WHERE g AND e`,
    );
    if (Number(row?.mixed ?? 1) === 0) return true;
  }
  if (filter === "TRUE") return false;
  const [row] = await ctx.engine.all(
    `SELECT count(*) FILTER (WHERE ${isGroup}) AS g_all, count(*) FILTER (WHERE NOT coalesce(${isGroup}, false)) AS e_all, ` +
      `count(*) FILTER (WHERE (${filter}) AND ${isGroup}) AS g_kept, count(*) FILTER (WHERE (${filter}) AND NOT coalesce(${isGroup}, false)) AS e_kept ` +
      `FROM ${from}`,
  );
  const count = (k: string): number => Number(row?.[k] ?? 0);
  const [gAll, eAll, gKept, eKept] = [count("g_all"), count("e_all"), count("g_kept"), count("e_kept")];
  return gAll > 0 && eAll > 0 && gKept >= GROUPS_KEPT * gAll && eKept <= OTHERS_KEPT * eAll;
}
