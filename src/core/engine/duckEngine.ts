import { DuckDBInstance } from "@duckdb/node-api";
import { STATS_MACROS } from "./statsMacros.ts";
import type { DuckDBConnection, DuckDBType } from "@duckdb/node-api";
import { realpathSync } from "node:fs";

export type Row = Record<string, unknown>;

/** Rows of a statement as DuckDB's JSON conversion gives them, with each column's DuckDB type. */
export interface Page {
  names: string[];
  types: DuckDBType[];
  rows: unknown[][];
}

export interface DuckEngineOptions {
  /** DuckDB worker threads; defaults to DuckDB's own choice. */
  threads?: number;
  /** DuckDB's `memory_limit` (its syntax, `768MiB`); DuckDB's default (80 % of RAM) when absent. */
  memoryLimit?: string;
  /**
   * Where DuckDB spills what does not fit its memory limit (RADAR's state folder, see
   * memoryBudget.ts); without one it never spills and fails instead.
   */
  tempDirectory?: string;
  /** Folders outside the lake DuckDB may also read: RADAR's own cache (UTF-8 copies). */
  extraReadDirs?: string[];
  /**
   * A database file to keep tables in (a session's); in memory when absent. Only this process may
   * have it open: another one gets a DatabaseBusy error.
   */
  database?: string;
}

/**
 * One DuckDB instance per lake, locked down at open: it may read only inside the lake, never load
 * or install extensions, spill only to RADAR's own temp folder (`tempDirectory`, in the state folder)
 * if given one, and its configuration cannot be changed afterwards. This is the second wall; the SQL
 * gate in `sqlGate.ts` is the first.
 */
/**
 * `RADAR_PROFILE_SQL=1`: every statement's milliseconds on stderr (how the checks' cost was taken
 * apart), its first 160 characters; `RADAR_PROFILE_SQL=full`: the whole statement.
 */
const PROFILE_SQL = Boolean(process.env.RADAR_PROFILE_SQL);
const PROFILE_CHARS = process.env.RADAR_PROFILE_SQL === "full" ? Infinity : 160;

function profiled(started: number, sql: string): void {
  process.stderr.write(
    `sql ${(performance.now() - started).toFixed(2)} ms ${sql.replace(/\s+/g, " ").slice(0, PROFILE_CHARS)}\n`,
  );
}

/** The statistical tests (statsMacros.ts) on a connection: temporary macros live per connection. */
async function registerStatsMacros(connection: DuckDBConnection): Promise<void> {
  for (const sql of STATS_MACROS) await connection.run(sql);
}

export class DuckEngine {
  private queue: Promise<unknown> = Promise.resolve();
  /** `performance.now()` time after which statements fail with OverBudget (see `limit`). */
  private deadline = Infinity;
  /** Set while a cancelled call still holds the connection: its later statements never start. */
  private cancelled: AbortSignal | undefined;

  private constructor(
    readonly lakeRoot: string,
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    /** False for a fork: closing it closes only its connection. */
    private readonly ownsInstance = true,
  ) {}

  /**
   * A second connection to the same database — same tables, same locked configuration — whose
   * statements can be limited and interrupted without touching the first connection's work
   * (validation checks run on one).
   */
  async fork(): Promise<DuckEngine> {
    const connection = await this.instance.connect();
    await registerStatsMacros(connection);
    return new DuckEngine(this.lakeRoot, this.instance, connection, false);
  }

  /**
   * Limits this connection's work to `ms` from now: a statement still running then is interrupted,
   * and later ones fail at once with OverBudget, until `clear()`.
   */
  limit(ms: number): { expired: () => boolean; clear: () => void } {
    this.deadline = performance.now() + ms;
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      this.connection.interrupt();
    }, ms);
    return {
      expired: () => expired || performance.now() >= this.deadline,
      clear: () => {
        clearTimeout(timer);
        this.deadline = Infinity;
      },
    };
  }

  static async open(lakeRoot: string, options: DuckEngineOptions = {}): Promise<DuckEngine> {
    const root = realpathSync(lakeRoot);
    const config = instanceConfig(options);
    const instance = await openInstance(options.database, config);
    const connection = await instance.connect();
    // Order matters (measured, see notes/duckdb-facts.md): the temp directory first — DuckDB adds
    // it to the allowed list silently, so it is either empty or RADAR's own spill folder, never
    // the lake —; the allowed list before external access goes off; the lock last.
    await connection.run(`SET temp_directory=${sqlString(options.tempDirectory ?? "")}`);
    const allowed = [root, ...(options.extraReadDirs ?? []).map((d) => realpathSync(d))];
    await connection.run(`SET allowed_directories=[${allowed.map(sqlString).join(", ")}]`);
    await connection.run("SET enable_external_access=false");
    await connection.run("SET lock_configuration=true");
    await registerStatsMacros(connection);
    return new DuckEngine(root, instance, connection);
  }

  /** Runs statements one at a time: a DuckDB connection executes a single query at once. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const guarded = (): Promise<T> => {
      if (performance.now() >= this.deadline) return Promise.reject(new OverBudget());
      if (this.cancelled?.aborted) return Promise.reject(new Error("INTERRUPT Error: Interrupted!"));
      return task();
    };
    const next = this.queue.then(guarded, guarded);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async all(sql: string, params?: unknown[]): Promise<Row[]> {
    return this.serial(async () => {
      const started = performance.now();
      const reader = await (
        params ? this.connection.runAndReadAll(sql, params as never) : this.connection.runAndReadAll(sql)
      ).catch((error: unknown) => {
        // The statement that failed, for RADAR_PROFILE_SQL: a check's error names no SQL.
        if (PROFILE_SQL) profiled(started, `FAILED (${String(error).split("\n")[0]}) ${sql}`);
        throw error;
      });
      const rows = reader.getRowObjectsJson() as Row[];
      if (PROFILE_SQL) profiled(started, sql);
      return rows;
    });
  }

  /** Rows with their column types, for conversion to typed JSON (see typedJson.ts). */
  async page(sql: string, params?: unknown[]): Promise<Page> {
    return this.serial(async () => {
      const started = performance.now();
      const reader = params
        ? await this.connection.runAndReadAll(sql, params as never)
        : await this.connection.runAndReadAll(sql);
      const page = { names: reader.columnNames(), types: reader.columnTypes(), rows: reader.getRowsJson() };
      if (PROFILE_SQL) profiled(started, sql);
      return page;
    });
  }

  /** Runs a statement; `params` are bound to its `$1`, `$2`… (see SqlParams). */
  async run(sql: string, params?: unknown[]): Promise<void> {
    await this.serial(async () => {
      const started = performance.now();
      if (params) await this.connection.run(sql, params as never);
      else await this.connection.run(sql);
      if (PROFILE_SQL) profiled(started, sql);
    });
  }

  /** Column names and DuckDB types of a query, without running it. */
  async describe(sql: string): Promise<{ name: string; type: string }[]> {
    const rows = await this.all(`DESCRIBE ${sql}`);
    return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
  }

  /** Statement types as DuckDB's own parser sees them (no binding, no execution). */
  async statementTypes(sql: string): Promise<number[]> {
    return this.serial(async () => {
      const extracted = await this.connection.extractStatements(sql);
      const types: number[] = [];
      for (let i = 0; i < extracted.count; i++) {
        const prepared = await extracted.prepare(i);
        types.push(prepared.statementType as number);
      }
      return types;
    });
  }

  /** Appends rows of text cells (null for empty) to an existing table through DuckDB's Appender. */
  async appendRows(
    table: string,
    rows: Iterable<(string | null)[]>,
    leading?: (index: number) => number,
  ): Promise<void> {
    await this.serial(async () => {
      const appender = await this.connection.createAppender(table);
      let index = 0;
      for (const row of rows) {
        if (leading) appender.appendInteger(leading(index));
        for (const cell of row) {
          if (cell === null) appender.appendNull();
          else appender.appendVarchar(cell);
        }
        appender.endRow();
        index++;
      }
      appender.closeSync();
    });
  }

  /**
   * Ties this connection to a call's signal until the returned function is called: once the
   * signal aborts, the running statement is interrupted and no later one starts (a call aborted
   * between two statements must not start the next, which `interrupt` alone would let run).
   */
  bind(signal: AbortSignal): () => void {
    this.cancelled = signal;
    const onAbort = (): void => this.connection.interrupt();
    signal.addEventListener("abort", onAbort);
    return () => {
      signal.removeEventListener("abort", onAbort);
      if (this.cancelled === signal) this.cancelled = undefined;
    };
  }

  /** Interrupts the running query; it rejects with "Interrupted" and the connection stays usable. */
  interrupt(): void {
    this.connection.interrupt();
  }

  close(): void {
    this.connection.closeSync();
    if (this.ownsInstance) this.instance.closeSync();
  }
}

/** Database files open in this process: DuckDB's own file lock only stops other processes. */
const openDatabases = new Set<string>();

function instanceConfig(options: Pick<DuckEngineOptions, "threads" | "memoryLimit">): Record<string, string> {
  const config: Record<string, string> = {
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
    allow_community_extensions: "false",
  };
  if (options.threads) config.threads = String(options.threads);
  if (options.memoryLimit) config.memory_limit = options.memoryLimit;
  return config;
}

/** An in-memory instance started by `openAhead`, taken by the first open with the same configuration. */
let ahead: { config: string; instance: Promise<DuckDBInstance> } | undefined;

/**
 * Starts creating an in-memory DuckDB instance now, on DuckDB's thread, for a DuckEngine.open that
 * comes later: DuckDB's start-up (~60 ms of CPU: catalog, functions) then overlaps whatever the
 * process does meanwhile (the CLI: evaluating the rest of its modules). The instance is unlocked
 * until open takes it and applies the same settings as ever; one not taken is never used.
 */
export function openAhead(options: Pick<DuckEngineOptions, "threads" | "memoryLimit"> = {}): void {
  const config = instanceConfig(options);
  const instance = DuckDBInstance.create(":memory:", config);
  instance.catch(() => undefined); // a failure surfaces in the open that takes it
  ahead = { config: JSON.stringify(config), instance };
}

async function openInstance(
  database: string | undefined,
  config: Record<string, string>,
): Promise<DuckDBInstance> {
  if (database === undefined) {
    const early = ahead?.config === JSON.stringify(config) ? ahead.instance : undefined;
    if (early) ahead = undefined;
    return early ?? DuckDBInstance.create(":memory:", config);
  }
  if (openDatabases.has(database)) throw new DatabaseBusy(database, process.pid);
  try {
    const instance = await DuckDBInstance.create(database, config);
    openDatabases.add(database);
    const close = instance.closeSync.bind(instance);
    instance.closeSync = () => {
      openDatabases.delete(database);
      close();
    };
    return instance;
  } catch (error) {
    const message = (error as Error).message;
    if (/Could not set lock on file/.test(message)) {
      const pid = /\(PID (\d+)\)/.exec(message)?.[1];
      throw new DatabaseBusy(database, pid ? Number(pid) : undefined);
    }
    throw error;
  }
}

/** The database file is open in another process (or already in this one): DuckDB allows one writer. */
export class DatabaseBusy extends Error {
  constructor(
    readonly database: string,
    readonly pid: number | undefined,
  ) {
    super(`${database} is in use by another process${pid !== undefined ? ` (PID ${pid})` : ""}`);
  }
}

/** A statement refused because the connection's time limit (`DuckEngine.limit`) had passed. */
export class OverBudget extends Error {
  constructor() {
    super("time limit reached");
  }
}

export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export function sqlIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
