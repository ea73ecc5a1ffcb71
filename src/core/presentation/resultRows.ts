import type { SourceLocation } from "../diagnostic.ts";
import type { Preview } from "../operators/preview.ts";
import type { CallResult } from "./resultSchema.ts";

/** A call's rows in the one JSON shape every operator shares (`radar --json`, see resultSchema.ts). */
export type Rows = Pick<
  CallResult,
  "table" | "rowCount" | "columns" | "rows" | "origins" | "offset" | "truncated"
>;

/** Which lines of Bash's stdout the rows give (`radar bash --offset K --rows N`). */
export interface LinePage {
  offset: number;
  lines?: number;
}

export const NO_ROWS: Rows = {
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
export function pageRows(o: {
  table?: string;
  rowCount?: number;
  preview?: Preview;
  records?: Preview;
}): Rows {
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
