import type { ObservationOf } from "../core/operators/observationSchemas.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import { isKnownCall } from "../core/trace/traceEvents.ts";
import type { Preview } from "../core/operators/preview.ts";
import { operatorPresentations } from "../core/operators/operatorPresentations.ts";
import { NO_ROWS, pageRows } from "../core/presentation/resultRows.ts";
import type { LinePage, Rows } from "../core/presentation/resultRows.ts";
import type { CallResult } from "../core/presentation/resultSchema.ts";

/** A call's rows as its operator's presentation gives them; another version's operator: its table's page. */
function rowsOf(call: CallEvent, page?: LinePage): Rows {
  if (!call.observation) return NO_ROWS;
  if (isKnownCall(call) && call.observation !== undefined) return cliRows(call.op, call.observation, page);
  return pageRows(
    call.observation as { table?: string; rowCount?: number; preview?: Preview; records?: Preview },
  );
}

function cliRows<Op extends OperatorName>(op: Op, observation: ObservationOf<Op>, page?: LinePage): Rows {
  return operatorPresentations[op].cliRows(observation, page);
}

/** Text output beside the rows (Bash's), as its operator's presentation gives it. */
function outputOf(call: CallEvent): CallResult["output"] {
  return isKnownCall(call) && call.observation !== undefined
    ? cliOutput(call.op, call.observation)
    : undefined;
}

function cliOutput<Op extends OperatorName>(op: Op, observation: ObservationOf<Op>): CallResult["output"] {
  return operatorPresentations[op].cliOutput?.(observation);
}

/** A call in the one JSON shape every operator shares (see resultSchema.ts). */
export function callResult(call: CallEvent, line?: number, page?: LinePage): CallResult {
  const output = outputOf(call);
  return {
    index: call.index,
    op: call.op,
    status: call.status,
    args: call.args,
    ...(line !== undefined ? { line } : {}),
    ...(call.summary ? { summary: call.summary } : {}),
    ...(call.error ? { error: call.error } : {}),
    ...rowsOf(call, page),
    ...(output ? { output } : {}),
    diagnostics: call.diagnostics,
    ...(call.reused ? { reused: call.reused as unknown as Record<string, unknown> } : {}),
    ...(call.replaced ? { replaced: call.replaced as unknown as Record<string, unknown> } : {}),
    durationMs: call.durationMs,
    observation: call.observation ?? null,
  };
}
