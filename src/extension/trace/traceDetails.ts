import type { ReportLocation, ReportSeverity } from "../../shared/reportProtocol.ts";
import { traceViewOf } from "../../core/operators/operatorPresentations.ts";
import { argText, observationFacts } from "./callText.ts";
import type { TraceCall } from "./traceModel.ts";

/** One line under a call in the Trace tree: its arguments, schema, row count, a finding. */
export interface TraceDetail {
  label: string;
  description?: string;
  tooltip?: string;
  icon: "args" | "fact" | "error" | ReportSeverity;
  /** A finding's first source row, opened on click. */
  location?: ReportLocation;
}

export function callDetails(call: TraceCall): TraceDetail[] {
  const details: TraceDetail[] = [];
  const args = argText(call.op, call.args);
  details.push({ label: "arguments", description: args, tooltip: args, icon: "args" });
  if (call.error)
    details.push({ label: "error", description: call.error, tooltip: call.error, icon: "error" });
  const observation = call.event?.status === "ok" ? call.event.observation : undefined;
  for (const fact of observationFacts(call.op, observation))
    details.push({ label: fact.label, description: fact.value, tooltip: fact.value, icon: "fact" });
  for (const support of call.answer?.support ?? [])
    details.push({
      label: `“${support.claim}”`,
      description: `found in ${support.tables.join(", ")}`,
      icon: "fact",
    });
  const diagnostics = [...(call.event?.diagnostics ?? []), ...(call.answer?.diagnostics ?? [])];
  for (const d of diagnostics) {
    const first = d.locations[0];
    details.push({
      label: d.code,
      description: `${first ? `${first.file}:${first.line} — ` : ""}${d.message}`,
      tooltip: d.message,
      icon: d.severity,
      ...(first
        ? { location: { file: first.file, line: first.line, ...(first.sheet ? { sheet: first.sheet } : {}) } }
        : {}),
    });
  }
  return details;
}

/** The one-line description of a call in the tree: its status, then what it found or why it stopped. */
export function callDescription(call: TraceCall): string {
  const firstProblem = [...(call.event?.diagnostics ?? []), ...(call.answer?.diagnostics ?? [])].find(
    (d) => d.severity !== "info",
  );
  const what =
    call.status === "running"
      ? "running…"
      : firstProblem
        ? `${firstProblem.code}: ${firstProblem.message}`
        : (call.error ?? call.event?.summary ?? "");
  return `${call.status}${what && call.status !== "running" ? ` · ${what}` : what ? ` ${what}` : ""}`;
}

/** The label of a call in the tree: the operator and its main argument. */
export function callLabel(call: TraceCall): string {
  if (call.op === "Answer") return `Answer ${argText("Answer", call.args).slice(0, 80)}`;
  return traceViewOf(call.op)?.label(call.args) ?? call.op;
}
