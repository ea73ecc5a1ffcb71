import type { OperatorContext } from "../operators/operator.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { andOf, conjuncts, filterFor, predicateSql, resolveColumn, scopeOf } from "./sqlFacts.ts";
import type { Json } from "./sqlFacts.ts";
import { parseTree, renderTree } from "./sqlText.ts";
import { walk } from "../sandbox/sqlGate.ts";

/**
 * The rows a SELECT really aggregates, as a `FROM … WHERE …` clause the checks can query: the
 * SELECT's own FROM (its joins with their ON conditions and semantics — an inner join drops
 * unmatched rows, an outer join adds NULL rows) and its WHERE (with its subquery filters), plus an
 * aggregate's own FILTER. One alias of it is marked: `<alias>.__radar_rowid` is the row id of its
 * table (a source line through `locate`) and `<alias>.__radar_present` is NULL on the rows an
 * outer join made up for it. Every data check that speaks of "the rows the query keeps" reads
 * this, so what it counts is exactly what the query counted.
 *
 * When the SELECT cannot be read alone (it refers to an outer query, or reads something the checks
 * have no view of), the relation falls back to the one table with the predicates that filter it
 * (`filterFor`) — a superset of the kept rows — and says so (`exact: false`).
 */
export interface KeptRelation {
  /** ` FROM … WHERE …`, over the SELECT's aliases; always ends in a WHERE clause (`AND …` may follow). */
  from: string;
  exact: boolean;
}

export const ROWID = "__radar_rowid";
export const PRESENT = "__radar_present";

const memo = new WeakMap<object, Map<string, Promise<KeptRelation>>>();
const ids = new WeakMap<object, number>();
let nextId = 0;
const idOf = (node: object | undefined): number => {
  if (!node) return 0;
  let id = ids.get(node);
  if (id === undefined) ids.set(node, (id = ++nextId));
  return id;
};

export function keptRelation(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  options: { except?: Json; filter?: Json } = {},
): Promise<KeptRelation> {
  const perSelect = memo.get(select) ?? new Map<string, Promise<KeptRelation>>();
  memo.set(select, perSelect);
  // The state is part of the key: the same parse tree is checked with the query's CTE views.
  const key = `${idOf(ctx.state)}:${alias}:${idOf(options.except)}:${idOf(options.filter)}`;
  let found = perSelect.get(key);
  if (!found) {
    found = build(ctx, select, alias, options);
    perSelect.set(key, found);
    found.catch(() => perSelect.delete(key));
  }
  return found;
}

async function build(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  options: { except?: Json; filter?: Json },
): Promise<KeptRelation> {
  const table = scopeOf(select.from_table, ctx.state).get(alias);
  if (!table) throw new Error(`no table behind ${alias}`);
  const marked = `(SELECT *, rowid AS ${ROWID}, TRUE AS ${PRESENT} FROM ${sqlIdent(table.name)})`;
  const exact = await exactFrom(ctx, select, alias, marked, options);
  if (exact) return { from: exact, exact: true };
  let where = await filterFor(ctx.engine, select, alias, ctx.state, options.except);
  if (options.filter && onlyReads(options.filter, select, alias, ctx)) {
    const own = await predicateSql(ctx.engine, alias, [options.filter]);
    where = where === "TRUE" ? own : `(${where}) AND (${own})`;
  }
  return { from: ` FROM ${marked} AS ${sqlIdent(alias)} WHERE ${where}`, exact: false };
}

/** A SELECT over one table (no join) whose WHERE reads only that table's columns, no subquery. */
function simple(select: Json, alias: string, ctx: OperatorContext): boolean {
  const from = select.from_table as Json | undefined;
  if (from?.type !== "BASE_TABLE") return false;
  return select.where_clause ? onlyReads(select.where_clause as Json, select, alias, ctx) : true;
}

function onlyReads(expression: Json, select: Json, alias: string, ctx: OperatorContext): boolean {
  const scope = scopeOf(select.from_table, ctx.state);
  let only = true;
  walk(expression, (n) => {
    if (n.class === "COLUMN_REF" && resolveColumn(n.column_names as string[], scope)?.alias !== alias)
      only = false;
    if (n.class === "SUBQUERY") only = false;
  });
  return only;
}

/** The SELECT's own FROM and WHERE with the alias's table marked, if DuckDB can bind it alone. */
async function exactFrom(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  marked: string,
  options: { except?: Json; filter?: Json },
): Promise<string | undefined> {
  const template = await parseTree(ctx.engine, `SELECT 1 FROM ${marked} AS ${sqlIdent(alias)} WHERE TRUE`);
  const node = template.statements[0]!.node;
  const replacement = node.from_table as Json;
  let replaced = false;
  const swap = (n: Json | undefined): Json | undefined => {
    if (!n) return n;
    if (n.type === "JOIN") return { ...n, left: swap(n.left as Json), right: swap(n.right as Json) };
    const name = String(n.type === "BASE_TABLE" ? n.alias || n.table_name : (n.alias ?? "")).toLowerCase();
    if (name === alias && (n.type === "BASE_TABLE" || n.type === "SUBQUERY")) {
      replaced = true;
      return structuredClone(replacement);
    }
    return n;
  };
  const from = swap(select.from_table as Json);
  if (!replaced) return undefined;
  const where = conjuncts(select.where_clause).filter((c) => c !== options.except);
  if (options.filter) where.push(options.filter);
  node.from_table = structuredClone(from);
  // An empty WHERE stays the template's `WHERE TRUE`: callers append `AND …` to the clause.
  node.where_clause = where.length === 0 ? node.where_clause : andOf(where);
  const text = await renderTree(ctx.engine, template);
  const at = text.indexOf(" FROM ");
  if (at < 0) return undefined;
  const clause = text.slice(at);
  // One table and a WHERE of its own columns binds alone: no need to ask DuckDB.
  if (simple(select, alias, ctx)) return clause;
  try {
    await ctx.engine.describe(`SELECT 1${clause}`);
    return clause;
  } catch {
    return undefined;
  }
}
