import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { exportChainSql } from "../trace/exportSql.ts";
import type { Diagnostic, SourceLocation } from "../diagnostic.ts";
import { factsOfCall } from "../operators/factsRegistry.ts";
import type { Preview } from "../operators/preview.ts";
import type { FileRead } from "../operators/recordedCallFacts.ts";
import type { CallEvent, CallStatus, RunEndEvent, RunStartEvent, TraceEvent } from "../trace/traceEvents.ts";
import { isKnownCall } from "../trace/traceEvents.ts";
import { fingerprintNow, sameFingerprint, sha256OfFile } from "./fileFingerprint.ts";
import type { FileFingerprint } from "./fileFingerprint.ts";
import { redactor } from "./redact.ts";
import { sourceExcerpts } from "./sourceExcerpts.ts";
import type { FileExcerpt } from "./sourceExcerpts.ts";

/** One finding of the run, where it fired and what it says (with its measured effect). */
export interface AuditFinding {
  /** The call it belongs to (`#4`, or `run 2 #4` when the audit spans runs), or "end of run". */
  at: string;
  /** Anchor of the call in the rendered audit. */
  callId?: string;
  code: string;
  severity: Diagnostic["severity"];
  message: string;
  locations: SourceLocation[];
  effect?: string;
}

export interface AuditCall {
  id: string;
  at: string;
  op: string;
  status: CallStatus;
  summary?: string;
  error?: string;
  durationMs: number;
  args: Record<string, unknown>;
  sql?: string;
  table?: string;
  rowCount?: number;
  columns?: string[];
  rows?: unknown[][];
  origins?: (SourceLocation | null)[];
  truncated?: boolean;
  findings: AuditFinding[];
}

/** A file the run read: how RADAR read it (its Source Map entry as used) and its fingerprint now. */
export interface AuditFile {
  path: string;
  format?: string;
  sheet?: string;
  headerLine?: number;
  encoding?: string;
  notes: string[];
  /** SHA-256 of the bytes when the audit was written (absent when the file is gone). */
  sha256?: string;
  bytes?: number;
  /** The file is not as the run read it (size or modification time differ), or is gone. */
  changedSinceRun?: boolean;
  missing?: boolean;
  /** As the run read it, when the trace recorded it. */
  recorded?: FileFingerprint;
}

export interface AuditModel {
  format: "radar-audit";
  version: 1;
  exportedAt: string;
  runId: string;
  /** The runs the audit covers, oldest first (a session's earlier batches, then this run). */
  runs: string[];
  lakeName: string;
  question?: string;
  answer?: { value: unknown; evidence: string[]; explanation?: string };
  status?: string;
  startedAt?: string;
  endedAt?: string;
  calls: AuditCall[];
  findings: AuditFinding[];
  files: AuditFile[];
  excerpts: FileExcerpt[];
  /** The SQL that re-derives the run's tables in a plain DuckDB, run from the lake folder. */
  sql: string;
  /** The trace itself (paths made relative, keys redacted): what `radar verify AUDIT` replays. */
  events: TraceEvent[];
}

interface AnswerLike {
  type: string;
  status?: string;
  answer?: unknown;
  evidence?: string[];
  explanation?: string;
}

/**
 * The audit of a run (its trace, with the runs it continues first): everything a reader needs
 * without RADAR — the question and answer, each call with its SQL, rows and their source lines,
 * every finding with its evidence and effect, the files read with how and their fingerprints, and
 * the SQL that reproduces the tables. Absolute paths and key-shaped strings are removed.
 */
export async function buildAudit(
  chain: TraceEvent[][],
  lakeRoot: string,
  stateDir?: string,
  now = new Date(),
): Promise<AuditModel> {
  const redact = redactor(lakeRoot, stateDir);
  const clean = <T>(value: T): T => JSON.parse(redact(JSON.stringify(value))) as T;
  const all = chain.flat();
  const starts = all.filter((e): e is RunStartEvent => e.type === "run-start");
  const last = chain[chain.length - 1] ?? [];
  const start = last.find((e): e is RunStartEvent => e.type === "run-start");
  const end = last.find((e): e is RunEndEvent => e.type === "run-end");
  const answer = [...all]
    .reverse()
    .find((e) => e.type === "agent-answer" && (e as AnswerLike).status === "accepted") as
    AnswerLike | undefined;
  const many = chain.length > 1;

  const calls: AuditCall[] = [];
  const findings: AuditFinding[] = [];
  const wanted = new Map<string, Set<number>>();
  const want = (loc: SourceLocation | null | undefined): void => {
    // Sheets have no lines to excerpt; a Bash output line is in the call, not in a file.
    if (!loc || loc.sheet || loc.command !== undefined) return;
    const set = wanted.get(loc.file) ?? new Set<number>();
    set.add(loc.line);
    wanted.set(loc.file, set);
  };
  chain.forEach((events, r) => {
    for (const call of events
      .filter((e): e is CallEvent => e.type === "call")
      .sort((a, b) => a.index - b.index)) {
      const at = many ? `run ${r + 1} #${call.index}` : `#${call.index}`;
      const id = `call-${r + 1}-${call.index}`;
      const view = tableView(call);
      const own = call.diagnostics.map((d) => finding(d, at, id));
      for (const f of own) f.locations.forEach(want);
      view.origins?.forEach(want);
      findings.push(...own);
      calls.push({
        id,
        at,
        op: call.op,
        status: call.status,
        ...(call.summary ? { summary: call.summary } : {}),
        ...(call.error ? { error: call.error } : {}),
        durationMs: call.durationMs,
        args: call.args,
        ...(typeof call.args.sql === "string" ? { sql: call.args.sql } : {}),
        ...view,
        findings: own,
      });
    }
    const runEnd = events.find((e): e is RunEndEvent => e.type === "run-end");
    for (const d of runEnd?.diagnostics ?? []) {
      const f = finding(d, many ? `end of run ${r + 1}` : "end of run");
      f.locations.forEach(want);
      findings.push(f);
    }
  });

  const files = await filesRead(all, lakeRoot);
  for (const f of files) want({ file: f.path, line: f.headerLine ?? 1 });
  const excerpts = await sourceExcerpts(lakeRoot, wanted);
  return clean({
    format: "radar-audit",
    version: 1,
    exportedAt: now.toISOString(),
    runId: start?.runId ?? basename(String(starts[starts.length - 1]?.runId ?? "run")),
    runs: starts.map((s) => s.runId),
    lakeName: basename(lakeRoot),
    ...(start?.question ? { question: start.question } : {}),
    ...(answer
      ? {
          answer: {
            value: answer.answer,
            evidence: answer.evidence ?? [],
            ...(answer.explanation ? { explanation: answer.explanation } : {}),
          },
        }
      : {}),
    ...(end ? { status: end.status, endedAt: end.endedAt } : {}),
    ...(start ? { startedAt: start.startedAt } : {}),
    calls,
    findings,
    files,
    excerpts,
    sql: exportChainSql(chain),
    events: all,
  });
}

function finding(d: Diagnostic, at: string, callId?: string): AuditFinding {
  return {
    at,
    ...(callId ? { callId } : {}),
    code: d.code,
    severity: d.severity,
    message: d.message,
    locations: d.locations,
    ...(d.effect ? { effect: d.effect.text } : {}),
  };
}

/**
 * The table a call made and the rows it showed, whichever operator made it (rows are `preview`, or
 * Bash's `records`): read from a trace, any field may be missing.
 */
function tableView(call: CallEvent): Partial<AuditCall> {
  const o = call.observation as
    { table?: string; rowCount?: number; preview?: Partial<Preview>; records?: Partial<Preview> } | undefined;
  if (!o || typeof o !== "object") return {};
  const preview = o.preview ?? o.records;
  return {
    ...(typeof o.table === "string" ? { table: o.table } : {}),
    ...(typeof o.rowCount === "number" ? { rowCount: o.rowCount } : {}),
    ...(preview?.columns && preview.rows
      ? {
          columns: preview.columns,
          rows: preview.rows,
          origins: preview.origins ?? [],
          truncated: preview.truncated ?? o.rowCount !== preview.rows.length,
        }
      : {}),
  };
}

/** Files the run's successful calls read as tables (Scans, UnionScans), each once, with fingerprints now. */
async function filesRead(events: TraceEvent[], lakeRoot: string): Promise<AuditFile[]> {
  const byPath = new Map<string, AuditFile>();
  for (const e of events) {
    if (e.type !== "call" || e.status !== "ok" || !isKnownCall(e) || e.observation === undefined) continue;
    for (const f of factsOfCall(e).recordedFiles?.(e.observation) ?? []) if (f.asTable) add(byPath, f);
  }
  for (const f of byPath.values()) {
    const abs = join(lakeRoot, f.path);
    const now = existsSync(abs) ? fingerprintNow(abs) : undefined;
    if (!now) {
      f.missing = true;
      f.changedSinceRun = true;
      continue;
    }
    f.bytes = now.bytes;
    f.sha256 = await sha256OfFile(abs);
    if (f.recorded) f.changedSinceRun = !sameFingerprint(f.recorded, now);
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}

function add(byPath: Map<string, AuditFile>, { file, fingerprint, asTable }: FileRead): void {
  if (byPath.has(file)) return;
  const p = { ...asTable, fingerprint };
  byPath.set(file, {
    path: file,
    ...(p.format ? { format: p.format } : {}),
    ...(p.sheet ? { sheet: p.sheet } : {}),
    ...(p.headerLine !== undefined ? { headerLine: p.headerLine } : {}),
    ...(p.encoding ? { encoding: p.encoding } : {}),
    notes: p.notes ?? [],
    ...(p.fingerprint ? { recorded: p.fingerprint } : {}),
  });
}
