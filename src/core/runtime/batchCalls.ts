import { dependencies, planCall, producerOf, repeats } from "../batchPlan.ts";
import { tableNameFor } from "../operators/tableName.ts";
import type { OperatorCall } from "../runtime.ts";
import type { CallEvent } from "../trace/traceEvents.ts";
import type { CallScope } from "./callScope.ts";
import type { LanePool } from "./lanePool.ts";
import { parseAndRunCall } from "./parseAndRunCall.ts";

/**
 * Starts the calls of a batch, one promise each in the batch's order. Calls that do not depend
 * on each other run at once (each on a lane of its own); identical calls run once, the repeat
 * reusing the first's event; a call whose declared input was to be produced by a call of the
 * batch that did not succeed is skipped. `nextIndex` numbers the calls in the batch's order.
 */
export function startBatchCalls(
  scope: CallScope,
  lanes: LanePool,
  calls: OperatorCall[],
  nextIndex: () => number,
  signal?: AbortSignal,
): Promise<CallEvent>[] {
  const plans = calls.map((c) =>
    planCall(c, (file) => tableNameFor(scope.sourceMap.entry(file)?.path ?? file)),
  );
  const after = dependencies(plans);
  const same = repeats(plans);
  const indices = calls.map(() => nextIndex());
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
            reused: { how: "batch", from: { runId: scope.runId(), index: first.index } },
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
        const lane = await lanes.acquire();
        try {
          return await parseAndRunCall(scope, call, indices[j]!, lane, signal, reason);
        } finally {
          lanes.release(lane);
        }
      })(),
    );
  });
  return runs;
}
