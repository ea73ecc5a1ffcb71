import type { Diagnostic } from "../diagnostic.ts";
import { isOperatorName } from "../operators/factsRegistry.ts";
import type { ObservationOf } from "../operators/observationSchemas.ts";
import type { OperatorName } from "../operators/operator.ts";
import type { CallRef, TableSnapshot } from "../state/sharedState.ts";

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
  /**
   * Nothing was read again: `table` already held what the call asks for — a Scan/UnionScan of
   * files unchanged since the call `from` read them (`how: "session"`; "copied" when it was
   * registered under another name), or an identical call earlier in the same batch (`"batch"`).
   */
  reused?: { how: "session" | "copied" | "batch"; table?: string; from?: CallRef };
  /** The table this call's output replaced: its lineage stays in the trace. */
  replaced?: TableSnapshot;
  /**
   * A failure inside RADAR itself (not the data, not the call): the exception, for the maintainers.
   * `error` and the diagnostics say what happened in words.
   */
  internalError?: string;
}

/**
 * A call of one of this version's operators, its observation typed by its operator: what the runtime
 * emits. A call read back from a trace file is still unchecked JSON (another version may have
 * written it): readers of trace files read its fields defensively.
 */
export type KnownCallEvent = { [Op in OperatorName]: CallOf<Op> }[OperatorName];

/** A call of the operator `Op`, its observation typed by that operator's schema. */
export type CallOf<Op extends OperatorName> = Omit<CallEvent, "op" | "observation"> & {
  op: Op;
  observation?: ObservationOf<Op>;
};

/** Whether a call names one of this version's operators (a trace may name another version's). */
export function isKnownCall(call: CallEvent): call is CallEvent & KnownCallEvent {
  return isOperatorName(call.op);
}

export interface RunStartEvent {
  type: "run-start";
  runId: string;
  lake: string;
  startedAt: string;
  question?: string;
  /** The run whose shared state (registered tables) this one goes on with. */
  continues?: string;
  /** The named session the run belongs to (its tables persist between runs). */
  session?: string;
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

/** A warning of an earlier call of a batch that a later call of the same batch settled. */
export interface SettledFinding {
  /** The call whose warning it was. */
  call: number;
  code: string;
  /** The later call of the same batch that settles it. */
  by: number;
  /** How it does what the warning asks (one clause). */
  how: string;
  /** The diagnostic as it now reads (severity info, message led by "Settled by call #…"). */
  diagnostic: Diagnostic;
}

/**
 * After a batch: warnings of its calls that a later call of the same batch settles (see
 * validation/batchSettle.ts). The calls' events were recorded with the warning as it fired, before
 * the later call ran; this event says which became info, by which call and how.
 */
export interface SettledEvent {
  type: "settled";
  runId: string;
  settled: SettledFinding[];
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

/** Tables removed from the shared state by the user or a client (not by an operator call). */
export interface TablesDroppedEvent {
  type: "tables-dropped";
  runId: string;
  at: string;
  /** `drop`: named tables; `reset`: every table and everything seen (coverage) of the session. */
  reason: "drop" | "reset";
  tables: TableSnapshot[];
}

/** The single typed event stream every consumer (trace file, CLI, editor views) reads. */
export type TraceEvent =
  RunStartEvent | CallEvent | RunEndEvent | TablesDroppedEvent | SettledEvent | LayerEvent;

export type TraceListener = (event: TraceEvent) => void;
