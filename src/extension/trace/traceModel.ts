import type {
  AgentAnswerEvent,
  AgentEndEvent,
  AgentEvent,
  AgentStepEvent,
  AgentToolResultEvent,
} from "../../agent/agentEvents.ts";
import type { ToolCall } from "../../agent/chatModel.ts";
import type { Diagnostic } from "../../core/diagnostic.ts";
import type { CallEvent, SettledEvent, TraceEvent } from "../../core/trace/traceEvents.ts";
import type { ReportCallStatus, ReportRunStatus } from "../../shared/reportProtocol.ts";
import { OPERATOR_NAMES } from "./operatorLook.ts";

/**
 * The runs of this window as the trace stream describes them: runs → batches (one per model turn)
 * → calls. Built only from `TraceEvent`s, in order, so the tree, the report and the Problems panel
 * all read the same facts. A model turn announces its tool calls before they run; each is shown
 * as running and then completed by the runtime's call event (in order) or the agent's answer and
 * tool-result events (by tool call id).
 */

export interface TraceCall {
  /** Stable within the run: tree item ids and report anchors derive from it. */
  key: string;
  step: number;
  toolCallId?: string;
  /** How the agent loop will treat the tool call: run it, check it as an answer, or refuse it. */
  kind: "operator" | "answer" | "invalid";
  op: string;
  status: ReportCallStatus;
  args: Record<string, unknown>;
  event?: CallEvent;
  answer?: AgentAnswerEvent;
  error?: string;
}

export interface TraceBatch {
  step: number;
  calls: TraceCall[];
  content?: string | null;
  tokens?: { input: number; output: number };
  durationMs?: number;
  attempts?: number;
}

export interface TraceRun {
  runId: string;
  question: string;
  lake: string;
  startedAt: string;
  endedAt?: string;
  status: ReportRunStatus;
  model?: string;
  batches: TraceBatch[];
  end?: AgentEndEvent;
  /** Findings of the whole-run checks. */
  finalDiagnostics: Diagnostic[];
  modelErrors: string[];
  tracePath?: string;
}

const MAX_RUNS = 20;

export class TraceModel {
  /** Oldest first. */
  readonly runs: TraceRun[] = [];

  run(runId: string): TraceRun | undefined {
    return this.runs.find((r) => r.runId === runId);
  }

  get latest(): TraceRun | undefined {
    return this.runs.at(-1);
  }

  clear(): void {
    this.runs.length = 0;
  }

  /** Forgets one run (the user dismissed it); its events that still arrive are ignored. */
  dismiss(runId: string): TraceRun | undefined {
    const at = this.runs.findIndex((r) => r.runId === runId);
    if (at < 0) return undefined;
    const [run] = this.runs.splice(at, 1);
    this.dismissed.add(runId);
    return run;
  }

  private readonly dismissed = new Set<string>();

  /** Folds one event in; returns the run it changed. */
  apply(event: TraceEvent): TraceRun | undefined {
    if (event.type === "run-start") {
      if (this.dismissed.has(event.runId)) return undefined;
      const run: TraceRun = {
        runId: event.runId,
        question: event.question ?? "",
        lake: event.lake,
        startedAt: event.startedAt,
        status: "running",
        batches: [],
        finalDiagnostics: [],
        modelErrors: [],
      };
      this.runs.push(run);
      if (this.runs.length > MAX_RUNS) this.runs.splice(0, this.runs.length - MAX_RUNS);
      return run;
    }
    const run = this.run(event.runId);
    if (!run) return undefined;
    switch (event.type) {
      case "call":
        applyCall(run, event as CallEvent);
        break;
      case "settled":
        applySettled(run, event);
        break;
      case "run-end":
        run.endedAt = event.endedAt;
        run.finalDiagnostics = event.diagnostics ?? [];
        if (run.status === "running")
          run.status =
            event.status === "ok" ? "answered" : event.status === "cancelled" ? "cancelled" : "failed";
        for (const call of allCalls(run)) if (call.status === "running") call.status = "skipped";
        break;
      default:
        applyAgent(run, event as AgentEvent);
    }
    return run;
  }
}

export function allCalls(run: TraceRun): TraceCall[] {
  return run.batches.flatMap((b) => b.calls);
}

export function findCall(run: TraceRun, key: string): TraceCall | undefined {
  return allCalls(run).find((c) => c.key === key);
}

/** A call's status as a glance should read it: an ok call with findings is a warning. */
export function callStatus(event: CallEvent): ReportCallStatus {
  if (event.status !== "ok") return event.status;
  return event.diagnostics.some((d) => d.severity === "warning" || d.severity === "error") ? "warning" : "ok";
}

function applyCall(run: TraceRun, event: CallEvent): void {
  const batch = run.batches.at(-1) ?? addBatch(run, 0);
  let call = batch.calls.find((c) => c.kind === "operator" && !c.event);
  if (!call) {
    call = {
      key: `c${event.index}`,
      step: batch.step,
      kind: "operator",
      op: event.op,
      status: "running",
      args: {},
    };
    batch.calls.push(call);
  }
  call.event = event;
  call.op = event.op;
  call.args = event.args;
  call.status = callStatus(event);
  if (event.error) call.error = event.error;
}

/** Warnings a later call of the same batch settled: the call's finding now reads as the runtime says. */
function applySettled(run: TraceRun, event: SettledEvent): void {
  for (const s of event.settled) {
    const call = allCalls(run).find((c) => c.event?.index === s.call);
    if (!call?.event) continue;
    const diagnostics = call.event.diagnostics.map((d) =>
      d.code === s.code && d.severity === "warning" && s.diagnostic.message.endsWith(d.message)
        ? s.diagnostic
        : d,
    );
    call.event = { ...call.event, diagnostics };
    call.status = callStatus(call.event);
  }
}

function applyAgent(run: TraceRun, event: AgentEvent): void {
  switch (event.type) {
    case "agent-start":
      run.model = event.model;
      break;
    case "agent-step":
      applyStep(run, event);
      break;
    case "agent-model-error":
      run.modelErrors.push(
        `step ${event.step}, attempt ${event.attempt}: ${event.kind}${event.status ? ` ${event.status}` : ""} — ${event.message}`,
      );
      break;
    case "agent-tool-result":
      applyToolResult(run, event);
      break;
    case "agent-answer": {
      const call = toolCall(run, event.step, event.toolCallId);
      if (call) {
        call.answer = event;
        call.status = event.status;
      }
      break;
    }
    case "agent-end":
      run.end = event;
      run.status = event.status;
      break;
  }
}

function addBatch(run: TraceRun, step: number): TraceBatch {
  const batch: TraceBatch = { step, calls: [] };
  run.batches.push(batch);
  return batch;
}

function applyStep(run: TraceRun, event: AgentStepEvent): void {
  const batch = addBatch(run, event.step);
  batch.content = event.content;
  batch.durationMs = event.durationMs;
  batch.attempts = event.attempts;
  if (event.usage) batch.tokens = { input: event.usage.inputTokens, output: event.usage.outputTokens };
  batch.calls = event.toolCalls.map((tc) => planned(event.step, tc));
}

/** Mirrors the agent loop's own reading of a tool call, so calls line up with the events that follow. */
function planned(step: number, tc: ToolCall): TraceCall {
  const base = { key: `${step}:${tc.id}`, step, toolCallId: tc.id, op: tc.name, status: "running" as const };
  let args: unknown;
  try {
    args = JSON.parse(tc.arguments.trim() === "" ? "{}" : tc.arguments);
  } catch {
    return { ...base, kind: "invalid", args: { arguments: tc.arguments } };
  }
  const isObject = typeof args === "object" && args !== null && !Array.isArray(args);
  const record = isObject ? (args as Record<string, unknown>) : { arguments: tc.arguments };
  if (isObject && tc.name === "Answer") return { ...base, kind: "answer", args: record };
  if (isObject && (OPERATOR_NAMES as string[]).includes(tc.name))
    return { ...base, kind: "operator", args: record };
  return { ...base, kind: "invalid", args: record };
}

function toolCall(run: TraceRun, step: number, toolCallId: string): TraceCall | undefined {
  return run.batches.find((b) => b.step === step)?.calls.find((c) => c.toolCallId === toolCallId);
}

function applyToolResult(run: TraceRun, event: AgentToolResultEvent): void {
  const call = toolCall(run, event.step, event.toolCallId);
  if (!call || call.event || call.answer) return;
  call.status = event.status === "skipped" ? "skipped" : "rejected";
  try {
    const content = JSON.parse(event.content) as { error?: unknown };
    if (typeof content.error === "string") call.error = content.error;
  } catch {
    call.error = event.content;
  }
}
