import type { Json } from "./sqlFacts.ts";

/** A WITH clause's entry in DuckDB's parse tree: the CTE's name and its definition. */
export interface CteEntry {
  key: string;
  value: Json;
}

/** The CTEs a query node defines (`WITH a AS (…), b AS (…)`), in their order; none when it has no WITH. */
export function cteEntries(node: Json | undefined): CteEntry[] {
  return ((node?.cte_map as Json | undefined)?.map as CteEntry[] | undefined) ?? [];
}

/** The query node of the CTE named `name` (case-insensitive, as SQL names are) among `entries`. */
export function cteQuery(entries: readonly CteEntry[], name: string): Json | undefined {
  const wanted = name.toLowerCase();
  const entry = entries.find((c) => String(c.key).toLowerCase() === wanted);
  return ((entry?.value.query as Json | undefined)?.node as Json | undefined) ?? undefined;
}
