import type { DuckEngine } from "../../engine/duckEngine.ts";
import { blankComments } from "../readers/commentFreeCopy.ts";
import type { CrawledFile } from "../crawl/crawlLake.ts";
import { sampleText } from "../sniff/fileSample.ts";
import { settleBytes } from "../readers/csvRead.ts";
import { readTyped } from "../typing/readTyped.ts";
import type { ReaderOptions } from "../readers/readerOptions.ts";
import { describeReaderOptions } from "../readers/readerOptions.ts";
import { sampleAndSniff } from "../sniff/sampleAndSniff.ts";
import type { CsvRead, SourceEntry, TableProfile } from "../sourceEntry.ts";
import { columnNames } from "../typing/varcharColumns.ts";
import { tokensOf } from "../sniff/whitespaceTable.ts";

/** A reader option that does not fit the file (or each other): the message says which and why. */
export class ReaderOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReaderOptionsError";
  }
}

/** Formats whose lines the user's options can cut: text the map sniffed as a table or not. */
const TEXT_FORMATS = new Set(["csv", "fixed-width", "text", "unknown"]);
/** Data lines looked at for the width and the candidate types. */
const SAMPLE_LINES = 2000;

/**
 * Maps a text file as the user said to read it (readerOptions.ts): the lines skipped, the header
 * lines, the delimiter, fixed widths or whitespace alignment, quote, comment prefix and markers are
 * the user's; the encoding (and the delimiter when none is given) is the map's. Every non-blank,
 * non-comment line after the header is a record, but for notes at the end (trailingNotes): the
 * `SOURCE: BLS, LAUS` and release-date lines under a fixed-width county table are no counties.
 * Throws ReaderOptionsError when the options do not fit the file.
 */
export async function profileWithReader(
  engine: DuckEngine,
  file: CrawledFile,
  cacheDir: string,
  reader: ReaderOptions,
): Promise<Pick<SourceEntry, "format" | "encoding" | "compression" | "tables">> {
  const sampled = await sampleAndSniff(file);
  const { sample, sniffed, compression } = sampled;
  if (sampled.zip || sampled.bzip2 || !TEXT_FORMATS.has(sniffed.format))
    throw new ReaderOptionsError(
      sniffed.format === "empty"
        ? `${file.path} is empty: there is nothing to read`
        : `reader options apply to text files (delimited, fixed-width, whitespace-aligned); ${file.path} is ${sampled.zip ? "a ZIP archive" : sampled.bzip2 ? "a bzip2 file" : sniffed.format}${sniffed.format === "xlsx" || sniffed.format === "xls" || sniffed.format === "ods" || sniffed.format === "html" ? ": name its table with `sheet` instead" : ""}`,
    );
  const settled = await settleBytes(
    file.absPath,
    sample,
    sniffed.encoding ?? "utf-8",
    compression !== undefined,
  );
  const { encoding, stripNul, maxLineBytes, crLines } = settled;
  if (reader.comment !== undefined && (compression !== undefined || encoding === "utf-16"))
    throw new ReaderOptionsError(
      `reader.comment: ${file.path} is ${compression ? `${compression}-compressed` : "UTF-16 text"}; comment lines can only be left out of uncompressed UTF-8 or single-byte text (decompress or convert it into the lake first)`,
    );
  const mode = layoutMode(reader, sniffed, file.path);
  const quote = mode.kind === "delimited" ? (reader.quote ?? '"') : "";
  let text = sampleText(sample, encoding).head;
  if (stripNul) text = text.replace(/\0/g, "");
  if (reader.comment !== undefined) text = blankComments(text, reader.comment, quote || undefined);
  const lines = text.split(/\r\n|\n|\r/);
  if (!sample.complete) lines.pop();
  const skip = reader.skip ?? 0;
  const headerCount = reader.header ?? 1;
  if (skip >= lines.length && sample.complete)
    throw new ReaderOptionsError(
      `reader.skip: ${skip} lines skipped pass the end of ${file.path} (${lines.length} lines)`,
    );
  // Header lines: the first non-blank (non-comment) lines after the skipped ones.
  const headerIndexes: number[] = [];
  let next = skip;
  while (headerIndexes.length < headerCount && next < lines.length) {
    if (lines[next]!.trim() !== "") headerIndexes.push(next);
    next++;
  }
  if (headerIndexes.length < headerCount)
    throw new ReaderOptionsError(
      `reader.header: ${file.path} has no ${headerCount} header line(s) after the ${skip} skipped line(s)`,
    );
  const skipLines = headerCount === 0 ? skip : headerIndexes[headerIndexes.length - 1]! + 1;
  const cut = (line: string): string[] =>
    mode.kind === "delimited"
      ? splitFields(line, mode.delimiter, quote)
      : mode.kind === "whitespace"
        ? tokensOf(line)
        : mode.starts.map((start, i) => line.slice(start, start + mode.widths[i]!).trim());
  const footerLines = sample.complete ? trailingNotes(lines, skipLines, cut) : [];
  const body = footerLines.length ? lines.slice(skipLines, footerLines[0]!.index) : lines.slice(skipLines);
  const dataLines = body.filter((l) => l.trim() !== "");
  // The sample is typed as DuckDB will read it: the user's markers are empty cells (NULL).
  const markers = new Set(reader.missing ?? []);
  const sampleRows = dataLines
    .slice(0, SAMPLE_LINES)
    .map(cut)
    .map((row) => (markers.size ? row.map((c) => (markers.has(c.trim()) ? "" : c)) : row));
  const headerRows = headerIndexes.map((i) => cut(lines[i]!));
  const width =
    mode.kind === "fixed"
      ? mode.widths.length
      : Math.max(1, ...headerRows.map((r) => r.length), ...sampleRows.map((r) => r.length));
  if (reader.names && reader.names.length > width)
    throw new ReaderOptionsError(
      `reader.names: ${reader.names.length} names given, but ${file.path} read this way has ${width} column(s) (first data line: ${JSON.stringify((dataLines[0] ?? "").slice(0, 80))})`,
    );
  const raw = Array.from(
    { length: width },
    (_, i) =>
      reader.names?.[i] ??
      headerRows
        .map((r) => (r[i] ?? "").trim())
        .filter((c) => c !== "")
        .join(" "),
  );
  const names = columnNames(raw, width);
  const read: CsvRead = {
    kind: "csv",
    delimiter: mode.kind === "delimited" ? mode.delimiter : "\u0001",
    encoding,
    skipLines,
    dataRows: 0,
    quotedNewlines: mode.kind === "delimited" && quote !== "" && openQuote(dataLines, quote),
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
    ...(mode.kind === "fixed"
      ? { fixedWidth: mode.starts.map((start, i) => ({ start, width: mode.widths[i]! })) }
      : {}),
    ...(mode.kind === "whitespace" ? { whitespace: true as const } : {}),
    ...(mode.kind === "delimited" && reader.quote !== undefined ? { quote: reader.quote } : {}),
    ...(reader.comment !== undefined ? { comment: reader.comment } : {}),
    ...(reader.missing?.length ? { nulls: reader.missing } : {}),
    ...(stripNul ? { stripNul } : {}),
    ...(crLines ? { crLines } : {}),
    ...(maxLineBytes ? { maxLineBytes } : {}),
    ...(compression ? { compression } : {}),
  };
  const typed = await readTyped(
    engine,
    file.absPath,
    read,
    cacheDir,
    names,
    {},
    { footer: footerLines.map((f) => cut(f.text)), sample: sampleRows },
  );
  read.dataRows = typed.dataRows;
  read.columns = typed.specs;
  const titles = lines
    .slice(0, skip)
    .map((text, i) => ({ text, line: i + 1 }))
    .filter((t) => t.text.trim() !== "");
  const table: TableProfile = {
    headerLine: headerCount === 0 ? 0 : headerIndexes[headerIndexes.length - 1]! + 1,
    ...(headerCount === 0 && !reader.names ? { noHeader: true as const } : {}),
    titleLines: titles.map((t) => t.text),
    ...(titles.length ? { titleLineNumbers: titles.map((t) => t.line) } : {}),
    rowCount: read.dataRows,
    ...(footerLines.length
      ? {
          footer: {
            line: footerLines[0]!.index + 1,
            lines: footerLines.map((f) => f.text),
            rows: footerLines.map((f) => ({ line: f.index + 1, text: f.text, kind: "note" as const })),
          },
        }
      : {}),
    columns: typed.profiles,
    read,
    notes: readerNotes(reader, mode, sniffed.delimiter, encoding, dataLines.slice(0, SAMPLE_LINES), width),
  };
  return {
    format: mode.kind === "delimited" ? "csv" : "fixed-width",
    encoding,
    ...(compression ? { compression } : {}),
    tables: [table],
  };
}

type LayoutMode =
  | { kind: "delimited"; delimiter: string }
  | { kind: "whitespace" }
  | { kind: "fixed"; widths: number[]; starts: number[] };

/** How lines are cut: the user's choice, else the map's delimiter (or whitespace alignment). */
function layoutMode(
  reader: ReaderOptions,
  sniffed: { format: string; delimiter?: string; whitespace?: boolean },
  path: string,
): LayoutMode {
  if (reader.widths) {
    const starts: number[] = [];
    let at = 0;
    for (const w of reader.widths) {
      starts.push(at);
      at += w;
    }
    return { kind: "fixed", widths: reader.widths, starts };
  }
  if (reader.whitespace) return { kind: "whitespace" };
  if (reader.delimiter !== undefined) return { kind: "delimited", delimiter: reader.delimiter };
  if (sniffed.format === "csv" && sniffed.delimiter)
    return { kind: "delimited", delimiter: sniffed.delimiter };
  if (sniffed.format === "fixed-width" && sniffed.whitespace) return { kind: "whitespace" };
  throw new ReaderOptionsError(
    `${path}: the map found no delimiter in it; say how its lines are cut with reader.delimiter, reader.widths or reader.whitespace`,
  );
}

/** A line cut at the delimiter outside quotes (a doubled quote inside a quoted field is one quote). */
export function splitFields(line: string, delimiter: string, quote: string): string[] {
  if (quote === "" || !line.includes(quote)) return line.split(delimiter);
  const fields: string[] = [];
  let field = "";
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (inQuotes) {
      if (ch === quote && line[i + 1] === quote) {
        field += quote;
        i++;
      } else if (ch === quote) inQuotes = false;
      else field += ch;
    } else if (ch === quote && field === "") inQuotes = true;
    else if (line.startsWith(delimiter, i)) {
      fields.push(field);
      field = "";
      i += delimiter.length - 1;
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** Some line of the sample leaves a quote open: quoted fields hold line breaks. */
function openQuote(lines: string[], quote: string): boolean {
  return lines.some((l) => l.split(quote).length % 2 === 0);
}

/** What the entry says about the read: the user's options, what the map decided, and what does not fit. */
function readerNotes(
  reader: ReaderOptions,
  mode: LayoutMode,
  sniffedDelimiter: string | undefined,
  encoding: string,
  dataLines: string[],
  width: number,
): string[] {
  const found = [`encoding ${encoding}`];
  if (mode.kind === "delimited" && reader.delimiter === undefined)
    found.push(`delimiter ${JSON.stringify(sniffedDelimiter)}`);
  if (mode.kind === "whitespace" && !reader.whitespace) found.push("values split at runs of spaces");
  const notes = [
    `read with the user's options: ${describeReaderOptions(reader)} (as the map found: ${found.join(", ")}); every line after the header is a record (no footnote cut)`,
  ];
  if (mode.kind === "fixed") {
    const span = mode.widths.reduce((a, b) => a + b, 0);
    const longer = dataLines.filter((l) => l.trimEnd().length > span);
    if (longer.length > 0)
      notes.push(
        `${longer.length} of the first ${dataLines.length} data lines are longer than the widths given (${span} characters), e.g. ${JSON.stringify(longer[0]!.slice(0, 80))}: characters past ${span} are not read`,
      );
  }
  if (mode.kind === "whitespace") {
    const odd = dataLines.filter((l) => tokensOf(l).length !== width);
    if (odd.length > 0)
      notes.push(
        `${odd.length} of the first ${dataLines.length} data lines do not hold ${width} values (e.g. ${JSON.stringify(odd[0]!.slice(0, 80))}): missing values read as NULL`,
      );
  }
  if (reader.names && reader.names.length < width)
    notes.push(
      `${reader.names.length} names given for ${width} columns: the others keep the header's or positional names`,
    );
  return notes;
}

/** Lines at the end of a file at most: a longer block is more likely a table of its own. */
const NOTE_LINES = 10;

/**
 * The notes under a table read with the user's layout: the last lines of the file, after a blank
 * line, each filling under half the cells the table's rows fill (the median over its last 200
 * rows) — `SOURCE: BLS, LAUS` cut at the county table's widths fills one or two of nine. A block
 * whose lines fill cells like rows do, or a file without a blank line before its last lines, has
 * none. Read from a complete sample only: the end of a larger file is not at hand.
 */
function trailingNotes(
  lines: string[],
  from: number,
  cut: (line: string) => string[],
): { index: number; text: string }[] {
  let end = lines.length;
  while (end > from && lines[end - 1]!.trim() === "") end--;
  let start = end;
  while (start > from && lines[start - 1]!.trim() !== "") start--;
  const block = lines.slice(start, end);
  if (start <= from || block.length === 0 || block.length > NOTE_LINES) return [];
  const filled = (line: string): number => cut(line).filter((c) => c.trim() !== "").length;
  const rows = lines
    .slice(from, start)
    .filter((l) => l.trim() !== "")
    .slice(-200)
    .map(filled)
    .sort((a, b) => a - b);
  if (rows.length < 3) return [];
  const median = rows[Math.floor(rows.length / 2)]!;
  if (median < 3 || !block.every((l) => filled(l) < median / 2)) return [];
  return block.map((text, i) => ({ index: start + i, text }));
}
