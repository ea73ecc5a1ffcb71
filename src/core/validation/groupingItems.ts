import { isAnyAggregate } from "./aggregates.ts";
import { walkOwn } from "./sqlFacts.ts";
import type { Json } from "./sqlFacts.ts";

/**
 * What a SELECT groups by, as expressions of its own: `GROUP BY col`, an ordinal (`GROUP BY 2`:
 * the second select item), a select-list alias, or `GROUP BY ALL` (every select item that holds no
 * aggregate). `item` is the select-list position the expression comes from, when it does.
 */
export function groupingItems(select: Json): { expression: Json; item?: number }[] {
  const list = (select.select_list as Json[] | undefined) ?? [];
  const aggregated = (e: Json): boolean => {
    let found = false;
    walkOwn(e, (n) => {
      if ((n.class === "FUNCTION" && isAnyAggregate(String(n.function_name))) || n.class === "WINDOW")
        found = true;
    });
    return found;
  };
  const sameAs = (a: Json, b: Json): boolean =>
    a.class === "COLUMN_REF" &&
    b.class === "COLUMN_REF" &&
    JSON.stringify((a.column_names as string[]).map((s) => s.toLowerCase())) ===
      JSON.stringify((b.column_names as string[]).map((s) => s.toLowerCase()));
  const itemOf = (e: Json): number | undefined => {
    const i = list.findIndex((x) => sameAs(x, e));
    return i >= 0 ? i : undefined;
  };
  if (select.aggregate_handling === "FORCE_AGGREGATES")
    return list.flatMap((e, i) => (aggregated(e) ? [] : [{ expression: e, item: i }]));
  const out: { expression: Json; item?: number }[] = [];
  for (const g of (select.group_expressions as Json[] | undefined) ?? []) {
    const value = g.class === "CONSTANT" ? (g.value as { value?: unknown }).value : undefined;
    if (typeof value === "number" && Number.isInteger(value) && list[value - 1]) {
      out.push({ expression: list[value - 1]!, item: value - 1 });
      continue;
    }
    const names = g.class === "COLUMN_REF" ? (g.column_names as string[]) : [];
    const byAlias =
      names.length === 1
        ? list.findIndex((e) => String(e.alias ?? "").toLowerCase() === names[0]!.toLowerCase())
        : -1;
    if (itemOf(g) === undefined && byAlias >= 0) {
      // A select-list alias (`GROUP BY viol` for `v AS viol`): the expression it names.
      out.push({ expression: list[byAlias]!, item: byAlias });
      continue;
    }
    const item = itemOf(g);
    out.push(item !== undefined ? { expression: g, item } : { expression: g });
  }
  return out;
}
