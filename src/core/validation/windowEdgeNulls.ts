import { sqlIdent } from "../engine/duckEngine.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { walk } from "../sandbox/sqlGate.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { isDerivedTable, subqueryTable } from "./derivedTables.ts";
import type { Json } from "./sqlFacts.ts";
import { parseTree, renderTree } from "./sqlText.ts";

const EDGE_WINDOWS = new Set(["WINDOW_LAG", "WINDOW_LEAD"]);

/**
 * Whether every NULL of a CTE's (or FROM-subquery's) column is one its own `lag()`/`lead()` made
 * at a window's edge — the first row has no previous one — rather than one of the data. The column's
 * expression is evaluated again with each such call given its own argument as the default
 * (`lag(t, 1, t)`): what is still NULL then comes from the data. No NULL left: the edge made them all.
 */
export async function onlyWindowEdgeNulls(
  ctx: OperatorContext,
  statement: Json,
  table: TableInfo,
  column: string,
): Promise<boolean> {
  if (!isDerivedTable(table)) return false;
  const top = statement.node as Json | undefined;
  if (!top) return false;
  const cteMap = structuredClone(top.cte_map ?? { map: [] }) as { map?: { key: string; value: Json }[] };
  const cte = cteMap.map?.find((c) => c.key.toLowerCase() === table.name.toLowerCase());
  const count = `SELECT count(*) FILTER (WHERE ${sqlIdent(column)} IS NULL) AS n FROM`;
  const tree = await parseTree(
    ctx.engine,
    cte ? `${count} ${sqlIdent(cte.key)}` : `${count} (SELECT 1) AS __radar_edge`,
  );
  const outer = tree.statements[0]!.node;
  let body: Json | undefined;
  if (cte) body = (cte.value.query as Json | undefined)?.node as Json | undefined;
  else {
    walk(top, (n) => {
      if (!body && n.type === "SUBQUERY" && subqueryTable(n) === table)
        body = structuredClone((n.subquery as Json | undefined)?.node as Json | undefined);
    });
    if (body) (outer.from_table as Json).subquery = { node: body };
  }
  if (body?.type !== "SELECT_NODE") return false;
  const item = ((body.select_list as Json[] | undefined) ?? []).find(
    (e) => String(e.alias ?? "").toLowerCase() === column.toLowerCase(),
  );
  if (!item) return false;
  let edges = 0;
  walk(item, (n) => {
    if (n.class !== "WINDOW" || !EDGE_WINDOWS.has(String(n.type)) || n.default_expr) return;
    const argument = (n.children as Json[] | undefined)?.[0];
    if (!argument) return;
    // DuckDB writes a default only after an offset: the offset is made explicit (1, lag's own).
    n.offset_expr ??= {
      class: "CONSTANT",
      type: "VALUE_CONSTANT",
      alias: "",
      query_location: 0,
      value: { type: { id: "INTEGER", type_info: null }, is_null: false, value: 1 },
    };
    n.default_expr = structuredClone(argument);
    edges++;
  });
  if (edges === 0) return false;
  outer.cte_map = cteMap;
  try {
    const [row] = await ctx.engine.all(await renderTree(ctx.engine, tree));
    return Number(row?.n ?? 1) === 0;
  } catch {
    // Not evaluable alone: the NULLs stay a finding.
    return false;
  }
}
