import type { PercentFacts } from "./percentCells.ts";

/**
 * What every workbook reader (xlsx, xls, ods) shares: cell addresses, how a stored number becomes
 * the text a user sees (dates and times as ISO text that DuckDB types as DATE/TIMESTAMP/TIME, not as
 * serial numbers), and the events a reader streams out.
 */

export interface SheetInfo {
  name: string;
  /** Hidden sheets are mapped too; the profile says they are hidden. */
  state?: "hidden" | "veryHidden";
}

/** One sheet row with at least one value: its 1-based row number and its cells, dense. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** What a reader observed about a sheet besides its values; examples are bounded. */
export interface SheetFacts {
  /** Merged ranges as A1 references ("A1:D1"); the value sits in the top-left cell. */
  merges: string[];
  mergeCount: number;
  /** Formula cells saved without a result (the writing program never calculated them). */
  formulasWithoutValue: string[];
  formulasWithoutValueCount: number;
  /** Cells holding an error value (#DIV/0!, #N/A…), read as empty. */
  errorCells: string[];
  errorCellCount: number;
  /** Why the sheet holds no cells although it exists (a chart sheet, a missing part). */
  note?: string;
  /** Number cells per column and those formatted as percent (percentCells.ts; xlsx only). */
  percent?: PercentFacts;
}

export type WorkbookEvent =
  | { kind: "sheet"; info: SheetInfo }
  | { kind: "rows"; rows: SheetRow[] }
  | { kind: "end"; facts: SheetFacts };

const EXAMPLES = 20;

export function emptyFacts(): SheetFacts {
  return {
    merges: [],
    mergeCount: 0,
    formulasWithoutValue: [],
    formulasWithoutValueCount: 0,
    errorCells: [],
    errorCellCount: 0,
  };
}

export function noteMerge(facts: SheetFacts, ref: string): void {
  facts.mergeCount++;
  if (facts.merges.length < EXAMPLES) facts.merges.push(ref);
}

export function noteFormulaWithoutValue(facts: SheetFacts, ref: string): void {
  facts.formulasWithoutValueCount++;
  if (facts.formulasWithoutValue.length < EXAMPLES) facts.formulasWithoutValue.push(ref);
}

export function noteErrorCell(facts: SheetFacts, ref: string, value: string): void {
  facts.errorCellCount++;
  if (facts.errorCells.length < EXAMPLES) facts.errorCells.push(`${ref} ${value}`);
}

/** "A" → 0, "AB" → 27. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n - 1;
}

export function columnLetters(index: number): string {
  let s = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** 0-based column and 1-based row → "B12". */
export function cellRef(column: number, row: number): string {
  return `${columnLetters(column)}${row}`;
}

/** "B12" → { column: 1, row: 12 }; "$B$12" too. */
export function parseCellRef(ref: string): { column: number; row: number } | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) return undefined;
  return { column: columnIndex(m[1]!.toUpperCase()), row: Number(m[2]) };
}

/** Cells of a row placed at their columns; gaps are empty strings, trailing empties dropped. */
export function placeCell(cells: string[], column: number, text: string): void {
  if (text === "") return;
  while (cells.length < column) cells.push("");
  cells[column] = text;
}

export type DateKind = "date" | "time" | "datetime" | "duration";

/** Built-in number formats that show dates or times (ECMA-376 §18.8.30, plus the CJK date ids). */
const BUILTIN_DATE_FORMATS = new Map<number, DateKind>([
  [14, "date"],
  [15, "date"],
  [16, "date"],
  [17, "date"],
  [18, "time"],
  [19, "time"],
  [20, "time"],
  [21, "time"],
  [22, "datetime"],
  [27, "date"],
  [28, "date"],
  [29, "date"],
  [30, "date"],
  [31, "date"],
  [32, "time"],
  [33, "time"],
  [34, "time"],
  [35, "time"],
  [36, "date"],
  [45, "time"],
  [46, "duration"],
  [47, "time"],
  [50, "date"],
  [51, "date"],
  [52, "date"],
  [53, "date"],
  [54, "date"],
  [55, "time"],
  [56, "time"],
  [57, "date"],
  [58, "date"],
]);

export function builtinDateKind(numFmtId: number): DateKind | undefined {
  return BUILTIN_DATE_FORMATS.get(numFmtId);
}

/** Whether a date/time format shows fractions of a second (`mm:ss.0`, builtin 47): else times are read to the second. */
export function showsSecondFractions(code: string | undefined, numFmtId: number): boolean {
  return code !== undefined ? /s\.0/i.test(code.replace(/"[^"]*"/g, "")) : numFmtId === 47;
}

/** Whether a number format code shows a date, a time, both, or an elapsed duration. */
export function formatDateKind(code: string): DateKind | undefined {
  const section = (code.split(";")[0] ?? "")
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/_./g, "")
    .replace(/\*./g, "");
  if (/\[(h+|m+|s+)\]/i.test(section)) return "duration";
  const bare = section
    .replace(/\[[^\]]*\]/g, "")
    .replace(/general/gi, "")
    .replace(/AM\/PM|A\/P/gi, "h");
  const hasYearOrDay = /[yd]/i.test(bare);
  const hasTime = /[hs]/i.test(bare);
  const hasMonth = /m/i.test(bare);
  if (!hasYearOrDay && !hasTime && !hasMonth) return undefined;
  // An "m" next to h or s is minutes; alone or with y/d it is the month.
  const hasDate = hasYearOrDay || (hasMonth && !hasTime);
  if (hasDate && hasTime) return "datetime";
  return hasDate ? "date" : "time";
}

const DAY_MS = 86_400_000;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function clockText(ms: number, withDays = 0): string {
  const hours = Math.floor(ms / 3_600_000) + withDays * 24;
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${millis ? `.${pad(millis, 3)}` : ""}`;
}

/**
 * A spreadsheet serial day number as ISO text. The 1900 system counts from 1899-12-30 and keeps
 * Lotus's phantom 1900-02-29 (so serials below 61 are one day off); the 1904 system (old Mac
 * workbooks) counts from 1904-01-01.
 */
export function serialToText(serial: number, kind: DateKind, date1904: boolean, fractions = false): string {
  if (!Number.isFinite(serial) || serial < 0) return String(serial);
  let days = Math.floor(serial);
  // A time shown to the second is the second it shows: a day fraction written with six digits
  // (0.708333 for 17:00, held-out HN-04's 1989–2000 sheets) is 16:59:59.971 to the millisecond.
  const unit = fractions ? 1 : 1000;
  let ms = Math.round(((serial - days) * DAY_MS) / unit) * unit;
  if (ms >= DAY_MS) {
    days++;
    ms -= DAY_MS;
  }
  if (kind === "duration") return clockText(ms, days);
  if (kind === "time") return clockText(ms);
  if (!date1904 && days < 61) days += 1;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const date = new Date(epoch + days * DAY_MS);
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return kind === "date" ? day : `${day} ${clockText(ms)}`;
}

/** ISO 8601 date text (xlsx `t="d"` cells, ODS date values): a date alone, or date and time with a space. */
export function isoDateText(raw: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?/.exec(raw);
  if (!m) return raw;
  if (!m[2] || /^00:00(:00(\.0+)?)?$/.test(m[2])) return m[1]!;
  return `${m[1]} ${m[2]}`;
}

/** OOXML escapes characters XML cannot carry as `_xHHHH_` (a line feed is `_x000D_`…). */
export function decodeOoxmlEscapes(text: string): string {
  if (!text.includes("_x")) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A stored number as a spreadsheet shows it: 15 significant digits, so the double 12 × 2.55 =
 * 30.599999999999998 reads 30.6 whichever format (xlsx text, xls/ods binary) the file keeps it in.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  return String(Number(value.toPrecision(15)));
}
