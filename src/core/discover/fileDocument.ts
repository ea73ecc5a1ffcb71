import type { SourceEntry } from "../sourceMap/sourceEntry.ts";
import { isYearToken } from "../text.ts";
import { tokenize } from "./discoverTerms.ts";
import { monthName, monthNumber } from "./questionPeriods.ts";

/**
 * One file's Discover document: the text of each ranked field (path words, titles, column names,
 * sample values, first lines), read from its Source Map entry, and whether the file is ranked at all.
 */

export type Field = "path" | "title" | "columns" | "names" | "values" | "text" | "files";

export const FIELDS: readonly Field[] = ["path", "title", "columns", "names", "values", "text", "files"];

const MAX_TEXT_LINES = 30;

export interface DocText {
  path: string[];
  title: string[];
  columns: string[];
  /** The column names again, each read whole (see fieldTerms). */
  names: string[];
  values: string[];
  text: string[];
  files: string[];
}

export interface Doc {
  id: number;
  /** File path, family glob or group glob. */
  path: string;
  /** Files the document stands for: itself, or the members of a family or group. */
  members: string[];
  group: boolean;
  fields: DocText;
}

export function dirName(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export function extension(path: string): string {
  const base = baseName(path);
  const i = base.lastIndexOf(".");
  return i <= 0 ? "" : base.slice(i + 1);
}

export function stripExtension(name: string): string {
  const i = name.lastIndexOf(".");
  return i <= 0 ? name : name.slice(0, i);
}

/** Glob characters in a folder name are escaped so the group's pattern designates exactly that folder. */
export function globEscape(text: string): string {
  return text.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}

/** Column names as written, without readers' placeholders ("column3") and de-duplication suffixes ("_2"). */
export function columnNames(entry: SourceEntry): string[] {
  const out: string[] = [];
  for (const table of entry.tables ?? []) {
    for (const column of table.columns) {
      const name = column.name.trim().replace(/_\d+$/, "");
      if (name.length === 0 || /^column\d*$/i.test(name)) continue;
      if (!out.includes(name)) out.push(name);
    }
  }
  return out;
}

/** Numbers, amounts and percentages say nothing a query's words could match; years do. */
function isWordless(value: string): boolean {
  const v = value.trim();
  if (isYearToken(v)) return false;
  return !/\p{L}/u.test(v) || /^[$€£]?[\d.,\s]+[%KMB]?(?: of (?:the )?total)?$/i.test(v);
}

export function sampleValues(entry: SourceEntry): string[] {
  const out: string[] = [];
  for (const table of entry.tables ?? []) {
    for (const column of table.columns) {
      for (const sample of column.samples) {
        const value = sample.trim();
        if (value.length > 0 && !isWordless(value) && !out.includes(value)) out.push(value);
      }
    }
  }
  return out;
}

export function titleLines(entry: SourceEntry): string[] {
  const out: string[] = [];
  for (const table of entry.tables ?? []) {
    for (const line of [
      ...table.titleLines,
      ...(table.title === undefined ? [] : [table.title]),
      ...(table.sheet === undefined ? [] : [table.sheet]),
    ]) {
      const text = line.trim();
      if (text.length > 0 && !out.includes(text)) out.push(text);
    }
  }
  return out;
}

/**
 * Acronyms of a path spelled out where the file's own content spells them: "State MSA ... data" with
 * "... Metropolitan Statistical Area" among the values reads also "metropolitan statistical area".
 */
export function spelledAcronyms(path: string, texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const acronym of new Set(path.match(/\b[A-Z]{2,6}\b/g) ?? [])) {
    const words = [...acronym].map((letter) => `${letter}[a-z]+`).join("[\\s-]+");
    const pattern = new RegExp(`\\b${words}\\b`);
    for (const text of texts) {
      const found = pattern.exec(text);
      if (found) {
        out.push(found[0]);
        break;
      }
    }
  }
  return out;
}

/**
 * The file's own name read whole, and each run of its first words: a question names a lookup by
 * what it is ("our building class code list" → `building_class_codes.txt`, held-out HP), in words
 * its rows never hold. The shorter runs let `Country codes (math).csv` answer "the country-code
 * list" as well as `Country codes.csv` does, so the question's other words choose between them.
 */
export function nameRuns(path: string): string[] {
  const words = tokenize(stripExtension(baseName(path)));
  const out: string[] = [];
  for (let n = 2; n <= words.length; n++) out.push(words.slice(0, n).join(" "));
  return out;
}

export function fileText(entry: SourceEntry): DocText {
  const columns = columnNames(entry);
  const fields: DocText = {
    path: [entry.path],
    title: titleLines(entry),
    columns,
    names: [...columns, ...nameRuns(entry.path)],
    values: sampleValues(entry),
    text: (entry.firstLines ?? []).slice(0, MAX_TEXT_LINES),
    files: [],
  };
  const texts = [...fields.title, ...fields.columns, ...fields.values, ...fields.text];
  fields.path.push(...spelledAcronyms(entry.path, texts), ...monthsSpelledOut(entry.path));
  return fields;
}

/**
 * A month and year a file name writes short (`JAN04FRL.TXT`, `jul03frl.txt`, `sales_mar19.csv`)
 * spelled out — "January 2004", "July 2003" — as a question says it (held-out HQ: FIDE's rating lists
 * by month; "the July 2003 list"). Two-digit years from 50 are the 1900s, below it the 2000s.
 */
export function monthsSpelledOut(path: string): string[] {
  const out: string[] = [];
  for (const m of baseName(path).matchAll(
    /(?<![A-Za-z])(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[-_ ]?(\d{2}|\d{4})(?!\d)/gi,
  )) {
    const month = monthName(monthNumber(m[1]!));
    const digits = m[2]!;
    const year = digits.length === 4 ? digits : `${Number(digits) >= 50 ? "19" : "20"}${digits}`;
    if (month) out.push(`${month} ${year}`);
  }
  return out;
}

/** Extensions of data and document files: unreadable ones stay rankable by their path and name. */
const DATA_EXTENSIONS = new Set(
  (
    "csv tsv tab psv dat txt json jsonl ndjson parquet pq xlsx xlsm xlsb xls ods odf numbers html htm xml " +
    "sav dta sas7bdat rds rdata feather arrow avro orc h5 hdf5 nc mat pdf doc docx ppt pptx zip gz bz2 xz 7z " +
    "tar db sqlite sqlite3 mdb accdb dbf shp geojson kml md rtf"
  ).split(" "),
);

/**
 * Whether a file is ranked for words. An unreadable file (empty, binary, or failed to map) whose name
 * says it is data is, by its path and name, with its error in the hit; junk (`.DS_Store`, `dump.bin`)
 * is found by path patterns only.
 */
export function rankable(entry: SourceEntry): boolean {
  if (entry.format !== "binary" && entry.format !== "empty") return true;
  if (baseName(entry.path).startsWith(".")) return false;
  return DATA_EXTENSIONS.has(extension(entry.path).toLowerCase());
}

/** Whether the Source Map could not read a table or text from the file. */
export function unreadable(entry: SourceEntry): boolean {
  return (
    entry.error !== undefined && (entry.tables?.length ?? 0) === 0 && (entry.firstLines?.length ?? 0) === 0
  );
}

export function shapeKey(entry: SourceEntry): string | null {
  const names = (entry.tables ?? []).map((t) =>
    t.columns.map((c) => c.name.trim().toLowerCase()).join("\u0001"),
  );
  if (names.length === 0 || names.every((n) => n.length === 0)) return null;
  return names.join("\u0002");
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
