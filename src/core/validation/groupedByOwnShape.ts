import type { Json } from "./sqlFacts.ts";
import type { TextColumnUse } from "./textColumnUses.ts";

/**
 * Whether the SELECT groups by an expression of the picked column other than the column itself
 * (its shape, length, or a part of it): the groups are kinds of its values, and a min or max in
 * each is an example of its kind (held-out IH-01 `regexp_replace("Match Date", '[0-9]', '9')`,
 * IK-07 the same over speaker counts). date-as-text and numeric-as-text read it alike.
 */
export function groupsByItsOwnShape(use: TextColumnUse): boolean {
  const list = (use.select.select_list as Json[] | undefined) ?? [];
  const target = use.column.column.toLowerCase();
  return ((use.select.group_expressions as Json[] | undefined) ?? []).some((g) => {
    const position = g.class === "CONSTANT" ? (g.value as { value?: unknown } | undefined)?.value : undefined;
    const e = typeof position === "number" && list[position - 1] ? list[position - 1]! : g;
    if (e.class === "COLUMN_REF") return false;
    let reads = false;
    const visit = (n: unknown): void => {
      if (reads || !n || typeof n !== "object") return;
      const node = n as Json;
      if (node.class === "COLUMN_REF") {
        const names = node.column_names as string[];
        if (names[names.length - 1]?.toLowerCase() === target) reads = true;
        return;
      }
      for (const v of Object.values(node)) visit(v);
    };
    visit(e);
    return reads;
  });
}
