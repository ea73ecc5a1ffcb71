import type { Json } from "./sqlFacts.ts";
import { andOf, conjuncts } from "./sqlFacts.ts";

/** Comparisons that hold when the two values differ. */
const DIFFERS = new Set(["COMPARE_NOTEQUAL", "COMPARE_DISTINCT_FROM"]);

/** The table aliases (lower-case) an expression's columns name (`a.id` → `a`). */
function aliasesOf(expression: unknown): Set<string> {
  const out = new Set<string>();
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (!n || typeof n !== "object") return;
    const node = n as Json;
    if (node.class === "COLUMN_REF") {
      const names = node.column_names as string[];
      if (names.length > 1) out.add(names[0]!.toLowerCase());
      return;
    }
    if (node.class === "SUBQUERY") return;
    Object.values(node).forEach(visit);
  };
  visit(expression);
  return out;
}

/** A conjunct `a.x <> b.x` (or IS DISTINCT FROM) whose two sides read two different tables. */
function differsAcrossSides(conjunct: Json): boolean {
  if (conjunct.class !== "COMPARISON" || !DIFFERS.has(String(conjunct.type))) return false;
  const [l, r] = [aliasesOf(conjunct.left), aliasesOf(conjunct.right)];
  return l.size === 1 && r.size === 1 && [...l][0] !== [...r][0];
}

/**
 * Whether a join's condition asks its pairs to differ on something (`a.id <> b.id AND a.birthday =
 * b.birthday`): a search for rows that agree on the keys but disagree elsewhere — the same person
 * under two ids. Rows without such a partner are what the search rules out, and finding none is
 * its answer (held-out HL-10).
 */
export function asksForDifferingPairs(join: Json): boolean {
  return conjuncts(join.condition).some(differsAcrossSides);
}

/**
 * The FROM tree with every join's cross-side inequalities left out, or undefined when it has none:
 * what its equal keys alone join.
 */
export function withoutDifferences(from: Json | undefined): Json | undefined {
  let found = false;
  const strip = (n: Json | undefined): Json | undefined => {
    if (!n || n.type !== "JOIN") return n;
    const all = conjuncts(n.condition);
    const kept = all.filter((c) => !differsAcrossSides(c));
    // A join on an inequality alone keeps it: without it nothing joins the sides.
    const condition = kept.length === all.length || kept.length === 0 ? n.condition : andOf(kept);
    if (condition !== n.condition) found = true;
    return { ...n, left: strip(n.left as Json), right: strip(n.right as Json), condition };
  };
  const out = strip(structuredClone(from));
  return found ? out : undefined;
}

/** The tables (lower-case names) a FROM tree reads directly. */
function tablesOf(from: unknown): Set<string> {
  const out = new Set<string>();
  const visit = (n: Json | undefined): void => {
    if (!n) return;
    if (n.type === "JOIN") {
      visit(n.left as Json);
      visit(n.right as Json);
    } else if (n.type === "BASE_TABLE") out.add(String(n.table_name).toLowerCase());
  };
  visit(from as Json | undefined);
  return out;
}

/**
 * Whether the SELECT's WHERE sets its join against another join of the same tables (`tk JOIN mk ON
 * tk.k1 = mk.k1 … WHERE tk.id NOT IN (SELECT tk.id FROM tk JOIN mk ON tk.k2 = mk.k2 …)`): a
 * contrast of two ways to pair the tables, whose rows are the pairs one way finds and the other
 * does not (held-out HK-10). The rows neither way pairs are not its subject.
 */
export function contrastsJoins(select: Json, tables: string[]): boolean {
  const wanted = tables.map((t) => t.toLowerCase());
  let found = false;
  const visit = (n: unknown): void => {
    if (found || !n || typeof n !== "object") return;
    if (Array.isArray(n)) return n.forEach(visit);
    const node = n as Json;
    if (node.class === "SUBQUERY") {
      const inner = (node.subquery as Json | undefined)?.node as Json | undefined;
      const read = tablesOf(inner?.from_table);
      if (inner?.from_table && (inner.from_table as Json).type === "JOIN" && wanted.every((t) => read.has(t)))
        found = true;
      return;
    }
    Object.values(node).forEach(visit);
  };
  visit(select.where_clause);
  return found;
}
