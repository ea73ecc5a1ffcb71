import type { SharedState } from "../../state/sharedState.ts";
import { conjuncts, resolveColumn, scopeOf } from "../sqlFacts.ts";
import type { Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";

/** The names a FROM item binds, readable by the checks or not (a VALUES list, a table function). */
function aliasesOf(from: unknown, state: SharedState): string[] {
  const n = from as Json | undefined;
  if (!n) return [];
  if (n.type === "JOIN") return [...aliasesOf(n.left, state), ...aliasesOf(n.right, state)];
  const name = String(n.alias || (n.type === "BASE_TABLE" ? n.table_name : "") || "").toLowerCase();
  return name ? [name, ...scopeOf(n, state).keys()] : [...scopeOf(n, state).keys()];
}

/** An outer join's sides: the aliases an unmatched row gets NULLs for. */
function nullableAliases(from: unknown, state: SharedState): Set<string> {
  const out = new Set<string>();
  const visit = (n: Json | undefined): void => {
    if (n?.type !== "JOIN") return;
    visit(n.left as Json);
    visit(n.right as Json);
    const type = String(n.join_type);
    // DuckDB's parse tree says FULL for FULL [OUTER] JOIN.
    const full = type === "OUTER" || type === "FULL";
    if (type === "LEFT" || full) for (const a of aliasesOf(n.right, state)) out.add(a);
    if (type === "RIGHT" || full) for (const a of aliasesOf(n.left, state)) out.add(a);
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
  const isAntiNull = (c: Json): boolean => {
    if (c.class !== "OPERATOR" || c.type !== "OPERATOR_IS_NULL") return false;
    const ref = (c.children as Json[] | undefined)?.[0];
    const names = ref?.class === "COLUMN_REF" ? (ref.column_names as string[]) : [];
    const column = resolveColumn(names, scope);
    const alias = column?.alias ?? (names.length === 2 ? names[0]!.toLowerCase() : undefined);
    return alias !== undefined && nullable.has(alias);
  };
  // A consistency check: rows (or groups) where two computed values disagree, or keys that repeat.
  if (
    conjuncts(node.where_clause).some((c) => asksForExceptions(c)) ||
    conjuncts(node.having).some((c) => asksForExceptions(c, true))
  )
    return true;
  return conjuncts(node.where_clause).some((c) => {
    // Unmatched on either side of a full join: `WHERE a.k IS NULL OR b.k IS NULL`.
    if (c.class === "CONJUNCTION" && c.type === "CONJUNCTION_OR")
      return ((c.children as Json[] | undefined) ?? []).every(isAntiNull);
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

const MISMATCH = new Set(["COMPARE_NOTEQUAL", "COMPARE_DISTINCT_FROM"]);

/** Whether an expression is computed from literals alone (no column, no function of the data). */
function constant(node: Json | undefined): boolean {
  let found = false;
  const visit = (n: unknown): void => {
    if (found || n === null || typeof n !== "object") return;
    if (Array.isArray(n)) return n.forEach(visit);
    const j = n as Json;
    // A column, a subquery, or a function call (count(*) has no column) is computed from the data;
    // operators on literals (`1 + 1`) are not.
    if (
      j.class === "COLUMN_REF" ||
      j.class === "SUBQUERY" ||
      j.class === "STAR" ||
      (j.class === "FUNCTION" && j.is_operator !== true)
    ) {
      found = true;
      return;
    }
    for (const v of Object.values(j)) visit(v);
  };
  visit(node);
  return !found;
}

/** `count(…)`, as a function node of the parse tree. */
function isCount(node: Json | undefined): boolean {
  return (
    node?.class === "FUNCTION" && ["count", "count_star"].includes(String(node.function_name).toLowerCase())
  );
}

/**
 * A filter that asks for exceptions: two computed values that disagree (`a.total <> b.total`,
 * `count(*) <> count(DISTINCT id)`), or keys that repeat (`HAVING count(*) > 1`). No rows is the
 * reassuring answer of such a check.
 */
function asksForExceptions(c: Json, having = false): boolean {
  // Several exceptions at once: `HAVING count(*) <> 10 OR count(DISTINCT c) <> 10`.
  if (c.class === "CONJUNCTION" && c.type === "CONJUNCTION_OR")
    return ((c.children as Json[] | undefined) ?? []).every((x) => asksForExceptions(x, having));
  // Missing values looked for: `WHERE code IS NULL`, `WHERE code = ''`.
  if (c.class === "OPERATOR" && c.type === "OPERATOR_IS_NULL") return true;
  if (c.class !== "COMPARISON") return false;
  const left = c.left as Json | undefined;
  const right = c.right as Json | undefined;
  const emptyText = (n: Json | undefined): boolean =>
    n?.class === "CONSTANT" && (n.value as { value?: unknown } | undefined)?.value === "";
  if (c.type === "COMPARE_EQUAL" && (emptyText(left) || emptyText(right))) return true;
  // A group whose aggregate is not what every group should have (`HAVING count(*) <> 10`).
  if (MISMATCH.has(String(c.type))) return having || (!constant(left) && !constant(right));
  const literal = (n: Json | undefined): number | undefined => {
    const v = (n?.value as { value?: unknown } | undefined)?.value;
    return n?.class === "CONSTANT" && typeof v === "number" ? v : undefined;
  };
  if (isCount(left) && c.type === "COMPARE_GREATERTHAN" && literal(right) === 1) return true;
  if (isCount(left) && c.type === "COMPARE_GREATERTHANOREQUALTO" && literal(right) === 2) return true;
  return false;
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
