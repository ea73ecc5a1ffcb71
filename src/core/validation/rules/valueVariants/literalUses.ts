import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import { conjuncts, predicateSql, resolveColumn } from "../../sqlFacts.ts";
import type { ColumnOf, Json, scopeOf } from "../../sqlFacts.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import { walk } from "../../../sandbox/sqlGate.ts";

/** The text column a COLUMN_REF node names, resolved in the SELECT's scope; undefined for other nodes or types. */
export function textColumn(node: unknown, scope: ReturnType<typeof scopeOf>): ColumnOf | undefined {
  const n = node as Json | undefined;
  if (n?.class !== "COLUMN_REF") return undefined;
  const c = resolveColumn(n.column_names as string[], scope);
  // A union's column naming each row's file: each value is another file, never a spelling of
  // another (held-out HT-01: the reports `peak_kang` and `peak_kans` are two peaks).
  if (c && c.column.toLowerCase() === c.table.provenance.sourceColumn?.toLowerCase()) return undefined;
  return c && c.table.schema.find((s) => s.name === c.column)?.type === "VARCHAR" ? c : undefined;
}

/**
 * Whether `node` reads the text column `c` — directly, or, with `caseFolded`, through lower(),
 * upper() or trim(), which keep the value's letters and so still show its spelling.
 */
export function readsColumn(
  node: unknown,
  c: ColumnOf,
  scope: ReturnType<typeof scopeOf>,
  caseFolded = false,
): boolean {
  const n = node as Json | undefined;
  if (caseFolded && n?.class === "FUNCTION" && /^(lower|upper|trim)$/i.test(String(n.function_name)))
    return readsColumn(((n.children as Json[] | undefined) ?? [])[0], c, scope, true);
  const r = textColumn(n, scope);
  return r !== undefined && r.alias === c.alias && r.column === c.column;
}

/** The string a constant node holds (through casts); undefined for other nodes and NULL. */
export function constant(node: unknown): string | undefined {
  let n = node as Json | undefined;
  while (n?.class === "CAST") n = n.child as Json;
  const v = n?.class === "CONSTANT" ? (n.value as { is_null?: boolean; value?: unknown }) : undefined;
  return v && !v.is_null && typeof v.value === "string" ? v.value : undefined;
}
/** A text column compared with string literals somewhere in a SELECT. */
interface LiteralUse {
  column: ColumnOf;
  literals: Set<string>;
  /** The WHERE conjunct holding the comparisons, when they are one (left out of the rows looked at). */
  conjunct?: Json;
  /** How the message names the use. */
  where: "filter" | "aggregate";
  /**
   * Per comparison, the other conjuncts of the condition it sits in (an aggregate's FILTER, a CASE
   * WHEN, count_if/if) and of the conditions around it: only rows they keep reach the comparison.
   * An empty list is a comparison no condition restricts.
   */
  within: Json[][];
  /** Some comparison excludes the literals (`<>`, `NOT IN`): rows of other spellings are kept, in sight. */
  negated?: true;
}

/** Functions whose first argument is a condition deciding which rows count (or which branch). */
const CONDITION_FUNCTIONS = new Set(["count_if", "countif", "if", "iif"]);

/**
 * Walks a SELECT's own expressions like `walkOwn`, passing each node the conjuncts that must hold
 * for a row to reach it: the other conjuncts of the FILTER / WHEN / count_if condition it is part
 * of, and the whole condition for an aggregate's arguments or a THEN branch.
 */
function walkConditioned(
  expression: unknown,
  within: Json[],
  visit: (node: Json, within: Json[]) => void,
): void {
  if (Array.isArray(expression)) {
    for (const child of expression) walkConditioned(child, within, visit);
    return;
  }
  if (expression === null || typeof expression !== "object") return;
  const n = expression as Json;
  visit(n, within);
  // Each conjunct of a condition is reached only by rows the condition's other conjuncts keep.
  const condition = (c: unknown): Json[] => {
    const parts = conjuncts(c);
    parts.forEach((k) => walkConditioned(k, [...within, ...parts.filter((o) => o !== k)], visit));
    return parts;
  };
  if (n.class === "SUBQUERY") {
    // `x IN (SELECT …)`: the left operand belongs to this SELECT.
    walkConditioned(n.child, within, visit);
    return;
  }
  if (n.class === "FUNCTION" && n.filter) {
    const parts = condition(n.filter);
    for (const [key, value] of Object.entries(n))
      if (key !== "filter") walkConditioned(value, [...within, ...parts], visit);
    return;
  }
  if (n.class === "CASE") {
    for (const check of (n.case_checks as Json[] | undefined) ?? []) {
      const parts = condition(check.when_expr);
      walkConditioned(check.then_expr, [...within, ...parts], visit);
    }
    walkConditioned(n.else_expr, within, visit);
    return;
  }
  const args = n.children as Json[] | undefined;
  if (
    n.class === "FUNCTION" &&
    CONDITION_FUNCTIONS.has(String(n.function_name).toLowerCase()) &&
    args?.length
  ) {
    const parts = condition(args[0]);
    // if(cond, a, b): `a` is reached under the condition; `b` is not restricted by it.
    if (args[1]) walkConditioned(args[1], [...within, ...parts], visit);
    walkConditioned(args.slice(2), within, visit);
    return;
  }
  for (const value of Object.values(n)) walkConditioned(value, within, visit);
}

/**
 * Every comparison of a text column with string literals in a SELECT: `col = 'x'` and
 * `col IN ('x', 'y')`, in WHERE (also inside OR), in an aggregate's FILTER, in CASE WHEN, in
 * count_if/if — wherever a spelling decides which rows count. Literals are gathered per column,
 * so a query that names every spelling (`IN ('yes', 'Yes', 'YES')`) is not told it missed one.
 */
export function literalUses(select: Json, scope: ReturnType<typeof scopeOf>): LiteralUse[] {
  const byColumn = new Map<string, LiteralUse>();
  const note = (
    column: ColumnOf,
    literal: string,
    conjunct: Json | undefined,
    where: LiteralUse["where"],
    within: Json[],
    negated: boolean,
  ) => {
    const key = `${column.alias}.${column.column}`;
    const use: LiteralUse = byColumn.get(key) ?? { column, literals: new Set<string>(), where, within: [] };
    if (negated) use.negated = true;
    use.literals.add(literal);
    use.within.push(within);
    // Comparisons in several conjuncts or places: no single one is left out of the rows looked at.
    if (use.literals.size === 1 && conjunct) use.conjunct = conjunct;
    else if (use.conjunct !== conjunct) delete use.conjunct;
    if (where === "aggregate") use.where = "aggregate";
    byColumn.set(key, use);
  };
  const visit = (expression: unknown, conjunct: Json | undefined, where: LiteralUse["where"]): void =>
    walkConditioned(expression, [], (n, within) => {
      if (n.class === "COMPARISON" && (n.type === "COMPARE_EQUAL" || n.type === "COMPARE_NOTEQUAL")) {
        for (const [x, y] of [
          [n.left, n.right],
          [n.right, n.left],
        ]) {
          const c = textColumn(x, scope);
          const literal = constant(y);
          if (c && literal !== undefined)
            note(c, literal, conjunct, where, within, n.type === "COMPARE_NOTEQUAL");
        }
      }
      if (n.class === "OPERATOR" && (n.type === "COMPARE_IN" || n.type === "COMPARE_NOT_IN")) {
        const [first, ...rest] = n.children as Json[];
        const c = textColumn(first, scope);
        if (c)
          for (const r of rest) {
            const literal = constant(r);
            if (literal !== undefined) note(c, literal, conjunct, where, within, n.type === "COMPARE_NOT_IN");
          }
      }
    });
  for (const c of conjuncts(select.where_clause)) visit(c, c, "filter");
  visit([select.select_list, select.having, select.qualify], undefined, "aggregate");
  return [...byColumn.values()];
}

/** A predicate over the one alias's own columns (no subquery, no aggregate): checkable on its table. */
function ownPredicate(expression: Json, alias: string, scope: ReturnType<typeof scopeOf>): boolean {
  let own = true;
  walk(expression, (n) => {
    if (n.class === "COLUMN_REF" && resolveColumn(n.column_names as string[], scope)?.alias !== alias)
      own = false;
    if (n.class === "SUBQUERY" || n.class === "WINDOW") own = false;
    if (n.class === "FUNCTION" && isAnyAggregate(String(n.function_name))) own = false;
  });
  return own;
}

/**
 * The rows the comparisons of a use can reach, beyond the WHERE: any comparison's co-conditions
 * (OR over the comparisons; one unrestricted comparison makes it TRUE). Co-conditions that read
 * other tables are left out — a superset of the rows, never fewer. Undefined when nothing restricts.
 */
export async function reachedBy(
  engine: DuckEngine,
  use: LiteralUse,
  scope: ReturnType<typeof scopeOf>,
): Promise<string | undefined> {
  const c = use.column;
  const alternatives: Json[][] = [];
  for (const within of use.within) {
    const own = within.filter((k) => ownPredicate(k, c.alias, scope));
    if (own.length === 0) return undefined;
    alternatives.push(own);
  }
  if (alternatives.length === 0) return undefined;
  try {
    const rendered = await Promise.all(alternatives.map((a) => predicateSql(engine, c.alias, a)));
    const restriction = [...new Set(rendered)].map((r) => `(${r})`).join(" OR ");
    // Rendered over the alias as the query wrote it; a form that does not bind alone is not used.
    await engine.describe(
      `SELECT 1 FROM ${sqlIdent(c.table.name)} AS ${sqlIdent(c.alias)} WHERE ${restriction}`,
    );
    return restriction;
  } catch {
    return undefined;
  }
}
