import { diagnosticText } from "../core/presentation/toolResult.ts";
import type { TablePage } from "../core/runtime/sessionTables.ts";
import type { ObservationOf } from "../core/operators/observationSchemas.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import { isKnownCall } from "../core/trace/traceEvents.ts";
import { operatorPresentations } from "../core/operators/operatorPresentations.ts";
import { rowsText } from "../core/presentation/readableRows.ts";
import { rowsOf } from "../core/operators/structuredRows.ts";
import { structuredViewOf } from "./structuredObservations.ts";

/**
 * What an MCP client gets back from a tool: `structuredContent` — the observation as data,
 * described by the tool's `outputSchema` — and a short `content` text for models that read text
 * only. Rows are typed JSON (typedJson.ts); the rows shown are bounded, and `truncated` says
 * whether the table has more.
 */

/** The observation of a call, reshaped for structured output (rows in one common shape). */
function structuredObservation(call: CallEvent): Record<string, unknown> | undefined {
  if (call.observation === undefined || call.observation === null) return undefined;
  return isKnownCall(call) ? reshaped(call.op, call.observation) : undefined;
}

function reshaped<Op extends OperatorName>(op: Op, observation: ObservationOf<Op>): Record<string, unknown> {
  return structuredViewOf(op).of(observation);
}

/** `structuredContent` of an operator tool's result. */
export function structuredCall(call: CallEvent): Record<string, unknown> {
  // A failed call that ran (Bash's non-zero exit status) keeps what it observed.
  const observation =
    call.status === "ok" || call.status === "failed" ? structuredObservation(call) : undefined;
  return {
    status: call.status,
    call: { runId: call.runId, index: call.index },
    ...(call.summary ? { summary: call.summary } : {}),
    ...(call.error ? { error: call.error } : {}),
    diagnostics: call.diagnostics,
    ...(call.reused ? { reused: call.reused } : {}),
    ...(call.replaced ? { replaced: call.replaced } : {}),
    ...(observation ? { observation } : {}),
  };
}

/** The short readable text of an operator tool's result. */
export function readableCall(call: CallEvent): string {
  const head = `${call.status}${call.summary ? `: ${call.summary}` : ""}${call.error && call.status !== "ok" ? ` — ${call.error}` : ""}`;
  const lines = [head];
  if (call.reused)
    lines.push(
      call.reused.how === "batch"
        ? "(the same call ran just before: its result is repeated)"
        : `(not read again: table ${call.reused.table} already holds these files, unchanged)`,
    );
  if (call.replaced)
    lines.push(`(replaced the earlier table ${call.replaced.name}, ${call.replaced.rowCount} rows)`);
  for (const d of call.diagnostics) lines.push(diagnosticText(d));
  if (call.status === "rejected")
    lines.push("Nothing ran. Fix the call as the diagnostics say and call again.");
  if (
    (call.status === "ok" || (call.status === "failed" && call.observation !== undefined)) &&
    isKnownCall(call) &&
    call.observation !== undefined
  )
    lines.push(...readableObservation(call.op, call.observation));
  return lines.join("\n");
}

function readableObservation<Op extends OperatorName>(op: Op, observation: ObservationOf<Op>): string[] {
  return operatorPresentations[op].readable(observation);
}

/** `structuredContent` of radar_show. */
export function structuredPage(page: TablePage): Record<string, unknown> {
  return {
    status: "ok",
    table: page.table,
    rowCount: page.rowCount,
    ...(page.stale ? { stale: page.stale } : {}),
    rows: rowsOf(page, page.rowCount),
  };
}

export function readablePage(page: TablePage): string {
  return [
    `${page.table}: ${page.rowCount} rows × ${page.columns.length} columns`,
    ...(page.stale ? [`warning stale-table: ${page.stale}`] : []),
    ...rowsText({ ...page, rows: page.rows }, page.rowCount, page.table),
  ].join("\n");
}
