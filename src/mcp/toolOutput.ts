import { diagnosticText } from "../agent/toolResult.ts";
import type { SourceLocation } from "../core/diagnostic.ts";
import type { TablePage } from "../core/runtime.ts";
import type { ObservationOf } from "../core/operators/observationSchemas.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import { isOperatorCall } from "../core/trace/traceEvents.ts";
import { rowsOf, structuredObservations } from "./structuredObservations.ts";

/**
 * What an MCP client gets back from a tool: `structuredContent` — the observation as data,
 * described by the tool's `outputSchema` — and a short `content` text for models that read text
 * only. Rows are typed JSON (typedJson.ts); the rows shown are bounded, and `truncated` says
 * whether the table has more.
 */

const TEXT_ROWS = 10;
const TEXT_CELL = 40;

interface PreviewLike {
  columns: string[];
  types?: { name: string; type: string; json: string }[];
  rows: unknown[][];
  origins?: (SourceLocation | null)[];
  offset?: number;
  truncated?: boolean;
}

/** The observation of a call, reshaped for structured output (rows in one common shape). */
function structuredObservation(call: CallEvent): Record<string, unknown> | undefined {
  if (call.observation === undefined || call.observation === null) return undefined;
  return isOperatorCall(call) ? reshaped(call.op, call.observation) : undefined;
}

function reshaped<Op extends OperatorName>(op: Op, observation: ObservationOf<Op>): Record<string, unknown> {
  return structuredObservations[op].of(observation);
}

/** `structuredContent` of an operator tool's result. */
export function structuredCall(call: CallEvent): Record<string, unknown> {
  // A failed call that ran (Bash's non-zero exit status) keeps what it observed.
  const observation =
    call.status === "ok" || call.status === "failed" ? structuredObservation(call) : undefined;
  return {
    status: call.status,
    call: { runId: call.runId, index: call.index },
    ...(call.summary ? { summary: call.summary } : {}),
    ...(call.error ? { error: call.error } : {}),
    diagnostics: call.diagnostics,
    ...(call.reused ? { reused: call.reused } : {}),
    ...(call.replaced ? { replaced: call.replaced } : {}),
    ...(observation ? { observation } : {}),
  };
}

/** A value as one cell of a text table. */
function cell(v: unknown): string {
  const text = v === null || v === undefined ? "NULL" : typeof v === "string" ? v : JSON.stringify(v);
  const flat = text.replace(/\s+/g, " ");
  return flat.length > TEXT_CELL ? `${flat.slice(0, TEXT_CELL - 1)}…` : flat;
}

/** A few rows as a pipe table, each with its source line; then what was left out. */
export function rowsText(p: PreviewLike | undefined, rowCount: number, table: string): string[] {
  if (!p || p.columns.length === 0) return [];
  const shown = p.rows.slice(0, TEXT_ROWS);
  const offset = p.offset ?? 0;
  const lines = [
    `| ${p.columns.join(" | ")} |`,
    ...shown.map((r, i) => {
      const o = p.origins?.[i];
      return `| ${r.map(cell).join(" | ")} |${o ? ` ← ${o.file}:${o.line}` : ""}`;
    }),
  ];
  const last = offset + shown.length;
  if (last < rowCount || shown.length < p.rows.length)
    lines.push(
      `(rows ${shown.length ? `${offset + 1}–${last}` : "none"} of ${rowCount} shown here${p.rows.length > shown.length ? `; structuredContent has ${p.rows.length}` : ""}; radar_show {"table": "${table}", "offset": ${offset + p.rows.length}} for more)`,
    );
  return lines;
}

/** The short readable text of an operator tool's result. */
export function readableCall(call: CallEvent): string {
  const head = `${call.status}${call.summary ? `: ${call.summary}` : ""}${call.error && call.status !== "ok" ? ` — ${call.error}` : ""}`;
  const lines = [head];
  if (call.reused)
    lines.push(
      call.reused.how === "batch"
        ? "(the same call ran just before: its result is repeated)"
        : `(not read again: table ${call.reused.table} already holds these files, unchanged)`,
    );
  if (call.replaced)
    lines.push(`(replaced the earlier table ${call.replaced.name}, ${call.replaced.rowCount} rows)`);
  for (const d of call.diagnostics) lines.push(diagnosticText(d));
  if (call.status === "rejected")
    lines.push("Nothing ran. Fix the call as the diagnostics say and call again.");
  if (call.status === "ok" || (call.status === "failed" && call.observation !== undefined)) {
    const o = (call.observation ?? {}) as Record<string, unknown>;
    const rowCount = typeof o.rowCount === "number" ? o.rowCount : 0;
    const preview = (o.records ?? o.preview) as PreviewLike | undefined;
    if (preview) lines.push(...rowsText(preview, rowCount, String(o.table)));
    if (call.op === "Bash") {
      // Its output registered as a table: the rows above are the table's.
      const out = preview ? [] : String(o.stdout ?? "").split("\n");
      lines.push(...out.slice(0, 40));
      if (out.length > 40)
        lines.push(`… ${out.length - 40} more lines (structuredContent.observation.stdout has them)`);
      if (o.stderr) lines.push(`stderr: ${String(o.stderr).slice(0, 500)}`);
    }
    if (call.op === "Discover")
      for (const h of ((o.hits ?? []) as { path: string; rows?: number }[]).slice(0, 20))
        lines.push(`- ${h.path}${h.rows !== undefined ? ` (${h.rows} rows)` : ""}`);
    if (call.op === "Probe")
      for (const c of (o.columns ?? []) as {
        column: string;
        type: string;
        distinct: number;
        nullRate: number;
        min: unknown;
        max: unknown;
        top: { value: unknown; count: number }[];
        parsed?: { min: number; max: number; unit?: string };
      }[])
        lines.push(
          `${c.column} ${c.type}: ${c.distinct} distinct, ${(c.nullRate * 100).toFixed(1)}% null, ${cell(c.min)} … ${cell(c.max)}${c.parsed ? ` (numbers stored as text, parsed: ${c.parsed.min} … ${c.parsed.max}${c.parsed.unit ? ` ${c.parsed.unit}` : ""}, by value)` : ""}; top ${c.top
            .slice(0, 5)
            .map((t) => `${cell(t.value)} ×${t.count}`)
            .join(", ")}`,
        );
  }
  return lines.join("\n");
}

/** `structuredContent` of radar_show. */
export function structuredPage(page: TablePage): Record<string, unknown> {
  return {
    status: "ok",
    table: page.table,
    rowCount: page.rowCount,
    ...(page.stale ? { stale: page.stale } : {}),
    rows: rowsOf(page, page.rowCount),
  };
}

export function readablePage(page: TablePage): string {
  return [
    `${page.table}: ${page.rowCount} rows × ${page.columns.length} columns`,
    ...(page.stale ? [`warning stale-table: ${page.stale}`] : []),
    ...rowsText({ ...page, rows: page.rows }, page.rowCount, page.table),
  ].join("\n");
}
