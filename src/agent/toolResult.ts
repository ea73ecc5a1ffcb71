import type { Diagnostic } from "../core/diagnostic.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";

const MAX_ROWS = 10;
const MAX_CELL_CHARS = 120;
const MAX_TEXT_CHARS = 4000;
const MAX_RESULT_CHARS = 8000;
const MAX_HITS = 10;
const MAX_COLUMNS = 40;

interface PreviewLike {
  columns: string[];
  rows: unknown[][];
  origins?: ({ file: string; line: number } | null)[];
}

/**
 * What the model reads back from one call: status, summary, diagnostics as text, and a compact
 * observation — schemas, counts and a few records, never a whole table (tables can be huge and the
 * context window is not).
 */
export function toolResultText(call: CallEvent): string {
  const result: Record<string, unknown> = { status: call.status };
  if (call.summary) result.summary = call.summary;
  if (call.error) result.error = call.error;
  if (call.diagnostics.length) result.diagnostics = call.diagnostics.map(diagnosticText);
  if (call.status === "ok" && call.observation !== undefined)
    result.observation = compactObservation(call.op, call.observation);
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
  return `${d.severity} ${d.code}: ${d.message}${where}`;
}

/** A text result for calls that never reached the runtime (bad JSON, a misplaced Answer). */
export function errorResultText(message: string): string {
  return JSON.stringify({ status: "rejected", error: message });
}

function compactObservation(op: string, observation: unknown): unknown {
  const o = observation as Record<string, unknown>;
  switch (op) {
    case "Scan":
      return {
        table: o.table,
        provenance: o.provenance,
        rowCount: o.rowCount,
        schema: schemaText(o.schema),
        preview: records(o.preview),
      };
    case "UnionScan":
      return {
        table: o.table,
        rowCount: o.rowCount,
        sources: (o.sources as { file: string; label: string; rows: number }[]).map(
          ({ file, label, rows }) => ({ file, label, rows }),
        ),
        schema: schemaText(o.schema),
        partialColumns: o.partialColumns,
        preview: records(o.preview),
      };
    case "Query":
      return {
        table: o.table,
        rowCount: o.rowCount,
        schema: schemaText(o.schema),
        records: records(o.records),
      };
    case "Discover":
      // Every hit the call asked for (its limit); past the first ones, without columns and long reasons.
      return { hits: (o.hits as Record<string, unknown>[]).map((h, i) => compactHit(h, i < MAX_HITS)) };
    case "Bash":
      return {
        exitCode: o.exitCode,
        stdout: clip(String(o.stdout ?? ""), MAX_TEXT_CHARS),
        ...(o.stderr ? { stderr: clip(String(o.stderr), 1000) } : {}),
        ...(o.truncated ? { truncated: true } : {}),
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

function records(preview: unknown): unknown {
  const p = preview as PreviewLike | undefined;
  if (!p) return undefined;
  const rows = p.rows.slice(0, MAX_ROWS);
  const origins = (p.origins ?? []).slice(0, rows.length);
  return {
    columns: p.columns,
    rows: rows.map((row) => row.map((v) => (typeof v === "string" ? clip(v, MAX_CELL_CHARS) : v))),
    ...(origins.some((o) => o)
      ? { sourceLines: origins.map((o) => (o ? `${o.file}:${o.line}` : null)) }
      : {}),
  };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function capped(text: string): string {
  return text.length > MAX_RESULT_CHARS
    ? `${text.slice(0, MAX_RESULT_CHARS)}… [result cut at ${MAX_RESULT_CHARS} characters]`
    : text;
}
