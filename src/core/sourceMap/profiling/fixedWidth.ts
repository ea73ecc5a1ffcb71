import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { FileSample } from "../sniff/fileSample.ts";
import { layoutParts } from "../layout/layoutProfile.ts";
import { settledHead } from "../readers/csvRead.ts";
import { readTyped } from "../typing/readTyped.ts";
import type { TableProfile, TextEncoding } from "../sourceEntry.ts";
import { columnNames } from "../typing/varcharColumns.ts";
import { lineLayout, wholeLineRead } from "./wholeLineTable.ts";
import { codeLikeBelow, writtenLikeBelow } from "../layout/codeCells.ts";
import { isYearToken } from "../../text.ts";

/**
 * Fixed-width text tables (weather station lists, mainframe reports): columns aligned by spaces
 * under a header line, optionally underlined with dashes. Columns are the stretches between runs
 * of at least two spaces that every line shares (or the dash runs of an underline); each line is
 * read whole by DuckDB and cut at those positions.
 */

export interface FixedWidthLayout {
  /** 0-based index among the sample's lines of the header line, or null when there is none. */
  headerLine: number | null;
  /** Index of the first data line (after an underline of dashes, if any). */
  dataLine: number;
  /** Exclusive index of the last data line (before a blank line and notes). */
  dataEnd: number;
  columns: { start: number; width: number; name: string }[];
}

const UNDERLINE = /^[\s=\-_+|]+$/;

/** Splits on line breaks the way DuckDB counts lines (CRLF, LF or a lone CR). */
function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** Lines a fixed-width table's columns are read from. */
const SHAPE_LINES = 400;

/** The fixed-width layout of a text sample, or undefined when it is not one. */
export function detectFixedWidth(text: string): FixedWidthLayout | undefined {
  if (text.includes("\t")) return undefined;
  const all = splitLines(text);
  // The shape is read from the first lines; the table runs on past them to its first blank line.
  const lines = all.slice(0, SHAPE_LINES);
  // The table is the first run of non-blank lines with at least three lines; a few lines of
  // preamble (titles) may come before it, separated by a blank line.
  for (let start = 0, tries = 0; start < lines.length && tries < 4; tries++) {
    while (start < lines.length && lines[start]!.trim() === "") start++;
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== "") end++;
    const found = layoutOf(lines, start, end);
    if (found) {
      // A table longer than the lines its shape was read from ends at its first blank line, not
      // at the 400th line (BBS SpeciesList.txt: 1,464 species, read as 394 and 1,070 "footnotes",
      // held-out FQ-09).
      let dataEnd = found.dataEnd;
      while (dataEnd < all.length && all[dataEnd]!.trim() !== "") dataEnd++;
      return { ...found, dataEnd };
    }
    start = end;
  }
  return undefined;
}

function layoutOf(lines: string[], start: number, end: number): FixedWidthLayout | undefined {
  // The last line of a cut sample may be partial: leave it out of the shape.
  const block = lines.slice(start, end);
  if (block.length < 3) return undefined;
  const underline = block.length > 3 && UNDERLINE.test(block[1]!) && block[1]!.includes("-") ? 1 : -1;
  const data = block.slice(underline === 1 ? 2 : 1);
  const header = block[0]!;
  let spans = underline === 1 ? dashRuns(block[1]!) : spaceColumns([header, ...data]);
  if (!spans || spans.length < 2) return undefined;
  // A header whose names are one space apart (`ID_NUMBER NAME   TITLE COUNTRY JAN01 GAMES FLAG`,
  // FIDE's rating lists, held-out HQ) joins columns the data keep apart: the data's columns are
  // taken when each name of the header lies over exactly one of them.
  // Data columns one space apart (`1701991 Aaberg, Anton`, `17 17.01.1972`) are kept apart by a
  // position blank on every data line, where spaces inside values (names) fall anywhere.
  if (underline !== 1)
    for (const gap of [1, 2]) {
      const apart = spaceColumns(data, gap);
      const named = apart && apart.length > spans.length ? namesOver(header, apart) : undefined;
      if (named) {
        spans = named;
        break;
      }
    }
  const widest = Math.max(...block.map((l) => l.length));
  spans[spans.length - 1]!.end = Math.max(spans[spans.length - 1]!.end, widest);
  const cell = (line: string, s: { start: number; end: number }): string => line.slice(s.start, s.end).trim();
  const nameOf = (s: Span): string => s.name ?? cell(header, s);
  // No header: the first line's cells are numbers as the data's are (`100  1015 2005    3 21 28 24`,
  // EPA's 1981 guide, held-out GH-07), not names; a header of years over numbers stays a header.
  if (
    headerless(
      spans.map((s) => cell(header, s)),
      spans.map((s) => data.map((l) => cell(l, s))),
    )
  ) {
    const rows = block.filter(
      (l) => spans.filter((s) => cell(l, s) !== "").length >= Math.min(2, spans.length),
    );
    if (rows.length < block.length * 0.8) return undefined;
    return {
      headerLine: null,
      dataLine: start,
      dataEnd: end,
      columns: cutAcrossGaps(spans, block).map((s, i) => ({ ...s, name: `column${i}` })),
    };
  }
  // Every column is named in the header, and the data fills most columns of most lines.
  if (spans.some((s) => nameOf(s) === "")) return undefined;
  const filled = data.filter(
    (l) => spans.filter((s) => cell(l, s) !== "").length >= Math.min(2, spans.length),
  );
  if (filled.length < Math.max(2, data.length * 0.8)) return undefined;
  // Prose is not a table: header names are short.
  if (spans.some((s) => nameOf(s).length > 40)) return undefined;
  return {
    headerLine: start,
    dataLine: start + (underline === 1 ? 2 : 1),
    dataEnd: end,
    columns: cutAcrossGaps(spans, data).map((s, i) => ({ ...s, name: nameOf(spans[i]!) })),
  };
}

/** A whole number or decimal, as a report sets it. */
const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * A column set flush right: its values end at one position and start at several, or it holds
 * numbers only (a count of games that is `0` on every sampled line is `10` on a later one).
 */
function flushRight(span: { start: number; end: number }, lines: string[]): boolean {
  let ends = 0;
  let starts = 0;
  let filled = 0;
  let numbers = 0;
  for (const line of lines) {
    const cell = line.slice(span.start, span.end);
    if (cell.trim() === "") continue;
    filled++;
    if (NUMBER.test(cell.trim())) numbers++;
    if (cell[cell.length - 1] !== " " && cell.length === span.end - span.start) ends++;
    if (cell[0] !== " ") starts++;
  }
  return filled > 0 && (numbers === filled || (ends === filled && starts < filled));
}

/**
 * Where each column is cut: the blank positions between two columns go to the one whose values
 * may grow into them — a name longer than any in the sample runs on rightwards (`Aguiar, Carlos
 * Alberto Branco l`), a number set flush right grows leftwards (an eight-digit FIDE id before seven-
 * digit ones); between a name and such a number they are shared. The first column starts at the
 * line's start and the last runs to its end, so no character of a line past the sample is lost.
 */
function cutAcrossGaps(
  spans: { start: number; end: number }[],
  lines: string[],
): { start: number; width: number }[] {
  const right = spans.map((s) => flushRight(s, lines));
  const bounds = spans.map((s) => ({ start: s.start, end: s.end }));
  bounds[0]!.start = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const gapStart = bounds[i]!.end;
    const gapEnd = bounds[i + 1]!.start;
    // Flush right on the right and left-set on the left: each grows into half the gap.
    const cut = right[i + 1] ? (right[i] ? gapStart : Math.floor((gapStart + gapEnd) / 2)) : gapEnd;
    bounds[i]!.end = cut;
    bounds[i + 1]!.start = cut;
  }
  return bounds.map((b, i) => ({
    start: b.start,
    width: i === bounds.length - 1 ? UNBOUNDED_WIDTH : b.end - b.start,
  }));
}

/** The last column's width: the rest of the line, however long. */
const UNBOUNDED_WIDTH = 100_000;

/** A cell of numbers, one or several separated by spaces (`20.9455`, `3 21 28 24`). */
const NUMBERS_CELL = /^[-+]?(\d+(\.\d*)?|\.\d+)( +[-+]?(\d+(\.\d*)?|\.\d+))*$/;

/**
 * A first line holding data: at least two cells of numbers (not years alone), a third of its
 * cells; or a code list's first entry — a code over codes written alike, every other cell written
 * as its column's values are (codeCells.ts: `A0  CAPE COD` over `A1  TWO STORIES …`).
 */
function headerless(cells: string[], columns: string[][]): boolean {
  const numbers = cells.filter((c) => NUMBERS_CELL.test(c) && !isYearToken(c)).length;
  if (numbers >= 2 && 3 * numbers >= cells.length) return true;
  const codes = cells.filter((c, i) => codeLikeBelow(c, columns[i] ?? [])).length;
  return (
    codes > 0 &&
    cells.every(
      (c, i) => c !== "" && (codeLikeBelow(c, columns[i] ?? []) || writtenLikeBelow(c, columns[i] ?? [])),
    )
  );
}

interface Span {
  start: number;
  end: number;
  /** The header's name over the span, when it was read from the header's words (namesOver). */
  name?: string;
}

/** How far (positions) a header's word may sit from its column when the header is set off the data. */
const NEAR = 6;

/**
 * The data's column spans named by the header's words over them: every word lies over exactly one
 * span (a name may be several words: `BIRTH DATE`), and every span has a word over it — a span
 * without one, one blank after a named span, is the overflow of a long value (`Aguiar, Carlos
 * Alberto Branco l`) and joins it. A header set a few positions off its data (FIDE's April 2004
 * list: `TITLE` five positions left of the titles) names its spans in order when it has one word
 * per span, each near its own. Else undefined: the header says something else.
 */
function namesOver(header: string, spans: { start: number; end: number }[]): Span[] | undefined {
  const words = [...header.matchAll(/\S+/g)].map((w) => ({
    from: w.index,
    to: w.index + w[0].length,
    text: w[0],
  }));
  const overlapping = overlapNames(words, spans);
  if (overlapping) return overlapping;
  if (words.length !== spans.length) return undefined;
  if (words.some((w, i) => w.from > spans[i]!.end + NEAR || spans[i]!.start > w.to + NEAR)) return undefined;
  return spans.map((s, i) => ({ ...s, name: words[i]!.text }));
}

function overlapNames(
  words: { from: number; to: number; text: string }[],
  spans: { start: number; end: number }[],
): Span[] | undefined {
  const names = spans.map(() => [] as string[]);
  for (const { from, to, text } of words) {
    const under = spans.flatMap((s, i) => (from < s.end && s.start < to ? [i] : []));
    if (under.length !== 1) return undefined;
    names[under[0]!]!.push(text);
  }
  const out: Span[] = [];
  spans.forEach((s, i) => {
    const last = out[out.length - 1];
    if (names[i]!.length > 0) out.push({ ...s, name: names[i]!.join(" ") });
    else if (last && s.start - last.end === 1) last.end = s.end;
    else out.push({ ...s });
  });
  return out.every((s) => s.name !== undefined) ? out : undefined;
}

/** Column stretches of an underline (`-----  ----`). */
function dashRuns(line: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of line.matchAll(/[-=_]+/g)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

/**
 * Column stretches separated by runs of two or more positions that are blank on every line
 * (positions past a shorter line's end count as blank).
 */
function spaceColumns(lines: string[], gap = 2): { start: number; end: number }[] | undefined {
  const width = Math.max(...lines.map((l) => l.length));
  const blank = new Array<boolean>(width).fill(true);
  for (const line of lines) for (let p = 0; p < line.length; p++) if (line[p] !== " ") blank[p] = false;
  const spans: { start: number; end: number }[] = [];
  let p = 0;
  while (p < width) {
    while (p < width && blank[p]) p++;
    if (p >= width) break;
    const start = p;
    // A column runs on through single blank positions (spaces inside values), unless `gap` is 1.
    while (p < width && (!blank[p] || (gap === 2 && p + 1 < width && !blank[p + 1]))) p++;
    spans.push({ start, end: p });
  }
  return spans;
}

/** Maps a file sniffed as a fixed-width table (see sniffFormat.ts). */
export async function profileFixedWidth(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  sample: FileSample,
  sniffed: TextEncoding,
): Promise<TableProfile> {
  const { settled, text } = await settledHead(absPath, sample, sniffed);
  const lines = splitLines(text);
  const layout = detectFixedWidth(lines.join("\n"));
  if (!layout)
    throw new Error(
      "no fixed-width columns found (columns must be separated by two or more spaces on every line)",
    );
  const names = columnNames(
    layout.columns.map((c) => c.name),
    layout.columns.length,
  );
  // Notes after the table (after a blank line) are left out; a cut sample's tail is not looked at.
  const notes = sample.complete ? lines.slice(layout.dataEnd).filter((l) => l.trim() !== "") : [];
  const read = wholeLineRead(settled, layout.dataLine, names, {
    fixedWidth: layout.columns.map(({ start, width }) => ({ start, width })),
  });
  // Cells as the reader cuts them (trimmed, blank lines skipped), for the candidate types and footnotes.
  const cut = (line: string): string[] =>
    layout.columns.map(({ start, width }) => line.slice(start, start + width).trim());
  const dataLines = lines.slice(layout.dataLine, sample.complete ? layout.dataEnd : undefined);
  const { dataRows, specs, profiles } = await readTyped(
    engine,
    absPath,
    read,
    cacheDir,
    names,
    {},
    {
      footer: notes.map(cut),
      sample: dataLines.filter((l) => l.trim() !== "").map(cut),
    },
  );
  read.dataRows = dataRows;
  read.columns = specs;
  const rows = lines.map((l) => [l]);
  const tableLayout = lineLayout(lines, layout.headerLine ?? layout.dataLine, {
    headerRow: layout.headerLine,
    dataStart: layout.dataLine,
    dataEnd: layout.dataEnd,
    footer: sample.complete
      ? lines.flatMap((l, i) =>
          i >= layout.dataEnd && l.trim() !== "" ? [{ index: i, kind: "note" as const }] : [],
        )
      : [],
    names: names.map((n) => n.name),
  });
  // With no header, only the blanks every line shares cut the columns: fields written edge to edge
  // (`1984F 1 10SPIDER VELOCE 2000`) stay in one column until the user gives the widths.
  const glued = layout.headerLine === null ? dataLines.find((l) => l.trim() !== "") : undefined;
  const gluedNotes =
    glued !== undefined
      ? [
          `no header line: the first line holds values like the lines below it; columns are named by position and cut only where every line has two or more spaces, so a column may hold several fields (line ${layout.dataLine + 1}: ${JSON.stringify(cut(glued)[0]!.slice(0, 60))}): give Scan.reader widths (from the file's format description) to cut them`,
        ]
      : [];
  return {
    headerLine: layout.headerLine === null ? 0 : layout.headerLine + 1,
    ...(layout.headerLine === null ? { noHeader: true as const } : {}),
    ...layoutParts(rows, tableLayout, (i) => i + 1),
    rowCount: read.dataRows,
    columns: profiles,
    read,
    ...(gluedNotes.length ? { notes: gluedNotes } : {}),
  };
}
