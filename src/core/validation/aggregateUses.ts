import { resolveColumn, scopeOf, selectNodes, walkOwn } from "./sqlFacts.ts";
import type { ColumnOf, Json } from "./sqlFacts.ts";
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
}

/** Functions that replace a NULL (so an aggregate over them skips none). */
const NULL_REPLACING = new Set(["coalesce", "ifnull", "nvl", "if", "case"]);

/** Whether the argument replaces NULLs of its column before aggregating (`coalesce(x, 0)`, a CASE). */
export function replacesNulls(use: AggregateUse): boolean {
  return use.wrappers.some((w) => NULL_REPLACING.has(w));
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
  const uses: AggregateUse[] = [];
  for (const select of selectNodes(statement)) {
    const scope = scopeOf(select.from_table, state);
    const coalesced = new Set<object>();
    walkOwn([select.select_list, select.having], (n) => {
      const replacing =
        (n.class === "FUNCTION" &&
          ["coalesce", "ifnull", "nvl"].includes(String(n.function_name).toLowerCase())) ||
        (n.class === "OPERATOR" && n.type === "OPERATOR_COALESCE");
      const first = replacing ? (n.children as Json[] | undefined)?.[0] : undefined;
      if (first) coalesced.add(first);
    });
    walkOwn([select.select_list, select.having], (n) => {
      // Window aggregates (`sum(x) OVER ()`, the usual way to a share of the total) count too.
      const aggregate = n.class === "FUNCTION" || (n.class === "WINDOW" && n.type === "WINDOW_AGGREGATE");
      if (!aggregate || !accept(String(n.function_name))) return;
      const argument = (n.children as Json[] | undefined)?.[0];
      if (!argument) return;
      const columns = new Map<string, ColumnOf>();
      let unresolved = false;
      walkOwn(argument, (r) => {
        if (r.class !== "COLUMN_REF") return;
        const c = resolveColumn(r.column_names as string[], scope);
        if (c) columns.set(`${c.alias}.${c.column}`, c);
        else unresolved = true;
      });
      if (columns.size !== 1 || unresolved) return;
      const wrappers: string[] = [];
      walkOwn(argument, (r) => {
        if (r.class === "CAST") wrappers.push(r.try_cast ? "try_cast" : "cast");
        else if (r.class === "FUNCTION") wrappers.push(String(r.function_name).toLowerCase());
        else if (r.class === "CASE") wrappers.push("case");
        else if (r.class === "OPERATOR" && String(r.type) === "OPERATOR_COALESCE") wrappers.push("coalesce");
      });
      uses.push({
        fn: String(n.function_name),
        column: [...columns.values()][0]!,
        select,
        argument,
        wrappers,
        coalesced: coalesced.has(n),
        ...((n.filter ?? n.filter_expr) ? { filter: (n.filter ?? n.filter_expr) as Json } : {}),
      });
    });
  }
  return uses;
}
