import { createReadStream } from "node:fs";
import type { Grid } from "../profiling/gridTable.ts";

interface OpenTable {
  rows: string[][];
  lines: number[];
  row: string[] | null;
  cell: string | null;
  cellSpan: { col: number; rowspan: number; colspan: number } | null;
  /** Cells carried down by rowspan: column → remaining rows and text. */
  carried: Map<number, { rows: number; text: string }>;
  caption: string;
  inCaption: boolean;
}

/**
 * Streams an HTML file and returns its tables as grids (nested tables are tables of their own;
 * rowspan/colspan cells are repeated so every row has its full width). Each row keeps the file
 * line of its `<tr>`.
 */
export async function readHtmlTables(absPath: string, encoding: BufferEncoding = "utf8"): Promise<Grid[]> {
  const grids: Grid[] = [];
  const stack: OpenTable[] = [];
  let line = 1;
  let consumed = 0;
  let skipText = 0;
  const lineAt = (index: number): number => {
    // `index` only grows; count line breaks between the last position and it.
    while (consumed < index && consumed < bufferedEnd) {
      if (pending.charCodeAt(consumed - pendingStart) === 10) line++;
      consumed++;
    }
    return line;
  };
  let pending = "";
  let pendingStart = 0;
  let bufferedEnd = 0;

  const top = (): OpenTable | undefined => stack[stack.length - 1];
  const finishCell = (t: OpenTable): void => {
    if (t.row === null || t.cell === null || t.cellSpan === null) return;
    const text = t.cell.replace(/\s+/g, " ").trim();
    let col = t.cellSpan.col;
    for (let k = 0; k < t.cellSpan.colspan; k++, col++) {
      t.row[col] = text;
      if (t.cellSpan.rowspan > 1) t.carried.set(col, { rows: t.cellSpan.rowspan - 1, text });
    }
    t.cell = null;
    t.cellSpan = null;
  };
  const nextFreeColumn = (t: OpenTable): number => {
    let col = 0;
    while (t.row && t.row[col] !== undefined) col++;
    return col;
  };

  const { Parser } = await import("htmlparser2");
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const t = top();
        if (name === "table") {
          stack.push({
            rows: [],
            lines: [],
            row: null,
            cell: null,
            cellSpan: null,
            carried: new Map(),
            caption: "",
            inCaption: false,
          });
        } else if (name === "script" || name === "style") skipText++;
        else if (!t) return;
        else if (name === "caption") t.inCaption = true;
        else if (name === "tr") {
          finishCell(t);
          t.row = [];
          t.lines.push(lineAt(parser.startIndex));
          for (const [col, c] of t.carried) {
            t.row[col] = c.text;
            if (--c.rows === 0) t.carried.delete(col);
          }
        } else if ((name === "td" || name === "th") && t.row) {
          finishCell(t);
          const span = (v: string | undefined): number =>
            Math.max(1, Math.min(1000, Number.parseInt(v ?? "1", 10) || 1));
          t.cellSpan = { col: nextFreeColumn(t), rowspan: span(attrs.rowspan), colspan: span(attrs.colspan) };
          t.cell = "";
        } else if (name === "br" && t.cell !== null) t.cell += " ";
      },
      ontext(text) {
        const t = top();
        if (!t || skipText > 0) return;
        if (t.inCaption) t.caption += text;
        else if (t.cell !== null) t.cell += text;
      },
      onclosetag(name) {
        const t = top();
        if (name === "script" || name === "style") skipText = Math.max(0, skipText - 1);
        if (!t) return;
        if (name === "caption") t.inCaption = false;
        else if (name === "td" || name === "th") finishCell(t);
        else if (name === "tr") {
          finishCell(t);
          if (t.row) t.rows.push(Array.from(t.row, (c) => c ?? ""));
          t.row = null;
        } else if (name === "table") {
          finishCell(t);
          if (t.row) t.rows.push(Array.from(t.row, (c) => c ?? ""));
          stack.pop();
          const label = t.caption.replace(/\s+/g, " ").trim();
          const index = grids.length;
          grids.push({
            sheet: label ? `table ${index + 1}: ${label}` : `table ${index + 1}`,
            source: "html",
            rows: t.rows,
            lines: t.lines.slice(0, t.rows.length),
          });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );

  for await (const chunk of createReadStream(absPath, { encoding })) {
    const text = chunk as string;
    // Keep only the unconsumed text for line counting.
    pending = pending.slice(consumed - pendingStart) + text;
    pendingStart = consumed;
    bufferedEnd = pendingStart + pending.length;
    parser.write(text);
  }
  parser.end();
  return grids.filter((g) => g.rows.length > 0);
}
