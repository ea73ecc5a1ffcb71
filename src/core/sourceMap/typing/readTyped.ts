import type { DuckEngine } from "../../engine/duckEngine.ts";
import { csvReaderSql, readablePath } from "../readers/csvRead.ts";
import { exactRecords } from "../readers/exactRecords.ts";
import type { CsvRead } from "../sourceEntry.ts";
import { duckSamples, typeTextColumns } from "./typeTextColumns.ts";
import type { TextColumnsInput, TextColumnsResult } from "./typeTextColumns.ts";

/** How a delimited text file is profiled (profileDelimited) and its columns typed (readTyped). */
export interface DelimitedOptions {
  /**
   * Type every column by the full tests over every row, and lay out every row (the reference path;
   * see typeTextColumns.ts).
   */
  exhaustive?: boolean;
  /** Lay out every row of a file read whole (set when its head and tail could not settle the layout). */
  everyRow?: boolean;
  /** Records in the head of a file laid out from its head and tail (FAST_HEAD_RECORDS by default). */
  headRecords?: number;
}

/**
 * Exact record count, types and null counts of the table (typeTextColumns.ts). Retries where the
 * sample misled the layout: a line break in a quoted cell past the sample, or a non-UTF-8 byte past
 * the sample.
 */
export async function readTyped(
  engine: DuckEngine,
  absPath: string,
  read: CsvRead,
  cacheDir: string,
  names: { name: string; sourceName: string }[],
  options: DelimitedOptions,
  rows: Pick<
    TextColumnsInput,
    "dataRows" | "footer" | "expectedDataRows" | "sample" | "lineOf" | "bareMissing"
  > & {
    plainText?: string;
  },
): Promise<TextColumnsResult> {
  const { plainText, ...given } = rows;
  for (let attempt = 0; attempt < 4; attempt++) {
    const path = await readablePath(absPath, read, cacheDir);
    try {
      const reader = csvReaderSql(path, read);
      const records =
        plainText !== undefined && attempt === 0 ? exactRecords(plainText, read, rows.dataRows) : undefined;
      const typed = await typeTextColumns(engine, {
        reader,
        names,
        ...given,
        ...(records ? { records } : {}),
        ...(options.exhaustive ? { exhaustive: true } : {}),
      });
      // A stray quote in the lines skipped before the data (`"URL"Comments` in a header) throws
      // DuckDB's strict reader off its place: it reads no record at all, with no error. The layout
      // found data rows there; the lenient reader skips those lines as lines.
      if (typed.dataRows === 0 && (given.expectedDataRows ?? 0) > 0 && !read.strayQuote) {
        read.strayQuote = { line: read.skipLines };
        continue;
      }
      // Single-byte text: show sample values as DuckDB reads them (0x80–0x9F in Windows-1252).
      if (read.encoding === "latin-1" || read.encoding === "windows-1252") {
        const samples = await duckSamples(engine, reader, names.length, typed.dataRows);
        typed.profiles.forEach((p, i) => (p.samples = samples[i] ?? []));
      }
      return typed;
    } catch (error) {
      const message = (error as Error).message;
      if (!read.quotedNewlines && message.includes("parallel=false")) read.quotedNewlines = true;
      else if (read.encoding === "utf-8" && message.includes("Invalid unicode")) read.encoding = "latin-1";
      else if (read.encoding === "latin-1" && message.includes("not latin-1")) read.encoding = "windows-1252";
      else if (!read.strayQuote && STRAY_QUOTE.test(message))
        read.strayQuote = { line: Number(/CSV Error on Line: (\d+)/.exec(message)?.[1] ?? 0) };
      else throw error;
    }
  }
  throw new Error("could not read the records");
}

/** DuckDB's strict reader on a quote that opens a field and is not closed where a field ends. */
const STRAY_QUOTE = /unterminated quote|unescaped quote|quote character/i;

/** The table's note on a file read past a stray quote (see CsvRead.strayQuote). */
export function strayQuoteNote(read: CsvRead): string[] {
  if (!read.strayQuote) return [];
  const where = read.strayQuote.line > 0 ? `line ${read.strayQuote.line}` : "the start";
  return [
    `DuckDB's strict reader could not read past a quote near ${where} that is not closed where a field ends; the file is read with lenient quoting (strict_mode=false), so the records near that line may be cut differently from the rest.`,
  ];
}
