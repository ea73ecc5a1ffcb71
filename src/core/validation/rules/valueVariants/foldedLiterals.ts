import { resolveColumn } from "../../sqlFacts.ts";
import type { ColumnOf, Json, scopeOf } from "../../sqlFacts.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import { normalisedJs } from "./spellingGroups.ts";
import { constant } from "./literalUses.ts";

/** Functions that fold spellings together: case, spaces around or inside, accents. */
const FOLDING =
  /^(lower|upper|lcase|ucase|trim|ltrim|rtrim|regexp_replace|replace|strip_accents|nfc_normalize)$/i;

/** Whether `node` is the column `c` under one or more folding functions (`lower(trim(Area))`). */
function foldedColumn(node: Json | undefined, c: ColumnOf, scope: ReturnType<typeof scopeOf>): boolean {
  let n = node;
  let folded = false;
  while (n?.class === "FUNCTION" && FOLDING.test(String(n.function_name))) {
    folded = true;
    n = ((n.children as Json[] | undefined) ?? [])[0];
  }
  if (!folded || n?.class !== "COLUMN_REF") return false;
  const r = resolveColumn(n.column_names as string[], scope);
  return r !== undefined && r.alias === c.alias && r.column === c.column;
}

/**
 * The spellings a SELECT's WHERE names for column `c` through a folding of it — `regexp_replace(
 * lower(Area), '\s+', ' ', 'g') IN ('western australia', 'westerm australia')` — in their
 * normalised form (normalisedJs). A query that picks the spellings so, and groups by the column
 * as it is, sets them side by side on purpose (held-out IM-07: the split shown to the client).
 */
export function foldedLiterals(select: Json, c: ColumnOf, scope: ReturnType<typeof scopeOf>): Set<string> {
  const named = new Set<string>();
  walk(select.where_clause, (n) => {
    if (n.class === "COMPARISON" && n.type === "COMPARE_EQUAL") {
      const [l, r] = [n.left as Json | undefined, n.right as Json | undefined];
      const value = foldedColumn(l, c, scope)
        ? constant(r)
        : foldedColumn(r, c, scope)
          ? constant(l)
          : undefined;
      if (value !== undefined) named.add(normalisedJs(value));
    }
    if (n.class === "OPERATOR" && n.type === "COMPARE_IN") {
      const [left, ...values] = (n.children as Json[] | undefined) ?? [];
      if (!foldedColumn(left, c, scope)) return;
      for (const v of values) {
        const value = constant(v);
        if (value !== undefined) named.add(normalisedJs(value));
      }
    }
  });
  return named;
}
