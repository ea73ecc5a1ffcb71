import { writeFileSync } from "node:fs";
import type { Diagnostic } from "../core/diagnostic.ts";
import type { OperatorCall, Runtime } from "../core/runtime.ts";
import type { CallEvent, SettledFinding } from "../core/trace/traceEvents.ts";
import { startupMark } from "../core/startupProfile.ts";
import { callResult } from "./callResult.ts";
import type { LinePage } from "../core/presentation/resultRows.ts";
import { openRuntime } from "./cliRuntime.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { formatCall, formatDiagnostic } from "./formatCall.ts";
import type { RunResult } from "../core/presentation/resultSchema.ts";

/** Calls as a batch file or a command line gives them, each with where it was written. */
export interface CallSource {
  calls: OperatorCall[];
  /** Per call: `file:line` of the batch file it was written on (YAML and .sql batches). */
  where?: (string | undefined)[];
  lines?: (number | undefined)[];
}

export interface RunOptions extends LakeOptions {
  /** The run as JSON on standard output instead of the readable form. */
  json?: boolean;
  /** The run as JSON in this file, beside the readable output. */
  jsonOut?: string;
  /** Bash stdout lines shown (one-call `radar bash --offset K --rows N`). */
  page?: LinePage;
}

/**
 * The one path every call from the command line takes — `radar batch FILE` and the one-call
 * commands (`radar scan`, `query`, …) alike: the same runtime, validation, trace, readable output
 * and JSON. `source` may need the open runtime (a default table name free in the session).
 */
export async function runCalls(
  source: CallSource | ((runtime: Runtime) => CallSource),
  options: RunOptions,
): Promise<number> {
  const runtime = await openRuntime(options);
  try {
    const { calls, where = [], lines = [] } = typeof source === "function" ? source(runtime) : source;
    const print = (text: string): boolean => process.stdout.write(`${text}\n`);
    const settled: SettledFinding[] = [];
    // Call events come in batch order; their position in the batch finds the file line.
    let position = 0;
    runtime.onEvent((e) => {
      if (e.type === "settled") {
        settled.push(...e.settled);
        if (!options.json) for (const s of e.settled) print(`#${s.call} ${formatDiagnostic(s.diagnostic)}`);
        return;
      }
      if (e.type !== "call" || options.json) return;
      const at = where[position++];
      const noteworthy = e.status !== "ok" || e.diagnostics.length > 0;
      if (!options.quiet) print(`${formatCall(e, true, at, options.page)}\n`);
      else if (noteworthy) print(formatCall(e, false, at));
    });
    const results = await runtime.runBatch(calls);
    startupMark(`${results.length} calls done`);
    const ok = results.every((r) => r.status === "ok");
    const final = await runtime.finalChecks();
    runtime.end(ok ? "ok" : "failed", final);
    if (options.json || options.jsonOut) {
      const text = `${JSON.stringify(runJson(runtime, results, lines, settled, final, options.page))}\n`;
      if (options.jsonOut) writeFileSync(options.jsonOut, text);
      if (options.json) {
        process.stdout.write(text);
        return ok ? 0 : 1;
      }
    }
    const scope = runtime.session ? `session "${runtime.session}"` : "this run";
    if (final.length) {
      print(`End-of-run findings (${scope}):`);
      for (const d of final) print(`  ${formatDiagnostic(d)}`);
    } else if (!options.quiet) {
      // "none" right under a call's warning reads as a contradiction (held-out GR): say what it covers.
      const said = results.some((r) => r.diagnostics.some((d) => d.severity !== "info"));
      print(
        said
          ? `End-of-run findings (${scope}): none beyond the calls' own, above`
          : `End-of-run findings (${scope}): none`,
      );
    }
    const counts = results.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
      {},
    );
    const reused = results.filter((r) => r.reused).length;
    const tables = runtime.session
      ? `; session "${runtime.session}" has ${runtime.state.tables.size} tables`
      : "";
    print(
      `${results.length} call${results.length === 1 ? "" : "s"}: ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(
          ", ",
        )}${reused ? ` (${reused} reused)` : ""}${tables}\ntrace: ${runtime.trace.path}${options.jsonOut ? `\njson: ${options.jsonOut}` : ""}`,
    );
    return ok ? 0 : 1;
  } finally {
    runtime.close();
  }
}

function runJson(
  runtime: Runtime,
  results: CallEvent[],
  lines: (number | undefined)[],
  settled: SettledFinding[],
  final: Diagnostic[],
  page: LinePage | undefined,
): RunResult {
  const settledKey = new Set(settled.map((s) => `${s.call} ${s.code}`));
  return {
    format: "radar-run/1",
    results: results.map((r, j) => callResult(r, lines[j], page)),
    findings: [
      ...results.flatMap((r) =>
        r.diagnostics
          // A warning a later call settled is listed once, as it now reads.
          .filter((d) => !settledKey.has(`${r.index} ${d.code}`))
          .map((d) => ({ ...d, call: r.index, stage: "call" as const })),
      ),
      ...settled.map((s) => ({ ...s.diagnostic, call: s.call, stage: "settled" as const })),
      ...final.map((d) => ({ ...d, call: null, stage: "end" as const })),
    ],
    final,
    trace: runtime.trace.path,
    ...(runtime.session ? { session: runtime.session, tables: runtime.tables() } : {}),
  };
}
