import type { OperatorContext } from "../operators/operator.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { walk } from "../sandbox/sqlGate.ts";
import { keptRelation, ROWID } from "./keptRelation.ts";
import type { Json } from "./sqlFacts.ts";

/**
 * A predicate over one alias's own table that keeps exactly the rows of it the SELECT keeps — its
 * joins (an inner join's unmatched rows are gone, and so are the rows a filter on the other side
 * removes: `JOIN results r ON … WHERE r.tournament = 'FIFA World Cup'`) and its WHERE with its
 * subqueries — for a check that counts values over a table: a finding about rows no result uses is
 * no finding about the result. `own` is the predicate of the table's own conditions (`filterFor`),
 * returned unchanged when it already is the whole restriction (one table, no subquery) or when the
 * SELECT cannot be read alone (then it is a superset of the kept rows, as before).
 */
export async function keptRowsFilter(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  own: string,
): Promise<string> {
  const from = select.from_table as Json | undefined;
  let subquery = false;
  walk(select.where_clause, (n) => {
    if (n.class === "SUBQUERY") subquery = true;
  });
  if (from?.type === "BASE_TABLE" && !subquery) return own;
  try {
    const kept = await keptRelation(ctx, select, alias);
    if (!kept.exact) return own;
    // Inside the subquery the alias names the marked copy of the same table, whose row id is ROWID.
    const a = sqlIdent(alias);
    return `(${own}) AND ${a}.rowid IN (SELECT ${a}.${ROWID}${kept.from})`;
  } catch {
    return own;
  }
}
