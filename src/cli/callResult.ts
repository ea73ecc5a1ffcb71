import type { SourceLocation } from "../core/diagnostic.ts";
import type { BashObservation } from "../core/operators/bashObservation.ts";
import type { Preview } from "../core/operators/preview.ts";
import type { ProbeObservation } from "../core/operators/probeObservation.ts";
import type { DiscoverHit } from "../core/discover/discoverIndex.ts";
import type { CallEvent } from "../core/trace/traceEvents.ts";
import type { CallResult } from "./resultSchema.ts";

type Rows = Pick<CallResult, "table" | "rowCount" | "columns" | "rows" | "origins" | "offset" | "truncated">;

/** Which lines of Bash's stdout the rows give (`radar bash --offset K --rows N`). */
export interface LinePage {
  offset: number;
  lines?: number;
}

const NO_ROWS: Rows = {
  table: null,
  rowCount: null,
  columns: [],
  rows: [],
  origins: [],
  offset: 0,
  truncated: false,
};

function location(l: SourceLocation | null): SourceLocation | null {
  return l
    ? {
        file: l.file,
        line: l.line,
        ...(l.sheet ? { sheet: l.sheet } : {}),
        ...(l.command !== undefined ? { command: l.command } : {}),
      }
    : null;
}

/** A table's page (Scan's preview, Query's records, a Bash table): its rows as the call showed them. */
function pageRows(o: { table?: string; rowCount?: number; preview?: Preview; records?: Preview }): Rows {
  const p = o.records ?? o.preview;
  if (!p) return { ...NO_ROWS, table: o.table ?? null, rowCount: o.rowCount ?? null };
  return {
    table: o.table ?? null,
    rowCount: o.rowCount ?? null,
    columns: p.types ?? p.columns.map((name) => ({ name, type: "UNKNOWN" })),
    rows: p.rows,
    origins: p.origins.map(location),
    offset: p.offset ?? 0,
    truncated: p.truncated ?? false,
  };
}

/** Probe: one row per profiled column. */
function probeRows(o: ProbeObservation): Rows {
  return {
    table: o.table,
    rowCount: o.columns.length,
    columns: [
      { name: "column", type: "VARCHAR", json: "string" },
      { name: "type", type: "VARCHAR", json: "string" },
      { name: "rows", type: "BIGINT", json: "number" },
      { name: "nulls", type: "BIGINT", json: "number" },
      { name: "null_rate", type: "DOUBLE", json: "number" },
      { name: "distinct", type: "BIGINT", json: "number" },
      { name: "min", type: "JSON" },
      { name: "max", type: "JSON" },
      { name: "top", type: "JSON", json: "array" },
    ],
    rows: o.columns.map((c) => [
      c.column,
      c.type,
      o.rowCount,
      c.nulls,
      c.nullRate,
      c.distinct,
      c.min,
      c.max,
      c.top,
    ]),
    origins: o.columns.map(() => null),
    offset: 0,
    truncated: false,
  };
}

/** Bash without an output table: one row per line of stdout, from the page the call asked for. */
function bashRows(o: BashObservation, page?: LinePage): Rows {
  const lines = o.stdout === "" ? [] : o.stdout.replace(/\n$/, "").split("\n");
  // Paged by the operator (`offset`): the kept lines start at that line of the whole output.
  const base = o.offset ?? 0;
  const total = o.stdoutLines ?? lines.length;
  const from = o.offset !== undefined ? 0 : (page?.offset ?? 0);
  const shown = lines.slice(from, page?.lines === undefined ? undefined : from + page.lines);
  return {
    table: null,
    rowCount: total,
    columns: [{ name: "line", type: "VARCHAR", json: "string" }],
    rows: shown.map((l) => [l]),
    origins: shown.map(() => null),
    offset: base + from,
    truncated: base + from + shown.length < total || o.truncated,
  };
}

function discoverRows(o: { hits?: DiscoverHit[] }): Rows {
  const hits = o.hits ?? [];
  return {
    table: null,
    rowCount: hits.length,
    columns: [
      { name: "path", type: "VARCHAR", json: "string" },
      { name: "score", type: "DOUBLE", json: "number" },
      { name: "reasons", type: "VARCHAR[]", json: "array" },
    ],
    rows: hits.map((h) => [h.path, h.score, h.reasons]),
    origins: hits.map(() => null),
    offset: 0,
    truncated: false,
  };
}

function rowsOf(call: CallEvent, page?: LinePage): Rows {
  const o = call.observation as Record<string, unknown> | undefined;
  if (!o) return NO_ROWS;
  switch (call.op) {
    case "Probe":
      return probeRows(o as unknown as ProbeObservation);
    case "Bash":
      // A Bash call that registered its output as a table shows the table's rows.
      return typeof o.table === "string" ? pageRows(o) : bashRows(o as unknown as BashObservation, page);
    case "Discover":
      return discoverRows(o);
    default:
      return pageRows(o);
  }
}

/** A call in the one JSON shape every operator shares (see resultSchema.ts). */
export function callResult(call: CallEvent, line?: number, page?: LinePage): CallResult {
  const bash = call.op === "Bash" ? (call.observation as BashObservation | undefined) : undefined;
  return {
    index: call.index,
    op: call.op,
    status: call.status,
    args: call.args,
    ...(line !== undefined ? { line } : {}),
    ...(call.summary ? { summary: call.summary } : {}),
    ...(call.error ? { error: call.error } : {}),
    ...rowsOf(call, page),
    ...(bash
      ? {
          output: {
            stdout: bash.stdout,
            stderr: bash.stderr,
            exit: bash.exit,
            exitCode: bash.exitCode,
            capped: bash.truncated,
          },
        }
      : {}),
    diagnostics: call.diagnostics,
    ...(call.reused ? { reused: call.reused as unknown as Record<string, unknown> } : {}),
    ...(call.replaced ? { replaced: call.replaced as unknown as Record<string, unknown> } : {}),
    durationMs: call.durationMs,
    observation: call.observation ?? null,
  };
}
