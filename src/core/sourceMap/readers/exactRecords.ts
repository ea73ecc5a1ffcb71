import { splitRecords } from "./delimitedText.ts";
import type { CsvRead } from "../sourceEntry.ts";
import { plainRead } from "./plainRead.ts";

/** Files up to this many characters, read whole, may have their records counted in JS. */
export const JS_PASS_CHARS = 256 * 1024;

/**
 * The records `csvReaderSql(…, read)` gives, split in JS — only where that split is certain: UTF-8
 * text whose quotes, if any, only wrap whole fields on one line (wellQuoted: a quoted field read as
 * RFC 4180 reads it — `""` a quote, an empty quoted field NULL like an empty one), no lone carriage
 * return, no blank line among the records read (DuckDB's handling of those is its own), no record
 * wider than the reader. Then a record is a physical line after `skipLines`, cut at every delimiter
 * outside quotes. Undefined otherwise: DuckDB counts.
 */
export function exactRecords(text: string, read: CsvRead, limit?: number): string[][] | undefined {
  if (!plainRead(read) || read.delimiter.length !== 1) return undefined;
  const quoted = text.includes('"');
  if (text.includes("\0") || (quoted && !wellQuoted(text, read.delimiter))) return undefined;
  for (let i = text.indexOf("\r"); i >= 0; i = text.indexOf("\r", i + 1))
    if (text.charCodeAt(i + 1) !== 10) return undefined;
  const width = Math.max(read.fileWidth ?? 0, read.columns.length);
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const end = limit === undefined ? lines.length : Math.min(lines.length, read.skipLines + limit);
  const records: string[][] = [];
  for (let n = read.skipLines; n < end; n++) {
    let line = lines[n]!;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (line.trim() === "") return undefined;
    const fields =
      quoted && line.includes('"')
        ? (splitRecords(line, read.delimiter).records[0]?.fields ?? [])
        : line.split(read.delimiter);
    if (fields.length > width) return undefined;
    records.push(fields);
  }
  return records;
}

/**
 * Every quote of `text` opens a field (at a line start or after the delimiter) whose closing quote
 * (doubled quotes inside are one quote) is on the same line and followed by the delimiter or the
 * line's end: quoting DuckDB and splitRecords read alike.
 */
export function wellQuoted(text: string, delimiter: string): boolean {
  const d = delimiter.charCodeAt(0);
  for (let q = text.indexOf('"'); q >= 0;) {
    const before = q === 0 ? 10 : text.charCodeAt(q - 1);
    if (before !== d && before !== 10) return false;
    let close = text.indexOf('"', q + 1);
    while (close >= 0 && text.charCodeAt(close + 1) === 34) close = text.indexOf('"', close + 2);
    if (close < 0) return false;
    const inside = text.slice(q + 1, close);
    if (inside.includes("\n") || inside.includes("\r")) return false;
    const after = text.charCodeAt(close + 1);
    if (!(Number.isNaN(after) || after === d || after === 10 || after === 13)) return false;
    q = text.indexOf('"', close + 1);
  }
  return true;
}
