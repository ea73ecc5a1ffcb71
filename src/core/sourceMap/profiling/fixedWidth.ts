import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { FileSample } from "../sniff/fileSample.ts";
import { layoutParts } from "../layout/layoutProfile.ts";
import { settledHead } from "../readers/csvRead.ts";
import { readTyped } from "../typing/readTyped.ts";
import type { TableProfile, TextEncoding } from "../sourceEntry.ts";
import { columnNames } from "../typing/varcharColumns.ts";
import { lineLayout, wholeLineRead } from "./wholeLineTable.ts";
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
  const spans = underline === 1 ? dashRuns(block[1]!) : spaceColumns([header, ...data]);
  if (!spans || spans.length < 2) return undefined;
  const widest = Math.max(...block.map((l) => l.length));
  spans[spans.length - 1]!.end = Math.max(spans[spans.length - 1]!.end, widest);
  const cell = (line: string, s: { start: number; end: number }): string => line.slice(s.start, s.end).trim();
  // No header: the first line's cells are numbers as the data's are (`100  1015 2005    3 21 28 24`,
  // EPA's 1981 guide, held-out GH-07), not names; a header of years over numbers stays a header.
  if (headerless(spans.map((s) => cell(header, s)))) {
    const rows = block.filter(
      (l) => spans.filter((s) => cell(l, s) !== "").length >= Math.min(2, spans.length),
    );
    if (rows.length < block.length * 0.8) return undefined;
    return {
      headerLine: null,
      dataLine: start,
      dataEnd: end,
      columns: spans.map((s, i) => ({ start: s.start, width: s.end - s.start, name: `column${i}` })),
    };
  }
  // Every column is named in the header, and the data fills most columns of most lines.
  if (spans.some((s) => cell(header, s) === "")) return undefined;
  const filled = data.filter(
    (l) => spans.filter((s) => cell(l, s) !== "").length >= Math.min(2, spans.length),
  );
  if (filled.length < Math.max(2, data.length * 0.8)) return undefined;
  // Prose is not a table: header names are short.
  if (spans.some((s) => cell(header, s).length > 40)) return undefined;
  return {
    headerLine: start,
    dataLine: start + (underline === 1 ? 2 : 1),
    dataEnd: end,
    columns: spans.map((s) => ({ start: s.start, width: s.end - s.start, name: cell(header, s) })),
  };
}

/** A cell of numbers, one or several separated by spaces (`20.9455`, `3 21 28 24`). */
const NUMBERS_CELL = /^[-+]?(\d+(\.\d*)?|\.\d+)( +[-+]?(\d+(\.\d*)?|\.\d+))*$/;

/** A first line holding data: at least two cells of numbers (not years alone), a third of its cells. */
function headerless(cells: string[]): boolean {
  const numbers = cells.filter((c) => NUMBERS_CELL.test(c) && !isYearToken(c)).length;
  return numbers >= 2 && 3 * numbers >= cells.length;
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
function spaceColumns(lines: string[]): { start: number; end: number }[] | undefined {
  const width = Math.max(...lines.map((l) => l.length));
  const blank = new Array<boolean>(width).fill(true);
  for (const line of lines) for (let p = 0; p < line.length; p++) if (line[p] !== " ") blank[p] = false;
  const spans: { start: number; end: number }[] = [];
  let p = 0;
  while (p < width) {
    while (p < width && blank[p]) p++;
    if (p >= width) break;
    const start = p;
    // A column runs on through single blank positions (spaces inside values).
    while (p < width && (!blank[p] || (p + 1 < width && !blank[p + 1]))) p++;
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
