import type { Diagnostic, SourceLocation } from "../core/diagnostic.ts";
import { messageWithEffect } from "../core/diagnostic.ts";
import { MAX_PREVIEW_ROWS } from "../core/operators/previewRows.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import { clip } from "../core/text.ts";

/** Rows the model reads when a call asks for none in particular (`preview_rows` asks for more). */
const DEFAULT_ROWS = 10;
const MAX_CELL_CHARS = 120;
const MAX_TEXT_CHARS = 4000;
const MAX_RESULT_CHARS = 12000;
const MAX_HITS = 10;
const MAX_COLUMNS = 40;

interface PreviewLike {
  columns: string[];
  types?: { name: string; type: string; json: string }[];
  rows: unknown[][];
  origins?: (SourceLocation | null)[];
  offset?: number;
  truncated?: boolean;
}

/**
 * What the model reads back from one call: status, summary, diagnostics as text, and a compact
 * observation — schemas, counts and the rows it asked to see (`preview_rows`, at most 100),
 * never a whole table (tables can be huge and the context window is not). Values are typed JSON;
 * what was left out is said (`truncated`, `cellsCut`), never silent.
 */
export function toolResultText(call: CallEvent): string {
  const result: Record<string, unknown> = { status: call.status };
  if (call.summary) result.summary = call.summary;
  if (call.error) result.error = call.error;
  if (call.diagnostics.length) result.diagnostics = call.diagnostics.map(diagnosticText);
  if (call.reused) result.reused = reusedText(call);
  if (call.replaced)
    result.replaced = `the earlier table ${call.replaced.name} (${call.replaced.rowCount} rows)`;
  // A failed call that ran (Bash's non-zero exit status) keeps what it observed.
  if ((call.status === "ok" || call.status === "failed") && call.observation !== undefined) {
    const rows = wantedRows(call);
    // Rows are dropped from the end until the result fits; how many is said.
    for (let shown = rows; ; shown = Math.floor(shown / 2)) {
      result.observation = compactObservation(call.op, call.observation, shown);
      const text = JSON.stringify(result);
      if (text.length <= MAX_RESULT_CHARS || shown === 0) return capped(text);
    }
  }
  if (call.status === "rejected")
    result.note = "Nothing ran. Fix the call as the diagnostics say and call again.";
  return capped(JSON.stringify(result));
}

export function diagnosticText(d: Diagnostic): string {
  const where = d.locations.length
    ? ` (at ${d.locations
        .slice(0, 3)
        .map((l) => `${l.file}:${l.line}${l.sheet ? ` [${l.sheet}]` : ""}`)
        .join(", ")}${d.locations.length > 3 ? `, +${d.locations.length - 3} more` : ""})`
    : "";
  return `${d.severity} ${d.code}: ${messageWithEffect(d)}${where}`;
}

/** A text result for calls that never reached the runtime (bad JSON, a misplaced Answer). */
export function errorResultText(message: string): string {
  return JSON.stringify({ status: "rejected", error: message });
}

function reusedText(call: CallEvent): string {
  const r = call.reused!;
  if (r.how === "batch") return `the same call as #${r.from?.index} of this batch: ran once`;
  return `not read again: table ${r.table} already holds these files, unchanged since${r.from ? ` call #${r.from.index} of run ${r.from.runId}` : " they were read"}`;
}

/** Rows a call asked to see: its `preview_rows` (bounded), else the default. */
function wantedRows(call: CallEvent): number {
  const asked = call.args.preview_rows;
  return typeof asked === "number" ? Math.min(MAX_PREVIEW_ROWS, asked) : DEFAULT_ROWS;
}

function compactObservation(op: string, observation: unknown, rows: number): unknown {
  const o = observation as Record<string, unknown>;
  switch (op) {
    case "Scan":
      return {
        table: o.table,
        provenance: o.provenance,
        rowCount: o.rowCount,
        schema: schemaText(o.schema),
        preview: records(o.preview, rows, o.rowCount),
      };
    case "UnionScan":
      return {
        table: o.table,
        rowCount: o.rowCount,
        sources: (o.sources as { file: string; label: string; rows: number }[]).map(
          ({ file, label, rows }) => ({
            file,
            label,
            rows,
          }),
        ),
        schema: schemaText(o.schema),
        partialColumns: o.partialColumns,
        preview: records(o.preview, rows, o.rowCount),
      };
    case "Query":
      return {
        table: o.table,
        rowCount: o.rowCount,
        schema: schemaText(o.schema),
        records: records(o.records, rows, o.rowCount),
      };
    case "Discover":
      // Every hit the call asked for (its limit); past the first ones, without columns and long reasons.
      return { hits: (o.hits as Record<string, unknown>[]).map((h, i) => compactHit(h, i < MAX_HITS)) };
    case "Bash":
      // Its output registered as a table: the table's first rows, not the output text.
      if (typeof o.table === "string")
        return {
          exitCode: o.exitCode,
          ...(o.exit ? { exit: o.exit } : {}),
          table: o.table,
          rowCount: o.rowCount,
          schema: schemaText(o.schema),
          records: records(o.records, rows, o.rowCount),
          ...(o.stderr ? { stderr: clip(String(o.stderr), 1000) } : {}),
        };
      return {
        exitCode: o.exitCode,
        ...(o.exit ? { exit: o.exit } : {}),
        ...(o.exitCodes ? { exitCodes: o.exitCodes } : {}),
        stdout: clip(String(o.stdout ?? ""), MAX_TEXT_CHARS),
        ...(o.stderr ? { stderr: clip(String(o.stderr), 1000) } : {}),
        ...(o.truncated || String(o.stdout ?? "").length > MAX_TEXT_CHARS ? { truncated: true } : {}),
        ...(o.timedOut ? { timedOut: true } : {}),
      };
    default:
      return observation;
  }
}

const MAX_FAMILY_FILES = 40;
const MAX_DIFFERING = 10;

function compactHit(h: Record<string, unknown>, full: boolean): Record<string, unknown> {
  const { columns, family, copies, reasons, ...rest } = h;
  const out: Record<string, unknown> = { ...rest, score: Math.round(Number(h.score) * 100) / 100 };
  out.reasons = Array.isArray(reasons) ? (full ? reasons : reasons.slice(0, 3)) : reasons;
  if (full && Array.isArray(columns)) out.columns = columns.slice(0, MAX_COLUMNS);
  if (family && typeof family === "object") {
    const f = family as Record<string, unknown>;
    const selected = f.selected as { said: string[]; files: string[]; glob?: string } | undefined;
    out.family = {
      ...f,
      columns: Array.isArray(f.columns) ? f.columns.slice(0, MAX_COLUMNS) : f.columns,
      differing: Array.isArray(f.differing) ? f.differing.slice(0, MAX_DIFFERING) : f.differing,
      ...(selected
        ? {
            selected: {
              said: selected.said,
              count: selected.files.length,
              // The glob says it in one string; the list only when no pattern names exactly them.
              ...(selected.glob
                ? { glob: selected.glob }
                : { files: selected.files.slice(0, MAX_FAMILY_FILES) }),
            },
          }
        : {}),
    };
  }
  if (Array.isArray(copies)) out.copies = copies.map((c) => (c as { note: string }).note);
  return out;
}

function schemaText(schema: unknown): string[] {
  return ((schema as { name: string; type: string }[] | undefined) ?? [])
    .slice(0, MAX_COLUMNS * 2)
    .map((c) => `${c.name} ${c.type}`);
}

function records(preview: unknown, max: number, rowCount: unknown): unknown {
  const p = preview as PreviewLike | undefined;
  if (!p) return undefined;
  const rows = p.rows.slice(0, max);
  const origins = (p.origins ?? []).slice(0, rows.length);
  let cut = 0;
  const offset = p.offset ?? 0;
  const total = typeof rowCount === "number" ? rowCount : undefined;
  return {
    columns: p.columns,
    rows: rows.map((row) =>
      row.map((v) => {
        if (typeof v === "string" && v.length > MAX_CELL_CHARS) cut++;
        return typeof v === "string" ? clip(v, MAX_CELL_CHARS) : v;
      }),
    ),
    ...(origins.some((o) => o)
      ? { sourceLines: origins.map((o) => (o ? `${o.file}:${o.line}` : null)) }
      : {}),
    ...(offset > 0 ? { offset } : {}),
    truncated:
      total !== undefined
        ? offset + rows.length < total
        : p.truncated === true || rows.length < p.rows.length,
    ...(cut
      ? {
          cellsCut: `${cut} text cell(s) cut at ${MAX_CELL_CHARS} characters (…); radar_show gives whole values`,
        }
      : {}),
  };
}

function capped(text: string): string {
  return text.length > MAX_RESULT_CHARS
    ? `${text.slice(0, MAX_RESULT_CHARS)}… [result cut at ${MAX_RESULT_CHARS} characters]`
    : text;
}
