import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { walk } from "../sandbox/sqlGate.ts";
import { parseTree, renderTree } from "./sqlText.ts";
import { isAggregate } from "./aggregates.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";
import { overlayOf } from "../state/sessionState.ts";
import type { Json } from "./sqlFacts.ts";
import { cteEntries } from "./cteEntries.ts";

export interface DerivedTables {
  /** The shared state, with the query's CTEs resolvable by name as tables. */
  state: SharedState;
  /** Removes the views (always call it, also when checks stopped early). */
  drop: () => Promise<void>;
}

/** Views whose drop failed (the statement was interrupted), per connection, to drop next time. */
const leftBehind = new WeakMap<DuckEngine, Set<string>>();

async function dropViews(engine: DuckEngine, names: string[]): Promise<void> {
  const pending = leftBehind.get(engine) ?? new Set<string>();
  leftBehind.set(engine, pending);
  for (const name of names) pending.add(name);
  for (const name of names) {
    await engine.run(`DROP VIEW IF EXISTS temp.main.${sqlIdent(name)}`);
    pending.delete(name);
  }
}

/** FROM-subqueries of the statement being checked → the table standing for each (see `scopeOf`). */
const subqueries = new WeakMap<object, TableInfo>();

/** Tables standing for a query's CTEs and subqueries: they exist only while its checks run. */
const derived = new WeakSet<TableInfo>();

export function isDerivedTable(table: TableInfo): boolean {
  return derived.has(table);
}

/** A derived table's defining query, as parsed and without where it sits in the statement. */
const definitions = new WeakMap<TableInfo, string>();

/**
 * Whether two tables of a statement are one relation: the same table, or two subqueries (or CTEs)
 * written the same way — `(SELECT DISTINCT k, name FROM t) a JOIN (SELECT DISTINCT k, name FROM t) b`.
 */
export function sameRelation(a: TableInfo, b: TableInfo): boolean {
  if (a === b) return true;
  const [da, db] = [definitions.get(a), definitions.get(b)];
  return da !== undefined && da === db;
}

/** A derived table's defining SELECT (a fresh copy, without locations), for checks that read how it was made. */
export function definitionOf(table: TableInfo): Json | undefined {
  const text = definitions.get(table);
  return text === undefined ? undefined : (JSON.parse(text) as Json);
}

/** What a derived table is, for messages: `CTE over rainfall`, `subquery over crop_yield`. */
const kinds = new WeakMap<TableInfo, string>();

/**
 * A table as findings name it: a registered table by its name; a query's CTE or subquery by its
 * name and what it reads — `a (CTE over rainfall)` — since the agent registered no table `a`.
 */
export function tableLabel(table: TableInfo): string {
  const kind = kinds.get(table);
  return kind ? `${table.name} (${kind})` : table.name;
}

/** `table.column`, and for a CTE or subquery what it stands for: `a.year (a: CTE over rainfall)`. */
export function columnLabel(table: TableInfo, column: string): string {
  const kind = kinds.get(table);
  return kind ? `${table.name}.${column} (${table.name}: ${kind})` : `${table.name}.${column}`;
}

/** The table standing for a `(SELECT …) AS alias` in FROM while its statement is checked. */
export function subqueryTable(node: object): TableInfo | undefined {
  return subqueries.get(node);
}

/**
 * The CTEs and FROM-subqueries of an agent's query as tables the data checks can read, so that a
 * LEFT JOIN between two CTEs (or two subqueries) is checked like one between registered tables.
 * Each becomes a temporary view on the checks' own connection — invisible to the agent's
 * connection, dropped after the checks. A CTE's view has the CTE's name (a CTE shadows a table of
 * the same name inside its statement, and so does the view); a subquery's has its alias, unless
 * that would shadow a table or CTE. One that only selects from one registered table keeps that
 * table's row ids, so findings about its rows still point at source lines; others are derived rows.
 */
export async function derivedTables(
  engine: DuckEngine,
  state: SharedState,
  statement: Json,
): Promise<DerivedTables> {
  const top = statement.node as Json | undefined;
  const ctes = cteEntries(top);
  const created: string[] = [];
  const byName = new Map<string, TableInfo>();
  const bySubquery = new Map<object, TableInfo>();
  const drop = async (): Promise<void> => {
    for (const node of bySubquery.keys()) subqueries.delete(node);
    await dropViews(engine, created.reverse());
  };
  // Views an interrupted drop left behind would shadow tables of the same name: go first.
  await dropViews(engine, [...(leftBehind.get(engine) ?? [])]);
  const cteNames = new Set(ctes.map((c) => c.key.toLowerCase()));
  const taken = new Set(cteNames);
  const make = async (
    name: string,
    kind: "CTE" | "subquery",
    body: Json | undefined,
    sql: (rowidOf?: string) => Promise<string>,
  ) => {
    const base = passThroughBase(body, state, cteNames);
    const made =
      (base && (await createView(engine, name, await sql(base.alias)))) ||
      (await createView(engine, name, await sql(undefined)));
    if (!made) return undefined;
    created.push(name);
    const schema = made.filter((c) => c.name !== "rowid");
    const info: TableInfo = {
      name,
      schema,
      rowCount: base ? base.table.rowCount : largestRead(body, state),
      origin: base ? base.table.origin : { kind: "derived" },
      // A pass-through's rows are its table's rows (a total row in the file is still there).
      provenance: base ? passedProvenance(base.table, schema) : { kind: "query", files: [], inputs: [] },
    };
    derived.add(info);
    if (body)
      definitions.set(
        info,
        JSON.stringify(body, (k, v: unknown) => (k === "query_location" ? undefined : v)),
      );
    const read = tablesRead(body, state, byName);
    kinds.set(info, `${kind}${read.length ? ` over ${read.join(", ")}` : ""}`);
    return info;
  };
  try {
    for (const cte of ctes) {
      const body = (cte.value.query as Json | undefined)?.node as Json | undefined;
      const info = await make(cte.key, "CTE", body, (rowidOf) => cteViewSql(engine, top!, cte.key, rowidOf));
      if (info) byName.set(cte.key.toLowerCase(), info);
    }
    for (const sub of fromSubqueries(statement)) {
      const alias = String(sub.alias ?? "");
      if (!alias || taken.has(alias.toLowerCase()) || state.table(alias)) continue;
      taken.add(alias.toLowerCase());
      const body = (sub.subquery as Json | undefined)?.node as Json | undefined;
      const info = await make(alias, "subquery", body, (rowidOf) =>
        subqueryViewSql(engine, top!, body!, rowidOf, sub.column_name_alias),
      );
      if (info) bySubquery.set(sub, info);
    }
  } catch (error) {
    await drop();
    throw error;
  }
  for (const [node, info] of bySubquery) subqueries.set(node, info);
  if (byName.size === 0) return { state, drop };
  const overlay = overlayOf(state);
  overlay.table = (name: string) => byName.get(name.toLowerCase()) ?? state.table(name);
  return { state: overlay, drop };
}

/** `(SELECT …) AS alias` items of FROM clauses anywhere in the statement (not LATERAL-correlated ones: those fail to bind alone). */
function fromSubqueries(statement: Json): Json[] {
  const found: Json[] = [];
  walk(statement, (n) => {
    for (const from of [n.from_table, n.left, n.right] as (Json | undefined)[])
      if (from?.type === "SUBQUERY" && !found.includes(from)) found.push(from);
  });
  return found;
}

/** The registered table a body only selects rows and columns from (no grouping, no DISTINCT). */
function passThroughBase(
  body: Json | undefined,
  state: SharedState,
  cteNames: Set<string>,
): { table: TableInfo; alias: string } | undefined {
  if (body?.type !== "SELECT_NODE") return undefined;
  const from = body.from_table as Json | undefined;
  if (from?.type !== "BASE_TABLE" || cteNames.has(String(from.table_name).toLowerCase())) return undefined;
  if (((body.group_expressions as unknown[] | undefined) ?? []).length > 0) return undefined;
  // GROUP BY ALL, or an aggregate or window over the rows: derived rows, not the table's.
  if (body.aggregate_handling === "FORCE_AGGREGATES") return undefined;
  let derivedRows = false;
  walk(body.select_list, (n) => {
    if ((n.class === "FUNCTION" && isAggregate(String(n.function_name))) || n.class === "WINDOW")
      derivedRows = true;
    if (n.class === "FUNCTION" && String(n.function_name).toLowerCase() === "unnest") derivedRows = true;
  });
  if (derivedRows) return undefined;
  if (((body.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "DISTINCT_MODIFIER"))
    return undefined;
  const table = state.table(String(from.table_name));
  return table ? { table, alias: String(from.alias || from.table_name) } : undefined;
}

/**
 * A pass-through's provenance is its table's — but a union's column naming each row's file is
 * there only if the pass-through kept it (`SELECT Tag, Level FROM union` has rows of several files
 * and nothing to tell them by).
 */
function passedProvenance(table: TableInfo, schema: { name: string }[]): TableInfo["provenance"] {
  const source = table.provenance.sourceColumn?.toLowerCase();
  if (!source || schema.some((c) => c.name.toLowerCase() === source)) return table.provenance;
  const { sourceColumn: _dropped, ...rest } = table.provenance;
  return rest;
}

/** Registered tables (and earlier CTEs, by name) a body reads, in order of appearance. */
function tablesRead(body: Json | undefined, state: SharedState, ctes: Map<string, TableInfo>): string[] {
  const names: string[] = [];
  walk(body, (n) => {
    if (n.type !== "BASE_TABLE") return;
    const name = String(n.table_name);
    const known = ctes.get(name.toLowerCase()) ?? state.table(name);
    if (known && !names.includes(known.name)) names.push(known.name);
  });
  return names;
}

/** Rows of the largest registered table a body reads: a bound on its own size, for choosing how to check it. */
function largestRead(body: Json | undefined, state: SharedState): number {
  let rows = 0;
  walk(body, (n) => {
    if (n.type === "BASE_TABLE") rows = Math.max(rows, state.table(String(n.table_name))?.rowCount ?? 0);
  });
  return rows;
}

/** A body's select list with the base table's row id added as `rowid`. */
function withRowid(body: Json, rowidOf: string): void {
  body.select_list = [
    ...(body.select_list as Json[]),
    {
      class: "COLUMN_REF",
      type: "COLUMN_REF",
      alias: "rowid",
      query_location: 0,
      column_names: [rowidOf, "rowid"],
    },
  ];
}

/** `WITH <the query's CTEs> SELECT * FROM name`, with a `rowid` column (the base table's, or NULL). */
async function cteViewSql(
  engine: DuckEngine,
  top: Json,
  name: string,
  rowidOf: string | undefined,
): Promise<string> {
  const tree = await parseTree(
    engine,
    rowidOf ? `SELECT * FROM ${sqlIdent(name)}` : `SELECT *, NULL::BIGINT AS rowid FROM ${sqlIdent(name)}`,
  );
  const cteMap = structuredClone(cteClosure(top.cte_map, { type: "BASE_TABLE", table_name: name })) as {
    map: { key: string; value: Json }[];
  };
  if (rowidOf) withRowid((cteMap.map.find((c) => c.key === name)!.value.query as Json).node as Json, rowidOf);
  tree.statements[0]!.node.cte_map = cteMap;
  return renderTree(engine, tree);
}

/** `WITH <the query's CTEs> SELECT * FROM (<subquery>)`, with a `rowid` column (the base table's, or NULL). */
async function subqueryViewSql(
  engine: DuckEngine,
  top: Json,
  body: Json,
  rowidOf: string | undefined,
  columnNames?: unknown,
): Promise<string> {
  const tree = await parseTree(
    engine,
    `SELECT *${rowidOf ? "" : ", NULL::BIGINT AS rowid"} FROM (SELECT 1) AS __radar_subquery`,
  );
  const inner = structuredClone(body);
  if (rowidOf) withRowid(inner, rowidOf);
  const outer = tree.statements[0]!.node;
  (outer.from_table as Json).subquery = { node: inner };
  // `(VALUES (2001, 'a')) AS t(Year, lab)`: the names are the alias's, not the rows' (col0, col1).
  if (Array.isArray(columnNames) && columnNames.length > 0)
    (outer.from_table as Json).column_name_alias = structuredClone(columnNames);
  outer.cte_map = structuredClone(cteClosure(top.cte_map, body));
  return renderTree(engine, tree);
}

/**
 * The entries of a CTE map that `node` reads, directly or through other CTEs, in their order: a
 * view over one CTE carries only what it needs, so a query of many CTEs is not rendered once per
 * CTE in full (which grows with the square of its size).
 */
function cteClosure(cteMap: unknown, node: unknown): { map: { key: string; value: Json }[] } {
  const entries = ((cteMap as { map?: { key: string; value: Json }[] } | undefined)?.map ?? []).slice();
  const byName = new Map(entries.map((e) => [e.key.toLowerCase(), e]));
  const needed = new Set<string>();
  const pending: unknown[] = [node];
  while (pending.length > 0) {
    walk(pending.pop(), (n) => {
      if (n.type !== "BASE_TABLE") return;
      const name = String(n.table_name).toLowerCase();
      const entry = byName.get(name);
      if (!entry || needed.has(name)) return;
      needed.add(name);
      pending.push(entry.value);
    });
  }
  return { ...(cteMap as object), map: entries.filter((e) => needed.has(e.key.toLowerCase())) };
}

/**
 * Creates the view and returns its columns; undefined (and nothing left behind) when DuckDB
 * cannot bind it alone — e.g. a CTE that reads the table it shadows.
 */
async function createView(
  engine: DuckEngine,
  name: string,
  sql: string,
): Promise<{ name: string; type: string }[] | undefined> {
  try {
    await engine.run(`CREATE OR REPLACE TEMP VIEW ${sqlIdent(name)} AS ${sql}`);
    return await engine.describe(`SELECT * FROM temp.main.${sqlIdent(name)}`);
  } catch {
    await engine.run(`DROP VIEW IF EXISTS temp.main.${sqlIdent(name)}`).catch(() => undefined);
    return undefined;
  }
}
