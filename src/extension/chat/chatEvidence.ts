import type { EvidenceNode, ReportLocation, ReportTable } from "../../shared/reportProtocol.ts";
import { answerText, reportOf } from "../report/reportModel.ts";
import { observationTables } from "../trace/callText.ts";
import { oneLocationPerFile, TableLineage } from "../trace/tableLineage.ts";
import type { TraceRun } from "../trace/traceModel.ts";

/**
 * What `@radar` shows under an answer, read off the trace: the evidence tables with their records,
 * the chain down to the lake files, and — for each value of the answer — a source row that holds
 * it. A follow-up's evidence may rest on tables of the earlier runs of the same chat, so the runs
 * are read together, oldest first.
 */

export interface ValueSource {
  value: string;
  table: string;
  location: ReportLocation;
}

export interface ChatEvidence {
  answer: string;
  /** Markdown: the evidence tables' records and their derivation. */
  markdown: string;
  /** Each answer value at a source row of a table it derives from. */
  values: ValueSource[];
  /** The lake files the evidence derives from, at their header lines. */
  files: ReportLocation[];
}

const MAX_ROWS = 10;

export function chatEvidence(runs: TraceRun[]): ChatEvidence | undefined {
  const run = runs.at(-1);
  const end = run?.end;
  if (!run || end?.status !== "answered" || end.answer === undefined) return undefined;
  // The earlier runs lend their tables, not their answers: the chain starts at this run's answer.
  const earlier = runs
    .slice(0, -1)
    .flatMap((r) => r.batches.map((b) => ({ ...b, calls: b.calls.filter((c) => c.kind === "operator") })));
  const joined: TraceRun = { ...run, batches: [...earlier, ...run.batches] };
  const lineage = new TableLineage(joined);
  const evidence = end.evidence ?? [];
  const chain = reportOf(joined).evidence[0]?.children ?? [];
  const sections = evidence.map((name) => tableMarkdown(name, lineage));
  const markdown = [
    ...sections,
    chain.length ? `**How it was derived**\n\n${chain.map((n) => nodeMarkdown(n, 0)).join("\n")}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  const files = oneLocationPerFile(evidence.flatMap((t) => lineage.sourceFiles(t)));
  return {
    answer: answerText(end.answer),
    markdown,
    values: valueSources(end.answer, evidence, lineage),
    files,
  };
}

/** The answer's values: each item of a list, or the numbers of a sentence. */
export function answerValues(answer: unknown): string[] {
  const items = Array.isArray(answer) ? answer : [answer];
  return items.flatMap((item) => {
    if (typeof item === "number" || typeof item === "boolean") return [String(item)];
    if (typeof item !== "string") return [];
    if (Array.isArray(answer)) return [item];
    return item.match(/-?\d+(?:[.,]\d+)*/g)?.map((n) => n.replace(/,/g, "")) ?? [];
  });
}

function valueSources(answer: unknown, evidence: string[], lineage: TableLineage): ValueSource[] {
  const tables = closure(evidence, lineage);
  const out: ValueSource[] = [];
  for (const value of answerValues(answer)) {
    const found = findValue(value, tables, lineage);
    if (found) out.push(found);
  }
  return out;
}

/** The evidence tables and every table they derive from, scans (which keep row origins) first. */
function closure(evidence: string[], lineage: TableLineage): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (name: string): void => {
    const key = name.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    order.push(name);
    for (const input of lineage.table(name)?.inputs ?? []) visit(input);
  };
  evidence.forEach(visit);
  const isScan = (t: string): boolean => (lineage.table(t)?.files.length ?? 0) > 0;
  return [...order.filter(isScan), ...order.filter((t) => !isScan(t))];
}

function findValue(value: string, tables: string[], lineage: TableLineage): ValueSource | undefined {
  for (const table of tables) {
    const shown = tableOf(table, lineage);
    if (!shown) continue;
    for (let i = 0; i < shown.rows.length; i++) {
      const location = shown.origins[i];
      if (location && shown.rows[i]!.some((c) => sameValue(c, value))) return { value, table, location };
    }
  }
  return undefined;
}

function sameValue(cell: string, value: string): boolean {
  const text = cell.replace(/^"|"$/g, "").trim();
  if (text.toLowerCase() === value.toLowerCase()) return true;
  const a = Number(text);
  const b = Number(value);
  return text !== "" && Number.isFinite(a) && Number.isFinite(b) && a === b;
}

function tableOf(name: string, lineage: TableLineage): ReportTable | undefined {
  const call = lineage.table(name)?.call;
  return call?.event ? observationTables(call.op, call.event.observation)[0] : undefined;
}

function tableMarkdown(name: string, lineage: TableLineage): string {
  const table = tableOf(name, lineage);
  if (!table) return `**${name}**: not a registered table`;
  const rows = table.rows.slice(0, MAX_ROWS);
  const more =
    (table.totalRows ?? table.rows.length) > rows.length
      ? `\n\n_${rows.length} of ${table.totalRows ?? table.rows.length} rows shown._`
      : "";
  return (
    [
      `**Evidence table \`${name}\`**`,
      "",
      `| ${table.columns.map(escape).join(" | ")} |`,
      `| ${table.columns.map(() => "---").join(" | ")} |`,
      ...rows.map((r) => `| ${r.map(escape).join(" | ")} |`),
    ].join("\n") + more
  );
}

function nodeMarkdown(node: EvidenceNode, depth: number): string {
  const label = node.kind === "file" ? `\`${node.label}\`` : `**${node.label}**`;
  const line = `${"  ".repeat(depth)}- ${label}${node.detail ? ` — ${escape(node.detail)}` : ""}`;
  return [line, ...node.children.map((c) => nodeMarkdown(c, depth + 1))].join("\n");
}

function escape(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}
