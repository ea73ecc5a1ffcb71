/**
 * Whitespace-aligned numeric tables (`.dat`, `.lst`, `.txt`, `.asc` exports of instruments and
 * models, e.g. NASA OMNI2's `2023   1  0 1771 …`): every line holds the same number of values,
 * separated by runs of spaces whose length varies with each value's width (right-aligned
 * numbers), often with no header at all. A split at each run of white space reads them where a
 * cut at fixed positions cannot (one space may separate two columns on one line and sit inside a
 * wider value's padding on the next).
 */

import { isMarkerToken } from "../typing/markerTokens.ts";
import { isYearToken } from "../../text.ts";

export interface WhitespaceLayout {
  /** 0-based index among the sample's lines of the header line, or null when there is none. */
  headerLine: number | null;
  /** 0-based index of a units line between the header and the data (NDBC's `#yr mo dy … m/s`). */
  unitsLine?: number;
  /** Index of the first data line. */
  dataLine: number;
  /** Values on every data line. */
  width: number;
  /** Header tokens (empty when there is no header). */
  names: string[];
  /**
   * Lines after the last data line that are no data (the Met Office's `Site Closed`), as 0-based
   * indexes among the sample's lines: a footer, not rows.
   */
  footerLines?: number[];
}

/**
 * A number as instruments write it: `-1.5`, `.25`, `1.2E+03`, Fortran's `1.2D+03`; a flag symbol
 * may follow it (the Met Office's `24.1*` estimated, `86.1#` another sensor), so the line is one of values.
 */
const NUMBER_TOKEN = /^[-+]?(\d+(\.\d*)?|\.\d+)([eEdD][-+]?\d+)?[*#†‡]?$/;
/** A date or a time of day written as one token: `2024-05-01`, `05/01/2024`, `12:30:00`, `2024-05-01T12:30`. */
const DATE_TOKEN = /^\d{1,4}[-/:.]\d{1,2}([-/:.]\d{1,4})?(T\d{1,2}(:\d{2}){1,2}(\.\d+)?Z?)?$/;
/**
 * A missing value among the numbers: the typing pass's markers (NDBC's `MM`, `NA`, `-`…), so what
 * the sniffer counts as a value the typer reads as NULL; and `?`, which some instruments write
 * and which counts here only toward telling a line of values (the typer keeps such a column text).
 */
function markerToken(token: string): boolean {
  return isMarkerToken(token) || token === "?";
}
/** Lines after the data that may be a footer (`Site Closed`) rather than break the table. */
const MAX_FOOTER_LINES = 3;
/** A word written after a line's values (`Provisional` on the Met Office's latest months): a column of notes. */
const NOTE_WORD = /^[A-Za-z][A-Za-z-]*$/;
/** Fewer data lines than this is no table to read this way. */
const MIN_DATA_LINES = 3;
/** Lines above the data (titles, comments) that may come first. */
const MAX_PREAMBLE_LINES = 40;

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

export function tokensOf(line: string): string[] {
  const trimmed = line.trim();
  return trimmed === "" ? [] : trimmed.split(/[ \t]+/);
}

function valueToken(token: string): boolean {
  return NUMBER_TOKEN.test(token) || DATE_TOKEN.test(token);
}

/**
 * A line of values: numbers, dates and missing markers, at least two numbers, and at least half of
 * its tokens so — a column of words (compass points, a class) may stand among them.
 */
function dataLine(tokens: string[]): boolean {
  const numbers = tokens.filter(valueToken).length;
  const valued = numbers + tokens.filter(markerToken).length;
  return tokens.length >= 2 && numbers >= 2 && 2 * valued >= tokens.length;
}

/** `line`'s numbers are years, two or more, and `below` holds numbers that are not years in their places. */
function headerOfYears(line: string[], below: string[]): boolean {
  if (line.length !== below.length) return false;
  const numbered = line.flatMap((t, i) => (valueToken(t) ? [i] : []));
  return (
    numbered.length >= 2 &&
    numbered.every((i) => isYearToken(line[i]!)) &&
    numbered.some((i) => valueToken(below[i]!) && !isYearToken(below[i]!))
  );
}

/**
 * A line under the header whose tokens name units (`#yr`, `m/s`, `degT`, `hPa`): short, no number.
 * It may name fewer than the header does (the Met Office's `degC degC days mm hours` under
 * `yyyy mm tmax tmin af rain sun`: the year and month have no unit).
 */
const UNIT_TOKEN = /^#?(\(?[A-Za-z%°][A-Za-z0-9%°/.^*-]{0,7}\)?|-)$/;
function unitsLine(tokens: string[]): boolean {
  return tokens.every((t) => UNIT_TOKEN.test(t)) && tokens.some((t) => /[a-z%°]/i.test(t));
}

/**
 * The layout of a sample whose lines, from some line on to the end of the sample, each hold the
 * same number (two or more) of numbers or dates separated by spaces; undefined otherwise. Lines
 * above the data are title lines, except the one right above it when it holds as many tokens,
 * not all of them values: the header. `complete`: the sample is the whole file (otherwise its last
 * line may be cut and is not looked at).
 */
export function detectWhitespaceTable(text: string, complete: boolean): WhitespaceLayout | undefined {
  const lines = splitLines(text);
  if (!complete) lines.pop();
  let first = -1;
  for (let i = 0; i < lines.length && i <= MAX_PREAMBLE_LINES; i++)
    if (dataLine(tokensOf(lines[i]!))) {
      first = i;
      break;
    }
  if (first < 0) return undefined;
  // Tab- or comma-separated data is read by the delimited reader; a comma in a title line above
  // (`Location: 450900E 207200N, Lat 51.761`) is no delimiter.
  if (lines.slice(first).some((l) => l.includes("\t") || l.includes(","))) return undefined;
  // A header of years over columns of numbers (`Station 1990 1991 1992` over `ALPHA 12.5 13.1
  // 12.9`) reads as a line of values: it is the header when the line below holds other numbers
  // where it holds its years.
  let yearsHeader = false;
  const next = lines.findIndex((l, i) => i > first && l.trim() !== "");
  if (next > 0 && headerOfYears(tokensOf(lines[first]!), tokensOf(lines[next]!))) {
    yearsHeader = true;
    first = next;
  }
  const width = tokensOf(lines[first]!).length;
  // The last data line: after it, at most MAX_FOOTER_LINES lines that are no data (a footer).
  let last = -1;
  for (let i = lines.length - 1; i >= first; i--)
    if (dataLine(tokensOf(lines[i]!))) {
      last = i;
      break;
    }
  const footerLines = lines.slice(last + 1).flatMap((l, k) => (tokensOf(l).length > 0 ? [last + 1 + k] : []));
  if (footerLines.length > MAX_FOOTER_LINES) return undefined;
  let count = 0;
  let noted = false;
  for (let i = first; i <= last; i++) {
    const tokens = tokensOf(lines[i]!);
    if (tokens.length === 0) continue;
    // A word after the values (`Provisional`): read as a column of its own, empty elsewhere.
    const note = tokens.length === width + 1 && NOTE_WORD.test(tokens[width]!);
    if ((tokens.length !== width && !note) || !dataLine(note ? tokens.slice(0, width) : tokens))
      return undefined;
    noted ||= note;
    count++;
  }
  if (count < MIN_DATA_LINES) return undefined;
  const above = first > 0 ? tokensOf(lines[first - 1]!) : [];
  // Names, then units, then the data (NDBC's realtime files: `#YY MM DD hh mm WDIR WSPD …` over
  // `#yr mo dy hr mn degT m/s …`): the names are the line above the units.
  const twoAbove = first > 1 ? tokensOf(lines[first - 2]!) : [];
  const units =
    !yearsHeader &&
    above.length > 0 &&
    above.length <= width &&
    unitsLine(above) &&
    twoAbove.length === width &&
    !dataLine(twoAbove);
  const header = yearsHeader || units || (above.length === width && !dataLine(above));
  const names = units ? twoAbove : header ? above : [];
  return {
    headerLine: units ? first - 2 : header ? first - 1 : null,
    ...(units ? { unitsLine: first - 1 } : {}),
    dataLine: first,
    width: noted ? width + 1 : width,
    // A comment mark on the header (`#YY`) is no part of the first name.
    names: names.map((n, i) => (i === 0 && n.length > 1 ? n.replace(/^#/, "") : n)),
    ...(footerLines.length ? { footerLines } : {}),
  };
}
