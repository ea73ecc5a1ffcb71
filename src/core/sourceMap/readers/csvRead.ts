import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { censusOfBuffer, censusOfFile, openQuoteAtEnd } from "../sniff/byteCensus.ts";
import { commentFreeCopy } from "./commentFreeCopy.ts";
import type { FileSample } from "../sniff/fileSample.ts";
import { CENTRAL_EUROPEAN_SIGNS, sampleText } from "../sniff/fileSample.ts";
import { requotedCopy } from "./quoteRepair.ts";
import type { CsvRead, TextEncoding } from "../sourceEntry.ts";
import { utf8CopyOf } from "../decoders/transcode.ts";
import { positionalName } from "../typing/varcharColumns.ts";
import { eurostatSql, rawEurostatRead } from "./eurostatRead.ts";

/**
 * How DuckDB reads a delimited (or fixed-width, or whitespace-aligned) text file once its layout is
 * known: the `read_csv` SQL pinned to that layout, the file it reads (the original or a repaired
 * copy), and what the whole file's bytes say about encoding, NUL padding and line length.
 */
/**
 * Lines from this long get `max_line_size` raised: DuckDB's default limit is 2,000,000 bytes (not
 * 2 MiB; a 2,050,000-byte line failed the read), and the reader below passes READ_BUFFER_BYTES.
 */
const LONG_LINE_BYTES = 1_900_000;
/**
 * `buffer_size` of every other read: 2 MiB instead of DuckDB's 32 MiB. A buffer that size is taken
 * afresh from the allocator for each file and its pages are faulted in every time; on this VM that
 * cost 90–110 ms of system time per 20 MB file (5,300 page faults), half the typing pass. 2 MiB
 * buffers are reused (see the closing note of stop 24 and bench/benchSourceMap.ts).
 */
const READ_BUFFER_BYTES = 2_097_152;

/** The read_csv options every reader of a file shares: no sniffing, the lines skipped, the encoding, buffers. */
function readerOptions(read: Omit<CsvRead, "kind" | "dataRows">): string {
  // A copy (Windows-1252, NUL padding) is UTF-8.
  const encoding = viaCopy(read) ? "utf-8" : read.encoding;
  return (
    `header=false, auto_detect=false, skip=${read.skipRows ?? read.skipLines}, ` +
    `encoding=${sqlString(encoding)}` +
    (read.maxLineBytes && read.maxLineBytes >= LONG_LINE_BYTES
      ? `, max_line_size=${lineLimit(read.maxLineBytes)}, buffer_size=${2 * lineLimit(read.maxLineBytes)}`
      : `, buffer_size=${READ_BUFFER_BYTES}`)
  );
}

/**
 * `read_csv` pinned to the layout found: no sniffing, every column as text, by position. Given
 * several paths (files of one layout, see familyRead.ts), it reads them in that order in one scan,
 * with each row's file in a `filename` column (not for fixed-width files, which are read alone).
 */
export function csvReaderSql(
  readablePath: string | readonly string[],
  read: Omit<CsvRead, "kind" | "dataRows">,
): string {
  const source =
    typeof readablePath === "string"
      ? sqlString(readablePath)
      : `[${readablePath.map(sqlString).join(", ")}], filename=true`;
  if (read.eurostat)
    return eurostatSql(
      csvReaderSql(readablePath, rawEurostatRead(read)),
      read.eurostat.dimensions,
      read.columns.length,
      typeof readablePath !== "string",
    );
  const common = readerOptions(read);
  if (read.fixedWidth) {
    // Whole lines (no quoting, a delimiter that text files do not hold), cut by position.
    const cuts = read.fixedWidth
      .map(
        ({ start, width }, i) =>
          `NULLIF(trim(substr(line, ${start + 1}, ${width})), '') AS ${sqlIdent(positionalName(i))}`,
      )
      .join(", ");
    return withNulls(
      `(SELECT ${cuts} FROM read_csv(${source}, delim='\x01', quote='', escape='', ${common}, columns={'line': 'VARCHAR'}) WHERE ${NOT_BLANK_LINE})`,
      read,
    );
  }
  if (read.whitespace) {
    const values = read.columns
      .map((_, i) => `NULLIF(parts[${i + 1}], '') AS ${sqlIdent(positionalName(i))}`)
      .join(", ");
    return withNulls(`(SELECT ${values} FROM ${whitespaceLines(source, common)})`, read);
  }
  const width = Math.max(read.fileWidth ?? 0, read.columns.length);
  const columns = Array.from({ length: width }, (_, i) => `${sqlString(positionalName(i))}: 'VARCHAR'`).join(
    ", ",
  );
  const quote = sqlString(read.quote ?? '"');
  const reader =
    `read_csv(${source}, delim=${sqlString(read.delimiter)}, quote=${quote}, escape=${quote}, ` +
    `${common}, null_padding=true, parallel=${read.quotedNewlines ? "false" : "true"}, ` +
    (read.strayQuote ? "strict_mode=false, " : "") +
    `${read.compression ? `compression=${sqlString(read.compression)}, ` : ""}columns={${columns}})`;
  const range = read.columnRange;
  if (!range) return withNulls(reader, read, width);
  // One of several tables side by side: its own fields, renamed column0… as a table of its own.
  const own = Array.from(
    { length: range.width },
    (_, i) => `${sqlIdent(positionalName(range.first + i))} AS ${sqlIdent(positionalName(i))}`,
  ).join(", ");
  return withNulls(`(SELECT ${own} FROM ${reader})`, read, range.width);
}

/**
 * The reader with the user's missing-value markers (CsvRead.nulls) read as NULL, cell by cell
 * (trimmed text), before any typing; the reader itself when there are none. Only single-file reads
 * carry markers (familyKey keeps such files out of a family read).
 */
function withNulls(
  reader: string,
  read: Omit<CsvRead, "kind" | "dataRows">,
  width = read.columns.length,
): string {
  if (!read.nulls?.length) return reader;
  const markers = read.nulls.map(sqlString).join(", ");
  const cells = Array.from({ length: width }, (_, i) => {
    const column = sqlIdent(positionalName(i));
    return `CASE WHEN trim(${column}) IN (${markers}) THEN NULL ELSE ${column} END AS ${column}`;
  }).join(", ");
  return `(SELECT ${cells} FROM ${reader})`;
}

/**
 * The non-blank lines of a whitespace-aligned table (`line`), each split at its runs of spaces and
 * tabs (`parts`, leading and trailing ones dropped). Lines are read whole: no quoting, a delimiter
 * that text files do not hold.
 */
/**
 * A line holding more than spaces and tabs, and more than the byte 0x1A (Ctrl-Z) with which DOS
 * ended a text file (FIDE's April 2004 rating list, held-out HQ: read as a row, it made the id
 * column text).
 */
const NOT_BLANK_LINE = `trim(line, ' \t\x1a') <> ''`;

function whitespaceLines(source: string, common: string): string {
  return (
    `(SELECT line, regexp_split_to_array(trim(line, ' \t'), '[ \t]+') AS parts ` +
    `FROM read_csv(${source}, delim='\x01', quote='', escape='', ${common}, columns={'line': 'VARCHAR'}) ` +
    `WHERE ${NOT_BLANK_LINE})`
  );
}

/**
 * Lines of a whitespace-aligned table whose count of values is not its width (a line past the
 * sample the reader would pad with NULLs or cut), and the first of them in the file's order.
 */
export function whitespaceOddLinesSql(readablePath: string, read: CsvRead): string {
  const all = whitespaceLines(sqlString(readablePath), readerOptions(read));
  return (
    `SELECT count(*) AS n, arg_min(line, rn) AS example FROM ` +
    `(SELECT line, parts, row_number() OVER () AS rn FROM ${all}) WHERE len(parts) <> ${read.columns.length}`
  );
}

/** A line limit with headroom, rounded up to a MiB. */
function lineLimit(bytes: number): number {
  return Math.ceil((bytes * 1.25 + 1) / 1_048_576) * 1_048_576;
}

/**
 * The data rows only (footnotes cut off), still as text. `limit` is dataRows unless the caller
 * checks the count itself (UnionScan's bounded read, see materialize.ts's directRead).
 */
export function csvDataSql(readablePath: string, read: CsvRead, limit = read.dataRows): string {
  return `SELECT * FROM ${csvReaderSql(readablePath, read)} LIMIT ${limit}`;
}

/** Encodings DuckDB does not read: the file is read through a UTF-8 copy. */
export function transcoded(encoding: TextEncoding): boolean {
  return encoding === "windows-1252" || encoding === "windows-1250";
}

/** Whether DuckDB reads a UTF-8 copy of the file (Windows-125x text, NUL padding, mixed line ends). */
export function viaCopy(read: Pick<CsvRead, "encoding" | "stripNul" | "crLines">): boolean {
  return transcoded(read.encoding) || read.stripNul === true || read.crLines === true;
}

/** The file DuckDB reads: the original, or its UTF-8 copy for Windows-125x text, NUL padding and mixed line ends. */
export async function readablePath(absPath: string, read: CsvRead, cacheDir: string): Promise<string> {
  const path = viaCopy(read)
    ? await utf8CopyOf(absPath, cacheDir, {
        encoding: read.encoding,
        stripNul: read.stripNul === true,
        gzip: read.compression === "gzip",
        ...(read.crLines ? { crLines: true } : {}),
      })
    : absPath;
  const repaired = read.requoted ? requotedCopy(path, cacheDir, read.delimiter, read.requoted) : path;
  if (read.comment === undefined) return repaired;
  // The user's comment lines emptied (profileWithReader.ts refuses comments in compressed and
  // UTF-16 files); a UTF-8 copy is UTF-8.
  const quote = read.fixedWidth || read.whitespace ? undefined : (read.quote ?? '"');
  return commentFreeCopy(
    repaired,
    cacheDir,
    read.comment,
    quote || undefined,
    read.encoding === "latin-1" ? "latin1" : "utf8",
  );
}

/**
 * What the whole file's bytes say, where the sample cannot: the encoding (a stray non-UTF-8 byte
 * past the sample; Windows-1252 punctuation), NUL padding and over-long lines. Files read whole
 * are settled from their bytes in memory; longer ones by one streaming pass.
 */
export async function settleBytes(
  absPath: string,
  sample: FileSample,
  sniffed: TextEncoding,
  compressed = false,
  delimiter?: string,
): Promise<{
  encoding: TextEncoding;
  stripNul: boolean;
  maxLineBytes?: number;
  crLines?: boolean;
  openQuoteLine?: number;
}> {
  if (sniffed === "utf-16") return { encoding: sniffed, stripNul: false };
  const census = sample.complete || compressed ? censusOfBuffer(sample.head) : await censusOfFile(absPath);
  const encoding: TextEncoding = census.utf8
    ? "utf-8"
    : census.centralEuropean >= CENTRAL_EUROPEAN_SIGNS
      ? "windows-1250"
      : census.c1
        ? "windows-1252"
        : "latin-1";
  // A compressed file's sample may hold only its first part, whose last quote says nothing.
  const openQuoteLine =
    delimiter !== undefined && !census.crLineEnds && (sample.complete || !compressed)
      ? openQuoteAtEnd(census, delimiter)
      : undefined;
  return {
    encoding,
    stripNul: census.nul,
    ...(openQuoteLine !== undefined ? { openQuoteLine } : {}),
    ...(census.crLineEnds ? { crLines: true } : {}),
    ...(census.longestLine >= LONG_LINE_BYTES ? { maxLineBytes: census.longestLine } : {}),
  };
}

/** The head of the sample as text, its NULs dropped when the file holds them, and how its bytes are read. */
export async function settledHead(
  absPath: string,
  sample: FileSample,
  sniffed: TextEncoding,
  compressed = false,
): Promise<{ settled: Awaited<ReturnType<typeof settleBytes>>; text: string }> {
  const settled = await settleBytes(absPath, sample, sniffed, compressed);
  const text = sampleText(sample, settled.encoding).head;
  return { settled, text: settled.stripNul ? text.replace(/\0/g, "") : text };
}
