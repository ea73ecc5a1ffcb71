import { realpathSync } from "node:fs";
import type { z } from "zod";
import { DuckEngine } from "./engine/duckEngine.ts";
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
import { DiscoverIndex } from "./discover/discoverIndex.ts";
import type { OperatorContext, OperatorName } from "./operators/operator.ts";
import { operatorNames, operators } from "./operators/registry.ts";
import { radarDir as defaultRadarDir } from "./radarDir.ts";
import { buildSourceMap } from "./sourceMap/buildSourceMap.ts";
import type { BuildStats, MapProgress } from "./sourceMap/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "./sourceMap/sourceEntry.ts";
import { SharedState } from "./state/sharedState.ts";
import type { CallEvent, LayerEvent, TraceEvent, TraceListener } from "./trace/traceEvents.ts";
import { TraceFile, newRunId } from "./trace/traceFile.ts";

export interface RuntimeOptions {
  /**
   * Whether the Bash operator may run (default true). A function is asked at every call, for a
   * host whose answer can change during a session (an editor's workspace trust).
   */
  allowBash?: boolean | (() => boolean);
  onMapProgress?: (progress: MapProgress) => void;
  /** Overrides where the cache and traces go (default: `<lake>/.radar`). */
  radarDir?: string;
  threads?: number;
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
}

/** A call as a batch file or a tool gives it: `{"op": "Scan", "file": "…"}`. */
export type OperatorCall = { op: string } & Record<string, unknown>;

/**
 * The runtime over one lake: the locked-down engine, the Source Map, the shared state and the
 * trace of one run. Every operator call goes through `call`, which parses, executes and records.
 */
export class Runtime {
  readonly state = new SharedState();
  /** Changes when the runtime goes on with a new question over the same state (`nextRun`). */
  runId = newRunId();
  trace: TraceFile;
  private readonly listeners: TraceListener[] = [];
  private readonly entries: Map<string, SourceEntry>;
  private index?: DiscoverIndex;
  private callCount = 0;

  private constructor(
    readonly engine: DuckEngine,
    /** A second connection for the after-execution checks, so they can be limited on their own. */
    readonly checksEngine: DuckEngine,
    readonly map: SourceMap,
    readonly mapStats: BuildStats,
    readonly radarDir: string,
    private readonly options: RuntimeOptions,
  ) {
    this.entries = new Map(map.files.map((f) => [f.path, f]));
    this.trace = new TraceFile(radarDir, this.runId);
    this.listeners.push((event) => this.trace.append(event));
  }

  static async open(lake: string, options: RuntimeOptions = {}): Promise<Runtime> {
    const lakeRoot = realpathSync(lake);
    const dir = options.radarDir ?? defaultRadarDir(lakeRoot);
    const engine = await DuckEngine.open(lakeRoot, {
      extraReadDirs: dir.startsWith(`${lakeRoot}/`) ? [] : [dir],
      ...(options.threads ? { threads: options.threads } : {}),
    });
    try {
      const { map, stats } = await buildSourceMap(engine, {
        cacheDir: dir,
        ...(options.onMapProgress ? { onProgress: options.onMapProgress } : {}),
      });
      const runtime = new Runtime(engine, await engine.fork(), map, stats, dir, options);
      runtime.emit({
        type: "run-start",
        runId: runtime.runId,
        lake: lakeRoot,
        startedAt: new Date().toISOString(),
        ...(options.question ? { question: options.question } : {}),
      });
      return runtime;
    } catch (error) {
      engine.close();
      throw error;
    }
  }

  get lakeRoot(): string {
    return this.engine.lakeRoot;
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
    this.trace = new TraceFile(this.radarDir, this.runId);
    this.callCount = 0;
    this.emit({
      type: "run-start",
      runId: this.runId,
      lake: this.lakeRoot,
      startedAt: new Date().toISOString(),
      ...(question ? { question } : {}),
      continues: previous,
    });
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

  private context(signal?: AbortSignal): OperatorContext {
    return {
      engine: this.engine,
      lakeRoot: this.lakeRoot,
      radarDir: this.radarDir,
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
    const startedAt = new Date();
    const index = this.callCount++;
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
    const onAbort = (): void => {
      this.engine.interrupt();
      this.checksEngine.interrupt();
    };
    signal?.addEventListener("abort", onAbort);
    try {
      const operator = operatorNames.includes(op as OperatorName) ? operators[op as OperatorName] : undefined;
      if (!operator) {
        event.status = "rejected";
        event.diagnostics.push(invalid(`Unknown operator "${op}". Operators: ${operatorNames.join(", ")}.`));
      } else {
        const parsed = (operator.schema as z.ZodType).safeParse(args);
        if (!parsed.success) {
          event.status = "rejected";
          event.diagnostics.push(invalid(`${op}: ${describeZodError(parsed.error)}`));
        } else {
          event.inputs = operator.inputsOf(parsed.data as never);
          if (skipReason) {
            event.status = "skipped";
            event.error = skipReason;
          } else {
            if (signal?.aborted) throw new Error("cancelled before it started");
            const ctx = this.context(signal);
            const facts: CallFacts = {
              op: op as OperatorName,
              args: parsed.data as Record<string, unknown>,
              ctx,
            };
            const rejections = await validateBefore(facts);
            if (rejections.length > 0) {
              event.status = "rejected";
              event.diagnostics.push(...rejections);
            } else {
              if (facts.sql) ctx.query = facts.sql;
              // A Query's input-only checks run while it executes — or, when it replaces one of
              // the tables it reads (`rain` → `rain`), before, so that they see the table it read.
              const query = facts.op === "Query" && facts.sql !== undefined;
              const replaces = query && this.replacesInput(facts);
              const checks =
                this.options.validate !== false
                  ? beginAfterChecks(
                      { ...facts, ctx: { ...ctx, engine: this.checksEngine } },
                      replaces || (query && this.options.checksAlongside !== false),
                    )
                  : undefined;
              if (checks && replaces) await checks.inputsChecked();
              const executed = performance.now();
              let result: Awaited<ReturnType<typeof operator.execute>>;
              try {
                result = await operator.execute(parsed.data as never, ctx);
              } catch (error) {
                await checks?.abandon();
                throw error;
              }
              const executionMs = performance.now() - executed;
              event.observation = result.observation;
              event.summary = operator.summarize(result.observation);
              event.diagnostics.push(...(result.diagnostics ?? []));
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
          }
        }
      }
    } catch (error) {
      if (error instanceof Rejection) {
        event.status = "rejected";
        event.diagnostics.push(error.diagnostic);
      } else {
        event.status = "failed";
        event.error = signal?.aborted ? "cancelled" : cleanError(error);
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    event.durationMs = Date.now() - startedAt.getTime();
    this.emit(event);
    return event;
  }

  /**
   * Runs calls in order. A call whose declared input was to be produced by a rejected or failed
   * call of the same batch is skipped rather than run on stale or missing tables.
   */
  async runBatch(calls: OperatorCall[], signal?: AbortSignal): Promise<CallEvent[]> {
    const broken = new Map<string, number>();
    const results: CallEvent[] = [];
    for (const call of calls) {
      const needs = declaredInputs(call).find((t) => broken.has(t.toLowerCase()));
      const reason =
        needs !== undefined
          ? `skipped: its input "${needs}" was not produced (call #${broken.get(needs.toLowerCase())} ${results.find((r) => r.index === broken.get(needs.toLowerCase()))?.status})`
          : undefined;
      const result = await this.call(call, signal, reason);
      results.push(result);
      const output = typeof call.output === "string" ? call.output : undefined;
      if (result.status !== "ok" && output) broken.set(output.toLowerCase(), result.index);
    }
    return results;
  }

  /** Checks over the whole run (e.g. files only seen through `head`), for the end of a batch or an answer. */
  async finalChecks(): Promise<Diagnostic[]> {
    return validateFinal(this.context());
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
  }

  close(): void {
    this.trace.close();
    this.checksEngine.close();
    this.engine.close();
  }
}

function declaredInputs(call: OperatorCall): string[] {
  const inputs: string[] = [];
  if (Array.isArray(call.inputs))
    inputs.push(...call.inputs.filter((x): x is string => typeof x === "string"));
  if (typeof call.table === "string") inputs.push(call.table);
  return inputs;
}

function invalid(message: string): Diagnostic {
  return { code: "invalid-argument", severity: "error", message, locations: [] };
}

function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "arguments"}: ${issue.message}`)
    .join("; ");
}

function cleanError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(0, 4)
    .join(" — ")
    .slice(0, 800);
}
