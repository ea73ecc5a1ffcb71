import type { TraceEvent } from "../../core/trace/traceEvents.ts";
import { argText } from "../trace/callText.ts";
import type { RadarLog } from "../host/radarLog.ts";

/** One log line per call and agent milestone, for every run and every tool call alike. */
export function logEvent(log: RadarLog, event: TraceEvent): void {
  switch (event.type) {
    case "call": {
      const line = `#${event.index} ${event.op} ${event.status} ${argText(event.op, event.args).slice(0, 300)} (${event.durationMs} ms)${event.summary ? ` → ${event.summary}` : ""}${event.error ? ` — ${event.error}` : ""}`;
      if (event.status === "failed") log.error(line);
      else if (event.status === "rejected") log.warn(line);
      else log.info(line);
      for (const d of event.diagnostics) log.info(`    ${d.severity} ${d.code}: ${d.message}`);
      break;
    }
    case "settled":
      for (const s of event.settled)
        log.info(`#${s.call} ${s.diagnostic.severity} ${s.code}: ${s.diagnostic.message}`);
      break;
    case "agent-step":
      log.info(
        `step ${String(event.step)}: ${Array.isArray(event.toolCalls) ? event.toolCalls.length : 0} tool call(s)`,
      );
      break;
    case "agent-model-error":
      log.warn(`model error (${String(event.kind)}): ${String(event.message)}`);
      break;
    case "agent-answer":
      log.info(`answer ${String(event.status)}: ${JSON.stringify(event.answer)}`);
      break;
    case "agent-end":
      log.info(`agent ${String(event.status)}${event.error ? `: ${String(event.error)}` : ""}`);
      break;
  }
}
