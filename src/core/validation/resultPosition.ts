import { walkOwn } from "./sqlFacts.ts";
import type { Json } from "./sqlFacts.ts";

/**
 * The position in the call's result of the column an aggregate feeds: the statement's own SELECT,
 * the aggregate inside one item of its select list (no `*` before it, which would shift the
 * positions). Undefined elsewhere (a CTE, a subquery, HAVING): the whole result is what it changes.
 */
export function resultPosition(statement: Json, select: Json, node: Json): number | undefined {
  if (statement.node !== select) return undefined;
  const items = (select.select_list as Json[] | undefined) ?? [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.class === "STAR" || item.class === "COLUMNS") return undefined;
    let inside = false;
    walkOwn(item, (n) => {
      if (n === node) inside = true;
    });
    if (inside) return i;
  }
  return undefined;
}
