import type { Diagnostic } from "../core/diagnostic.ts";
import type { LayerEvent } from "../core/trace/traceEvents.ts";
import type { ModelErrorKind, TokenUsage, ToolCall } from "./chatModel.ts";

/**
 * The agent's events, recorded in the run's trace between the runtime's call events (through
 * `Runtime.record`), so one trace file replays the whole conversation: the prompt, every model
 * turn with its tool calls, what each call returned, each answer and why it was or was not accepted.
 */

export type AgentStatus = "answered" | "step-limit" | "cancelled" | "failed";

export interface StepUsage extends TokenUsage {
  step: number;
  /** US dollars, null when the model's price is not known. */
  costUsd: number | null;
  durationMs: number;
}

export interface RunUsage extends TokenUsage {
  costUsd: number | null;
  wallMs: number;
  steps: StepUsage[];
}

export interface AgentStartEvent extends LayerEvent {
  type: "agent-start";
  model: string;
  /** The endpoint, without credentials or query string. */
  endpoint?: string;
  maxSteps: number;
  tools: string[];
  system: string;
  prompt: string;
  startedAt: string;
}

export interface AgentModelErrorEvent extends LayerEvent {
  type: "agent-model-error";
  step: number;
  attempt: number;
  kind: ModelErrorKind;
  status?: number;
  message: string;
  /** Delay before the next attempt; absent when the loop gives up. */
  retryInMs?: number;
}

export interface AgentStepEvent extends LayerEvent {
  type: "agent-step";
  step: number;
  model: string;
  content: string | null;
  toolCalls: ToolCall[];
  finishReason?: string;
  usage?: TokenUsage;
  costUsd: number | null;
  durationMs: number;
  attempts: number;
}

export interface AgentToolResultEvent extends LayerEvent {
  type: "agent-tool-result";
  step: number;
  toolCallId: string;
  name: string;
  /** Index of the runtime call event, for operator tools. */
  callIndex?: number;
  status: string;
  /** Exactly what the model was sent. */
  content: string;
}

export interface AgentNoteEvent extends LayerEvent {
  type: "agent-note";
  step: number;
  /** A message the loop itself added to the conversation (a reminder, a last-step warning). */
  content: string;
}

export interface AgentAnswerEvent extends LayerEvent {
  type: "agent-answer";
  step: number;
  toolCallId: string;
  answer: unknown;
  evidence: string[];
  explanation?: string;
  status: "accepted" | "rejected";
  diagnostics: Diagnostic[];
  support: { claim: string; tables: string[] }[];
}

export interface AgentEndEvent extends LayerEvent {
  type: "agent-end";
  status: AgentStatus;
  steps: number;
  answer?: unknown;
  evidence?: string[];
  error?: string;
  lastDiagnostics: Diagnostic[];
  usage: RunUsage;
  endedAt: string;
}

export type AgentEvent =
  | AgentStartEvent
  | AgentModelErrorEvent
  | AgentStepEvent
  | AgentToolResultEvent
  | AgentNoteEvent
  | AgentAnswerEvent
  | AgentEndEvent;
