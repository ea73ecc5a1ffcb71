import { existsSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../runtime.ts";
import type { OperatorCall } from "../runtime.ts";
import { factsOf, factsOfCall } from "../operators/factsRegistry.ts";
import type { CallEvent, RunStartEvent, TraceEvent } from "../trace/traceEvents.ts";
import { isKnownCall } from "../trace/traceEvents.ts";
import { fingerprintNow, sameFingerprint, sha256OfFile } from "./fileFingerprint.ts";
import type { FileFingerprint } from "./fileFingerprint.ts";
import { filesRead } from "./staleFiles.ts";
import { compareTables, tableFacts } from "./tableFacts.ts";
import type { TableFacts } from "./tableFacts.ts";

export type FileStatus = "unchanged" | "changed" | "missing" | "unknown";

export interface VerifiedFile {
  path: string;
  status: FileStatus;
  /** How it was told: by SHA-256 (an audit's record) or by size and modification time (a trace's). */
  by?: "sha256" | "size and time";
  before?: FileFingerprint & { sha256?: string };
  after?: FileFingerprint & { sha256?: string };
}

export interface VerifiedTable {
  table: string;
  /** The call that made it, as the run numbered it: "#4" (or "run 2 #4"). */
  at: string;
  op: string;
  status: "unchanged" | "changed" | "cannot-rerun";
  /** What differs, old → new, in words ("rows 5 → 6", "row 3 yield 3.1 → 3.4"); why it cannot re-run. */
  changes: string[];
  /** Files it was read from (itself or through its inputs) that changed since the run. */
  changedFiles: string[];
  before: TableFacts;
  after?: TableFacts;
}

export interface VerifyReport {
  runId: string;
  question?: string;
  checkedAt: string;
  lake: string;
  tables: VerifiedTable[];
  files: VerifiedFile[];
  answer?: {
    value: unknown;
    evidence: string[];
    status: "holds" | "moved" | "cannot-rerun";
    because: string[];
  };
  /** Everything re-ran and nothing moved. */
  holds: boolean;
  /** The verification's own run (its trace is in the state folder like any run). */
  verifyRunId?: string;
  ms: number;
}

/**
 * Re-runs a run's reads and queries against the lake as it is now and says, per table and for the
 * answer, whether anything moved. The calls go through the runtime like any call — sandbox,
 * allowlist, the lake's Source Map — so a trace from elsewhere runs nothing RADAR would refuse.
 * `sha256` (from an audit) tells changed files by content; otherwise size and time are compared.
 */
export async function verifyRun(
  events: TraceEvent[],
  lakeRoot: string,
  stateDir: string,
  sha256: Map<string, string> = new Map(),
): Promise<VerifyReport> {
  const began = Date.now();
  const starts = events.filter((e): e is RunStartEvent => e.type === "run-start");
  const runIds = starts.map((s) => s.runId);
  const last = starts[starts.length - 1];
  const calls = events.filter(
    (e): e is CallEvent =>
      e.type === "call" && e.status === "ok" && factsOf(e.op)?.replayed?.(e.args) === true,
  );
  const answer = [...events]
    .reverse()
    .find((e) => e.type === "agent-answer" && (e as { status?: string }).status === "accepted") as
    { answer?: unknown; evidence?: string[] } | undefined;

  const files = await verifyFiles(calls, lakeRoot, sha256);
  const changedFile = new Set(
    files.filter((f) => f.status === "changed" || f.status === "missing").map((f) => f.path),
  );
  const runtime = await Runtime.open(lakeRoot, {
    radarDir: stateDir,
    validate: false,
    question: `verify run ${last?.runId ?? "?"}`,
  });
  const tables: VerifiedTable[] = [];
  /** Files behind each table name as the replay goes (a Query's are its inputs'). */
  const lineage = new Map<string, Set<string>>();
  try {
    for (const call of calls) {
      const r = runIds.indexOf(call.runId);
      const at = runIds.length > 1 ? `run ${r + 1} #${call.index}` : `#${call.index}`;
      const before = tableFacts(call.observation);
      if (!before) continue;
      const read = filesOf(call, lineage);
      lineage.set(before.table.toLowerCase(), read);
      const changedFiles = [...read].filter((f) => changedFile.has(f)).sort();
      const { op: _op, ...args } = call.args;
      const replayed = await runtime.call({ ...args, op: call.op } as OperatorCall);
      if (replayed.status !== "ok") {
        tables.push({
          table: before.table,
          at,
          op: call.op,
          status: "cannot-rerun",
          changes: [
            replayed.error ??
              replayed.diagnostics.find((d) => d.severity === "error")?.message ??
              replayed.status,
          ],
          changedFiles,
          before,
        });
        continue;
      }
      const after = tableFacts(replayed.observation);
      const changes = after ? compareTables(before, after) : ["the call made no table"];
      tables.push({
        table: before.table,
        at,
        op: call.op,
        status: changes.length ? "changed" : "unchanged",
        changes,
        changedFiles,
        before,
        ...(after ? { after } : {}),
      });
    }
    runtime.end(tables.every((t) => t.status === "unchanged") ? "ok" : "failed");
  } finally {
    runtime.close();
  }
  const byName = new Map(tables.map((t) => [t.table.toLowerCase(), t]));
  const answerStatus = answer ? answerHolds(answer.evidence ?? [], tables, byName) : undefined;
  return {
    runId: last?.runId ?? "?",
    ...(last?.question ? { question: last.question } : {}),
    checkedAt: new Date().toISOString(),
    lake: lakeRoot,
    tables,
    files,
    ...(answer && answerStatus
      ? { answer: { value: answer.answer, evidence: answer.evidence ?? [], ...answerStatus } }
      : {}),
    holds: tables.every((t) => t.status === "unchanged"),
    verifyRunId: runtime.runId,
    ms: Date.now() - began,
  };
}

/** The answer holds when every table it rests on (its evidence, or every table when none is named) is unchanged. */
function answerHolds(
  evidence: string[],
  tables: VerifiedTable[],
  byName: Map<string, VerifiedTable>,
): { status: "holds" | "moved" | "cannot-rerun"; because: string[] } {
  const resting = evidence.length
    ? evidence.map((e) => byName.get(e.toLowerCase())).filter((t) => t !== undefined)
    : tables;
  const failed = resting.filter((t) => t.status === "cannot-rerun");
  const moved = resting.filter((t) => t.status === "changed");
  if (failed.length)
    return { status: "cannot-rerun", because: failed.map((t) => `${t.table} cannot be re-run`) };
  if (moved.length) return { status: "moved", because: moved.map((t) => `${t.table} changed`) };
  return { status: "holds", because: [] };
}

/** The lake files a call read: its own (Scan, UnionScan, Bash) or those behind its inputs (Query). */
function filesOf(call: CallEvent, lineage: Map<string, Set<string>>): Set<string> {
  if (isKnownCall(call)) {
    const own = factsOfCall(call).recordedFiles;
    if (own) return new Set(call.observation ? own(call.observation).map((f) => f.file) : []);
  }
  const out = new Set<string>();
  for (const input of call.inputs) for (const f of lineage.get(input.toLowerCase()) ?? []) out.add(f);
  return out;
}

async function verifyFiles(
  calls: CallEvent[],
  lakeRoot: string,
  sha256: Map<string, string>,
): Promise<VerifiedFile[]> {
  const recorded = filesRead(calls);
  const out: VerifiedFile[] = [];
  for (const [path, before] of [...recorded].sort(([a], [b]) => a.localeCompare(b))) {
    const abs = join(lakeRoot, path);
    const now = existsSync(abs) ? fingerprintNow(abs) : undefined;
    if (!now) {
      out.push({ path, status: "missing", ...(before ? { before } : {}) });
      continue;
    }
    const oldHash = sha256.get(path);
    if (oldHash) {
      const newHash = await sha256OfFile(abs);
      out.push({
        path,
        status: newHash === oldHash ? "unchanged" : "changed",
        by: "sha256",
        before: { ...(before ?? { bytes: Number.NaN, mtimeMs: Number.NaN }), sha256: oldHash },
        after: { ...now, sha256: newHash },
      });
    } else if (before)
      out.push({
        path,
        status: sameFingerprint(before, now) ? "unchanged" : "changed",
        by: "size and time",
        before,
        after: now,
      });
    else out.push({ path, status: "unknown", after: now });
  }
  return out;
}
