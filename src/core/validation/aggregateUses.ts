import { walk } from "../sandbox/sqlGate.ts";
import { resolveColumn, resolvedColumns, walkOwn, scopedSelects } from "./sqlFacts.ts";
import type { ColumnOf, Json, scopeOf } from "./sqlFacts.ts";
import type { SharedState } from "../state/sharedState.ts";

export interface AggregateUse {
  fn: string;
  column: ColumnOf;
  select: Json;
  /** The aggregate's own `FILTER (WHERE …)`, if any. */
  filter?: Json;
  /** The aggregate's argument: the column, or an expression of it (`TRY_CAST(Jul AS DOUBLE)`). */
  argument: Json;
  /** Functions and casts around the column in the argument, outermost first (`try_cast`, `replace`…). */
  wrappers: string[];
  /** The aggregate's result is the first argument of coalesce/ifnull (`coalesce(sum(x), 0)`). */
  coalesced: boolean;
  /** `count(DISTINCT x)`, `sum(DISTINCT x)`: each value counts once, however many rows hold it. */
  distinct: boolean;
}

/** Functions that replace a NULL (so an aggregate over them skips none). */
const NULL_REPLACING = new Set(["coalesce", "ifnull", "nvl", "if", "case"]);

/** Whether the argument replaces NULLs of its column before aggregating (`coalesce(x, 0)`, a CASE). */
export function replacesNulls(use: AggregateUse): boolean {
  return use.wrappers.some((w) => NULL_REPLACING.has(w));
}

/** One aggregate call in a SELECT's expressions. */
export interface AggregateCall {
  fn: string;
  node: Json;
  /** The first argument (`x` in `sum(x)`). */
  argument: Json;
  /** A window aggregate (`sum(x) OVER (…)`). */
  window: boolean;
  /** The aggregate's own `FILTER (WHERE …)`, if any. */
  filter?: Json;
}

/**
 * The aggregate calls of a SELECT that `accept` takes by name — the walk the aggregate checks share.
 * `clauses` are the parts of the SELECT looked in (its select list and HAVING, QUALIFY…);
 * `windows` counts window aggregates too; `subqueries` enters the subqueries of those clauses
 * (without it, their SELECTs are looked at on their own). Calls without an argument are skipped.
 */
export function aggregateCalls(
  clauses: unknown[],
  accept: (fn: string) => boolean,
  options: { windows: boolean; subqueries?: boolean },
): AggregateCall[] {
  const calls: AggregateCall[] = [];
  (options.subqueries ? walk : walkOwn)(clauses, (n) => {
    const window = n.class === "WINDOW" && n.type === "WINDOW_AGGREGATE";
    if (!(n.class === "FUNCTION" || (options.windows && window)) || !accept(String(n.function_name))) return;
    const argument = (n.children as Json[] | undefined)?.[0];
    if (!argument) return;
    const filter = (n.filter ?? n.filter_expr) as Json | null | undefined;
    calls.push({ fn: String(n.function_name), node: n, argument, window, ...(filter ? { filter } : {}) });
  });
  return calls;
}

/**
 * Aggregate calls (plain or window) whose argument reads one column of a registered table: the
 * column itself, a cast of it, or an expression of it alone (`TRY_CAST(replace(x, ',', '') AS
 * DOUBLE)`, `Jul * 25.4`).
 */
export function aggregateUses(
  statement: Json,
  state: SharedState,
  accept: (fn: string) => boolean,
): AggregateUse[] {
  return collectUses(statement, state, accept, "single");
}

/**
 * Aggregate calls whose argument combines two or more columns (`avg(a - b)`, `sum(price * qty)`),
 * one use per column: the aggregate skips every row where any of them is NULL. Each use's
 * `wrappers` are the functions and casts around that column only (`sum(coalesce(a, 0) * b)`
 * replaces the NULLs of `a`, not those of `b`).
 */
export function aggregateOperandUses(
  statement: Json,
  state: SharedState,
  accept: (fn: string) => boolean,
): AggregateUse[] {
  return collectUses(statement, state, accept, "operands");
}

function collectUses(
  statement: Json,
  state: SharedState,
  accept: (fn: string) => boolean,
  mode: "single" | "operands",
): AggregateUse[] {
  const uses: AggregateUse[] = [];
  for (const { select, scope } of scopedSelects(statement, state)) {
    const coalesced = new Set<object>();
    walkOwn([select.select_list, select.having], (n) => {
      const replacing =
        (n.class === "FUNCTION" &&
          ["coalesce", "ifnull", "nvl"].includes(String(n.function_name).toLowerCase())) ||
        (n.class === "OPERATOR" && n.type === "OPERATOR_COALESCE");
      const first = replacing ? (n.children as Json[] | undefined)?.[0] : undefined;
      if (first) coalesced.add(first);
    });
    // Window aggregates (`sum(x) OVER ()`, the usual way to a share of the total) count too.
    for (const { fn, node: n, argument, filter } of aggregateCalls(
      [select.select_list, select.having],
      accept,
      {
        windows: true,
      },
    )) {
      const columns = resolvedColumns(argument, scope);
      if (!columns) continue;
      if (mode === "operands") {
        if (columns.size < 2) continue;
        for (const [ref, column] of operandRefs(argument, scope)) {
          uses.push({
            fn,
            column,
            select,
            argument,
            wrappers: ref,
            coalesced: coalesced.has(n),
            distinct: n.distinct === true,
            ...(filter ? { filter } : {}),
          });
        }
        continue;
      }
      if (columns.size !== 1) continue;
      const wrappers: string[] = [];
      walkOwn(argument, (r) => {
        if (r.class === "CAST") wrappers.push(r.try_cast ? "try_cast" : "cast");
        else if (r.class === "FUNCTION") wrappers.push(String(r.function_name).toLowerCase());
        else if (r.class === "CASE") wrappers.push("case");
        else if (r.class === "OPERATOR" && String(r.type) === "OPERATOR_COALESCE") wrappers.push("coalesce");
      });
      uses.push({
        fn,
        column: [...columns.values()][0]!,
        select,
        argument,
        wrappers,
        coalesced: coalesced.has(n),
        distinct: n.distinct === true,
        ...(filter ? { filter } : {}),
      });
    }
  }
  return uses;
}

/** What `wrappers` calls a node around a column: a function's name, a cast, a CASE, a coalesce. */
function wrapperName(r: Json): string | undefined {
  if (r.class === "CAST") return r.try_cast ? "try_cast" : "cast";
  if (r.class === "FUNCTION") return String(r.function_name).toLowerCase();
  if (r.class === "CASE") return "case";
  if (r.class === "OPERATOR" && String(r.type) === "OPERATOR_COALESCE") return "coalesce";
  return undefined;
}

/**
 * Each distinct column an expression reads, with the wrappers on the path from the expression down
 * to its first reference (the nodes that could replace its NULLs before the aggregate sees them).
 */
function operandRefs(argument: Json, scope: ReturnType<typeof scopeOf>): [string[], ColumnOf][] {
  const found = new Map<string, [string[], ColumnOf]>();
  const visit = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, path);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const n = node as Json;
    if (n.class === "SUBQUERY") return;
    if (n.class === "COLUMN_REF") {
      const c = resolveColumn(n.column_names as string[], scope);
      const key = c ? `${c.alias}.${c.column}` : "";
      // A column read twice counts as replaced only when every reference replaces its NULLs.
      const before = found.get(key);
      const replaced = (p: string[]): boolean => p.some((w) => NULL_REPLACING.has(w));
      if (c && (!before || (replaced(before[0]) && !replaced(path)))) found.set(key, [path, c]);
      return;
    }
    const name = wrapperName(n);
    const inner = name ? [...path, name] : path;
    for (const value of Object.values(n)) visit(value, inner);
  };
  visit(argument, []);
  return [...found.values()];
}
