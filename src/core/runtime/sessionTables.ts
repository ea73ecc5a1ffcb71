import { Rejection } from "../diagnostic.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { DuckEngine } from "../engine/duckEngine.ts";
import type { Preview } from "../operators/preview.ts";
import { previewTable } from "../operators/preview.ts";
import { MAX_PREVIEW_ROWS } from "../operators/previewRows.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";
import { dropOrphanGrids } from "./tableAdoption.ts";
import { staleness } from "./tableStaleness.ts";

/** A table of the session as `tables()` lists it. */
export interface TableListing {
  name: string;
  rows: number;
  columns: { name: string; type: string }[];
  /** scan, union or query. */
  kind: TableInfo["provenance"]["kind"];
  /** Files read (scan, union) or tables read (query). */
  from: string[];
  /** The call that registered it. */
  producedBy?: { runId: string; index: number };
  /** Why it may no longer match its files; absent when it does. */
  stale?: string;
}

/** A page of a table's rows (`show`): typed values, their source lines, and where it sits. */
export interface TablePage extends Preview {
  table: string;
  rowCount: number;
  offset: number;
  stale?: string;
}

/** The session's tables, by name, with where each came from and whether its files changed. */
export function listTables(lakeRoot: string, state: SharedState): TableListing[] {
  return [...state.tables.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => {
      const stale = staleness(lakeRoot, t);
      return {
        name: t.name,
        rows: t.rowCount,
        columns: t.schema,
        kind: t.provenance.kind,
        from:
          t.provenance.kind === "query"
            ? (t.provenance.inputs ?? [])
            : t.provenance.files.map((f) => (f.sheet ? `${f.path} [${f.sheet}]` : f.path)),
        ...(t.producedBy ? { producedBy: t.producedBy } : {}),
        ...(stale ? { stale } : {}),
      };
    });
}

/** The table `show` asks for, or an `unknown-table` rejection naming the tables there are. */
export function tableToShow(state: SharedState, name: string, session: string | undefined): TableInfo {
  const info = state.table(name);
  if (info) return info;
  const known = [...state.tables.values()].map((t) => t.name);
  throw new Rejection({
    code: "unknown-table",
    severity: "error",
    message: `No table "${name}" in this ${session ? `session ("${session}")` : "runtime"}.${known.length ? ` Tables: ${known.sort().join(", ")}.` : " It has no tables yet."}`,
    locations: [],
  });
}

/**
 * A page of a table: `rows` rows from `offset`, typed, with their source lines. `agent: true`
 * (a tool call of an agent) bounds the rows and counts them as shown to it.
 */
export async function tablePage(
  engine: DuckEngine,
  lakeRoot: string,
  state: SharedState,
  info: TableInfo,
  options: { rows?: number; offset?: number; agent?: boolean },
): Promise<TablePage> {
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const wanted = options.rows ?? 20;
  const rows = options.agent ? Math.min(MAX_PREVIEW_ROWS, wanted) : wanted;
  const preview = await previewTable(engine, state, info, rows, offset, options.agent === true);
  const stale = staleness(lakeRoot, info);
  return { ...preview, table: info.name, rowCount: info.rowCount, offset, ...(stale ? { stale } : {}) };
}

/**
 * The rows of a table (from `offset`, `rows` of them or all) in pages of 10,000, typed: a large
 * table is never held whole in memory.
 */
export async function* pagesOfTable(
  engine: DuckEngine,
  state: SharedState,
  name: string,
  options: { rows?: number; offset?: number },
): AsyncGenerator<Preview> {
  const info = state.table(name);
  if (!info)
    throw new Rejection({
      code: "unknown-table",
      severity: "error",
      message: `No table "${name}".`,
      locations: [],
    });
  const end =
    options.rows === undefined
      ? info.rowCount
      : Math.min(info.rowCount, (options.offset ?? 0) + options.rows);
  const chunk = 10_000;
  for (let at = options.offset ?? 0; at < end; at += chunk)
    yield previewTable(engine, state, info, Math.min(chunk, end - at), at, false);
}

/** The tables `drop` names, or an `unknown-table` rejection for the first that is not there. */
export function tablesToDrop(state: SharedState, names: string[]): TableInfo[] {
  const gone: TableInfo[] = [];
  for (const name of names) {
    const info = state.table(name);
    if (!info)
      throw new Rejection({
        code: "unknown-table",
        severity: "error",
        message: `No table "${name}" to drop.${
          state.tables.size
            ? ` Tables: ${[...state.tables.values()]
                .map((t) => t.name)
                .sort()
                .join(", ")}.`
            : ""
        }`,
        locations: [],
      });
    gone.push(info);
  }
  return gone;
}

/** Drops tables from DuckDB and the session, then the line tables no other table points at. */
export async function dropTables(engine: DuckEngine, state: SharedState, gone: TableInfo[]): Promise<void> {
  for (const info of gone) {
    await engine.run(`DROP TABLE IF EXISTS ${sqlIdent(info.name)}`);
    state.unregister(info.name);
  }
  for (const info of gone) await dropOrphanGrids(state, info, engine);
}

/** Drops every table of the session's database (line tables and scratch tables too). */
export async function dropEveryTable(engine: DuckEngine): Promise<void> {
  const rows = await engine.all(
    "SELECT table_name AS t FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'",
  );
  for (const r of rows) await engine.run(`DROP TABLE IF EXISTS ${sqlIdent(String(r.t))}`);
}
