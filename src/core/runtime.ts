import { realpathSync } from "node:fs";
import type { DuckEngine } from "./engine/duckEngine.ts";
import { validateFinal } from "./validation/validate.ts";
import type { Diagnostic } from "./diagnostic.ts";
import type { OperatorContext } from "./operators/operator.ts";
import type { Preview } from "./operators/preview.ts";
import { stateDirFor } from "./radarDir.ts";
import type { BuildStats, MapProgress } from "./sourceMap/crawl/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "./sourceMap/sourceEntry.ts";
import { SharedState, snapshotOf } from "./state/sharedState.ts";
import type { TableInfo, TableSnapshot } from "./state/sharedState.ts";
import { checkSessionName, releaseSession } from "./state/sessionStore.ts";
import type { CallEvent, LayerEvent, TraceEvent, TraceListener } from "./trace/traceEvents.ts";
import { TraceFile, newRunId } from "./trace/traceFile.ts";
import { settleBatch } from "./validation/batchSettle.ts";
import { beginBatch } from "./validation/shownLines.ts";
import { startupMark } from "./startupProfile.ts";
import type { CallScope } from "./runtime/callScope.ts";
import { LanePool } from "./runtime/lanePool.ts";
import type { Lane } from "./runtime/lanePool.ts";
import { LiveSourceMap } from "./runtime/liveSourceMap.ts";
import type { RuntimeOptions } from "./runtime/runtimeOptions.ts";
import { parseAndRunCall } from "./runtime/parseAndRunCall.ts";
import { startBatchCalls } from "./runtime/batchCalls.ts";
import { SessionRecord } from "./runtime/sessionRecord.ts";
import {
  dropEveryTable,
  dropTables,
  listTables,
  pagesOfTable,
  tablePage,
  tablesToDrop,
  tableToShow,
} from "./runtime/sessionTables.ts";
import type { TableListing, TablePage } from "./runtime/sessionTables.ts";
import { staleness } from "./runtime/tableStaleness.ts";
import { openLakeEngine } from "./runtime/openLakeEngine.ts";
import { sayFinalFindingOnce } from "./runtime/finalFindingsOnce.ts";

/** A call as a batch file or a tool gives it: `{"op": "Scan", "file": "…"}`. */
export type OperatorCall = { op: string } & Record<string, unknown>;

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
 *
 * Its jobs live in `runtime/`: opening DuckDB over the lake (openLakeEngine), the lanes calls run
 * on (lanePool), the Source Map kept current (liveSourceMap), the session's file (sessionRecord)
 * and tables (sessionTables, tableAdoption, tableReuse, tableStaleness), a call's stages
 * (parseAndRunCall → runParsedCall), a batch's scheduling (batchCalls), and end-of-work findings
 * said once (finalFindingsOnce).
 */
export class Runtime {
  readonly state = new SharedState();
  /** Changes when the runtime goes on with a new question over the same state (`nextRun`). */
  runId = newRunId();
  trace: TraceFile;
  /** Settles when the Source Map is built; calls wait for it. */
  readonly ready: Promise<void>;
  private readonly listeners: TraceListener[] = [];
  private readonly sourceMap: LiveSourceMap;
  private readonly sessionRecord: SessionRecord;
  private readonly lanes: LanePool;
  private readonly scope: CallScope;
  private callCount = 0;
  /** Calls of the runs before this one: with a call's index in its run, its place overall. */
  private callsOfEarlierRuns = 0;
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
    this.sourceMap = new LiveSourceMap(engine, stateDir, (p) => this.options.onMapProgress?.(p));
    this.sessionRecord = new SessionRecord(stateDir, session, this.state);
    this.lanes = new LanePool({ engine, checks: checksEngine }, () => this.options.concurrency);
    this.trace = new TraceFile(stateDir, this.runId);
    this.listeners.push((event) => this.trace.append(event));
    this.ready = Promise.resolve();
    this.scope = {
      runId: () => this.runId,
      ready: () => this.ready,
      lakeRoot: engine.lakeRoot,
      state: this.state,
      sourceMap: this.sourceMap,
      settings: options,
      context: (lane, signal) => this.context(lane, signal),
      callOrder: (index) => this.callsOfEarlierRuns + index,
      firstLane: () => this.lanes.first,
    };
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
    const { engine, inputs } = await openLakeEngine(lakeRoot, stateDir, session, options);
    let runtime: Runtime;
    try {
      runtime = new Runtime(engine, await engine.fork(), stateDir, session, options);
      if (session)
        await runtime.sessionRecord.load(
          engine,
          lakeRoot,
          session,
          options.owner ?? `process ${process.pid}`,
        );
    } catch (error) {
      engine.close();
      throw error;
    }
    const continues = runtime.sessionRecord.previousRun();
    runtime.emit({
      type: "run-start",
      runId: runtime.runId,
      lake: lakeRoot,
      startedAt: new Date().toISOString(),
      ...(options.question ? { question: options.question } : {}),
      ...(continues ? { continues } : {}),
      ...(session ? { session } : {}),
    });
    runtime.sessionRecord.noteRun(runtime.runId);
    (runtime as { ready: Promise<void> }).ready = runtime.sourceMap.build(inputs);
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
    return this.sourceMap.map;
  }

  get mapStats(): BuildStats {
    return this.sourceMap.stats;
  }

  /** The latest progress of the Source Map being built, if it is. */
  get mapProgress(): MapProgress | undefined {
    return this.sourceMap.progress;
  }

  /** Follows the Source Map being built; the returned function stops following. */
  onMapProgress(listener: (p: MapProgress) => void): () => void {
    return this.sourceMap.follow(listener);
  }

  /** Run ids of the session, oldest first (only this run's without a session). */
  get runs(): string[] {
    return this.sessionRecord.runs(this.runId);
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
    this.callsOfEarlierRuns += this.callCount;
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
    this.sessionRecord.noteRun(this.runId);
  }

  private emit(event: TraceEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Records an event of the layer driving the runtime (the agent) in the trace, in call order. */
  record(event: LayerEvent): void {
    this.emit(event);
  }

  entry(path: string): SourceEntry | undefined {
    return this.sourceMap.entry(path);
  }

  private context(lane: Lane, signal?: AbortSignal): OperatorContext {
    return {
      engine: lane.engine,
      lakeRoot: this.lakeRoot,
      radarDir: this.stateDir,
      map: this.map,
      state: this.state,
      discover: () => this.sourceMap.discover(),
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
    const lane = await this.lanes.acquire();
    let event: CallEvent;
    try {
      event = await parseAndRunCall(this.scope, raw, index, lane, signal, skipReason);
    } finally {
      this.lanes.release(lane);
    }
    this.finish(event);
    return event;
  }

  /** The event is final: into the trace, and the session's state onto disk. */
  private finish(event: CallEvent): void {
    this.emit(event);
    this.sessionRecord.persist();
  }

  /**
   * Why a table may no longer match its files — a file changed or gone since it was read — or
   * undefined when every file is as it was.
   */
  staleness(info: TableInfo): string | undefined {
    return staleness(this.lakeRoot, info);
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
    const runs = startBatchCalls(this.scope, this.lanes, calls, () => this.callCount++, signal);
    const results: CallEvent[] = [];
    for (const run of runs) {
      const event = await run;
      this.finish(event);
      results.push(event);
    }
    // Warnings a later call of this very batch already answers become info (one event says which).
    if (this.options.validate !== false) {
      const settled = await settleBatch(results, this.context(this.lanes.first)).catch(() => []);
      if (settled.length > 0) {
        this.emit({ type: "settled", runId: this.runId, settled });
        this.sessionRecord.persist();
      }
    }
    return results;
  }

  /** Checks over the whole session (e.g. files only seen through `head`), for the end of a batch or an answer. */
  async finalChecks(): Promise<Diagnostic[]> {
    await this.ready;
    const found = await validateFinal(this.context(this.lanes.first));
    return found.map((d) => sayFinalFindingOnce(this.state, d));
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
    this.sessionRecord.persist();
  }

  /** The session's tables, by name, with where each came from and whether its files changed. */
  tables(): TableListing[] {
    return listTables(this.lakeRoot, this.state);
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
    const info = tableToShow(this.state, name, this.session);
    const lane = await this.lanes.acquire();
    try {
      const page = await tablePage(lane.engine, this.lakeRoot, this.state, info, options);
      if (options.agent) this.sessionRecord.persist();
      return page;
    } finally {
      this.lanes.release(lane);
    }
  }

  /**
   * The rows of a table (from `offset`, `rows` of them or all) in pages of 10,000, typed, for
   * `radar show` to write as they come: a large table is never held whole in memory.
   */
  rowsOf(name: string, options: { rows?: number; offset?: number } = {}): AsyncGenerator<Preview> {
    return pagesOfTable(this.engine, this.state, name, options);
  }

  /** Drops tables from the session (and DuckDB); the trace keeps their lineage. */
  async drop(names: string[]): Promise<TableSnapshot[]> {
    await this.ready;
    const gone = tablesToDrop(this.state, names);
    const lane = await this.lanes.acquire();
    try {
      await dropTables(lane.engine, this.state, gone);
    } finally {
      this.lanes.release(lane);
    }
    return this.dropped("drop", gone);
  }

  /** Starts the session afresh: every table dropped, nothing seen (the trace keeps the lineage). */
  async reset(): Promise<TableSnapshot[]> {
    await this.ready;
    const gone = [...this.state.tables.values()];
    const lane = await this.lanes.acquire();
    try {
      await dropEveryTable(lane.engine);
    } finally {
      this.lanes.release(lane);
    }
    this.state.clear();
    return this.dropped("reset", gone);
  }

  /** Tables gone from the session: the trace keeps what they were, and the session file forgets them. */
  private dropped(reason: "drop" | "reset", gone: TableInfo[]): TableSnapshot[] {
    const tables = gone.map(snapshotOf);
    this.emit({ type: "tables-dropped", runId: this.runId, at: new Date().toISOString(), reason, tables });
    this.sessionRecord.persist();
    return tables;
  }

  close(): void {
    if (this.shut) return;
    this.shut = true;
    try {
      this.sessionRecord.persist();
    } catch {
      // The state directory went away; the database still closes.
    }
    this.trace.close();
    this.lanes.closeForked();
    this.checksEngine.close();
    this.engine.close();
    if (this.session) releaseSession(this.stateDir, this.session);
    startupMark("closed");
  }
}
