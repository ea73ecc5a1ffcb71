import type { Diagnostic } from "../../core/diagnostic.ts";
import { messageWithEffect } from "../../core/diagnostic.ts";
import { factsOf } from "../../core/operators/factsRegistry.ts";
import type {
  EvidenceNode,
  ReportCall,
  ReportDiagnostic,
  ReportLocation,
  ReportRun,
} from "../../shared/reportProtocol.ts";
import {
  argText,
  callFile,
  observationFacts,
  observationTables,
  observationText,
} from "../trace/callText.ts";
import { findingPlace } from "../problems/problemsModel.ts";
import { TableLineage } from "../trace/tableLineage.ts";
import type { TraceCall, TraceRun } from "../trace/traceModel.ts";
import { allCalls } from "../trace/traceModel.ts";

/** What the report webview shows for a run, built from the same trace the tree shows. */
export function reportOf(run: TraceRun): ReportRun {
  const lineage = new TableLineage(run);
  const calls = allCalls(run).map((c) => reportCall(c, lineage));
  const answerCall = acceptedAnswer(run) ?? lastAnswer(run);
  const answerArgs = answerCall?.args ?? {};
  const end = run.end;
  const answered = end?.status === "answered" || run.status === "answered";
  const tokens = end?.usage
    ? { input: end.usage.inputTokens, output: end.usage.outputTokens }
    : sumTokens(run);
  return {
    runId: run.runId,
    question: run.question,
    lake: run.lake,
    status: run.status,
    ...(answered && end?.answer !== undefined ? { answer: answerText(end.answer) } : {}),
    ...(answered && typeof answerArgs.explanation === "string"
      ? { explanation: answerArgs.explanation }
      : {}),
    ...(end?.error ? { error: end.error } : {}),
    ...(run.model ? { model: run.model } : {}),
    startedAt: run.startedAt,
    ...(run.endedAt ? { endedAt: run.endedAt } : {}),
    steps: end?.steps ?? run.batches.filter((b) => b.step > 0).length,
    ...(tokens ? { tokens } : {}),
    ...(run.tracePath ? { tracePath: run.tracePath } : {}),
    evidence: answerCall ? [evidenceChain(answerCall, lineage)] : [],
    turns: run.batches.map((b) => ({
      step: b.step,
      ...(b.content ? { content: b.content } : {}),
      ...(b.durationMs !== undefined ? { durationMs: b.durationMs } : {}),
      ...(b.tokens ? { tokens: b.tokens } : {}),
    })),
    calls,
    diagnostics: [
      ...calls.flatMap((c) => c.diagnostics),
      ...run.finalDiagnostics.map((d) => reportDiagnostic(d)),
    ],
  };
}

export function answerText(answer: unknown): string {
  if (typeof answer === "string") return answer;
  if (Array.isArray(answer))
    return answer.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(", ");
  return JSON.stringify(answer);
}

function acceptedAnswer(run: TraceRun): TraceCall | undefined {
  return allCalls(run).find((c) => c.answer?.status === "accepted");
}

function lastAnswer(run: TraceRun): TraceCall | undefined {
  return allCalls(run)
    .filter((c) => c.kind === "answer")
    .at(-1);
}

function sumTokens(run: TraceRun): { input: number; output: number } | undefined {
  const batches = run.batches.filter((b) => b.tokens);
  if (batches.length === 0) return undefined;
  return {
    input: batches.reduce((n, b) => n + (b.tokens?.input ?? 0), 0),
    output: batches.reduce((n, b) => n + (b.tokens?.output ?? 0), 0),
  };
}

function reportDiagnostic(d: Diagnostic, call?: TraceCall, lineage?: TableLineage): ReportDiagnostic {
  const at = d.locations.length === 0 && call && lineage ? findingPlace(call, d, lineage) : undefined;
  return {
    code: d.code,
    severity: d.severity,
    message: messageWithEffect(d),
    locations: d.locations.map((l) => ({
      file: l.file,
      line: l.line,
      ...(l.sheet ? { sheet: l.sheet } : {}),
    })),
    ...(at ? { at: { file: at.file, line: at.line, ...(at.sheet ? { sheet: at.sheet } : {}) } } : {}),
    ...(call?.event ? { callIndex: call.event.index } : {}),
    ...(call ? { op: call.op } : {}),
  };
}

function reportCall(call: TraceCall, lineage: TableLineage): ReportCall {
  const event = call.event;
  const observation = event?.status === "ok" ? event.observation : undefined;
  const text = observationText(call.op, observation);
  const file = callFile(call.op, call.args);
  const answerFacts = call.answer
    ? call.answer.support.map((s) => ({ label: `“${s.claim}”`, value: `found in ${s.tables.join(", ")}` }))
    : [];
  return {
    key: call.key,
    ...(event ? { index: event.index } : {}),
    step: call.step,
    op: call.op,
    status: call.status,
    argText: argText(call.op, call.args),
    ...(event?.summary ? { summary: event.summary } : {}),
    ...(call.error ? { error: call.error } : {}),
    ...(event ? { durationMs: event.durationMs } : {}),
    ...(file ? { file } : {}),
    facts: [...observationFacts(call.op, observation), ...answerFacts],
    tables: observationTables(call.op, observation),
    ...(text ? { text } : {}),
    diagnostics: [...(event?.diagnostics ?? []), ...(call.answer?.diagnostics ?? [])].map((d) =>
      reportDiagnostic(d, call, lineage),
    ),
  };
}

/** answer ← the evidence tables ← the queries and tables they read ← the lake files. */
function evidenceChain(answer: TraceCall, lineage: TableLineage): EvidenceNode {
  const evidence = Array.isArray(answer.args.evidence) ? answer.args.evidence.map(String) : [];
  return {
    kind: "answer",
    label: answerText(answer.args.answer),
    detail: answer.answer ? `answer ${answer.answer.status}` : "answer",
    callKey: answer.key,
    children: evidence.map((t) => tableNode(t, lineage, new Set())),
  };
}

function tableNode(table: string, lineage: TableLineage, seen: Set<string>): EvidenceNode {
  const origin = lineage.table(table);
  if (!origin || seen.has(table.toLowerCase()))
    return {
      kind: "table",
      label: table,
      detail: origin ? "(see above)" : "not a registered table",
      children: [],
    };
  const next = new Set(seen).add(table.toLowerCase());
  const rows = (origin.call.event?.observation as { rowCount?: unknown } | undefined)?.rowCount;
  const rowText = typeof rows === "number" ? `${rows} rows` : undefined;
  const facts = factsOf(origin.call.op);
  if (facts?.tableFrom === "inputs") {
    const sql = facts.sql?.(origin.call.args)?.replace(/\s+/g, " ") ?? "";
    return {
      kind: "query",
      label: table,
      detail: [rowText, sql].filter(Boolean).join(" · "),
      callKey: origin.call.key,
      children: origin.inputs.map((input) => tableNode(input, lineage, next)),
    };
  }
  return {
    kind: "table",
    label: table,
    detail: [rowText, `${origin.call.op} #${origin.call.event?.index ?? "?"}`].filter(Boolean).join(" · "),
    callKey: origin.call.key,
    children: origin.files.map((f) => fileNode(f)),
  };
}

function fileNode(f: { file: string; headerLine: number; rows?: number; sheet?: string }): EvidenceNode {
  const location: ReportLocation = {
    file: f.file,
    line: Math.max(1, f.headerLine),
    ...(f.sheet ? { sheet: f.sheet } : {}),
  };
  const first = f.headerLine + 1;
  const rows =
    f.rows !== undefined && f.headerLine > 0
      ? `rows from line ${first}${f.rows > 1 ? ` (${f.rows} rows)` : ""}`
      : f.rows !== undefined
        ? `${f.rows} rows`
        : undefined;
  return {
    kind: "file",
    label: `${f.file}${f.sheet ? ` [${f.sheet}]` : ""}`,
    detail: [f.headerLine > 0 ? `header at line ${f.headerLine}` : undefined, rows]
      .filter(Boolean)
      .join(", "),
    location,
    children: [],
  };
}
