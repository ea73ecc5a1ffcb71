import type { SourceLocation } from "../../core/diagnostic.ts";
import type { ReportLocation, ReportTable } from "../../shared/reportProtocol.ts";
import { factsOf } from "../../core/operators/facts/factsRegistry.ts";
import { shown } from "../../core/operators/operatorFacts.ts";

/**
 * Readable views of an operator call's arguments and observation, for the trees and the report.
 * Observations arrive as JSON from the trace stream, so every field is read defensively: a trace
 * written by another version of the runtime must still render.
 */

const MAX_CELL_CHARS = 200;

/** A call's arguments in one line: as its operator's definition words them, or the agent's Answer. */
export function argText(op: string, args: Record<string, unknown>): string {
  if (op === "Answer")
    return `${cell(args.answer)}${Array.isArray(args.evidence) ? ` ← ${args.evidence.map(shown).join(", ")}` : ""}`;
  return factsOf(op)?.argText(args, "tree") ?? JSON.stringify(args);
}

/** The file a call reads, to reveal it when the call is selected. */
export function callFile(op: string, args: Record<string, unknown>): string | undefined {
  return factsOf(op)?.file?.(args);
}

export function cell(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS - 1)}…` : text;
}

interface Schema {
  name: string;
  type: string;
}

interface PreviewLike {
  columns?: unknown;
  rows?: unknown;
  origins?: unknown;
}

function schemaText(schema: unknown): string | undefined {
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

function previewTable(title: string, preview: unknown, totalRows?: unknown): ReportTable | undefined {
  const p = preview as PreviewLike | undefined;
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

/** Schema, counts and provenance of an observation, as label/value pairs. */
export function observationFacts(op: string, observation: unknown): { label: string; value: string }[] {
  const o = (observation ?? {}) as Record<string, unknown>;
  const facts: { label: string; value: string }[] = [];
  const add = (label: string, value: unknown): void => {
    if (value !== undefined && value !== null && value !== "") facts.push({ label, value: String(value) });
  };
  switch (op) {
    case "Scan": {
      const p = (o.provenance ?? {}) as Record<string, unknown>;
      add("table", o.table);
      add("file", `${String(p.file)}${p.sheet ? ` [${String(p.sheet)}]` : ""}`);
      add("format", [p.format, p.encoding].filter(Boolean).join(", "));
      add("header line", p.headerLine);
      if (Array.isArray(p.titleLines) && p.titleLines.length) add("title rows", p.titleLines.join(" | "));
      if (Array.isArray(p.footerLines) && p.footerLines.length) add("footnotes", p.footerLines.join(" | "));
      add("rows", o.rowCount);
      add("schema", schemaText(o.schema));
      break;
    }
    case "UnionScan": {
      add("table", o.table);
      const sources = Array.isArray(o.sources) ? (o.sources as { file: string; rows: number }[]) : [];
      add("sources", sources.map((s) => `${s.file} (${s.rows} rows)`).join(", "));
      add("rows", o.rowCount);
      add("schema", schemaText(o.schema));
      const partial = Array.isArray(o.partialColumns)
        ? (o.partialColumns as { column: string; missingIn: string[] }[])
        : [];
      if (partial.length)
        add(
          "partial columns",
          partial.map((p) => `${p.column} (missing in ${p.missingIn.length})`).join(", "),
        );
      break;
    }
    case "Query":
      add("table", o.table);
      add("rows", o.rowCount);
      add("schema", schemaText(o.schema));
      break;
    case "Probe":
      add("table", o.table);
      add("rows", o.rowCount);
      break;
    case "Bash":
      add("exit status", o.exitCode);
      if (typeof o.table === "string") {
        add("table", o.table);
        add("rows", o.rowCount);
        add("schema", schemaText(o.schema));
      }
      if (o.truncated) add("output", "truncated");
      if (o.timedOut) add("timed out", "yes");
      break;
  }
  return facts;
}

/** The tables an observation holds: previews (with row origins), records, probes, hits. */
export function observationTables(op: string, observation: unknown): ReportTable[] {
  const o = (observation ?? {}) as Record<string, unknown>;
  const tables: ReportTable[] = [];
  const push = (t: ReportTable | undefined): void => {
    if (t) tables.push(t);
  };
  switch (op) {
    case "Scan":
    case "UnionScan":
      push(previewTable(`${String(o.table)} — first rows`, o.preview, o.rowCount));
      break;
    case "Query":
      push(previewTable(`${String(o.table)} — records`, o.records, o.rowCount));
      break;
    case "Bash":
      // Its output registered as a table.
      if (typeof o.table === "string") push(previewTable(`${o.table} — first rows`, o.records, o.rowCount));
      break;
    case "Probe": {
      const columns = Array.isArray(o.columns) ? (o.columns as Record<string, unknown>[]) : [];
      if (columns.length)
        tables.push({
          title: `${String(o.table)} — column profile`,
          columns: ["column", "type", "null rate", "distinct", "min", "max", "top values"],
          rows: columns.map((c) => [
            cell(c.column),
            cell(c.type),
            `${Math.round(Number(c.nullRate) * 1000) / 10}%`,
            cell(c.distinct),
            cell(c.min),
            cell(c.max),
            (Array.isArray(c.top) ? (c.top as { value: unknown; count: number }[]) : [])
              .map((t) => `${cell(t.value)} (${t.count})`)
              .join(", "),
          ]),
          origins: columns.map(() => null),
        });
      break;
    }
    case "Discover": {
      const hits = Array.isArray(o.hits) ? (o.hits as Record<string, unknown>[]) : [];
      if (hits.length)
        tables.push({
          title: "ranked sources",
          columns: ["path", "score", "format", "rows", "why"],
          rows: hits.map((h) => [
            cell(h.path),
            typeof h.score === "number" ? h.score.toFixed(2) : cell(h.score),
            cell(h.format ?? ""),
            cell(h.rows ?? ""),
            (Array.isArray(h.reasons) ? h.reasons : []).map(String).join("; "),
          ]),
          // A ranked file opens at its first line; a folder pattern has no single file.
          origins: hits.map((h) =>
            typeof h.path === "string" && !/[*?[\]{}]/.test(h.path) && h.files === undefined
              ? { file: h.path, line: 1 }
              : null,
          ),
        });
      break;
    }
  }
  return tables;
}

/** Bash's output, as the report shows it. */
export function observationText(op: string, observation: unknown): string | undefined {
  if (op !== "Bash") return undefined;
  const o = (observation ?? {}) as { stdout?: unknown; stderr?: unknown };
  const out = [o.stdout, o.stderr].filter((x) => typeof x === "string" && x !== "").join("\n--- stderr\n");
  return out || undefined;
}
