import { nonEmptyCount } from "./delimitedText.ts";

/**
 * Where the table sits inside an exported sheet: data books put title rows above the header and
 * footnotes ("Source: …") below the data, padded with empty cells to the table's width.
 */

/** Fewest non-empty cells of a header or data row for a table this wide. */
function fullRowMinimum(width: number): number {
  return width >= 2 ? 2 : 1;
}

/** Index of the header row: the first row that fills at least half the width (≥ 2 cells). */
export function findHeaderIndex(rows: string[][], width: number): number {
  const minimum = Math.max(fullRowMinimum(width), Math.ceil(width / 2));
  for (let i = 0; i < Math.min(rows.length, 50); i++) if (nonEmptyCount(rows[i]!) >= minimum) return i;
  for (let i = 0; i < rows.length; i++) if (nonEmptyCount(rows[i]!) > 0) return i;
  return 0;
}

/** Rows at the end that are blank or hold a lone cell (footnotes) in a table at least 2 wide. */
export function countFooterRows(rows: string[][], width: number): number {
  const minimum = fullRowMinimum(width);
  let n = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const cells = nonEmptyCount(rows[i]!);
    if (cells === 0 || cells < minimum) n++;
    else break;
  }
  // A single-column table has no way to tell a footnote from data except blank rows.
  if (width < 2) {
    n = 0;
    for (let i = rows.length - 1; i >= 0 && nonEmptyCount(rows[i]!) === 0; i--) n++;
  }
  return n;
}

export function rowText(cells: string[]): string {
  return cells
    .map((c) => c.trim())
    .filter((c) => c !== "")
    .join(" | ");
}

// Signs include U+2212 (the minus of typeset tables, e.g. Wikipedia's "−1.2%").
const NUMERIC_CELL = /^\s*\(?[-+\u2212]?[$€£]?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d+)?\s*%?\)?\s*$/;
/** Markers that stand for a suppressed or missing number in published tables. */
const MISSING_MARKER = /^\s*(\*|-|--|—|–|n\/?a|\(na\)|\(d\)|\(x\)|\(s\)|null|none|x)\s*$/i;

/**
 * Whether the row after the header is a second header row (units, sub-headings): all text where
 * the rows below hold numbers in at least one column.
 */
export function isSecondHeaderRow(rowsAfterHeader: string[][]): boolean {
  const [first, ...rest] = rowsAfterHeader;
  if (!first || nonEmptyCount(first) < 2 || first.some((c) => NUMERIC_CELL.test(c))) return false;
  const sample = rest.slice(0, 20).filter((r) => nonEmptyCount(r) >= 2);
  if (sample.length < 2) return false;
  return first.some((cell, i) => {
    if (cell.trim() === "" || MISSING_MARKER.test(cell)) return false;
    const values = sample.map((r) => r[i] ?? "").filter((v) => v.trim() !== "");
    return values.length >= 2 && values.filter((v) => NUMERIC_CELL.test(v)).length >= 0.8 * values.length;
  });
}

/** One table among several in an exported sheet: titles, an optional header row, data rows. */
export interface Block {
  titles: number[];
  header: number | null;
  dataStart: number;
  /** Exclusive; interior blank rows are part of the data. */
  dataEnd: number;
  /** Columns used by the block's rows. */
  width: number;
}

const YEAR = /^\s*(19|20)\d\d\s*$/;

/** A header row: several cells, none of them a number (years may name columns). */
function headerLike(row: string[]): boolean {
  return (
    nonEmptyCount(row) >= 2 && row.every((c) => c.trim() === "" || YEAR.test(c) || !NUMERIC_CELL.test(c))
  );
}

function usedWidth(rows: string[][]): number {
  let width = 0;
  for (const row of rows)
    for (let i = row.length - 1; i >= width; i--) if (row[i]!.trim() !== "") width = i + 1;
  return width;
}

/**
 * Splits a data-book sheet into its tables: blank rows separate blocks, and a block starts with
 * title rows (a lone cell) and/or a header-like row. A run after a blank row that starts with a
 * data row continues the previous block. Title-only runs at the end are footnotes, not blocks.
 */
export function splitBlocks(rows: string[][]): Block[] {
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < rows.length;) {
    while (i < rows.length && nonEmptyCount(rows[i]!) === 0) i++;
    const start = i;
    while (i < rows.length && nonEmptyCount(rows[i]!) > 0) i++;
    if (i > start) runs.push({ start, end: i });
  }
  const blocks: Block[] = [];
  let pendingTitles: number[] = [];
  for (const run of runs) {
    let i = run.start;
    const titles = [...pendingTitles];
    while (i < run.end && nonEmptyCount(rows[i]!) === 1) titles.push(i++);
    if (i === run.end) {
      pendingTitles = titles;
      continue;
    }
    pendingTitles = [];
    const last = blocks[blocks.length - 1];
    if (titles.length === 0 && last && !headerLike(rows[i]!)) {
      last.dataEnd = run.end;
      continue;
    }
    const header = headerLike(rows[i]!) && i + 1 < run.end ? i : null;
    const dataStart = header === null ? i : i + 1;
    blocks.push({ titles, header, dataStart, dataEnd: run.end, width: 0 });
  }
  for (const b of blocks) b.width = usedWidth(rows.slice(b.header ?? b.dataStart, b.dataEnd));
  return blocks;
}
