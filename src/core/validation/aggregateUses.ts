import { walk } from "../sandbox/sqlGate.ts";
import { resolveColumn, scopeOf, selectNodes } from "./sqlFacts.ts";
import type { ColumnOf, Json } from "./sqlFacts.ts";
import type { SharedState } from "../state/sharedState.ts";

export interface AggregateUse {
  fn: string;
  column: ColumnOf;
  select: Json;
  /** The aggregate's own `FILTER (WHERE …)`, if any. */
  filter?: Json;
}

/** Aggregate calls (plain or window) whose argument is a bare column (or a CAST of one) of a registered table. */
export function aggregateUses(
  statement: Json,
  state: SharedState,
  accept: (fn: string) => boolean,
): AggregateUse[] {
  const uses: AggregateUse[] = [];
  for (const select of selectNodes(statement)) {
    const scope = scopeOf(select.from_table, state);
    walk([select.select_list, select.having], (n) => {
      // Window aggregates (`sum(x) OVER ()`, the usual way to a share of the total) count too.
      const aggregate = n.class === "FUNCTION" || (n.class === "WINDOW" && n.type === "WINDOW_AGGREGATE");
      if (!aggregate || !accept(String(n.function_name))) return;
      let arg = (n.children as Json[] | undefined)?.[0];
      while (arg?.class === "CAST" && !arg.try_cast) arg = arg.child as Json;
      if (arg?.class !== "COLUMN_REF") return;
      const column = resolveColumn(arg.column_names as string[], scope);
      if (column)
        uses.push({
          fn: String(n.function_name),
          column,
          select,
          ...((n.filter ?? n.filter_expr) ? { filter: (n.filter ?? n.filter_expr) as Json } : {}),
        });
    });
  }
  return uses;
}
