import type { Diagnostic } from "../diagnostic.ts";
import { messageWithEffect } from "../diagnostic.ts";
import { MAX_PREVIEW_ROWS } from "../operators/previewRows.ts";
import type { ObservationOf } from "../operators/observationSchemas.ts";
import type { OperatorName } from "../operators/operator.ts";
import type { CallEvent } from "../trace/traceEvents.ts";
import { isKnownCall } from "../trace/traceEvents.ts";
import { operatorPresentations } from "../operators/operatorPresentations.ts";

/** Rows the model reads when a call asks for none in particular (`preview_rows` asks for more). */
const DEFAULT_ROWS = 10;
const MAX_RESULT_CHARS = 12000;

/**
 * What the model reads back from one call: status, summary, diagnostics as text, and a compact
 * observation — schemas, counts and the rows it asked to see (`preview_rows`, at most 100),
 * never a whole table (tables can be huge and the context window is not). Values are typed JSON;
 * what was left out is said (`truncated`, `cellsCut`), never silent.
 */
export function toolResultText(call: CallEvent): string {
  const result: Record<string, unknown> = { status: call.status };
  if (call.summary) result.summary = call.summary;
  if (call.error) result.error = call.error;
  if (call.diagnostics.length) result.diagnostics = call.diagnostics.map(diagnosticText);
  if (call.reused) result.reused = reusedText(call);
  if (call.replaced)
    result.replaced = `the earlier table ${call.replaced.name} (${call.replaced.rowCount} rows)`;
  // A failed call that ran (Bash's non-zero exit status) keeps what it observed.
  if ((call.status === "ok" || call.status === "failed") && call.observation !== undefined) {
    const rows = wantedRows(call);
    // Rows are dropped from the end until the result fits; how many is said.
    for (let shown = rows; ; shown = Math.floor(shown / 2)) {
      result.observation =
        isKnownCall(call) && call.observation !== undefined
          ? modelObservation(call.op, call.observation, shown)
          : call.observation;
      const text = JSON.stringify(result);
      if (text.length <= MAX_RESULT_CHARS || shown === 0) return capped(text);
    }
  }
  if (call.status === "rejected")
    result.note = "Nothing ran. Fix the call as the diagnostics say and call again.";
  return capped(JSON.stringify(result));
}

export function diagnosticText(d: Diagnostic): string {
  const where = d.locations.length
    ? ` (at ${d.locations
        .slice(0, 3)
        .map((l) => `${l.file}:${l.line}${l.sheet ? ` [${l.sheet}]` : ""}`)
        .join(", ")}${d.locations.length > 3 ? `, +${d.locations.length - 3} more` : ""})`
    : "";
  return `${d.severity} ${d.code}: ${messageWithEffect(d)}${where}`;
}

/** A text result for calls that never reached the runtime (bad JSON, a misplaced Answer). */
export function errorResultText(message: string): string {
  return JSON.stringify({ status: "rejected", error: message });
}

function reusedText(call: CallEvent): string {
  const r = call.reused!;
  if (r.how === "batch") return `the same call as #${r.from?.index} of this batch: ran once`;
  return `not read again: table ${r.table} already holds these files, unchanged since${r.from ? ` call #${r.from.index} of run ${r.from.runId}` : " they were read"}`;
}

/** The compact observation of one operator's call, as its presentation words it for the model. */
function modelObservation<Op extends OperatorName>(
  op: Op,
  observation: ObservationOf<Op>,
  rows: number,
): unknown {
  return operatorPresentations[op].model(observation, rows);
}

/** Rows a call asked to see: its `preview_rows` (bounded), else the default. */
function wantedRows(call: CallEvent): number {
  const asked = call.args.preview_rows;
  return typeof asked === "number" ? Math.min(MAX_PREVIEW_ROWS, asked) : DEFAULT_ROWS;
}

function capped(text: string): string {
  return text.length > MAX_RESULT_CHARS
    ? `${text.slice(0, MAX_RESULT_CHARS)}… [result cut at ${MAX_RESULT_CHARS} characters]`
    : text;
}
