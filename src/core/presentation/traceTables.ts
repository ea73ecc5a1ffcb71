import type { SourceLocation } from "../diagnostic.ts";
import type { Preview } from "../operators/preview.ts";
import type { ReportLocation, ReportTable } from "../../shared/reportProtocol.ts";
import type { Unchecked } from "../operators/operatorPresentation.ts";

/**
 * Pieces of the trees' and the report's views of an observation. Observations arrive as JSON from
 * the trace stream, so every field is read defensively: a trace written by another version of the
 * runtime must still render.
 */

const MAX_CELL_CHARS = 200;

/** A value as a cell of the trees and the report: NULL spelled out, long text cut. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS - 1)}…` : text;
}

interface Schema {
  name: string;
  type: string;
}

/** Columns as `name TYPE, …`, when the schema is a list. */
export function schemaText(schema: unknown): string | undefined {
  if (!Array.isArray(schema)) return undefined;
  return (schema as Schema[]).map((c) => `${c.name} ${c.type}`).join(", ");
}

function location(value: unknown): ReportLocation | null {
  const l = value as SourceLocation | null;
  if (!l || typeof l.file !== "string" || typeof l.line !== "number" || l.line < 1) return null;
  // A line of a Bash command's output (a table made from it) has no file to open.
  if (l.command !== undefined) return null;
  return { file: l.file, line: l.line, ...(l.sheet ? { sheet: l.sheet } : {}) };
}

/** A preview or records as a report table, each row with its source location. */
export function previewTable(title: string, preview: unknown, totalRows?: unknown): ReportTable | undefined {
  const p = preview as Unchecked<Preview> | undefined;
  if (!p || !Array.isArray(p.columns) || !Array.isArray(p.rows)) return undefined;
  const origins = Array.isArray(p.origins) ? p.origins : [];
  const rows = p.rows as unknown[][];
  return {
    title,
    columns: (p.columns as unknown[]).map(String),
    rows: rows.map((r) => (Array.isArray(r) ? r.map(cell) : [])),
    origins: rows.map((_, i) => location(origins[i])),
    ...(typeof totalRows === "number" && totalRows > rows.length ? { totalRows } : {}),
  };
}

/** The preview or records table of an observation, as a list (none when it holds no rows). */
export function previewTables(title: string, preview: unknown, totalRows?: unknown): ReportTable[] {
  const table = previewTable(title, preview, totalRows);
  return table ? [table] : [];
}
