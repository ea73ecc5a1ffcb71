import type { OperatorContext } from "../operators/operator.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { LINEAGE_DEPTH } from "./columnLineage.ts";
import { definitionOf } from "./derivedTables.ts";
import type { Json } from "./sqlFacts.ts";
import { parseTree } from "./sqlText.ts";
import { cteEntries } from "./cteEntries.ts";

/** A column of a table read from files (a Scan, UnionScan or Bash table, or a pass-through of one). */
export interface LabelSource {
  table: TableInfo;
  column: string;
}

/** Functions that keep one of their arguments' values as they are (a FULL JOIN's `coalesce(a.k, b.k)`). */
const PASSING = new Set(["coalesce", "ifnull", "nvl"]);

/**
 * The columns of file-read tables that a text column of a derived table passes its values through
 * from, as written: followed through the SELECT that made it (a Query's table, a CTE, a
 * subquery), its CTEs and FROM-subqueries, and earlier Queries, up to `LINEAGE_DEPTH` steps —
 * where the column is a bare reference, `*`, or a coalesce of references (the key of a FULL JOIN
 * of two selections). Empty when it is computed (a CASE, a concatenation): its values are then
 * not the file's.
 */
export async function labelSources(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  depth = LINEAGE_DEPTH,
): Promise<LabelSource[]> {
  if (table.provenance.kind !== "query") return [{ table, column }];
  if (depth <= 0) return [];
  let body = definitionOf(table);
  if (!body) {
    const sql = table.provenance.sql;
    if (!sql) return [];
    const tree = await parseTree(ctx.engine, sql).catch(() => undefined);
    if (!tree || tree.statements.length !== 1) return [];
    body = tree.statements[0]!.node;
  }
  return fromSelect(ctx, body, new Map(), column, depth);
}

function cteBodies(node: Json, outer: Map<string, Json>): Map<string, Json> {
  const entries = cteEntries(node);
  if (entries.length === 0) return outer;
  const out = new Map(outer);
  for (const e of entries) {
    const body = (e.value.query as Json | undefined)?.node as Json | undefined;
    if (body) out.set(e.key.toLowerCase(), body);
  }
  return out;
}

/** The sources of `column` of what a SELECT (or a set operation's branches) returns. */
async function fromSelect(
  ctx: OperatorContext,
  node: Json,
  ctes: Map<string, Json>,
  column: string,
  depth: number,
): Promise<LabelSource[]> {
  if (depth <= 0) return [];
  const scope = cteBodies(node, ctes);
  if (node.type === "SET_OPERATION_NODE") {
    const out: LabelSource[] = [];
    for (const side of [node.left, node.right] as (Json | undefined)[])
      if (side) out.push(...(await fromSelect(ctx, side, scope, column, depth)));
    return out;
  }
  if (node.type !== "SELECT_NODE") return [];
  const name = column.toLowerCase();
  const list = (node.select_list as Json[] | undefined) ?? [];
  const item =
    list.find((e) => String(e.alias ?? "").toLowerCase() === name) ??
    list.find(
      (e) =>
        !e.alias &&
        e.class === "COLUMN_REF" &&
        String((e.column_names as string[]).at(-1)).toLowerCase() === name,
    );
  const refs: string[][] = [];
  if (item) {
    const passed = (e: Json): void => {
      if (e.class === "COLUMN_REF") refs.push(e.column_names as string[]);
      else if (
        (e.class === "FUNCTION" && PASSING.has(String(e.function_name).toLowerCase())) ||
        (e.class === "OPERATOR" && e.type === "OPERATOR_COALESCE")
      )
        for (const c of (e.children as Json[] | undefined) ?? []) passed(c);
    };
    passed(item);
    if (refs.length === 0) return [];
  } else if (list.some((e) => e.class === "STAR")) refs.push([column]);
  else return [];
  const relations = fromRelations(node.from_table as Json | undefined);
  const out: LabelSource[] = [];
  for (const ref of refs) {
    const [qualifier, field] =
      ref.length >= 2 ? [ref.at(-2)!.toLowerCase(), ref.at(-1)!] : [undefined, ref[0]!];
    for (const r of relations) {
      if (qualifier !== undefined && r.alias !== qualifier) continue;
      out.push(...(await fromRelation(ctx, r.node, scope, field, depth)));
    }
  }
  return out;
}

/** The relations of a FROM tree with their aliases (lower case). */
function fromRelations(from: Json | undefined): { alias: string; node: Json }[] {
  if (!from) return [];
  if (from.type === "JOIN")
    return [...fromRelations(from.left as Json), ...fromRelations(from.right as Json)];
  if (from.type === "BASE_TABLE")
    return [{ alias: String(from.alias || from.table_name).toLowerCase(), node: from }];
  if (from.type === "SUBQUERY") return [{ alias: String(from.alias ?? "").toLowerCase(), node: from }];
  return [];
}

async function fromRelation(
  ctx: OperatorContext,
  relation: Json,
  ctes: Map<string, Json>,
  column: string,
  depth: number,
): Promise<LabelSource[]> {
  if (relation.type === "SUBQUERY") {
    const body = (relation.subquery as Json | undefined)?.node as Json | undefined;
    return body ? fromSelect(ctx, body, ctes, column, depth) : [];
  }
  const name = String(relation.table_name).toLowerCase();
  const cte = ctes.get(name);
  // A CTE is a step too: a recursive one ends there.
  if (cte) return fromSelect(ctx, cte, ctes, column, depth - 1);
  const table = ctx.state.table(name);
  if (!table) return [];
  const own = table.schema.find((c) => c.name.toLowerCase() === column.toLowerCase());
  return own ? labelSources(ctx, table, own.name, depth - 1) : [];
}
