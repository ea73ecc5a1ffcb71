import type { Preview } from "../operators/preview.ts";

/** Rows of a table in MCP's readable text: a few as a pipe table, each with its source line. */

const TEXT_ROWS = 10;
const TEXT_CELL = 40;

/** A value as one cell of a text table. */
export function cell(v: unknown): string {
  const text = v === null || v === undefined ? "NULL" : typeof v === "string" ? v : JSON.stringify(v);
  const flat = text.replace(/\s+/g, " ");
  return flat.length > TEXT_CELL ? `${flat.slice(0, TEXT_CELL - 1)}…` : flat;
}

/** A few rows as a pipe table, each with its source line; then what was left out. */
export function rowsText(
  p: (Pick<Preview, "columns" | "rows"> & Partial<Pick<Preview, "origins" | "offset">>) | undefined,
  rowCount: number,
  table: string,
): string[] {
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
