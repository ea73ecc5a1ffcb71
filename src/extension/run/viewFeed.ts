import type { TraceEvent } from "../../core/trace/traceEvents.ts";
import { logEvent } from "./eventLog.ts";
import type { ProblemsPanel } from "../problems/problemsPanel.ts";
import type { RadarLog } from "../host/radarLog.ts";
import type { TraceRun } from "../trace/traceModel.ts";
import type { TraceTreeProvider } from "../trace/traceTree.ts";

export interface FeedTargets {
  trace: TraceTreeProvider;
  problems: ProblemsPanel;
  log: RadarLog;
}

/**
 * The consumer every runtime's events go to — "Ask RADAR", `@radar` and the language model tools
 * alike — so each call lands in the Trace view, the Problems panel and the log the same way.
 * Returns the run the event changed, for callers that show more (the report, the chat).
 */
export function viewFeed({ trace, problems, log }: FeedTargets): (event: TraceEvent) => TraceRun | undefined {
  return (event) => {
    const run = trace.model.apply(event);
    if (event.type === "run-start") problems.clear();
    trace.refresh();
    if (run && ((event.type === "call" && event.diagnostics.length) || event.type === "settled"))
      problems.show(run);
    logEvent(log, event);
    return run;
  };
}
