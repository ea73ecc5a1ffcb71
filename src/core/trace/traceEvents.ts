import type { Diagnostic } from "../diagnostic.ts";
import type { OperatorName } from "../operators/operator.ts";

export type CallStatus = "ok" | "rejected" | "failed" | "skipped";

/** One operator call as it ended: what was asked, what was declared, what was observed. */
export interface CallEvent {
  type: "call";
  runId: string;
  index: number;
  op: OperatorName | string;
  args: Record<string, unknown>;
  inputs: string[];
  status: CallStatus;
  observation?: unknown;
  /** One line for trees and tables. */
  summary?: string;
  diagnostics: Diagnostic[];
  /** Why a call failed or was skipped. */
  error?: string;
  startedAt: string;
  durationMs: number;
  /** Time spent in the checks after execution. */
  validationMs?: number;
}

export interface RunStartEvent {
  type: "run-start";
  runId: string;
  lake: string;
  startedAt: string;
  question?: string;
  /** The run whose shared state (registered tables) this one goes on with. */
  continues?: string;
}

export interface RunEndEvent {
  type: "run-end";
  runId: string;
  endedAt: string;
  calls: number;
  status: "ok" | "failed" | "cancelled";
  /** Findings over the whole run (final checks). */
  diagnostics?: Diagnostic[];
}

/**
 * An event of a layer above the runtime (the agent loop: model turns, answers), recorded in the same
 * stream so one trace file keeps the whole run. Its layer types the other fields; the `agent-`
 * prefix keeps the runtime's own event types distinct.
 */
export interface LayerEvent {
  type: `agent-${string}`;
  runId: string;
  [field: string]: unknown;
}

/** The single typed event stream every consumer (trace file, CLI, editor views) reads. */
export type TraceEvent = RunStartEvent | CallEvent | RunEndEvent | LayerEvent;

export type TraceListener = (event: TraceEvent) => void;
