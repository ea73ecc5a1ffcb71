import { bannerRows } from "./bannerRows.ts";
import {
  MISSING_MARKER,
  YEAR_CELL,
  filledCount,
  headerLike,
  holdsNumbers,
  isNumberLike,
  usedWidthOf,
} from "./cellKinds.ts";
import { codeLikeBelow, writtenLikeBelow } from "./codeCells.ts";
import { proseLikeBelow } from "./proseCells.ts";
import { footnoteLike } from "./footnotes.ts";
import { appendUnits, groupSpans, prefixGroups, subHeaderUse } from "./headerBand.ts";
import { bodyShape, findTableEnd } from "./tableEnd.ts";
import type { BodyShape } from "./tableEnd.ts";
import type { FooterRow } from "../sourceEntry.ts";

/**
 * Where a table sits inside an exported sheet or text file: data books put title rows above the
 * header (some with delimiters in them), label groups of columns in rows above it, put units under
 * it, and end with footnotes, trailer blocks and statistic rows. This module reads rows of cells
 * only; the callers (delimited text, grids) turn its indices into lines and reader options.
 */

export interface TableLayout {
  /** Non-empty rows above the header band. */
  titleRows: number[];
  /** Rows of group labels combined into the names, top first. */
  groupRows: number[];
  /** The header row, or null when the table has none (its first row holds data). */
  headerRow: number | null;
  /** Rows under the header that belong to it: units (appended to the names) or notes. */
  subHeaderRows: { index: number; use: "units" | "note" }[];
  /** First data row, and the exclusive end of the data (interior blank rows are data). */
  dataStart: number;
  dataEnd: number;
  /** Non-empty rows after the data, with their kind. */
  footer: { index: number; kind: FooterRow["kind"] }[];
  /** One name per column as the header band writes it (group labels and units combined). */
  names: string[];
}

export interface LayoutOptions {
  /** Columns of the table (fields per record). */
  width: number;
  /** Rows to analyse: [start, end) of `rows` (a block of a multi-table sheet); all by default. */
  start?: number;
  end?: number;
  /** `gapBefore[i]`: an empty line that is not itself a row precedes row i. */
  gapBefore?: boolean[];
  /** The rows given are the head of a longer file: the data goes on past them (no footer here). */
  open?: boolean;
}

export function rowText(cells: string[]): string {
  const filled = cells.map((c) => (c ?? "").trim()).filter((c) => c !== "");
  // A title repeated over merged or colspan cells reads once.
  return filled.length > 1 && filled.every((c) => c === filled[0]) ? filled[0]! : filled.join(" | ");
}

function modal(values: number[]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestCount || (n === bestCount && v > best)) [best, bestCount] = [v, n];
  }
  return best;
}

export function analyzeTable(rows: string[][], options: LayoutOptions): TableLayout {
  const start = options.start ?? 0;
  const end = options.end ?? rows.length;
  const gap = (i: number): boolean => options.gapBefore?.[i] === true;
  const blank = (i: number): boolean => filledCount(rows[i]!) === 0;
  const width = options.width;
  if (
    end <= start ||
    firstNonBlank(rows, start, end) >= end ||
    filledCount(rows[firstNonBlank(rows, start, end)]!) === 0
  )
    // Nothing but blank rows (an empty sheet): no header, no data.
    return {
      titleRows: [],
      groupRows: [],
      headerRow: null,
      subHeaderRows: [],
      dataStart: end,
      dataEnd: end,
      footer: [],
      names: new Array<string>(width).fill(""),
    };

  const found = findHeader(rows, start, end, width, gap);
  let header = found.header;
  let groupRows: number[] = [];
  const subHeaderRows: TableLayout["subHeaderRows"] = [];
  let names: string[] = [];
  if (header !== null) {
    // A header whose blanks the row below fills, under spans of labels: that row is the header
    // and this one labels its groups (`Region,FY2023,,FY2024,` over `,Units,Revenue,Units,Revenue`).
    const below = header + 1 < end && !gap(header + 1) ? rows[header + 1] : undefined;
    if (
      below &&
      below.some((c, i) => c.trim() !== "" && (rows[header!]![i] ?? "").trim() === "") &&
      subHeaderUse(below, rows.slice(header + 2, Math.min(end, header + 24))) &&
      groupSpans(rows[header]!, below)
    ) {
      groupRows = [header];
      header++;
    }
    for (let g = header - 1 - groupRows.length; g >= start && groupRows.length < 3; g--) {
      if (blank(g) || gap(g + 1) || !groupSpans(rows[g]!, rows[header]!)) break;
      groupRows.unshift(g);
    }
    names = Array.from({ length: width }, (_, i) => rows[header!]![i] ?? "");
    for (const g of [...groupRows].reverse())
      names = prefixGroups(names, groupSpans(rows[g]!, rows[header]!)!);
    for (let k = header + 1; k < end && subHeaderRows.length < 3 && !blank(k) && !gap(k); k++) {
      const use = subHeaderUse(rows[k]!, rows.slice(k + 1, Math.min(end, k + 24)));
      if (!use) break;
      subHeaderRows.push({ index: k, use });
      if (use === "units") names = appendUnits(names, rows[k]!);
    }
    // A report's banner lines exported as rows of defaults under the header: notes, not data.
    const afterBand = (subHeaderRows[subHeaderRows.length - 1]?.index ?? header) + 1;
    for (const k of bannerRows(rows, afterBand, end)) subHeaderRows.push({ index: k, use: "note" });
  }
  const bandStart = groupRows[0] ?? header ?? start;
  const bandEnd = header === null ? start : (subHeaderRows[subHeaderRows.length - 1]?.index ?? header) + 1;
  let dataStart = header === null ? found.first : bandEnd;
  while (dataStart < end && blank(dataStart)) dataStart++;
  const titleRows: number[] = [];
  for (let i = start; i < (header === null ? dataStart : bandStart); i++) if (!blank(i)) titleRows.push(i);
  const { dataEnd, footer } = options.open
    ? { dataEnd: end, footer: [] }
    : findTableEnd(rows.slice(0, end), dataStart, {
        width,
        ...(options.gapBefore ? { gapBefore: options.gapBefore } : {}),
      });
  return { titleRows, groupRows, headerRow: header, subHeaderRows, dataStart, dataEnd, footer, names };
}

function firstNonBlank(rows: string[][], start: number, end: number): number {
  for (let i = start; i < end; i++) if (filledCount(rows[i]!) > 0) return i;
  return start;
}

/**
 * The header: the first row that starts the consistent table — not the first row with a
 * delimiter. A row is passed over when it is narrower than the rows below it while a full
 * header-like row follows before the data (a title line `Source: Bureau of the Census, 2022
 * release` over `state,year,population`), or when a blank line separates it from a header-like
 * row that the data follows. `header` is null when the first row of the table already holds data
 * (`first` is that row).
 */
function findHeader(
  rows: string[][],
  start: number,
  end: number,
  width: number,
  gap: (i: number) => boolean,
): { header: number | null; first: number } {
  const at = (i: number): { header: number | null; first: number } => ({ header: i, first: i });
  const scan = Math.min(end, start + 1000);
  const fills: number[] = [];
  for (let i = start; i < scan; i++) {
    const n = filledCount(rows[i]!);
    if (n >= 2) fills.push(n);
  }
  if (width < 2 || fills.length === 0) {
    // A list (one column): its first value is a header unless it is of the kind of the values below.
    const first = firstNonBlank(rows, start, end);
    return headerless(rows[first]!, rows.slice(first + 1, Math.min(end, first + 40)))
      ? { header: null, first }
      : at(first);
  }
  const minFill = Math.max(2, Math.ceil(modal(fills) / 2));
  const limit = Math.min(end, start + 60);
  for (let i = start; i < limit; i++) {
    const row = rows[i]!;
    if ((filledCount(row) < minFill && !indexHeader(row, width)) || repeatedTitle(row)) continue;
    const next: number[] = [];
    for (let k = i + 1; k < end && next.length < 10; k++) if (filledCount(rows[k]!) > 0) next.push(k);
    if (next.length === 0) return at(i);
    const L = modal(next.map((k) => usedWidthOf(rows[k]!)));
    // The rows between this one and the first row holding numbers (at most 5).
    const ahead: number[] = [];
    let dataFollows = false;
    for (const k of next) {
      if (holdsNumbers(rows[k]!)) {
        dataFollows = true;
        break;
      }
      ahead.push(k);
      if (ahead.length === 5) break;
    }
    const fullHeader = (k: number): boolean =>
      filledCount(rows[k]!) >= minFill && headerLike(rows[k]!) && usedWidthOf(rows[k]!) >= L;
    if (usedWidthOf(row) < L && ahead.some(fullHeader)) continue;
    const k = next[0]!;
    const blankBetween = k > i + 1 || gap(k);
    if (
      blankBetween &&
      dataFollows &&
      ahead.includes(k) &&
      fullHeader(k) &&
      usedWidthOf(rows[k]!) >= usedWidthOf(row)
    )
      continue;
    return headerless(row, rows.slice(i + 1, Math.min(end, i + 40))) ? { header: null, first: i } : at(i);
  }
  return at(firstNonBlank(rows, start, end));
}

/**
 * A header over an index column, as a data frame's CSV export writes it: its first cell empty and
 * every other cell a name (`,LPR` over `1820,8385`). In a two-column file its one name is fewer
 * cells than a header needs elsewhere; it is no title (a title fills its first cell).
 */
function indexHeader(row: string[], width: number): boolean {
  if (width < 2 || row.length !== width || (row[0] ?? "").trim() !== "") return false;
  return row.slice(1).every((c) => c.trim() !== "" && !/\d/.test(c));
}

/** One text repeated across the row: a title spread over merged or colspan cells, not a header. */
function repeatedTitle(row: string[]): boolean {
  const values = new Set(row.map((c) => c.trim()).filter((c) => c !== ""));
  return values.size === 1 && filledCount(row) >= 2;
}

/**
 * A first row that is data, not a header: where it holds a number, the rows below hold numbers of
 * the same kind; where it holds a code (`BRD8`), the column below holds codes written alike
 * (codeCells.ts); nowhere does it hold text over a column of numbers. A row without numbers is
 * data only when each of its text cells is such a code, or when one of its cells is a sentence over
 * a column of sentences (proseCells.ts: a definitions sheet).
 */
function headerless(row: string[], below: string[][]): boolean {
  const numbers = holdsNumbers(row);
  const body: BodyShape = bodyShape(below);
  if (body.rows < 2) return false;
  let agree = 0;
  let codes = 0;
  let prose = 0;
  let words = 0;
  // Text cells written as their column's values are (codeCells.ts): data beside a code of the row.
  let alike = 0;
  for (let c = 0; c < row.length && c < body.width; c++) {
    const cell = row[c]!.trim();
    if (cell === "" || MISSING_MARKER.test(cell)) continue;
    const numericBelow = body.numeric[c]! >= 0.8;
    if (YEAR_CELL.test(cell)) {
      if (body.years[c]! >= 0.8) agree++;
      else if (numericBelow) return false;
    } else if (isNumberLike(cell)) {
      if (numericBelow) agree++;
    } else if (numericBelow) return false;
    else if (
      codeLikeBelow(
        cell,
        below.map((r) => r[c] ?? ""),
      )
    )
      codes++;
    else if (
      proseLikeBelow(
        cell,
        below.map((r) => r[c] ?? ""),
      )
    )
      prose++;
    else {
      words++;
      if (
        writtenLikeBelow(
          cell,
          below.map((r) => r[c] ?? ""),
        )
      )
        alike++;
    }
  }
  // A sentence over sentences makes the row a definition like those below, whatever its name cell says.
  if (prose > 0) return true;
  // A code list's first entry: its code over codes, its name written as the names below.
  if (codes > 0 && words > 0 && alike === words && !numbers) return true;
  if (words > 0 && !numbers) return false;
  return numbers ? agree + codes > 0 : codes > 0;
}

/** One table among several in a sheet: rows [start, end), analysed on their own. */
export interface BlockRange {
  start: number;
  end: number;
}

/**
 * Splits a data-book sheet into its tables. Blank rows separate runs; a run starts a new table
 * when it begins with title rows (lone cells), follows a run of titles, or begins with a
 * header-like row over numbers. Other runs continue the table above (a blank row inside the data,
 * a trailer block), and lone-cell runs that read as footnotes ("Of the 212,158 total reports…")
 * stay with the table above them instead of titling the next one.
 */
export function splitBlocks(rows: string[][], gapBefore?: boolean[]): BlockRange[] {
  const blank = (i: number): boolean => filledCount(rows[i]!) === 0;
  const runs: BlockRange[] = [];
  for (let i = 0; i < rows.length;) {
    while (i < rows.length && blank(i)) i++;
    const start = i;
    i++;
    while (i < rows.length && !blank(i) && gapBefore?.[i] !== true) i++;
    if (start < rows.length) runs.push(...atRepeatedHeaders(rows, { start, end: Math.min(i, rows.length) }));
  }
  const blocks: BlockRange[] = [];
  let pending: number | null = null;
  for (const run of runs) {
    let i = run.start;
    while (i < run.end && filledCount(rows[i]!) === 1) i++;
    const last = blocks[blocks.length - 1];
    if (i === run.end) {
      const notes = rows.slice(run.start, run.end).every((r) => footnoteLike(rowText(r)));
      if (last && pending === null && notes) last.end = run.end;
      else pending ??= run.start;
      continue;
    }
    const titled = i > run.start || pending !== null;
    if (!titled && last && !(headerLike(rows[i]!) && overNumbers(rows, i, run.end))) {
      last.end = run.end;
      continue;
    }
    // A lone header-like row is a title line with delimiters in it, not a table.
    if (run.end - i === 1 && headerLike(rows[i]!)) {
      pending ??= run.start;
      continue;
    }
    blocks.push({ start: pending ?? run.start, end: run.end });
    pending = null;
  }
  const last = blocks[blocks.length - 1];
  if (last && pending !== null) last.end = rows.length;
  return blocks.length ? blocks : [{ start: 0, end: rows.length }];
}

/**
 * A run cut where a row repeats its header: tables stacked with no blank line between them (one
 * export appended to another) start again with their own header. The repeat names the same
 * columns in the same places (at least 3, and 3/4 of both rows' cells); a table that gained or
 * lost a column at its end still repeats it. Data rows must lie between the two.
 */
function atRepeatedHeaders(rows: string[][], run: BlockRange): BlockRange[] {
  let header = run.start;
  while (header < run.end && filledCount(rows[header]!) < 2) header++;
  if (header >= run.end || !headerLike(rows[header]!)) return [run];
  for (let k = header + 2; k < run.end; k++)
    if (headerLike(rows[k]!) && repeatsHeader(rows[header]!, rows[k]!) && overNumbers(rows, header, k))
      return [{ start: run.start, end: k }, ...atRepeatedHeaders(rows, { start: k, end: run.end })];
  return [run];
}

function repeatsHeader(header: string[], row: string[]): boolean {
  const norm = (c: string | undefined): string => (c ?? "").trim().toLowerCase();
  let same = 0;
  for (let c = 0; c < header.length; c++)
    if (norm(header[c]) !== "" && norm(header[c]) === norm(row[c])) same++;
  return same >= 3 && same >= 0.75 * filledCount(header) && same >= 0.75 * filledCount(row);
}

/** The rows under a header-like row hold numbers in a column where it holds text. */
function overNumbers(rows: string[][], header: number, end: number): boolean {
  const head = rows[header]!;
  for (let k = header + 1; k < end; k++)
    if (
      rows[k]!.some(
        (cell, c) => isNumberLike(cell) && (head[c] ?? "").trim() !== "" && !isNumberLike(head[c]!),
      )
    )
      return true;
  return false;
}
