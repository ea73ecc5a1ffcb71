import type { SharedState } from "../../state/sharedState.ts";
import { conjuncts, resolveColumn, scopeOf } from "../sqlFacts.ts";
import type { Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";

/** An outer join's sides: the aliases an unmatched row gets NULLs for. */
function nullableAliases(from: unknown, state: SharedState): Set<string> {
  const out = new Set<string>();
  const visit = (n: Json | undefined): void => {
    if (n?.type !== "JOIN") return;
    visit(n.left as Json);
    visit(n.right as Json);
    const type = String(n.join_type);
    if (type === "LEFT" || type === "OUTER") for (const a of scopeOf(n.right, state).keys()) out.add(a);
    if (type === "RIGHT" || type === "OUTER") for (const a of scopeOf(n.left, state).keys()) out.add(a);
  };
  visit(from as Json);
  return out;
}

/**
 * A query that asks for what does not match — an anti join (`ANTI JOIN`, `NOT EXISTS (…)`,
 * `NOT IN (SELECT …)`, `LEFT JOIN … WHERE b.key IS NULL`) or `EXCEPT` — whose empty result is the
 * answer ("every beach has a match"), not a sign that a filter missed.
 */
function asksForUnmatched(node: Json | undefined, state: SharedState): boolean {
  if (!node) return false;
  if (node.type === "SET_OPERATION_NODE") return node.setop_type === "EXCEPT";
  if (node.type !== "SELECT_NODE") return false;
  let anti = false;
  const visitFrom = (n: Json | undefined): void => {
    if (n?.type !== "JOIN") return;
    if (n.join_type === "ANTI") anti = true;
    visitFrom(n.left as Json);
    visitFrom(n.right as Json);
  };
  visitFrom(node.from_table as Json);
  if (anti) return true;
  const nullable = nullableAliases(node.from_table, state);
  const scope = scopeOf(node.from_table, state);
  return conjuncts(node.where_clause).some((c) => {
    if (c.class === "OPERATOR" && c.type === "OPERATOR_NOT") {
      const child = (c.children as Json[] | undefined)?.[0];
      return (
        child?.class === "SUBQUERY" && (child.subquery_type === "EXISTS" || child.subquery_type === "ANY")
      );
    }
    if (c.class === "OPERATOR" && c.type === "OPERATOR_IS_NULL") {
      const ref = (c.children as Json[] | undefined)?.[0];
      const names = ref?.class === "COLUMN_REF" ? (ref.column_names as string[]) : [];
      const column = resolveColumn(names, scope);
      const alias = column?.alias ?? (names.length === 2 ? names[0]!.toLowerCase() : undefined);
      return alias !== undefined && nullable.has(alias);
    }
    return false;
  });
}

/**
 * `empty-result` (warning): the query returned no rows — usually a filter or join that matched
 * nothing. Not for a query that asks for unmatched rows (an anti join, EXCEPT): there no rows is
 * the finding.
 */
export const emptyResultRule: ValidationRule = {
  code: "empty-result",
  phase: "after",
  ops: ["Query"],
  inputsOnly: false,
  check: ({ observation, args, sql, ctx }) => {
    const o = observation as { rowCount: number };
    if (o.rowCount > 0) return [];
    if (asksForUnmatched(sql?.statement.node as Json | undefined, ctx.state)) return [];
    return [
      {
        code: "empty-result",
        severity: "warning",
        message: `Query ${String(args.output)} returned no rows. Check its filters and joins against the observed values (Probe the columns you filter on) before concluding that nothing matches.`,
        locations: [],
      },
    ];
  },
};
