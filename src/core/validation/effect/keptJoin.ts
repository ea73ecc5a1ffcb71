import type { DiagnosticEffect, Remedy } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { SharedState } from "../../state/sharedState.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import { columnRefs, resolveColumn, scopeOf } from "../sqlFacts.ts";
import type { EquiJoin, Json } from "../sqlFacts.ts";
import { renderTree } from "../sqlText.ts";
import type { ParseTree } from "../sqlText.ts";

/** The keys leading from `root` to `target` (by identity), or undefined. */
function pathTo(root: unknown, target: unknown, path: string[] = []): string[] | undefined {
  if (root === target) return path;
  if (!root || typeof root !== "object") return undefined;
  for (const [key, child] of Object.entries(root as Json)) {
    const found = pathTo(child, target, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The remedy of `join-row-loss`, "keep the dropped rows": a change of the join, not of an input
 * table — the call's whole statement with this one inner join made LEFT (or RIGHT) toward the side
 * that lost rows, their other-side columns NULL. It says what keeping them changes only where
 * nothing else drops them again: the SELECT has no other join, and no WHERE condition reads the
 * other side (either would filter the NULL rows out, and the effect would read "the same" for a
 * loss that matters). Otherwise the effect is not measured, and says why. The rows kept have no
 * partner values, so a result that stays the same (a correlation, a mean of the other side) does
 * not make the loss harmless when the partner may exist unseen (a year missing inside a series, a
 * key spelled alike): the remedy is `partial`, and the finding keeps its severity. When `absent`
 * (the rule found neither), the partner is not there to be had, and what matters is whether the
 * kept rows could reach the result: other joins and a WHERE on the other side are then part of the
 * answer (they drop the rows again because they lack the partner), and the remedy is `unpartnered`.
 */
export async function keptJoin(
  engine: DuckEngine,
  statement: Json,
  state: SharedState,
  join: EquiJoin,
  lostAlias: string,
  /** How the dropped rows are named: "rainfall". */
  dropped: string,
  /** The dropped keys have no partner the other side could be missing (see Remedy.unpartnered). */
  absent = false,
): Promise<{ remedy: Remedy } | { effect: DiagnosticEffect }> {
  const notMeasured = (why: string): { effect: DiagnosticEffect } => ({
    effect: { measured: false, text: `not measured: keeping the dropped rows changes the join, and ${why}` },
  });
  const node = join.node;
  if (node.type !== "JOIN" || node.join_type !== "INNER" || node.ref_type !== "REGULAR")
    return notMeasured("this join has no form that keeps them (it is not a plain inner JOIN … ON)");
  let joins = 0;
  walk(join.select.from_table, (n) => {
    if (n.type === "JOIN") joins++;
  });
  if (joins > 1 && !absent) return notMeasured("the query's other joins could drop them again");
  const leftScope = scopeOf(node.left, state);
  const rightScope = scopeOf(node.right, state);
  const lostLeft = leftScope.has(lostAlias);
  if (!lostLeft && !rightScope.has(lostAlias)) return notMeasured("the side that lost them was not found");
  const otherScope = lostLeft ? rightScope : leftScope;
  const scope = scopeOf(join.select.from_table, state);
  const readsOther = columnRefs(join.select.where_clause).some((r) => {
    const c = resolveColumn(r, scope);
    return c === undefined || otherScope.has(c.alias);
  });
  if (readsOther && !absent)
    return notMeasured("the WHERE condition reads the other side, which would drop them again");
  const path = pathTo(statement, node);
  if (!path) return notMeasured("the join was not found in the statement");
  const copy = structuredClone(statement);
  const target = path.reduce<Json>((n, key) => n[key] as Json, copy);
  target.join_type = lostLeft ? "LEFT" : "RIGHT";
  const sql = await renderTree(engine, { error: false, statements: [copy] } as unknown as ParseTree);
  return {
    remedy: {
      table: [...(lostLeft ? leftScope : rightScope).values()][0]!.name,
      sql,
      says: `the join made ${lostLeft ? "LEFT" : "RIGHT"}, keeping the rows of ${dropped} it dropped`,
      scope: "statement",
      partial: true,
      ...(absent ? { unpartnered: true as const } : {}),
    },
  };
}
