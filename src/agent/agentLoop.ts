import type { Diagnostic } from "../core/diagnostic.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import { operatorNames } from "../core/operators/registry.ts";
import type { OperatorCall, Runtime } from "../core/runtime.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import type {
  AgentAnswerEvent,
  AgentEndEvent,
  AgentStatus,
  AgentStepEvent,
  RunUsage,
  StepUsage,
} from "./agentEvents.ts";
import { ANSWER_TOOL, agentTools, answerArgs } from "./agentTools.ts";
import type { AnswerArgs } from "./agentTools.ts";
import { checkAnswer } from "./answerCheck.ts";
import { DEFAULT_RETRY } from "./backoff.ts";
import type { RetryPolicy } from "./backoff.ts";
import type { ChatMessage, ChatModel, ToolCall, ToolSpec } from "./chatModel.ts";
import { costOf, priceOf } from "./modelPrices.ts";
import type { ModelPrice } from "./modelPrices.ts";
import { Cancelled, ModelFailure, requestTurn } from "./requestTurn.ts";
import { registeredTablesSummary, sourceMapSummary } from "./sourceMapSummary.ts";
import type { SummaryHit } from "./sourceMapSummary.ts";
import { NO_TOOL_CALL_NOTE, SYSTEM_PROMPT, lastStepNote, userPrompt } from "./systemPrompt.ts";
import { diagnosticText, errorResultText, toolResultText } from "../core/presentation/toolResult.ts";
import { errorText, issuesText, plural, safeEndpoint } from "../core/text.ts";

export const DEFAULT_MAX_STEPS = 20;

export interface AgentOptions {
  /** Model turns before the run stops without an answer. */
  maxSteps?: number;
  signal?: AbortSignal;
  retry?: Partial<RetryPolicy>;
  /** Overrides the built-in price list; null: cost unknown. */
  price?: ModelPrice | null;
  /** Where the model is served, for the trace (credentials and query strings are dropped). */
  endpoint?: string;
}

export interface AgentResult {
  status: AgentStatus;
  answer?: AnswerArgs["answer"];
  evidence?: string[];
  explanation?: string;
  steps: number;
  usage: RunUsage;
  /** Error diagnostics of the last step that had any: why an unanswered run did not get further. */
  lastDiagnostics: Diagnostic[];
  error?: string;
  trace: string;
}

/** A tool call of one assistant message, once its arguments are read. */
type Planned =
  | { call: ToolCall; kind: "operator"; raw: OperatorCall; event?: CallEvent }
  | { call: ToolCall; kind: "answer"; args: AnswerArgs }
  | { call: ToolCall; kind: "error"; message: string };

/**
 * The agent loop: the model sees the question and a query-aware summary of the lake, then acts only
 * through tools. Each assistant message's tool calls run as one batch through the runtime; each
 * call gets one compact result. The run stops at an accepted Answer (one whose numbers and values
 * the evidence tables hold), at the step limit, on cancellation, or when the model fails for good —
 * and then says so, with the last diagnostics. The runtime's trace keeps every event.
 */
export async function runAgent(
  runtime: Runtime,
  model: ChatModel,
  question: string,
  options: AgentOptions = {},
): Promise<AgentResult> {
  const started = Date.now();
  const { signal } = options;
  const maxSteps = Math.max(1, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const price = options.price === null ? undefined : (options.price ?? priceOf(model.name));
  const tools = agentTools();
  const stepUsage: StepUsage[] = [];
  let lastDiagnostics: Diagnostic[] = [];
  let steps = 0;
  let accepted: AnswerArgs | undefined;
  let status: AgentStatus = "step-limit";
  let error: string | undefined;

  const messages = await openingMessages(runtime, model, question, options, maxSteps, tools, started);

  try {
    while (steps < maxSteps && !accepted) {
      const step = ++steps;
      const stepStart = Date.now();
      const { turn, attempts } = await requestTurn(runtime, model, step, messages, tools, policy, signal);
      const usage = turn.usage ?? { inputTokens: 0, outputTokens: 0 };
      const costUsd = costOf(usage, price);
      const durationMs = Date.now() - stepStart;
      stepUsage.push({ step, ...usage, costUsd, durationMs });
      const stepEvent: AgentStepEvent = {
        type: "agent-step",
        runId: runtime.runId,
        step,
        model: turn.model,
        content: turn.content,
        toolCalls: turn.toolCalls,
        ...(turn.finishReason ? { finishReason: turn.finishReason } : {}),
        ...(turn.usage ? { usage: turn.usage } : {}),
        costUsd,
        durationMs,
        attempts,
      };
      runtime.record(stepEvent);
      messages.push({ role: "assistant", content: turn.content, toolCalls: turn.toolCalls });
      if (turn.toolCalls.length === 0) {
        note(runtime, messages, step, NO_TOOL_CALL_NOTE);
        continue;
      }

      const done = await runToolCalls(runtime, step, turn.toolCalls, messages, question, signal);
      const diagnostics = done.diagnostics;
      accepted = done.accepted;
      if (diagnostics.length) lastDiagnostics = diagnostics;
      const left = maxSteps - step;
      if (!accepted && left > 0 && left <= 2) note(runtime, messages, step, lastStepNote(left));
    }
    if (accepted) status = "answered";
  } catch (caught) {
    if (caught instanceof Cancelled || signal?.aborted) status = "cancelled";
    else if (caught instanceof ModelFailure) {
      status = "failed";
      error = caught.message;
    } else {
      // Never leave a run without its end: an internal error fails it, loudly.
      status = "failed";
      error = `internal error: ${errorText(caught)}`;
    }
  }

  if (status === "step-limit") error = `no accepted answer after ${plural(steps, "step")} (the step limit)`;
  if (status === "cancelled") error = "cancelled";
  const usage = totalUsage(stepUsage, Date.now() - started, price !== undefined);
  return endRun(runtime, {
    status,
    steps,
    usage,
    lastDiagnostics,
    ...(accepted ? { accepted } : {}),
    ...(error ? { error } : {}),
  });
}

/**
 * Runs one assistant message's tool calls: its operator calls as one batch through the runtime,
 * then each Answer's check, each call's result added to the messages and recorded. Returns the
 * error diagnostics of the step and the accepted Answer, if one was.
 */
async function runToolCalls(
  runtime: Runtime,
  step: number,
  toolCalls: ToolCall[],
  messages: ChatMessage[],
  question: string,
  signal: AbortSignal | undefined,
): Promise<{ diagnostics: Diagnostic[]; accepted?: AnswerArgs }> {
  let accepted: AnswerArgs | undefined;
  const planned = toolCalls.map(plan);
  const operatorCalls = planned.filter((p) => p.kind === "operator");
  const events = await runtime.runBatch(
    operatorCalls.map((p) => p.raw),
    signal,
  );
  operatorCalls.forEach((p, i) => (p.event = events[i]));
  if (signal?.aborted) throw new Cancelled("cancelled");

  const diagnostics: Diagnostic[] = events.flatMap((e) =>
    e.diagnostics.filter((d) => d.severity === "error"),
  );
  for (const p of planned) {
    let content: string;
    let resultStatus: string;
    if (p.kind === "operator") {
      content = toolResultText(p.event!);
      resultStatus = p.event!.status;
    } else if (p.kind === "error") {
      content = errorResultText(p.message);
      resultStatus = "rejected";
    } else if (accepted) {
      content = errorResultText("Not checked: an earlier Answer of this message was accepted.");
      resultStatus = "skipped";
    } else {
      const check = await answerResult(runtime, step, p.call, p.args, question, signal);
      diagnostics.push(...check.diagnostics);
      if (check.accepted) accepted = p.args;
      resultStatus = check.accepted ? "accepted" : "rejected";
      content = check.content;
    }
    messages.push({ role: "tool", toolCallId: p.call.id, content });
    runtime.record({
      type: "agent-tool-result",
      runId: runtime.runId,
      step,
      toolCallId: p.call.id,
      name: p.call.name,
      ...(p.kind === "operator" ? { callIndex: p.event!.index } : {}),
      status: resultStatus,
      content,
    });
  }
  return { diagnostics, ...(accepted ? { accepted } : {}) };
}

/** The end of a run: its last event, the checks over the whole run, and what the caller gets. */
async function endRun(
  runtime: Runtime,
  outcome: {
    status: AgentStatus;
    steps: number;
    usage: RunUsage;
    lastDiagnostics: Diagnostic[];
    accepted?: AnswerArgs;
    error?: string;
  },
): Promise<AgentResult> {
  const { status, steps, usage, lastDiagnostics, accepted, error } = outcome;
  const end: AgentEndEvent = {
    type: "agent-end",
    runId: runtime.runId,
    status,
    steps,
    ...(accepted ? { answer: accepted.answer, evidence: accepted.evidence } : {}),
    ...(error ? { error } : {}),
    lastDiagnostics,
    usage,
    endedAt: new Date().toISOString(),
  };
  runtime.record(end);
  // Checks over the whole run (e.g. a file seen only through `head`) go with the run's end.
  const final = status === "cancelled" ? [] : await runtime.finalChecks();
  runtime.end(status === "answered" ? "ok" : status === "cancelled" ? "cancelled" : "failed", final);
  return {
    status,
    ...(accepted
      ? {
          answer: accepted.answer,
          evidence: accepted.evidence,
          ...(accepted.explanation ? { explanation: accepted.explanation } : {}),
        }
      : {}),
    steps,
    usage,
    lastDiagnostics,
    ...(error ? { error } : {}),
    trace: runtime.trace.path,
  };
}

/**
 * The run's first messages: a Discover over the question, then the system prompt and the question
 * with a summary of the lake (and of the tables earlier questions left), recorded as `agent-start`.
 */
async function openingMessages(
  runtime: Runtime,
  model: ChatModel,
  question: string,
  options: AgentOptions,
  maxSteps: number,
  tools: ToolSpec[],
  started: number,
): Promise<ChatMessage[]> {
  const discover = await runtime.call({ op: "Discover", query: question }, options.signal);
  const hits = (discover.observation as { hits?: SummaryHit[] } | undefined)?.hits ?? [];
  // A follow-up over a kept runtime starts with the tables of the earlier questions.
  const known = registeredTablesSummary(runtime.state.tables.values());
  const summary = sourceMapSummary(runtime.map, hits);
  const prompt = userPrompt(question, known ? `${known}\n\n${summary}` : summary);
  runtime.record({
    type: "agent-start",
    runId: runtime.runId,
    model: model.name,
    ...(options.endpoint ? { endpoint: safeEndpoint(options.endpoint) } : {}),
    maxSteps,
    tools: tools.map((t) => t.name),
    system: SYSTEM_PROMPT,
    prompt,
    startedAt: new Date(started).toISOString(),
  });
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: prompt },
  ];
}

/** Checks one Answer against its evidence tables, records it, and words the result for the model. */
async function answerResult(
  runtime: Runtime,
  step: number,
  call: ToolCall,
  args: AnswerArgs,
  question: string,
  signal: AbortSignal | undefined,
): Promise<{ accepted: boolean; diagnostics: Diagnostic[]; content: string }> {
  const check = await checkAnswer(runtime.engine, runtime.state, args, question, signal);
  const answerEvent: AgentAnswerEvent = {
    type: "agent-answer",
    runId: runtime.runId,
    step,
    toolCallId: call.id,
    answer: args.answer,
    evidence: args.evidence,
    ...(args.explanation ? { explanation: args.explanation } : {}),
    status: check.accepted ? "accepted" : "rejected",
    diagnostics: check.diagnostics,
    support: check.support,
  };
  runtime.record(answerEvent);
  const content = JSON.stringify(
    check.accepted
      ? { status: "accepted" }
      : {
          status: "rejected",
          diagnostics: check.diagnostics.map(diagnosticText),
          note: "The answer is not final. Revise it and call Answer again.",
        },
  );
  return { accepted: check.accepted, diagnostics: check.diagnostics, content };
}

/** Reads one tool call's arguments; what cannot be read becomes an error result for the model. */
function plan(call: ToolCall): Planned {
  const known = [...operatorNames, ANSWER_TOOL];
  if (!known.includes(call.name as OperatorName))
    return {
      call,
      kind: "error",
      message: `Unknown tool "${call.name}". The tools are ${known.join(", ")}.`,
    };
  let args: unknown;
  try {
    args = JSON.parse(call.arguments.trim() === "" ? "{}" : call.arguments);
  } catch (e) {
    return {
      call,
      kind: "error",
      message: `${call.name}: the arguments are not valid JSON (${(e as Error).message}). Send one JSON object that follows the tool's schema.`,
    };
  }
  if (typeof args !== "object" || args === null || Array.isArray(args))
    return { call, kind: "error", message: `${call.name}: the arguments must be one JSON object.` };
  if (call.name === ANSWER_TOOL) {
    const parsed = answerArgs.safeParse(args);
    if (!parsed.success)
      return {
        call,
        kind: "error",
        message: `Answer: ${issuesText(parsed.error.issues)}`,
      };
    return { call, kind: "answer", args: parsed.data };
  }
  // The runtime validates operator arguments against the operator's schema and records the call.
  return { call, kind: "operator", raw: { ...(args as Record<string, unknown>), op: call.name } };
}

function note(runtime: Runtime, messages: ChatMessage[], step: number, content: string): void {
  messages.push({ role: "user", content });
  runtime.record({ type: "agent-note", runId: runtime.runId, step, content });
}

function totalUsage(steps: StepUsage[], wallMs: number, priced: boolean): RunUsage {
  return {
    inputTokens: steps.reduce((n, s) => n + s.inputTokens, 0),
    outputTokens: steps.reduce((n, s) => n + s.outputTokens, 0),
    costUsd: priced ? steps.reduce((n, s) => n + (s.costUsd ?? 0), 0) : null,
    wallMs,
    steps,
  };
}
