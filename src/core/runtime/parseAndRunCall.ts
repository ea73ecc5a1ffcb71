import type { z } from "zod";
import { Rejection } from "../diagnostic.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { describeFailure } from "../failures.ts";
import type { Operator, OperatorContext, OperatorName } from "../operators/operator.ts";
import { operatorNames, operators } from "../operators/registry.ts";
import type { OperatorCall } from "../runtime.ts";
import { issuesText } from "../text.ts";
import type { CallEvent } from "../trace/traceEvents.ts";
import type { CallScope } from "./callScope.ts";
import type { Lane } from "./lanePool.ts";
import { runParsedCall } from "./runParsedCall.ts";
import { numbersAsText } from "./numbersAsText.ts";
import { missingNamed } from "./missingArguments.ts";
import { unknownArgumentsHint } from "./unknownArguments.ts";

/**
 * The operator a call names, as written or in another case or the CLI's spelling (`scan`,
 * `union-scan`, `unionscan`): the canonical name; anything else is kept, to be refused by name.
 */
function operatorNamed(given: string): string {
  const key = String(given)
    .toLowerCase()
    .replace(/[-_\s]/g, "");
  return operatorNames.find((name) => name.toLowerCase() === key) ?? given;
}

/**
 * One call from its raw arguments to its event, on a lane: its operator found and its arguments
 * parsed, skipped when the batch says why, the files it reads re-mapped if they changed, then
 * run (`runParsedCall`); whatever goes wrong becomes the event's status. Never throws.
 */
export async function parseAndRunCall(
  scope: CallScope,
  raw: OperatorCall,
  index: number,
  lane: Lane,
  signal?: AbortSignal,
  skipReason?: string,
): Promise<CallEvent> {
  const startedAt = new Date();
  const { op: given, ...args } = raw;
  const op = operatorNamed(given);
  const event: CallEvent = {
    type: "call",
    runId: scope.runId(),
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
    await scope.ready();
    const operator = operatorNames.includes(op as OperatorName) ? operators[op as OperatorName] : undefined;
    if (!operator) {
      event.status = "rejected";
      event.diagnostics.push(invalid(`Unknown operator "${op}". Operators: ${operatorNames.join(", ")}.`));
    } else {
      const first = (operator.schema as z.ZodType).safeParse(args);
      // `sheet: 2012`: the sheet's name written as a number is read as the name.
      const asText = first.success ? undefined : numbersAsText(args, first.error.issues);
      const parsed = asText ? (operator.schema as z.ZodType).safeParse(asText) : first;
      if (asText && parsed.success) event.args = asText;
      if (!parsed.success) {
        event.status = "rejected";
        const hint = unknownArgumentsHint(operator.schema as z.ZodType, parsed.error.issues);
        event.diagnostics.push(
          invalid(
            `${op}: ${issuesText(missingNamed(operator.schema as z.ZodType, parsed.error.issues))}${hint}`,
          ),
        );
      } else {
        const data = parsed.data as Record<string, unknown>;
        event.inputs = operator.inputsOf(parsed.data as never);
        if (skipReason) {
          event.status = "skipped";
          event.error = skipReason;
        } else {
          if (signal?.aborted) throw new Error("cancelled before it started");
          // The lake files it reads: re-mapped if they changed, and named by a failure.
          files = filesReadBy(operator, data, scope.context(scope.firstLane()));
          await scope.sourceMap.remapIfChanged(files);
          const ctx = { ...scope.context(lane, signal), callOrder: scope.callOrder(index) };
          await runParsedCall(scope, { op: op as OperatorName, operator, args: data, ctx, event }, lane);
          // Reader options re-mapped files in place: Discover indexes their new columns.
          if (data.reader !== undefined) scope.sourceMap.forgetDiscoverIndex();
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
      const failure = describeFailure(op, error, scope.lakeRoot, files);
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

function filesReadBy(
  operator: Operator<never, unknown>,
  args: Record<string, unknown>,
  ctx: OperatorContext,
): string[] {
  try {
    return operator.filesRead?.(args as never, ctx) ?? [];
  } catch {
    return [];
  }
}

function invalid(message: string): Diagnostic {
  return { code: "invalid-argument", severity: "error", message, locations: [] };
}
