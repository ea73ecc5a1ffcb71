/**
 * The report webview's contract: the state it renders and every message between it and the
 * extension host. Imported by both `src/extension/` and `webview/`, so the two sides cannot drift.
 * Everything here is plain JSON: the state also round-trips through `setState` and the panel
 * serializer after a window reload.
 */

export type ReportSeverity = "error" | "warning" | "info";

/** A source file and 1-based line (a CSV record's first line, a JSON line, a sheet row). */
export interface ReportLocation {
  file: string;
  line: number;
  sheet?: string;
}

/** A table as the report shows it: cells already as text, each row with its origin if it has one. */
export interface ReportTable {
  title: string;
  columns: string[];
  rows: string[][];
  origins: (ReportLocation | null)[];
  /** Rows the table holds in all, when more than shown. */
  totalRows?: number;
}

export interface ReportDiagnostic {
  code: string;
  severity: ReportSeverity;
  message: string;
  locations: ReportLocation[];
  /** Where the Problems panel puts a finding that names no row: the header of a file the call read. */
  at?: ReportLocation;
  /** The call that produced it; absent for whole-run checks. */
  callIndex?: number;
  op?: string;
}

export type ReportCallStatus = "ok" | "warning" | "rejected" | "failed" | "skipped" | "running" | "accepted";

/** One operator call (or one Answer attempt) and its observation. */
export interface ReportCall {
  /** Unique within the run: `c<index>` for runtime calls, the tool call id otherwise. */
  key: string;
  /** The runtime's call index, for operator calls that ran through it. */
  index?: number;
  step: number;
  op: string;
  status: ReportCallStatus;
  /** The arguments, as one readable line (SQL, file, command). */
  argText: string;
  summary?: string;
  error?: string;
  durationMs?: number;
  /** A file the call read, to reveal it. */
  file?: string;
  /** Facts of the observation: schema, row count, provenance. */
  facts: { label: string; value: string }[];
  tables: ReportTable[];
  /** Raw text output (Bash). */
  text?: string;
  diagnostics: ReportDiagnostic[];
}

/** One link of the evidence chain: answer ← query ← tables ← source files. */
export interface EvidenceNode {
  kind: "answer" | "query" | "table" | "file";
  label: string;
  detail?: string;
  callKey?: string;
  location?: ReportLocation;
  children: EvidenceNode[];
}

/** One model turn: what the model said it would do, and what the turn cost. */
export interface ReportStep {
  step: number;
  /** The model's text for the turn (its plan), if it wrote one. */
  content?: string;
  durationMs?: number;
  tokens?: { input: number; output: number };
}

export type ReportRunStatus = "running" | "answered" | "step-limit" | "cancelled" | "failed";

export interface ReportRun {
  runId: string;
  question: string;
  lake: string;
  status: ReportRunStatus;
  answer?: string;
  explanation?: string;
  /** Why there is no answer. */
  error?: string;
  model?: string;
  startedAt: string;
  endedAt?: string;
  steps: number;
  tokens?: { input: number; output: number };
  tracePath?: string;
  evidence: EvidenceNode[];
  calls: ReportCall[];
  diagnostics: ReportDiagnostic[];
  /** The model turns, for grouping the calls of a long run by step. */
  turns?: ReportStep[];
}

export interface ReportState {
  version: 1;
  run?: ReportRun;
  /** The call to scroll to and highlight. */
  focusKey?: string;
}

export type HostToWebview = { type: "show"; state: ReportState } | { type: "focus"; key: string };

export type WebviewToHost =
  | { type: "ready" }
  | { type: "openSource"; location: ReportLocation }
  | { type: "openTrace" }
  | { type: "exportSql" }
  | { type: "ask" };

/** Messages from a webview are untrusted input: the host acts only on ones of these shapes. */
export function isWebviewToHost(value: unknown): value is WebviewToHost {
  if (typeof value !== "object" || value === null) return false;
  const message = value as { type?: unknown; location?: unknown };
  switch (message.type) {
    case "ready":
    case "openTrace":
    case "exportSql":
    case "ask":
      return true;
    case "openSource":
      return isLocation(message.location);
    default:
      return false;
  }
}

export function isLocation(value: unknown): value is ReportLocation {
  if (typeof value !== "object" || value === null) return false;
  const l = value as { file?: unknown; line?: unknown; sheet?: unknown };
  return (
    typeof l.file === "string" &&
    l.file.length > 0 &&
    typeof l.line === "number" &&
    Number.isInteger(l.line) &&
    l.line >= 1 &&
    (l.sheet === undefined || typeof l.sheet === "string")
  );
}

/** A restored state is only trusted as far as its version and shape say. */
export function isReportState(value: unknown): value is ReportState {
  if (typeof value !== "object" || value === null) return false;
  const state = value as { version?: unknown; run?: unknown };
  return state.version === 1 && (state.run === undefined || typeof state.run === "object");
}
