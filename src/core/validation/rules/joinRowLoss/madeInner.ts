import type { DuckEngine } from "../../../engine/duckEngine.ts";
import type { SharedState } from "../../../state/sharedState.ts";
import { conjuncts, nullFilledSides, predicateSql, resolveColumn, scopeOf } from "../../sqlFacts.ts";
import type { EquiJoin, Json } from "../../sqlFacts.ts";
import { literalComparison } from "../../literalComparison.ts";

/**
 * Comparisons that are never true when their column is NULL: `=`, `<>`, `<`, `IN`, `BETWEEN`,
 * `LIKE`. (`IS NULL`, `IS DISTINCT FROM`, `coalesce`, an `OR` can be true on NULL.)
 */
function nullRejected(predicate: Json): Json | undefined {
  const test = literalComparison(predicate);
  if (!test?.onlyLiterals) return undefined;
  if (test.kind === "COMPARISON" && /DISTINCT/.test(String(predicate.type))) return undefined;
  return test.column;
}

/** The aliases an outer join fills with NULLs for the other side's unmatched rows. */
function nullableAliases(join: Json, state: SharedState): { left: Set<string>; right: Set<string> } {
  const filled = nullFilledSides(join.join_type);
  return {
    left: new Set(filled.left ? scopeOf(join.left, state).keys() : []),
    right: new Set(filled.right ? scopeOf(join.right, state).keys() : []),
  };
}

/** Which of an outer join's unmatched rows its SELECT's WHERE drops again, and by what condition. */
export interface MadeInner {
  /** The left side's rows with no partner are dropped (a condition on the right side alone). */
  left?: string;
  /** The right side's rows with no partner are dropped (a condition on the left side alone). */
  right?: string;
}

/**
 * An outer join whose WHERE holds a condition on the NULL-filled side alone that NULL never
 * passes (`FULL JOIN (…) n ON o.Entity = n.Entity WHERE o.Year = 2019`): the rows the join added
 * for the other side's unmatched keys are dropped again, so for that side it is an inner join —
 * and its lost rows are reported as an inner join's are. Each entry is the condition, as SQL.
 */
export async function madeInner(engine: DuckEngine, join: EquiJoin, state: SharedState): Promise<MadeInner> {
  const filled = nullFilledSides(join.node.join_type);
  if (!filled.left && !filled.right) return {};
  const nullable = nullableAliases(join.node, state);
  const scope = scopeOf(join.select.from_table, state);
  const out: MadeInner = {};
  for (const predicate of conjuncts(join.select.where_clause)) {
    const ref = nullRejected(predicate);
    if (!ref) continue;
    const column = resolveColumn(ref.column_names as string[], scope);
    if (!column) continue;
    const text = async (): Promise<string> => predicateSql(engine, column.alias, [predicate]);
    if (nullable.right.has(column.alias) && out.left === undefined) out.left = await text();
    if (nullable.left.has(column.alias) && out.right === undefined) out.right = await text();
  }
  return out;
}
