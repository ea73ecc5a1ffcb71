import { readFileSync } from "node:fs";
import type { OperatorCall } from "../core/runtime.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import { openRuntime, UsageError } from "./cliRuntime.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { formatCall, formatDiagnostic } from "./formatCall.ts";
import { startupMark } from "../core/startupProfile.ts";

function readCalls(file: string): OperatorCall[] {
  try {
    const parsed = JSON.parse(readFileSync(file === "-" ? 0 : file, "utf8")) as unknown;
    if (
      !Array.isArray(parsed) ||
      parsed.some(
        (c) => typeof c !== "object" || c === null || typeof (c as { op?: unknown }).op !== "string",
      )
    )
      throw new Error('expected a JSON array of calls like [{"op":"Scan","file":"data.csv"}]');
    return parsed as OperatorCall[];
  } catch (error) {
    throw new UsageError(`cannot read batch file ${file}: ${(error as Error).message}`);
  }
}

/** A call as `--json` gives it: the trace event without run id and timing noise. */
export function callJson(r: CallEvent): Record<string, unknown> {
  return {
    index: r.index,
    op: r.op,
    status: r.status,
    observation: r.observation ?? null,
    diagnostics: r.diagnostics,
    ...(r.error ? { error: r.error } : {}),
    ...(r.reused ? { reused: r.reused } : {}),
    ...(r.replaced ? { replaced: r.replaced } : {}),
    durationMs: r.durationMs,
  };
}

/**
 * `radar batch FILE`: runs a JSON array of operator calls (FILE `-`: standard input) — in session
 * `--session NAME` when given (created on first use, resumed after), else as a one-off run.
 */
export async function batchCommand(file: string, options: LakeOptions & { json: boolean }): Promise<number> {
  const calls = readCalls(file);
  const runtime = await openRuntime(options);
  try {
    const print = (text: string): boolean => process.stdout.write(`${text}\n`);
    if (!options.json)
      runtime.onEvent((e) => {
        if (e.type === "settled") {
          for (const s of e.settled) print(`#${s.call} ${formatDiagnostic(s.diagnostic)}`);
          return;
        }
        if (e.type !== "call") return;
        const noteworthy = e.status !== "ok" || e.diagnostics.length > 0;
        if (!options.quiet) print(`${formatCall(e)}\n`);
        else if (noteworthy) print(formatCall(e, false));
      });
    const results = await runtime.runBatch(calls);
    startupMark(`${results.length} calls done`);
    const ok = results.every((r) => r.status === "ok");
    const final = await runtime.finalChecks();
    runtime.end(ok ? "ok" : "failed", final);
    if (options.json) {
      print(
        JSON.stringify({
          results: results.map(callJson),
          final,
          trace: runtime.trace.path,
          ...(runtime.session ? { session: runtime.session, tables: runtime.tables() } : {}),
        }),
      );
      return ok ? 0 : 1;
    }
    const scope = runtime.session ? `session "${runtime.session}"` : "this run";
    if (final.length) {
      print(`End-of-run findings (${scope}):`);
      for (const d of final) print(`  ${formatDiagnostic(d)}`);
    } else if (!options.quiet) print(`End-of-run findings (${scope}): none`);
    const counts = results.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
      {},
    );
    const reused = results.filter((r) => r.reused).length;
    const tables = runtime.session
      ? `; session "${runtime.session}" has ${runtime.state.tables.size} tables`
      : "";
    print(
      `${results.length} calls: ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(", ")}${reused ? ` (${reused} reused)` : ""}${tables}\ntrace: ${runtime.trace.path}`,
    );
    return ok ? 0 : 1;
  } finally {
    runtime.close();
  }
}
