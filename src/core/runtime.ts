import { mkdirSync, realpathSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { z } from "zod";
import { DatabaseBusy, DuckEngine, sqlIdent } from "./engine/duckEngine.ts";
import { memoryBudget, spillDir } from "./engine/memoryBudget.ts";
import { Rejection } from "./diagnostic.ts";
import {
  DEFAULT_VALIDATION_BUDGET,
  beginAfterChecks,
  validateBefore,
  validateFinal,
} from "./validation/validate.ts";
import type { ValidationBudget } from "./validation/validate.ts";
import type { CallFacts } from "./validation/validationRule.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { effectiveReader, readerKey } from "./sourceMap/readerOptions.ts";
import type { ReaderOptions } from "./sourceMap/readerOptions.ts";
import { DiscoverIndex } from "./discover/discoverIndex.ts";
import { executionBudgetMs, withExecutionBudget } from "./executionBudget.ts";
import type { Operator, OperatorContext, OperatorName, OperatorResult } from "./operators/operator.ts";
import { operatorNames, operators } from "./operators/registry.ts";
import { previewTable } from "./operators/preview.ts";
import { MAX_PREVIEW_ROWS } from "./operators/previewRows.ts";
import type { Preview } from "./operators/preview.ts";
import { PREVIEW_ROWS, requireTable } from "./operators/scan.ts";
import { QUERY_RECORDS } from "./operators/query.ts";
import { tableNameFor } from "./operators/tableName.ts";
import { expandFiles } from "./operators/unionScan.ts";
import { stateDirFor } from "./radarDir.ts";
import { buildSourceMap, readMapInputs } from "./sourceMap/buildSourceMap.ts";
import type { BuildStats, MapInputs, MapProgress } from "./sourceMap/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "./sourceMap/sourceEntry.ts";
import { gridTablesOf, SharedState, snapshotOf } from "./state/sharedState.ts";
import type { FileFingerprint, TableInfo, TableSnapshot } from "./state/sharedState.ts";
import {
  busyError,
  checkSessionName,
  claimSession,
  readSession,
  releaseSession,
  sessionDatabase,
  sessionDir,
  writeSession,
} from "./state/sessionStore.ts";
import type { SessionFile } from "./state/sessionStore.ts";
import type { CallEvent, LayerEvent, TraceEvent, TraceListener } from "./trace/traceEvents.ts";
import { TraceFile, newRunId } from "./trace/traceFile.ts";
import { dependencies, planCall, producerOf, repeats } from "./batchPlan.ts";
import { settleBatch } from "./validation/batchSettle.ts";
import { beginBatch } from "./validation/shownLines.ts";
import { describeFailure } from "./failures.ts";
import { startupMark } from "./startupProfile.ts";
import { extremesFit, typedByName } from "./engine/typedJson.ts";
import { issuesText } from "./text.ts";

export interface RuntimeOptions {
  /**
   * Whether the Bash operator may run (default true). A function is asked at every call, for a
   * host whose answer can change during a session (an editor's workspace trust).
   */
  allowBash?: boolean | (() => boolean);
  onMapProgress?: (progress: MapProgress) => void;
  /**
   * The lake's state directory — Source Map cache, sessions, traces — as a host chooses it
   * (default: a folder per lake under the user's cache directory; see radarDir.ts).
   */
  radarDir?: string;
  /** The same as `radarDir` (the name the CLI's `--state-dir` uses). */
  stateDir?: string;
  /**
   * A named session: its tables, coverage and runs persist in the state directory, and the next
   * runtime opened with the same name goes on with them. Without one, state lives only in memory.
   */
  session?: string;
  /** What holds the session, shown to another process that wants it (`radar batch calls.json`). */
  owner?: string;
  threads?: number;
  /**
   * The process's memory budget (`1GB`, `512MB`; see memoryBudget.ts): DuckDB gets its share as
   * `memory_limit` and spills to the state folder. Default: RADAR_MEMORY_LIMIT, then 1 GB.
   */
  memoryLimit?: string;
  question?: string;
  /** Run the checks after execution (default true). Before-execution checks — the sandbox — always run. */
  validate?: boolean;
  /**
   * How long after-execution checks may take per call (default DEFAULT_VALIDATION_BUDGET: for
   * calls over a million rows, the larger of 200 ms and 20 % of the call's own time); `false` for
   * no limit.
   */
  validationBudget?: ValidationBudget | false;
  /**
   * Start a Query's checks that read only its inputs while it executes (default true): they run
   * on the checks' own connection, so what validation adds to the call is mostly the checks that
   * read its result. `false` runs every check after execution.
   */
  checksAlongside?: boolean;
  /** How long one call's own DuckDB work may take (see executionBudget.ts); `false` for no limit. */
  executionBudgetMs?: number | false;
  /** Calls of a batch that may run at once when they do not depend on each other (default 2). */
  concurrency?: number;
}

/** A call as a batch file or a tool gives it: `{"op": "Scan", "file": "…"}`. */
export type OperatorCall = { op: string } & Record<string, unknown>;

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

/** One connection for the calls and one for their checks: a batch runs calls on several at once. */
interface Lane {
  engine: DuckEngine;
  checks: DuckEngine;
}

const DEFAULT_CONCURRENCY = 2;

/**
 * The runtime over one lake: the locked-down engine, the Source Map, the shared state and the
 * trace of one run. Every operator call goes through `call` (or `runBatch`), which parses,
 * validates, executes and records.
 *
 * For a host (the editor, the CLI, the MCP server) the whole API is:
 * - `Runtime.open(lake, { radarDir?, session? … })` — or `Runtime.start` to answer before the
 *   Source Map is built (`ready` settles when it is);
 * - `call`, `runBatch`, `finalChecks`, `end`, `nextRun`, `record`, `onEvent`, `close`;
 * - the session's tables: `tables()`, `show(name, {rows, offset})`, `drop(names)`, `reset()`.
 */
export class Runtime {
  readonly state = new SharedState();
  /** Changes when the runtime goes on with a new question over the same state (`nextRun`). */
  runId = newRunId();
  trace: TraceFile;
  /** Settles when the Source Map is built; calls wait for it. */
  readonly ready: Promise<void>;
  private readonly listeners: TraceListener[] = [];
  private readonly progressListeners = new Set<(p: MapProgress) => void>();
  private lastProgress: MapProgress | undefined;
  private entries = new Map<string, SourceEntry>();
  private currentMap: SourceMap;
  private currentStats: BuildStats = { files: 0, profiled: 0, fromCache: 0 };
  private index?: DiscoverIndex;
  private callCount = 0;
  private readonly lanes: Lane[];
  private readonly idle: Lane[];
  private readonly waiting: ((lane: Lane) => void)[] = [];
  private sessionFile?: SessionFile;
  private remapping: Promise<void> | undefined;
  private shut = false;

  private constructor(
    readonly engine: DuckEngine,
    /** A second connection for the after-execution checks, so they can be limited on their own. */
    readonly checksEngine: DuckEngine,
    readonly stateDir: string,
    /** The named session, when there is one. */
    readonly session: string | undefined,
    private readonly options: RuntimeOptions,
  ) {
    this.currentMap = { root: engine.lakeRoot, builtAt: new Date().toISOString(), files: [] };
    this.lanes = [{ engine, checks: checksEngine }];
    this.idle = [this.lanes[0]!];
    this.trace = new TraceFile(stateDir, this.runId);
    this.listeners.push((event) => this.trace.append(event));
    this.ready = Promise.resolve();
  }

  /** Opens the runtime over a lake and builds (or loads) its Source Map. */
  static async open(lake: string, options: RuntimeOptions = {}): Promise<Runtime> {
    const runtime = await Runtime.start(lake, options);
    try {
      await runtime.ready;
    } catch (error) {
      runtime.close();
      throw error;
    }
    return runtime;
  }

  /**
   * Opens the runtime at once — engine, session — and builds the Source Map in the background:
   * `ready` settles when it is built, and every call waits for it. A named session another
   * process holds fails with a SessionError (`session-busy`).
   */
  static async start(lake: string, options: RuntimeOptions = {}): Promise<Runtime> {
    const lakeRoot = realpathSync(lake);
    const stateDir = stateDirFor(lakeRoot, options.stateDir ?? options.radarDir);
    const session = options.session !== undefined ? checkSessionName(options.session) : undefined;
    // DuckDB reads the lake and RADAR's UTF-8 copies of legacy-encoded files, nothing else of
    // the state directory (not the sessions' databases, not the traces).
    const utf8 = join(stateDir, "utf8");
    mkdirSync(utf8, { recursive: true });
    const inLake = utf8.startsWith(`${lakeRoot}/`);
    if (session) mkdirSync(sessionDir(stateDir, session), { recursive: true });
    // The crawl and the cache read run while DuckDB opens (its start-up is on its own thread).
    const inputs = readMapInputs(lakeRoot, stateDir);
    inputs.catch(() => undefined); // an error surfaces when the map awaits it
    const budget = memoryBudget(options.memoryLimit);
    let engine: DuckEngine;
    try {
      engine = await DuckEngine.open(lakeRoot, {
        extraReadDirs: inLake ? [] : [utf8],
        ...(options.threads ? { threads: options.threads } : {}),
        memoryLimit: budget.duckdbLimit,
        tempDirectory: spillDir(stateDir),
        ...(session ? { database: sessionDatabase(stateDir, session) } : {}),
      });
    } catch (error) {
      if (error instanceof DatabaseBusy && session) throw busyError(stateDir, session, error.pid);
      throw error;
    }
    startupMark("DuckDB open");
    let runtime: Runtime;
    try {
      runtime = new Runtime(engine, await engine.fork(), stateDir, session, options);
      if (session) await runtime.loadSession(lakeRoot, session);
    } catch (error) {
      engine.close();
      throw error;
    }
    runtime.emit({
      type: "run-start",
      runId: runtime.runId,
      lake: lakeRoot,
      startedAt: new Date().toISOString(),
      ...(options.question ? { question: options.question } : {}),
      ...(runtime.previousRun() ? { continues: runtime.previousRun()! } : {}),
      ...(session ? { session } : {}),
    });
    runtime.noteRun();
    (runtime as { ready: Promise<void> }).ready = runtime.mapLake(inputs);
    // A runtime closed before its map is built must not leave an unhandled rejection behind.
    runtime.ready.catch(() => undefined);
    return runtime;
  }

  get lakeRoot(): string {
    return this.engine.lakeRoot;
  }

  /** The lake's state directory (the older name). */
  get radarDir(): string {
    return this.stateDir;
  }

  /** The Source Map (empty until `ready`). */
  get map(): SourceMap {
    return this.currentMap;
  }

  get mapStats(): BuildStats {
    return this.currentStats;
  }

  /** The latest progress of the Source Map being built, if it is. */
  get mapProgress(): MapProgress | undefined {
    return this.lastProgress;
  }

  /** Follows the Source Map being built; the returned function stops following. */
  onMapProgress(listener: (p: MapProgress) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  private async mapLake(inputs?: Promise<MapInputs>): Promise<void> {
    const { map, stats } = await buildSourceMap(this.engine, {
      cacheDir: this.stateDir,
      ...(inputs ? { inputs } : {}),
      onProgress: (p) => {
        this.lastProgress = p;
        this.options.onMapProgress?.(p);
        for (const l of this.progressListeners) l(p);
      },
    });
    this.currentMap = map;
    this.currentStats = stats;
    this.entries = new Map(map.files.map((f) => [f.path, f]));
    this.index = undefined;
    this.lastProgress = undefined;
    startupMark(`Source Map ready (${stats.fromCache} of ${stats.files} files from the cache)`);
  }

  /**
   * Files changed since the Source Map was built (a long-lived runtime, an MCP server): map them
   * again — unchanged files come from the cache — before a call reads them.
   */
  private async remapIfChanged(paths: string[]): Promise<void> {
    const changed = paths.some((p) => {
      const e = this.entries.get(p);
      if (!e) return false;
      const now = statSync(join(this.lakeRoot, p), { throwIfNoEntry: false });
      return !now || now.size !== e.bytes || now.mtimeMs !== e.mtimeMs;
    });
    // One re-map at a time, whichever calls of a batch find the change.
    if (changed) await (this.remapping ??= this.mapLake().finally(() => (this.remapping = undefined)));
  }

  private async loadSession(lakeRoot: string, name: string): Promise<void> {
    claimSession(this.stateDir, name, this.options.owner ?? `process ${process.pid}`);
    const saved = readSession(this.stateDir, name);
    const now = new Date().toISOString();
    this.sessionFile = saved ?? {
      version: 1,
      name,
      lake: lakeRoot,
      createdAt: now,
      updatedAt: now,
      runs: [],
      state: this.state.serialize(),
    };
    if (!saved) return;
    this.state.restore(saved.state);
    // Tables the session file lists but its database lacks (a process stopped between the two)
    // are forgotten rather than offered.
    const present = new Set(
      (
        await this.engine.all(
          "SELECT lower(table_name) AS t FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'",
        )
      ).map((r) => String(r.t)),
    );
    for (const info of [...this.state.tables.values()])
      if (!present.has(info.name.toLowerCase())) this.state.unregister(info.name);
  }

  private previousRun(): string | undefined {
    return this.sessionFile?.runs.at(-1);
  }

  private noteRun(): void {
    if (!this.sessionFile) return;
    this.sessionFile.runs.push(this.runId);
    this.persist();
  }

  /** Writes the session's state (after every call: a crash loses at most the call in flight). */
  private persist(): void {
    if (!this.sessionFile || !this.session) return;
    this.sessionFile.state = this.state.serialize();
    this.sessionFile.updatedAt = new Date().toISOString();
    writeSession(this.stateDir, this.sessionFile);
  }

  /** Run ids of the session, oldest first (only this run's without a session). */
  get runs(): string[] {
    return this.sessionFile ? [...this.sessionFile.runs] : [this.runId];
  }

  /** Adds a listener; the returned function removes it (a caller done with a kept runtime). */
  onEvent(listener: TraceListener): () => void {
    this.listeners.push(listener);
    return () => this.offEvent(listener);
  }

  offEvent(listener: TraceListener): void {
    const at = this.listeners.indexOf(listener);
    if (at >= 0) this.listeners.splice(at, 1);
  }

  /**
   * Starts a new run over the same engine and shared state — a follow-up question that reuses the
   * tables registered so far. It gets its own run id and trace file; its `run-start` names the run
   * it continues, so the audit trail of those tables stays one link away.
   */
  nextRun(question?: string): void {
    const previous = this.runId;
    this.trace.close();
    this.runId = newRunId();
    this.trace = new TraceFile(this.stateDir, this.runId);
    this.callCount = 0;
    this.emit({
      type: "run-start",
      runId: this.runId,
      lake: this.lakeRoot,
      startedAt: new Date().toISOString(),
      ...(question ? { question } : {}),
      continues: previous,
      ...(this.session ? { session: this.session } : {}),
    });
    this.noteRun();
  }

  private emit(event: TraceEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Records an event of the layer driving the runtime (the agent) in the trace, in call order. */
  record(event: LayerEvent): void {
    this.emit(event);
  }

  entry(path: string): SourceEntry | undefined {
    return this.entries.get(path) ?? this.entries.get(path.replace(/^\.\//, ""));
  }

  /** A Query whose output replaces one of the tables it reads (`rain` → `rain`). */
  private replacesInput(facts: CallFacts): boolean {
    const output = typeof facts.args.output === "string" ? facts.args.output.toLowerCase() : undefined;
    const inputs = Array.isArray(facts.args.inputs) ? (facts.args.inputs as unknown[]) : [];
    return output !== undefined && inputs.some((i) => String(i).toLowerCase() === output);
  }

  private context(lane: Lane, signal?: AbortSignal): OperatorContext {
    return {
      engine: lane.engine,
      lakeRoot: this.lakeRoot,
      radarDir: this.stateDir,
      map: this.map,
      state: this.state,
      discover: () => (this.index ??= new DiscoverIndex(this.map)),
      entry: (path) => this.entry(path),
      allowBash:
        typeof this.options.allowBash === "function"
          ? this.options.allowBash()
          : (this.options.allowBash ?? true),
      ...(signal ? { signal } : {}),
    };
  }

  /** Validates, executes and records one call. Never throws: failures are statuses. */
  async call(raw: OperatorCall, signal?: AbortSignal, skipReason?: string): Promise<CallEvent> {
    // A call made on its own is a batch of one: what was printed before it was seen.
    beginBatch(this.state);
    const index = this.callCount++;
    const lane = await this.acquire();
    let event: CallEvent;
    try {
      event = await this.perform(raw, index, lane, signal, skipReason);
    } finally {
      this.release(lane);
    }
    this.finish(event);
    return event;
  }

  /** The event is final: into the trace, and the session's state onto disk. */
  private finish(event: CallEvent): void {
    this.emit(event);
    this.persist();
  }

  private async acquire(): Promise<Lane> {
    const free = this.idle.pop();
    if (free) return free;
    const limit = Math.max(
      1,
      this.options.concurrency ?? Math.min(DEFAULT_CONCURRENCY, availableParallelism()),
    );
    if (this.lanes.length < limit) {
      const lane = { engine: await this.engine.fork(), checks: await this.engine.fork() };
      this.lanes.push(lane);
      return lane;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(lane: Lane): void {
    const next = this.waiting.shift();
    if (next) next(lane);
    else this.idle.push(lane);
  }

  private async perform(
    raw: OperatorCall,
    index: number,
    lane: Lane,
    signal?: AbortSignal,
    skipReason?: string,
  ): Promise<CallEvent> {
    const startedAt = new Date();
    const { op, ...args } = raw;
    const event: CallEvent = {
      type: "call",
      runId: this.runId,
      index,
      op,
      args,
      inputs: [],
      status: "ok",
      diagnostics: [],
      startedAt: startedAt.toISOString(),
      durationMs: 0,
    };
    const unbind = signal ? [lane.engine.bind(signal), lane.checks.bind(signal)] : [];
    let files: string[] = [];
    try {
      await this.ready;
      const operator = operatorNames.includes(op as OperatorName) ? operators[op as OperatorName] : undefined;
      if (!operator) {
        event.status = "rejected";
        event.diagnostics.push(invalid(`Unknown operator "${op}". Operators: ${operatorNames.join(", ")}.`));
      } else {
        const parsed = (operator.schema as z.ZodType).safeParse(args);
        if (!parsed.success) {
          event.status = "rejected";
          event.diagnostics.push(invalid(`${op}: ${issuesText(parsed.error.issues)}`));
        } else {
          const data = parsed.data as Record<string, unknown>;
          event.inputs = operator.inputsOf(parsed.data as never);
          if (skipReason) {
            event.status = "skipped";
            event.error = skipReason;
          } else {
            if (signal?.aborted) throw new Error("cancelled before it started");
            files = this.filesOf(op, data);
            await this.remapIfChanged(files);
            const ctx = this.context(lane, signal);
            await this.run(op as OperatorName, operator, data, ctx, lane, event);
            // Reader options re-mapped files in place: Discover indexes their new columns.
            if (data.reader !== undefined) this.index = undefined;
          }
        }
      }
    } catch (error) {
      if (error instanceof Rejection) {
        event.status = "rejected";
        event.diagnostics.push(error.diagnostic);
      } else if (signal?.aborted) {
        event.status = "failed";
        event.error = "cancelled";
      } else {
        event.status = "failed";
        const failure = describeFailure(op, error, this.lakeRoot, files);
        event.error = failure.error;
        event.diagnostics.push(failure.diagnostic);
        if (failure.internal) event.internalError = failure.internal;
      }
    } finally {
      for (const release of unbind) release();
    }
    event.durationMs = Date.now() - startedAt.getTime();
    return event;
  }

  /** Lake files a call reads (for re-mapping changed files and naming the file a failure is about). */
  private filesOf(op: string, args: Record<string, unknown>): string[] {
    if (op === "Scan" && typeof args.file === "string") {
      const entry = this.entry(args.file);
      return [entry?.path ?? args.file];
    }
    if (op === "UnionScan") {
      try {
        return expandFiles(
          this.context(this.lanes[0]!),
          args.files as string[],
          args.reader !== undefined,
        ).map((e) => e.path);
      } catch {
        return [];
      }
    }
    return [];
  }

  /** A parsed call: the session's rules on names and staleness, validation, execution, checks. */
  private async run(
    op: OperatorName,
    operator: Operator<never, unknown>,
    args: Record<string, unknown>,
    ctx: OperatorContext,
    lane: Lane,
    event: CallEvent,
  ): Promise<void> {
    const output = this.outputOf(op, args);
    const readKey = this.readKeyOf(op, args, ctx);
    const existing = output ? this.state.table(output) : undefined;
    const reads = event.inputs.map((i) => i.toLowerCase());
    if (existing && output) {
      const sameRead = readKey !== undefined && existing.readKey === readKey;
      if (!reads.includes(output.toLowerCase()) && !sameRead && args.replace !== true)
        throw new Rejection({
          code: "table-exists",
          severity: "error",
          message: `${op}.output "${output}" would replace the existing table ${existing.name} (${describeTable(existing)}), which this call does not read. Choose a new name, e.g. "${this.freeName(output)}", or pass "replace": true to replace it on purpose.`,
          locations: [],
        });
    }
    event.diagnostics.push(...this.staleFindings(event.inputs));
    // Sources of the new table: its files (scans), or its inputs' sources as they are now (queries).
    const inputSources = reads.flatMap((name) => this.state.table(name)?.sources ?? []);
    const reusable = readKey ? this.reusableTable(readKey, output) : undefined;

    const facts: CallFacts = { op, args, ctx };
    const rejections = await validateBefore(facts);
    if (rejections.length > 0) {
      event.status = "rejected";
      event.diagnostics.push(...rejections);
      return;
    }
    if (facts.sql) ctx.query = facts.sql;
    // A Query's input-only checks run while it executes — or, when it replaces one of the
    // tables it reads (`rain` → `rain`), before, so that they see the table it read.
    const query = facts.op === "Query" && facts.sql !== undefined;
    const replaces = query && this.replacesInput(facts);
    const checks =
      this.options.validate !== false
        ? beginAfterChecks(
            { ...facts, ctx: { ...ctx, engine: lane.checks } },
            replaces || (query && this.options.checksAlongside !== false),
          )
        : undefined;
    if (checks && replaces) await checks.inputsChecked();
    const executed = performance.now();
    let result: OperatorResult<unknown>;
    try {
      result = reusable
        ? await this.reuse(reusable, output!, args, ctx, event)
        : await withExecutionBudget(lane.engine, op, executionBudgetMs(this.options.executionBudgetMs), () =>
            operator.execute(args as never, ctx),
          );
    } catch (error) {
      await checks?.abandon();
      throw error;
    }
    const executionMs = performance.now() - executed;
    const registered = output ? this.state.table(output) : undefined;
    if (registered && registered !== existing) {
      await this.adopt(registered, op, event, readKey, result.observation, inputSources, lane.engine);
      if (existing) {
        event.replaced = snapshotOf(existing);
        await this.dropOrphanGrids(existing, lane.engine);
      }
    }
    event.observation = op === "Probe" ? typedProbe(result.observation) : result.observation;
    event.summary = operator.summarize(result.observation as never);
    event.diagnostics.push(...(result.diagnostics ?? []));
    if (result.failure) {
      // It ran and failed (a program's exit status): failed, with what it observed kept.
      event.status = "failed";
      event.error = result.failure;
    }
    if (checks) {
      const validated = performance.now();
      const budget =
        this.options.validationBudget === false
          ? undefined
          : (this.options.validationBudget ?? DEFAULT_VALIDATION_BUDGET);
      event.diagnostics.push(
        ...(await checks.finish({ observation: result.observation, executionMs }, budget)),
      );
      // What validation added to the call: checks begun alongside it took no time of their own.
      event.validationMs = Math.round(performance.now() - validated);
    }
  }

  /** The table a call registers: Scan's derived name when it gives none. */
  private outputOf(op: string, args: Record<string, unknown>): string | undefined {
    if (typeof args.output === "string") return args.output;
    if (op === "Scan" && typeof args.file === "string")
      return tableNameFor(this.entry(args.file)?.path ?? args.file);
    return undefined;
  }

  /**
   * What a Scan or UnionScan reads — or what a Query computes — as a key; undefined when it
   * cannot be told before running. A call whose key a table already holds, unchanged, reuses it.
   */
  private readKeyOf(op: string, args: Record<string, unknown>, ctx: OperatorContext): string | undefined {
    try {
      if (op === "Scan") {
        const entry = this.entry(String(args.file));
        if (!entry) return undefined;
        const table = requireTable(entry, args.sheet as string | undefined);
        // Another way of reading the file is another table.
        const reader = readerKey(effectiveReader(args.reader as ReaderOptions | undefined, entry.reader));
        return `scan:${entry.path}#${table.sheet ?? ""}${reader ? `|reader:${reader}` : ""}`;
      }
      if (op === "UnionScan") {
        const given = args.reader as ReaderOptions | undefined;
        const paths = expandFiles(ctx, args.files as string[], given !== undefined).map((e) => {
          const reader = readerKey(effectiveReader(given, e.reader));
          return reader ? `${e.path}|reader:${reader}` : e.path;
        });
        return `union:${String(args.source_column).toLowerCase()}|${paths.join("|")}`;
      }
      if (op === "Query") {
        // The same SQL over the same tables (not replaced since) gives the same table.
        const inputs = (args.inputs as string[]).map((name) => {
          const t = this.state.table(name);
          return t?.producedBy
            ? `${name.toLowerCase()}@${t.producedBy.runId}:${t.producedBy.index}`
            : undefined;
        });
        if (inputs.some((i) => i === undefined)) return undefined;
        return `query:${inputs.sort().join(",")}|${String(args.sql).trim()}`;
      }
    } catch {
      // The operator itself says what is wrong with the call.
    }
    return undefined;
  }

  /** A registered table that already holds what a read asks for, from files unchanged since. */
  private reusableTable(readKey: string, output: string | undefined): TableInfo | undefined {
    const candidates = [...this.state.tables.values()].filter(
      (t) => t.readKey === readKey && t.readObservation,
    );
    // The table of the requested name first: reusing it costs nothing.
    candidates.sort(
      (a, b) =>
        Number(b.name.toLowerCase() === output?.toLowerCase()) -
        Number(a.name.toLowerCase() === output?.toLowerCase()),
    );
    return candidates.find((t) => this.staleness(t) === undefined);
  }

  /** Answers a read from a table that already holds it (copied when the call names another table). */
  private async reuse(
    source: TableInfo,
    output: string,
    args: Record<string, unknown>,
    ctx: OperatorContext,
    event: CallEvent,
  ): Promise<OperatorResult<unknown>> {
    let info = source;
    if (source.name.toLowerCase() !== output.toLowerCase()) {
      await ctx.engine.run(
        `CREATE OR REPLACE TABLE ${sqlIdent(output)} AS SELECT * FROM ${sqlIdent(source.name)} ORDER BY rowid`,
      );
      info = { ...source, name: output };
      this.state.register(info);
    }
    event.reused = {
      how: info === source ? "session" : "copied",
      table: source.name,
      ...(source.producedBy ? { from: source.producedBy } : {}),
    };
    const observation: Record<string, unknown> = {
      ...(source.readObservation as Record<string, unknown>),
      table: output,
    };
    const query = source.provenance.kind === "query";
    observation[query ? "records" : "preview"] = await previewTable(
      ctx.engine,
      ctx.state,
      info,
      typeof args.preview_rows === "number" ? args.preview_rows : query ? QUERY_RECORDS : PREVIEW_ROWS,
      typeof args.offset === "number" ? args.offset : 0,
    );
    for (const file of info.provenance.files)
      ctx.state.scanned.add(file.sheet ? `${file.path}#${file.sheet}` : file.path);
    return { observation };
  }

  /** A table a call registered becomes the session's: who made it, from what, and its line tables. */
  private async adopt(
    info: TableInfo,
    op: string,
    event: CallEvent,
    readKey: string | undefined,
    observation: unknown,
    inputSources: FileFingerprint[],
    engine: DuckEngine,
  ): Promise<void> {
    info.producedBy = { runId: this.runId, index: event.index };
    if (event.reused) return;
    if (op === "Scan" || op === "UnionScan" || op === "Bash") {
      info.sources = info.provenance.files.map((f) => {
        const e = this.entry(f.path);
        return { path: f.path, bytes: e?.bytes ?? -1, mtimeMs: e?.mtimeMs ?? -1 };
      });
    } else {
      const unique = new Map(inputSources.map((s) => [`${s.path}\u0000${s.bytes}\u0000${s.mtimeMs}`, s]));
      info.sources = [...unique.values()];
    }
    if (readKey) {
      info.readKey = readKey;
      const { preview: _rows, records: _records, ...kept } = observation as Record<string, unknown>;
      info.readObservation = kept;
    }
    // Grid line tables get names of their own: another process of the session counts from 1 again.
    const rename = async (origin: TableInfo["origin"]): Promise<void> => {
      if (origin.kind === "grid" && !origin.gridTable.startsWith("__radar_lines_")) {
        const name = `__radar_lines_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
        await engine.run(`ALTER TABLE ${sqlIdent(origin.gridTable)} RENAME TO ${sqlIdent(name)}`);
        origin.gridTable = name;
      } else if (origin.kind === "union") for (const s of origin.segments) await rename(s.origin);
    };
    await rename(info.origin);
  }

  /** Drops the grid line tables of a table gone, unless another table still points at them. */
  private async dropOrphanGrids(gone: TableInfo, engine: DuckEngine): Promise<void> {
    const used = new Set([...this.state.tables.values()].flatMap((t) => gridTablesOf(t.origin)));
    for (const grid of gridTablesOf(gone.origin))
      if (!used.has(grid)) await engine.run(`DROP TABLE IF EXISTS ${sqlIdent(grid)}`).catch(() => undefined);
  }

  /** A name like `base` that no table has: `base_2`, `base_3`… */
  private freeName(base: string): string {
    for (let k = 2; ; k++) {
      const name = `${base.slice(0, 58)}_${k}`;
      if (!this.state.table(name)) return name;
    }
  }

  /**
   * Why a table may no longer match its files — a file changed or gone since it was read — or
   * undefined when every file is as it was.
   */
  staleness(info: TableInfo): string | undefined {
    const changed: string[] = [];
    for (const s of info.sources ?? []) {
      const now = statSync(join(this.lakeRoot, s.path), { throwIfNoEntry: false });
      if (!now) changed.push(`${s.path} is gone`);
      else if (now.size !== s.bytes || now.mtimeMs !== s.mtimeMs)
        changed.push(
          `${s.path} changed (${s.bytes} → ${now.size} bytes, modified ${new Date(now.mtimeMs).toISOString()})`,
        );
    }
    if (changed.length === 0) return undefined;
    const shown =
      changed.slice(0, 3).join("; ") + (changed.length > 3 ? `; and ${changed.length - 3} more` : "");
    return `${shown} since ${info.provenance.kind === "query" ? "the tables it was derived from were read" : "it was read"}`;
  }

  /** `stale-table` warnings for the tables a call reads. */
  private staleFindings(names: string[]): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const name of new Set(names.map((n) => n.toLowerCase()))) {
      const info = this.state.table(name);
      const why = info ? this.staleness(info) : undefined;
      if (!info || !why) continue;
      const refresh =
        info.provenance.kind === "query"
          ? `Scan the changed files again (same output names), then repeat the Query that made ${info.name}.`
          : info.provenance.kind === "bash"
            ? `Run its Bash command again with "replace": true to read the files as they are now.`
            : `Scan it again under the same name to read the files as they are now.`;
      out.push({
        code: "stale-table",
        severity: "warning",
        message: `Table ${info.name} may no longer match its files: ${why}. Its rows are the files as they were then. ${refresh}`,
        locations: (info.sources ?? []).slice(0, 3).map((s) => ({ file: s.path, line: 1 })),
      });
    }
    return out;
  }

  /**
   * Runs a batch of calls. Calls that do not depend on each other run at once (on connections
   * of their own); identical calls run once; a call whose declared input was to be produced by a
   * call of the batch that did not succeed is skipped. Events are recorded in the batch's order
   * whatever order the calls finished in, so the trace and the checks stay deterministic.
   */
  async runBatch(calls: OperatorCall[], signal?: AbortSignal): Promise<CallEvent[]> {
    try {
      await this.ready;
    } catch {
      // Every call reports the failure.
    }
    beginBatch(this.state);
    const plans = calls.map((c) => planCall(c, (file) => tableNameFor(this.entry(file)?.path ?? file)));
    const after = dependencies(plans);
    const same = repeats(plans);
    const indices = calls.map(() => this.callCount++);
    const runs: Promise<CallEvent>[] = [];
    calls.forEach((call, j) => {
      runs.push(
        (async (): Promise<CallEvent> => {
          const waited = await Promise.all(after[j]!.map((i) => runs[i]!));
          const repeated = same[j];
          if (repeated !== undefined) {
            const first = await runs[repeated]!;
            return {
              ...first,
              index: indices[j]!,
              startedAt: new Date().toISOString(),
              durationMs: 0,
              reused: { how: "batch", from: { runId: this.runId, index: first.index } },
            };
          }
          let reason: string | undefined;
          for (const input of plans[j]!.inputs) {
            const producer = producerOf(plans, j, input);
            if (producer === undefined) continue;
            const made = waited[after[j]!.indexOf(producer)];
            if (made && made.status !== "ok") {
              reason = `skipped: its input "${input}" was not produced (call #${made.index} ${made.status})`;
              break;
            }
          }
          const lane = await this.acquire();
          try {
            return await this.perform(call, indices[j]!, lane, signal, reason);
          } finally {
            this.release(lane);
          }
        })(),
      );
    });
    const results: CallEvent[] = [];
    for (const run of runs) {
      const event = await run;
      this.finish(event);
      results.push(event);
    }
    // Warnings a later call of this very batch already answers become info (one event says which).
    if (this.options.validate !== false) {
      const settled = await settleBatch(results, this.context(this.lanes[0]!)).catch(() => []);
      if (settled.length > 0) {
        this.emit({ type: "settled", runId: this.runId, settled });
        this.persist();
      }
    }
    return results;
  }

  /** Checks over the whole session (e.g. files only seen through `head`), for the end of a batch or an answer. */
  async finalChecks(): Promise<Diagnostic[]> {
    await this.ready;
    const found = await validateFinal(this.context(this.lanes[0]!));
    return found.map((d) => this.once(d));
  }

  /**
   * An end-of-work finding that the end of an earlier batch of this work already reported, word for
   * word, is said again as info: a session resumed batch after batch would otherwise repeat the
   * same warning at every end, and a repeated warning asks the agent to look at nothing new.
   */
  private once(d: Diagnostic): Diagnostic {
    if (d.severity === "info") return d;
    const key = JSON.stringify([d.code, d.message, d.locations[0]?.file ?? ""]);
    if (!this.state.reportedFinal.has(key)) {
      this.state.reportedFinal.add(key);
      return d;
    }
    return {
      ...d,
      severity: "info",
      message: `${d.message} (As reported at the end of an earlier batch of this session; still so.)`,
    };
  }

  end(status: "ok" | "failed" | "cancelled", diagnostics: Diagnostic[] = []): void {
    this.emit({
      type: "run-end",
      runId: this.runId,
      endedAt: new Date().toISOString(),
      calls: this.callCount,
      status,
      ...(diagnostics.length ? { diagnostics } : {}),
    });
    this.persist();
  }

  /** The session's tables, by name, with where each came from and whether its files changed. */
  tables(): TableListing[] {
    return [...this.state.tables.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => {
        const stale = this.staleness(t);
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

  /**
   * A page of a table: `rows` rows from `offset`, typed, with their source lines. `agent: true`
   * (a tool call of an agent) bounds the rows and counts them as shown to it.
   */
  async show(
    name: string,
    options: { rows?: number; offset?: number; agent?: boolean } = {},
  ): Promise<TablePage> {
    await this.ready;
    const info = this.state.table(name);
    if (!info) {
      const known = [...this.state.tables.values()].map((t) => t.name);
      throw new Rejection({
        code: "unknown-table",
        severity: "error",
        message: `No table "${name}" in this ${this.session ? `session ("${this.session}")` : "runtime"}.${known.length ? ` Tables: ${known.sort().join(", ")}.` : " It has no tables yet."}`,
        locations: [],
      });
    }
    const offset = Math.max(0, Math.floor(options.offset ?? 0));
    const wanted = options.rows ?? 20;
    const rows = options.agent ? Math.min(MAX_PREVIEW_ROWS, wanted) : wanted;
    const lane = await this.acquire();
    try {
      const preview = await previewTable(lane.engine, this.state, info, rows, offset, options.agent === true);
      const stale = this.staleness(info);
      if (options.agent) this.persist();
      return { ...preview, table: info.name, rowCount: info.rowCount, offset, ...(stale ? { stale } : {}) };
    } finally {
      this.release(lane);
    }
  }

  /**
   * The rows of a table (from `offset`, `rows` of them or all) in pages of 10,000, typed, for
   * `radar show` to write as they come: a large table is never held whole in memory.
   */
  async *rowsOf(name: string, options: { rows?: number; offset?: number } = {}): AsyncGenerator<Preview> {
    const info = this.state.table(name);
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
      yield previewTable(this.engine, this.state, info, Math.min(chunk, end - at), at, false);
  }

  /** Drops tables from the session (and DuckDB); the trace keeps their lineage. */
  async drop(names: string[]): Promise<TableSnapshot[]> {
    await this.ready;
    const gone: TableInfo[] = [];
    for (const name of names) {
      const info = this.state.table(name);
      if (!info)
        throw new Rejection({
          code: "unknown-table",
          severity: "error",
          message: `No table "${name}" to drop.${
            this.state.tables.size
              ? ` Tables: ${[...this.state.tables.values()]
                  .map((t) => t.name)
                  .sort()
                  .join(", ")}.`
              : ""
          }`,
          locations: [],
        });
      gone.push(info);
    }
    const lane = await this.acquire();
    try {
      for (const info of gone) {
        await lane.engine.run(`DROP TABLE IF EXISTS ${sqlIdent(info.name)}`);
        this.state.unregister(info.name);
      }
      for (const info of gone) await this.dropOrphanGrids(info, lane.engine);
    } finally {
      this.release(lane);
    }
    const tables = gone.map(snapshotOf);
    this.emit({
      type: "tables-dropped",
      runId: this.runId,
      at: new Date().toISOString(),
      reason: "drop",
      tables,
    });
    this.persist();
    return tables;
  }

  /** Starts the session afresh: every table dropped, nothing seen (the trace keeps the lineage). */
  async reset(): Promise<TableSnapshot[]> {
    await this.ready;
    const gone = [...this.state.tables.values()];
    const lane = await this.acquire();
    try {
      const rows = await lane.engine.all(
        "SELECT table_name AS t FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'",
      );
      for (const r of rows) await lane.engine.run(`DROP TABLE IF EXISTS ${sqlIdent(String(r.t))}`);
    } finally {
      this.release(lane);
    }
    this.state.clear();
    const tables = gone.map(snapshotOf);
    this.emit({
      type: "tables-dropped",
      runId: this.runId,
      at: new Date().toISOString(),
      reason: "reset",
      tables,
    });
    this.persist();
    return tables;
  }

  close(): void {
    if (this.shut) return;
    this.shut = true;
    try {
      this.persist();
    } catch {
      // The state directory went away; the database still closes.
    }
    this.trace.close();
    for (const lane of this.lanes.slice(1)) {
      lane.checks.close();
      lane.engine.close();
    }
    this.checksEngine.close();
    this.engine.close();
    if (this.session) releaseSession(this.stateDir, this.session);
    startupMark("closed");
  }
}

function describeTable(info: TableInfo): string {
  const made = info.producedBy ? ` by call #${info.producedBy.index} of run ${info.producedBy.runId}` : "";
  const from =
    info.provenance.kind === "query"
      ? `a Query over ${(info.provenance.inputs ?? []).join(", ") || "no tables"}`
      : info.provenance.kind === "bash"
        ? `the output of Bash \`${info.provenance.command ?? "?"}\``
        : `read from ${info.provenance.files
            .slice(0, 3)
            .map((f) => f.path)
            .join(", ")}${info.provenance.files.length > 3 ? ", …" : ""}`;
  return `${info.rowCount} rows, ${from}${made}`;
}

/** Probe's extremes and frequent values in typed JSON, by each column's type. */
function typedProbe(observation: unknown): unknown {
  const o = observation as {
    columns?: { type: string; min: unknown; max: unknown; top: { value: unknown }[] }[];
  };
  if (!o?.columns) return observation;
  return {
    ...o,
    columns: o.columns.map((c) => {
      const fits = extremesFit(c.type, [c.min, c.max]);
      return {
        ...c,
        min: typedByName(c.min, c.type, fits),
        max: typedByName(c.max, c.type, fits),
        top: c.top.map((t) => ({ ...t, value: typedByName(t.value, c.type, fits) })),
      };
    }),
  };
}

function invalid(message: string): Diagnostic {
  return { code: "invalid-argument", severity: "error", message, locations: [] };
}
