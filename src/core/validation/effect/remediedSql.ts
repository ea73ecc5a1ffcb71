import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { Remedy } from "../../diagnostic.ts";
import type { Json } from "../sqlFacts.ts";
import { parseTree, renderTree } from "../sqlText.ts";

/**
 * The call's SQL with one input table replaced by the remedy's SELECT, through DuckDB's own parse
 * tree: every reference to the table (in the FROM of any SELECT, CTE or subquery, under its own
 * alias) reads the remedied rows instead. Undefined when the SQL does not read the table by that
 * name, or when a CTE of the same name hides it (the remedy would then apply to the wrong relation).
 */
export async function remediedSql(
  engine: DuckEngine,
  sql: string,
  remedy: Remedy,
): Promise<string | undefined> {
  const tree = await parseTree(engine, sql);
  const replacement = (await parseTree(engine, remedy.sql)).statements[0]?.node;
  const root = tree.statements[0]?.node;
  if (!root || !replacement || tree.statements.length !== 1) return undefined;
  const name = remedy.table.toLowerCase();
  let hidden = false;
  let replaced = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== "object") return;
    const n = node as Json;
    const ctes = ((n.cte_map as Json | undefined)?.map as Json[] | undefined) ?? [];
    if (ctes.some((c) => String(c.key).toLowerCase() === name)) hidden = true;
    for (const [key, child] of Object.entries(n)) {
      const c = child as Json | null;
      if (
        c &&
        typeof c === "object" &&
        !Array.isArray(c) &&
        c.type === "BASE_TABLE" &&
        !c.schema_name &&
        !c.catalog_name &&
        String(c.table_name).toLowerCase() === name
      ) {
        n[key] = {
          type: "SUBQUERY",
          alias: c.alias || c.table_name,
          sample: c.sample ?? null,
          query_location: c.query_location,
          subquery: { node: structuredClone(replacement), named_param_map: [] },
          column_name_alias: c.column_name_alias ?? [],
        };
        replaced++;
      } else visit(c);
    }
  };
  visit(root);
  if (hidden || replaced === 0) return undefined;
  return renderTree(engine, tree);
}
