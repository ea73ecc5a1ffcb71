import type { Diagnostic } from "../core/diagnostic.ts";
import { messageWithEffect } from "../core/diagnostic.ts";
import { factsOf } from "../core/operators/factsRegistry.ts";
import type { ObservationOf } from "../core/operators/observationSchemas.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import { isKnownCall } from "../core/trace/traceEvents.ts";
import { previewLines } from "../core/presentation/cliText.ts";
import { operatorPresentations } from "../core/operators/operatorPresentations.ts";
import type { LinePage } from "../core/presentation/resultRows.ts";

const STATUS_MARK: Record<string, string> = {
  ok: "ok",
  rejected: "REJECTED",
  failed: "FAILED",
  skipped: "skipped",
};

/** The call's arguments in one line, as its operator's definition words them for the CLI. */
function argsText(call: CallEvent): string {
  return factsOf(call.op)?.argText(call.args, "cli") ?? JSON.stringify(call.args);
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.locations.length
    ? ` @ ${d.locations
        .slice(0, 3)
        .map((l) => `${l.file}:${l.line}${l.sheet ? ` [${l.sheet}]` : ""}`)
        .join(", ")}${d.locations.length > 3 ? ` (+${d.locations.length - 3})` : ""}`
    : "";
  return `${d.severity} ${d.code}: ${messageWithEffect(d)}${where}`;
}

/** What the call observed, as lines a person reads: rows, command output, profiles, hits. */
function observationLines(call: CallEvent, page?: LinePage): string[] {
  // A failed call that ran (Bash's non-zero exit status) keeps what it observed.
  if (call.status !== "ok" && !(call.status === "failed" && call.observation !== undefined)) return [];
  return isKnownCall(call) && call.observation !== undefined
    ? cliLines(call.op, call.observation, page)
    : otherLines(call.observation as OtherObservation | undefined);
}

/** The observation of an operator this version does not know (a trace of another version's): unchecked. */
type OtherObservation = Parameters<typeof previewLines>[0] & { rowCount?: number };

/** Another version's operator: the rows it showed, if any. */
function otherLines(o: OtherObservation | undefined): string[] {
  return previewLines(o, o?.rowCount);
}

function cliLines<Op extends OperatorName>(
  op: Op,
  observation: ObservationOf<Op>,
  page?: LinePage,
): string[] {
  return operatorPresentations[op].cliLines(observation, page);
}

/**
 * The readable form of one call: status, operator, arguments, summary, diagnostics, what it
 * observed; `where` (`batch.sql:12`) says which line of a batch file wrote it.
 */
export function formatCall(call: CallEvent, withObservation = true, where?: string, page?: LinePage): string {
  const head = `#${call.index} ${call.op.padEnd(9)} ${STATUS_MARK[call.status] ?? call.status}  ${argsText(call)}  (${call.durationMs} ms)${where ? `  [${where}]` : ""}`;
  const lines = [head];
  if (call.summary) lines.push(`    → ${call.summary}`);
  if (call.reused)
    lines.push(
      call.reused.how === "batch"
        ? `    (the same call as #${call.reused.from?.index}: ran once)`
        : `    (not read again: table ${call.reused.table} already holds these files, unchanged since call #${call.reused.from?.index ?? "?"} of run ${call.reused.from?.runId ?? "?"}${call.reused.how === "copied" ? "; copied" : ""})`,
    );
  if (call.replaced)
    lines.push(
      `    (replaced the earlier table ${call.replaced.name}: ${call.replaced.rowCount} rows; its lineage is in the trace)`,
    );
  if (call.error && !call.diagnostics.some((d) => d.severity === "error")) lines.push(`    ! ${call.error}`);
  for (const d of call.diagnostics) lines.push(`    ${formatDiagnostic(d)}`);
  if (withObservation) for (const l of observationLines(call, page)) lines.push(`      ${l}`);
  return lines.join("\n");
}
