import {
  MISSING_MARKER,
  YEAR_CELL,
  filledCount,
  isFilled,
  isNumberLike,
  statisticLabelled,
  summaryLabelled,
  usedWidthOf,
} from "./cellKinds.ts";
import { footnoteLike } from "./footnotes.ts";
import type { FooterRow } from "../sourceEntry.ts";

/**
 * Where the data of a table ends. Published tables go on after their last data row: footnotes
 * (a lone cell), trailer blocks (a blank row, then label/value rows — `Number of Fraud Reports,
 * 2600678` — or rows whose shape differs from the table's), and statistic rows (`Mean`, `Max`
 * under a column of years). None of these are data; they end the table and are kept as notes.
 */

/** What the data rows of a table look like, column by column (from at most a few thousand rows). */
export interface BodyShape {
  width: number;
  /** Share of non-empty cells per column. */
  filled: number[];
  /** Share of the non-empty cells of each column that are numbers (`$275M`, `18%` count). */
  numeric: number[];
  /** Share of the non-empty cells of each column that are years. */
  years: number[];
  rows: number;
}

/** Rows a body shape is taken from at most (the first non-blank ones). */
export const SHAPE_ROWS = 5000;

export function bodyShape(rows: string[][]): BodyShape {
  return shapeOf(firstRows(rows, 0, rows.length, (r) => filledCount(r) > 0));
}

/**
 * Thrown by findTableEnd when given the head and tail of a file (`junction`) and its answer could
 * depend on the rows between them: the caller then reads the table with every row.
 */
export class NeedsEveryRow extends Error {
  constructor() {
    super("the table's end depends on rows between the head and the tail");
  }
}

/**
 * The first SHAPE_ROWS rows of `rows[start…end)` that `keep` keeps (without filtering them all).
 * Past `junction` (rows[junction…] follow rows left out), only when enough rows came before it.
 */
function firstRows(
  rows: string[][],
  start: number,
  end: number,
  keep: (row: string[]) => boolean,
  junction = Infinity,
): string[][] {
  const out: string[][] = [];
  for (let i = start; i < end && out.length < SHAPE_ROWS; i++) {
    if (i === junction) throw new NeedsEveryRow();
    if (keep(rows[i]!)) out.push(rows[i]!);
  }
  return out;
}

/**
 * A cell starting with an ASCII letter other than n and x (`n/a`, `none`, `null`, `x` are missing
 * markers) is neither a number, a missing marker nor a year: the patterns need not be tried.
 */
function wordCell(cell: string): boolean {
  const k = cell.charCodeAt(0) | 32;
  return k >= 97 && k <= 122 && k !== 110 && k !== 120;
}

function shapeOf(sample: string[][]): BodyShape {
  const width = Math.max(0, ...sample.map(usedWidthOf));
  const filled = new Array<number>(width).fill(0);
  const numeric = new Array<number>(width).fill(0);
  const years = new Array<number>(width).fill(0);
  for (const row of sample)
    for (let c = 0; c < width; c++) {
      const cell = row[c] ?? "";
      if (!isFilled(cell)) continue;
      filled[c]!++;
      if (wordCell(cell)) continue;
      if (isNumberLike(cell) || MISSING_MARKER.test(cell)) numeric[c]!++;
      if (YEAR_CELL.test(cell)) years[c]!++;
    }
  return {
    width,
    filled: filled.map((n) => (sample.length ? n / sample.length : 0)),
    numeric: numeric.map((n, c) => (filled[c] ? n / filled[c]! : 0)),
    years: years.map((n, c) => (filled[c] ? n / filled[c]! : 0)),
    rows: sample.length,
  };
}

/**
 * How far a row departs from the table's shape: `strong` for a cell beyond every column the table
 * uses, or text where the table's column holds only numbers; `weak` for an empty cell where the
 * table's column is always filled.
 */
function departure(row: string[], body: BodyShape): { strong: number; weak: number } {
  let strong = 0;
  let weak = 0;
  const width = Math.max(usedWidthOf(row), body.width);
  for (let c = 0; c < width; c++) {
    const cell = (row[c] ?? "").trim();
    if (c >= body.width) {
      if (cell !== "") strong++;
      continue;
    }
    if (cell === "") {
      if (body.filled[c]! >= 0.95) weak++;
    } else if (body.numeric[c]! >= 0.95 && !isNumberLike(cell) && !MISSING_MARKER.test(cell)) strong++;
  }
  return { strong, weak };
}

/**
 * A run of rows after a blank row is a trailer when every row of it is a label/value row of a
 * report (`Total …`, `Number of …`) or departs from the table's shape, and at least one does so
 * clearly. Runs longer than a few rows are data (a table split by blank lines).
 */
export function isTrailerRun(run: string[][], body: BodyShape): boolean {
  const rows = run.filter((r) => filledCount(r) > 0);
  if (rows.length === 0 || rows.length > 8 || body.rows < 2) return false;
  let clear = false;
  for (const row of rows) {
    const labelled = summaryLabelled(row);
    const { strong, weak } = departure(row, body);
    if (!labelled && strong === 0 && weak < 2) return false;
    if (labelled || strong > 0) clear = true;
  }
  return clear;
}

export interface TableEnd {
  /** Exclusive index of the last data row. */
  dataEnd: number;
  /** The non-empty rows after it, with their kind. */
  footer: { index: number; kind: FooterRow["kind"] }[];
}

/**
 * Finds where the data of `rows[dataStart…]` ends. `gapBefore[i]`: a blank line (not itself a row)
 * precedes row i. `body` describes the data when the rows given are only the file's tail.
 */
export function findTableEnd(
  rows: string[][],
  dataStart: number,
  options: {
    gapBefore?: boolean[];
    width: number;
    body?: BodyShape;
    /**
     * `rows` are a file's head and tail: rows[junction…] are its tail, after rows left out that
     * are all data (two or more cells, no blank line). Throws NeedsEveryRow where those rows could
     * change the answer.
     */
    junction?: number;
  },
): TableEnd {
  const blank = (i: number): boolean => filledCount(rows[i]!) === 0;
  const gap = (i: number): boolean => options.gapBefore?.[i] === true;
  const junction = options.junction ?? Infinity;
  const kinds = new Map<number, FooterRow["kind"]>();
  let end = rows.length;
  // A single-column table has no way to tell a footnote from data except blank rows.
  const noteWidth = options.width >= 2 ? 2 : 1;
  for (let round = 0; round < 20; round++) {
    const before = end;
    // Footnotes and blank rows at the end. A row with the table's shape is no footnote for having
    // empty cells (a timestamp whose reading is missing): it ends the search. The last full row
    // above is the same for every row of the run: it is looked for once.
    let anchor: string[] | null | undefined;
    while (end > dataStart && (blank(end - 1) || filledCount(rows[end - 1]!) < noteWidth)) {
      if (!blank(end - 1)) {
        if (noteWidth >= 2) {
          anchor ??= lastFullRow(rows, end - 1, dataStart, noteWidth);
          if (anchor && continuesData(rows[end - 1]!, anchor)) break;
        }
        kinds.set(end - 1, "note");
      }
      end--;
    }
    if (end <= junction && junction !== Infinity) throw new NeedsEveryRow();
    if (options.width < 2) break;
    // Statistic rows under a column of numbers (Mean, Max, Min under years), with or without a blank.
    // The body's shape is only taken when the last row is such a row (it costs a pass over 5,000 rows).
    if (end > dataStart + 1 && statisticLabelled(rows[end - 1]!)) {
      const body =
        options.body ??
        shapeOf(
          firstRows(rows, dataStart, end, (r) => filledCount(r) > 0 && !statisticLabelled(r), junction),
        );
      if ((body.numeric[0] ?? 0) >= 0.95) {
        let k = end;
        while (k > dataStart + 1 && statisticLabelled(rows[k - 1]!)) k--;
        if (k <= junction && junction !== Infinity) throw new NeedsEveryRow();
        if (k < end && k - dataStart >= 2) {
          for (let i = k; i < end; i++) kinds.set(i, "summary");
          end = k;
          continue;
        }
      }
    }
    // A trailer block: the run after the last blank row. In a sheet a blank row is no row but a
    // gap before the next one; the gap before row `end` (a footnote already left out) lies after
    // the run, not inside it — stopping there found an empty run, and the data book's trailer
    // rows stayed data in every workbook copy.
    let start = end;
    while (start > dataStart && !blank(start - 1) && (start === end || !gap(start))) start--;
    if (start > dataStart || (options.body && start === dataStart && gap(start))) {
      // A run of none or more than 8 rows is no trailer (isTrailerRun), whatever the body's shape.
      const filled = countFilled(rows, start, end);
      // Across the junction the run holds the rows left out too: more than 8 either way.
      if (start < junction && junction !== Infinity && filled <= 8) throw new NeedsEveryRow();
      if (filled > 0 && filled <= 8) {
        const shape =
          options.body ?? shapeOf(firstRows(rows, dataStart, start, (r) => filledCount(r) > 0, junction));
        if (isTrailerRun(rows.slice(start, end), shape)) {
          for (let i = start; i < end; i++) if (!blank(i)) kinds.set(i, "trailer");
          end = start;
          continue;
        }
      }
    }
    if (end === before) break;
  }
  const footer = [...kinds.entries()]
    .filter(([i]) => i >= end)
    .sort((a, b) => a[0] - b[0])
    .map(([index, kind]) => ({ index, kind }));
  return { dataEnd: end, footer };
}

/**
 * The shape of a cell's text: digit runs as `9`, letter runs as `a`, spaces as one space
 * (`2024-03-01T00:00:00Z` → `9-9-9a9:9:9a`).
 */
function cellShape(cell: string): string {
  return cell
    .trim()
    .replace(/\d+/g, "9")
    .replace(/[A-Za-z]+/g, "a")
    .replace(/\s+/g, " ");
}

/** The last row above `index` (down to `dataStart`) with at least `noteWidth` filled cells. */
function lastFullRow(rows: string[][], index: number, dataStart: number, noteWidth: number): string[] | null {
  for (let i = index - 1; i >= dataStart; i--) if (filledCount(rows[i]!) >= noteWidth) return rows[i]!;
  return null;
}

/**
 * Whether a row with fewer filled cells than a footnote needs is a data row with empty cells: it
 * has as many fields as `anchor`, the last full data row above it (the same delimiter count), every
 * filled cell sits under a filled cell of that row and has the same shape of digits, letters and
 * punctuation (`2024-03-01 00:15:00` under `2024-03-01 00:10:00`), at least one of them holds
 * digits, and it reads as no footnote. A lone word (`Total`, `Notes`) or a `Source: …,,,` line
 * stays a footnote.
 */
function continuesData(row: string[], anchor: string[]): boolean {
  if (row.length < usedWidthOf(anchor)) return false;
  if (footnoteLike(row.filter(isFilled).join(" "))) return false;
  let digits = false;
  for (let c = 0; c < row.length; c++) {
    const cell = row[c]!;
    if (!isFilled(cell)) continue;
    const shape = cellShape(cell);
    if (!isFilled(anchor[c] ?? "") || shape !== cellShape(anchor[c]!)) return false;
    if (shape.includes("9")) digits = true;
  }
  return digits;
}

/** Non-blank rows of `rows[start…end)`, counting no further than 9. */
function countFilled(rows: string[][], start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end && n <= 8; i++) if (filledCount(rows[i]!) > 0) n++;
  return n;
}
