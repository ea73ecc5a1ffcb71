import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { walk } from "../sandbox/sqlGate.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";
import type { Json } from "./sqlFacts.ts";

export interface CteTables {
  /** The shared state, with the query's CTEs resolvable by name as tables. */
  state: SharedState;
  /** Removes the views (always call it, also when checks stopped early). */
  drop: () => Promise<void>;
}

/**
 * The CTEs of an agent's query as tables the data checks can read, so that a LEFT JOIN between
 * two CTEs is checked like one between registered tables. Each CTE becomes a temporary view on
 * the checks' own connection — invisible to the agent's connection, dropped after the checks —
 * named as the query names it (a CTE shadows a table of the same name inside its statement, and
 * so does the view). A CTE that only selects from one registered table keeps that table's row ids,
 * so findings about its rows still point at source lines; other CTEs are derived rows.
 */
export async function cteTables(engine: DuckEngine, state: SharedState, statement: Json): Promise<CteTables> {
  const node = statement.node as Json | undefined;
  const ctes = ((node?.cte_map as Json | undefined)?.map as { key: string; value: Json }[] | undefined) ?? [];
  const created: string[] = [];
  const tables = new Map<string, TableInfo>();
  const drop = async (): Promise<void> => {
    for (const name of created.reverse()) await engine.run(`DROP VIEW IF EXISTS temp.main.${sqlIdent(name)}`);
  };
  if (ctes.length === 0) return { state, drop };
  const cteNames = new Set(ctes.map((c) => c.key.toLowerCase()));
  try {
    for (const cte of ctes) {
      const body = (cte.value.query as Json | undefined)?.node as Json | undefined;
      const base = passThroughBase(body, state, cteNames);
      const made =
        (base && (await createView(engine, node!, cte.key, base.alias))) ||
        (await createView(engine, node!, cte.key, undefined));
      if (!made) continue;
      created.push(cte.key);
      const schema = (await engine.describe(`SELECT * FROM temp.main.${sqlIdent(cte.key)}`)).filter(
        (c) => c.name !== "rowid",
      );
      tables.set(cte.key.toLowerCase(), {
        name: cte.key,
        schema,
        rowCount: base ? base.table.rowCount : largestRead(body, state),
        origin: base ? base.table.origin : { kind: "derived" },
        provenance: { kind: "query", files: [], inputs: base ? [base.table.name] : [] },
      });
    }
  } catch (error) {
    await drop();
    throw error;
  }
  if (tables.size === 0) return { state, drop };
  const overlay = Object.create(state) as SharedState;
  overlay.table = (name: string) => tables.get(name.toLowerCase()) ?? state.table(name);
  return { state: overlay, drop };
}

/** The registered table a CTE body only selects rows and columns from (no grouping, no DISTINCT). */
function passThroughBase(
  body: Json | undefined,
  state: SharedState,
  cteNames: Set<string>,
): { table: TableInfo; alias: string } | undefined {
  if (body?.type !== "SELECT_NODE") return undefined;
  const from = body.from_table as Json | undefined;
  if (from?.type !== "BASE_TABLE" || cteNames.has(String(from.table_name).toLowerCase())) return undefined;
  if (((body.group_expressions as unknown[] | undefined) ?? []).length > 0) return undefined;
  if (((body.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "DISTINCT_MODIFIER"))
    return undefined;
  const table = state.table(String(from.table_name));
  return table ? { table, alias: String(from.alias || from.table_name) } : undefined;
}

/** Rows of the largest registered table a CTE reads: a bound on its own size, for choosing how to check it. */
function largestRead(body: Json | undefined, state: SharedState): number {
  let rows = 0;
  walk(body, (n) => {
    if (n.type === "BASE_TABLE") rows = Math.max(rows, state.table(String(n.table_name))?.rowCount ?? 0);
  });
  return rows;
}

/**
 * `CREATE TEMP VIEW name AS WITH <the query's CTEs> SELECT * FROM name`, with the source row id
 * as a `rowid` column (the base table's when `rowidOf` names its alias, NULL otherwise). False when
 * DuckDB cannot bind it (e.g. aggregates without GROUP BY), in which case no view is left behind.
 */
async function createView(
  engine: DuckEngine,
  node: Json,
  name: string,
  rowidOf: string | undefined,
): Promise<boolean> {
  // The row id comes from the CTE itself when it has one, else it is NULL.
  const [row] = await engine.all("SELECT json_serialize_sql($1::VARCHAR) AS j", [
    rowidOf ? `SELECT * FROM ${sqlIdent(name)}` : `SELECT *, NULL::BIGINT AS rowid FROM ${sqlIdent(name)}`,
  ]);
  const template = JSON.parse(String(row?.j)) as { statements: { node: Json }[] };
  const outer = template.statements[0]!.node;
  const cteMap = structuredClone(node.cte_map) as { map: { key: string; value: Json }[] };
  if (rowidOf) {
    const target = cteMap.map.find((c) => c.key === name)!;
    const body = (target.value.query as Json).node as Json;
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
  outer.cte_map = cteMap;
  const [sql] = await engine.all("SELECT json_deserialize_sql($1::JSON) AS s", [JSON.stringify(template)]);
  try {
    await engine.run(`CREATE TEMP VIEW ${sqlIdent(name)} AS ${String(sql?.s)}`);
    return true;
  } catch {
    await engine.run(`DROP VIEW IF EXISTS temp.main.${sqlIdent(name)}`).catch(() => undefined);
    return false;
  }
}
