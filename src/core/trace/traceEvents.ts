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
}

export interface RunStartEvent {
  type: "run-start";
  runId: string;
  lake: string;
  startedAt: string;
  question?: string;
}

export interface RunEndEvent {
  type: "run-end";
  runId: string;
  endedAt: string;
  calls: number;
  status: "ok" | "failed" | "cancelled";
}

/** The single typed event stream every consumer (trace file, CLI, editor views) reads. */
export type TraceEvent = RunStartEvent | CallEvent | RunEndEvent;

export type TraceListener = (event: TraceEvent) => void;
