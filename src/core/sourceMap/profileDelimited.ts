import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import { censusOfBuffer, censusOfFile } from "./byteCensus.ts";
import { scanRecords, splitRecords } from "./delimitedText.ts";
import type { TextRecord } from "./delimitedText.ts";
import type { FileSample } from "./fileSample.ts";
import { bomEncoding, sampleText } from "./fileSample.ts";
import type { CsvRead, FooterRow, TableProfile, TextEncoding } from "./sourceEntry.ts";
import { YEAR_CELL, filledCount, isNumberLike, usedWidthOf } from "./cellKinds.ts";
import { layoutParts } from "./layoutProfile.ts";
import { NeedsEveryRow, SHAPE_ROWS, bodyShape, findTableEnd } from "./tableEnd.ts";
import { analyzeTable, rowText, splitBlocks } from "./tableLayout.ts";
import type { BlockRange, TableLayout } from "./tableLayout.ts";
import { utf8CopyOf } from "./transcode.ts";
import { partName, recordParts, separateTables } from "./sideBySide.ts";
import type { ColumnPart } from "./sideBySide.ts";
import { commentFreeCopy } from "./commentFreeCopy.ts";
import { emptyFieldsNote, filledWidth } from "./emptyTrailingFields.ts";
import { namesWithoutStrayFields, widerHeaderNote } from "./widerHeader.ts";
import { findOtherQuote, findStrayQuotes, requoteText, requotedCopy, requotedNote } from "./quoteRepair.ts";
import type { Requoted } from "./quoteRepair.ts";
import { duckSamples, typeTextColumns } from "./typeTextColumns.ts";
import type { TextColumnsInput, TextColumnsResult } from "./typeTextColumns.ts";
import { columnNames, positionalName } from "./varcharColumns.ts";

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
const HEAD_RECORDS = 2000;

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
  const encoding = read.encoding === "windows-1252" || read.stripNul ? "utf-8" : read.encoding;
  return (
    `header=false, auto_detect=false, skip=${read.skipLines}, ` +
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
      `(SELECT ${cuts} FROM read_csv(${source}, delim='\x01', quote='', escape='', ${common}, columns={'line': 'VARCHAR'}) WHERE trim(line) <> '')`,
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
function whitespaceLines(source: string, common: string): string {
  return (
    `(SELECT line, regexp_split_to_array(trim(line, ' \t'), '[ \t]+') AS parts ` +
    `FROM read_csv(${source}, delim='\x01', quote='', escape='', ${common}, columns={'line': 'VARCHAR'}) ` +
    `WHERE trim(line, ' \t') <> '')`
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

/** The file DuckDB reads: the original, or its UTF-8 copy for Windows-1252 text and NUL padding. */
export async function readablePath(absPath: string, read: CsvRead, cacheDir: string): Promise<string> {
  const path =
    read.encoding === "windows-1252" || read.stripNul
      ? await utf8CopyOf(absPath, cacheDir, {
          encoding: read.encoding,
          stripNul: read.stripNul === true,
          gzip: read.compression === "gzip",
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

export async function profileDelimited(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  sample: FileSample,
  sniffedEncoding: TextEncoding,
  delimiter: string,
  compression: "gzip" | undefined,
  options: DelimitedOptions = {},
): Promise<TableProfile[]> {
  // A compressed file's bytes say nothing about its text: the (decompressed) sample decides.
  const { encoding, stripNul, maxLineBytes } = await settleBytes(
    absPath,
    sample,
    sniffedEncoding,
    compression !== undefined,
  );
  const text = sampleText(sample, encoding);
  if (stripNul) {
    text.head = text.head.replace(/\0/g, "");
    text.tail = text.tail.replace(/\0/g, "");
  }
  // Stray quotes in a file read whole: the lines they spoil are read through a requoted copy.
  const requoted =
    sample.complete && !compression && !stripNul && encoding === "utf-8" && !bomEncoding(sample.head)
      ? (findOtherQuote(text.head, delimiter) ??
        // Sound quoting (every quote opens or closes a field on its line) needs no look line by line.
        (delimiter.length === 1 && !wellQuoted(text.head, delimiter)
          ? findStrayQuotes(text.head, delimiter, () => splitRecords(text.head, delimiter).records)
          : undefined))
      : undefined;
  if (requoted) text.head = requoteText(text.head, delimiter, requoted);
  // A small file read whole, as DuckDB reads it (no BOM, not compressed, no NUL): its records may be
  // counted in JS (exactRecords).
  const plainText =
    sample.complete &&
    !compression &&
    !stripNul &&
    !bomEncoding(sample.head) &&
    text.head.length <= JS_PASS_CHARS
      ? text.head
      : undefined;
  // A long file read whole is laid out from its head and tail when every row between them is plain
  // data (see headAndTail): the same layout as from every row, without holding them all.
  const split =
    sample.complete && !options.exhaustive && !options.everyRow && text.head.length > JS_PASS_CHARS
      ? headAndTail(text.head, delimiter, options.headRecords)
      : undefined;
  const junction = split?.junction ?? Infinity;
  const again = (more: DelimitedOptions): Promise<TableProfile[]> =>
    profileDelimited(engine, cacheDir, absPath, sample, sniffedEncoding, delimiter, compression, {
      ...options,
      ...more,
    });
  const wholeFile = (): Promise<TableProfile[]> => again({ everyRow: true });
  // A cut sample is only used to find the header and the columns: its first records are enough.
  const head = split ?? splitRecords(text.head, delimiter, sample.complete ? Infinity : HEAD_RECORDS);
  // A partial last record in a cut sample would look like a ragged row.
  const headRecords = sample.complete ? head.records : head.records.slice(0, -1);
  if (headRecords.length === 0) throw new Error("no records found in the file");
  const rows = headRecords.map((r) => r.fields);
  const gapBefore = split?.gapBefore ?? gapsOf(headRecords);
  const width = Math.max(...rows.slice(0, 1000).map((r) => r.length));
  const file = {
    delimiter,
    encoding,
    width,
    quotedNewlines: head.quotedNewlines,
    ...(stripNul ? { stripNul } : {}),
    ...(maxLineBytes ? { maxLineBytes } : {}),
    ...(compression ? { compression } : {}),
    ...(requoted ? { requoted } : {}),
  };
  // Data books put several tables in one sheet; a small file read whole can be split exactly.
  if (sample.complete) {
    const blocks = splitBlocks(rows, gapBefore);
    // From a head and tail, blocks are those of every row only when the rows above the run
    // reaching into the left-out rows are titles (see titlesAbove).
    if (split && (blocks.length > 1 || !titlesAbove(rows, gapBefore, junction))) return wholeFile();
    if (blocks.length > 1)
      return profileBlocks(
        engine,
        cacheDir,
        absPath,
        headRecords,
        gapBefore,
        blocks,
        file,
        options,
        plainText,
      );
    // Tables side by side, split by fields empty on every record: each its own table when they
    // are tables of their own (sideBySide.ts). From a head and tail, every row decides.
    const parts = recordParts(rows, width);
    if (parts && split) return wholeFile();
    if (parts) {
      const tables = await profileSideBySide(
        engine,
        cacheDir,
        absPath,
        headRecords,
        gapBefore,
        parts,
        file,
        options,
      );
      if (separateTables(tables)) return tables;
    }
  }
  let layout = analyzeTable(rows, { width, gapBefore, open: !sample.complete || split !== undefined });
  if (split) {
    // The header band, the first data rows (types, header fit) and the rows findHeader looks at
    // must all lie in the head.
    if (width < 2 || layout.dataStart + FAST_HEAD_DATA > junction) return wholeFile();
    try {
      const end = findTableEnd(rows, layout.dataStart, { width, gapBefore, junction });
      layout = { ...layout, dataEnd: end.dataEnd, footer: end.footer };
    } catch (error) {
      if (!(error instanceof NeedsEveryRow)) throw error;
      // The end needed the body's shape (a trailer block, statistic rows), taken from up to
      // SHAPE_ROWS data rows: a head holding them settles it, unless the head was that long already.
      const longer = layout.dataStart + SHAPE_ROWS + FAST_HEAD_DATA;
      return options.headRecords === undefined && longer < junction + split.left
        ? again({ headRecords: longer })
        : wholeFile();
    }
  }
  // A cut sample: the rows after the data are looked for in the file's tail, against the head's data.
  let trailing = rows.slice(layout.dataEnd);
  let tailFooter: { line: number; text: string; kind: FooterRow["kind"] }[] | undefined;
  if (!sample.complete) {
    const tail = splitRecords(text.tail, delimiter).records;
    const end = findTableEnd(
      tail.map((r) => r.fields),
      0,
      { width, gapBefore: gapsOf(tail), body: bodyShape(rows.slice(layout.dataStart)) },
    );
    trailing = tail.slice(end.dataEnd).map((r) => r.fields);
    // Lines of the tail are not known without reading the whole file: 0.
    tailFooter = end.footer
      .map((f) => ({ line: 0, text: rowText(tail[f.index]!.fields), kind: f.kind }))
      .filter((f) => f.text !== "");
  }
  // A header line with stray empty fields, over every record of the file: named by its filled cells.
  const stray = sample.complete && !split ? namesWithoutStrayFields(rows, layout) : undefined;
  const names = stray ? columnNames(stray.names, stray.recordWidth) : columnNames(layout.names, width);
  const read: CsvRead = {
    kind: "csv",
    delimiter,
    encoding,
    skipLines: skipBefore(headRecords, layout),
    dataRows: 0,
    quotedNewlines: head.quotedNewlines,
    ...(stray ? { fileWidth: width } : {}),
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
    ...(stripNul ? { stripNul } : {}),
    ...(maxLineBytes ? { maxLineBytes } : {}),
    ...(compression ? { compression } : {}),
    ...(requoted ? { requoted } : {}),
  };
  // Rows after the data (footnotes, trailer blocks, blank records) are counted by DuckDB but are no data.
  const { dataRows, specs, profiles } = await readTyped(engine, absPath, read, cacheDir, names, options, {
    footer: trailing,
    ...(plainText !== undefined ? { plainText } : {}),
    sample: rows.slice(layout.dataStart, sample.complete ? layout.dataEnd : undefined),
    ...(sample.complete ? { expectedDataRows: layout.dataEnd - layout.dataStart + (split?.left ?? 0) } : {}),
    lineOf: (row) => dataLine(headRecords, layout.dataStart, row, split?.junction ?? Infinity),
  });
  read.dataRows = dataRows;
  read.columns = specs;
  // Last fields with no header and no value (a row with a delimiter too many) are no columns.
  // Without a header, a field every line ends with is part of the file's shape: it stays.
  const filled =
    dataRows > 0 && layout.headerRow !== null
      ? await filledWidth(engine, csvDataSql(await readablePath(absPath, read, cacheDir), read), names)
      : names.length;
  const header = layout.headerRow === null ? undefined : headRecords[layout.headerRow];
  const notes = [
    ...strayQuoteNote(read),
    ...(requoted ? [requotedNote(requoted)] : []),
    ...(stray && header ? [widerHeaderNote(header.line, stray.dropped, stray.recordWidth)] : []),
  ];
  if (filled < names.length) {
    read.fileWidth = width;
    read.columns = specs.slice(0, filled);
    notes.push(emptyFieldsNote(filled, width));
  }
  return [
    {
      headerLine: header?.line ?? 0,
      ...layoutParts(rows, layout, (i) => headRecords[i]?.line ?? 0, {
        names: names.slice(0, filled).map((n) => n.name),
        ...(tailFooter ? { tailFooter } : {}),
      }),
      rowCount: read.dataRows,
      columns: profiles.slice(0, filled),
      read,
      ...(notes.length ? { notes } : {}),
    },
  ];
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
): Promise<{ encoding: TextEncoding; stripNul: boolean; maxLineBytes?: number }> {
  if (sniffed === "utf-16") return { encoding: sniffed, stripNul: false };
  const census = sample.complete || compressed ? censusOfBuffer(sample.head) : await censusOfFile(absPath);
  const encoding: TextEncoding = census.utf8 ? "utf-8" : census.c1 ? "windows-1252" : "latin-1";
  return {
    encoding,
    stripNul: census.nul,
    ...(census.longestLine >= LONG_LINE_BYTES ? { maxLineBytes: census.longestLine } : {}),
  };
}

/** Physical lines before the first data record: title rows, blank lines and the header band. */
function skipBefore(records: TextRecord[], layout: TableLayout): number {
  const first = records[layout.dataStart];
  if (first && layout.dataStart < layout.dataEnd) return first.line - 1;
  // No data rows: skip through the end of the header band.
  const last = records[layout.dataStart - 1];
  return last ? last.line - 1 + countBreaks(last.fields) + 1 : 0;
}

/** Records of a long file read whole laid out from its head and tail (at least this many in the head). */
const FAST_HEAD_RECORDS = 2000;
/** Records kept from the end (at least). */
const FAST_TAIL_RECORDS = 1000;
/** The head holds the header band and this many rows after the first data row. */
const FAST_HEAD_DATA = 1100;

/**
 * The first FAST_HEAD_RECORDS records of `text` and its last FAST_TAIL_RECORDS or more, with the
 * gaps before them as in the whole text, when every record between them (`left` of them) is plain
 * data — two or more filled cells, no blank line before it; undefined otherwise. The records
 * between are only scanned (scanRecords), never split into cells.
 * `junction`: index of the first tail record. The layout of these rows is that of every row where
 * the rows between cannot matter: findTableEnd (`junction`) and titlesAbove say where they could.
 */
export function headAndTail(
  text: string,
  delimiter: string,
  headRecords = FAST_HEAD_RECORDS,
):
  | {
      records: TextRecord[];
      gapBefore: boolean[];
      junction: number;
      left: number;
      quotedNewlines: boolean;
    }
  | undefined {
  const head = splitRecords(text, delimiter, headRecords);
  if (head.records.length < headRecords) return undefined;
  const last = head.records[head.records.length - 1]!;
  const scan = scanRecords(
    text,
    delimiter,
    { index: head.end, line: head.endLine },
    last.line + countBreaks(last.fields) + 1,
  );
  const n = scan.starts.length;
  const t = Math.max(0, n - FAST_TAIL_RECORDS);
  // The records left out: plain data only. The first tail record continues it (so the run of data
  // goes on across the junction).
  for (let k = 0; k <= t && k < n; k++) if (scan.gaps[k] || !scan.wide[k]) return undefined;
  const tail =
    n === 0
      ? []
      : splitRecords(text, delimiter, Infinity, { index: scan.starts[t]!, line: scan.lines[t]! }).records;
  const tailGaps = gapsOf(tail);
  if (tail.length > 0) tailGaps[0] = scan.gaps[t]!;
  return {
    records: [...head.records, ...tail],
    gapBefore: [...gapsOf(head.records), ...tailGaps],
    junction: tail.length > 0 ? head.records.length : Infinity,
    left: t,
    quotedNewlines: head.quotedNewlines || scan.quotedNewlines,
  };
}

/**
 * Whether every run of rows (rows between blank lines) above the one reaching `junction` holds
 * lone cells only. splitBlocks then reads that run without looking into it past its first filled
 * row (no earlier block for it to continue), so the rows left out cannot change the blocks.
 */
function titlesAbove(rows: string[][], gapBefore: boolean[], junction: number): boolean {
  if (junction === Infinity) return true;
  let start = junction;
  while (start > 0 && filledCount(rows[start - 1]!) > 0 && gapBefore[start] !== true) start--;
  for (let i = 0; i < start; i++) if (filledCount(rows[i]!) > 1) return false;
  return true;
}

/** `gapBefore[i]`: an empty line, which is no record (DuckDB skips it too), precedes record i. */
function gapsOf(records: TextRecord[]): boolean[] {
  return records.map((r, i) => {
    const previous = records[i - 1];
    return previous !== undefined && r.line > previous.line + countBreaks(previous.fields) + 1;
  });
}

/** One table per block of a multi-table sheet, named `block N`, with its title in `title`. */
async function profileBlocks(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  records: TextRecord[],
  gapBefore: boolean[],
  blocks: BlockRange[],
  file: {
    delimiter: string;
    encoding: TextEncoding;
    width: number;
    quotedNewlines: boolean;
    stripNul?: boolean;
    maxLineBytes?: number;
    compression?: "gzip";
    requoted?: Requoted;
  },
  options: DelimitedOptions,
  plainText: string | undefined,
): Promise<TableProfile[]> {
  const rows = records.map((r) => r.fields);
  let encoding = file.encoding;
  const tables: TableProfile[] = [];
  const layouts = blocks.map((b) => {
    const width = Math.max(1, ...rows.slice(b.start, b.end).map(usedWidthOf));
    return { width, layout: analyzeTable(rows, { width, start: b.start, end: b.end, gapBefore }) };
  });
  for (const [n, { width, layout }] of layouts.entries()) {
    const header = layout.headerRow === null ? undefined : records[layout.headerRow];
    const rawNames = [...layout.names];
    // A block whose header differs from an earlier block's in its first cell only, over values of
    // the same kind, puts its title there ("State Law Enforcement Agencies" where the others say "Year").
    const titleCell = header ? titleInHeader(rows, layouts.slice(0, n), layout) : undefined;
    if (titleCell) rawNames[0] = titleCell.name;
    const names = columnNames(rawNames, width);
    const read: CsvRead = {
      kind: "csv",
      delimiter: file.delimiter,
      encoding,
      skipLines: skipBefore(records, layout),
      dataRows: layout.dataEnd - layout.dataStart,
      quotedNewlines: file.quotedNewlines,
      columns: names.map((c) => ({ ...c, type: "VARCHAR", thousands: false })),
      fileWidth: file.width,
      ...(file.stripNul ? { stripNul: true } : {}),
      ...(file.maxLineBytes ? { maxLineBytes: file.maxLineBytes } : {}),
      ...(file.compression ? { compression: file.compression } : {}),
      ...(file.requoted ? { requoted: file.requoted } : {}),
    };
    const { specs, profiles } = await readTyped(engine, absPath, read, cacheDir, names, options, {
      dataRows: read.dataRows,
      ...(plainText !== undefined ? { plainText } : {}),
      sample: rows.slice(layout.dataStart, layout.dataEnd),
      lineOf: (row) => dataLine(records, layout.dataStart, row, layout.dataEnd),
    });
    encoding = read.encoding;
    read.columns = specs;
    const parts = layoutParts(rows, layout, (i) => records[i]?.line ?? 0, {
      names: names.map((c) => c.name),
    });
    const title = titleCell?.title ?? parts.titleLines[parts.titleLines.length - 1];
    tables.push({
      sheet: `block ${n + 1}`,
      ...(title ? { title } : {}),
      headerLine: header?.line ?? 0,
      ...parts,
      ...(titleCell && header
        ? {
            headerBand: [
              ...(parts.headerBand ?? []),
              { line: header.line, text: titleCell.title, use: "title-cell" as const },
            ],
          }
        : {}),
      rowCount: read.dataRows,
      columns: profiles,
      read,
      ...(read.strayQuote || read.requoted
        ? { notes: [...strayQuoteNote(read), ...(read.requoted ? [requotedNote(read.requoted)] : [])] }
        : {}),
    });
  }
  return tables;
}

/** One table per run of fields of a file whose tables sit side by side, named by its columns (`D:E`). */
async function profileSideBySide(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  records: TextRecord[],
  gapBefore: boolean[],
  parts: ColumnPart[],
  file: {
    delimiter: string;
    encoding: TextEncoding;
    width: number;
    quotedNewlines: boolean;
    stripNul?: boolean;
    maxLineBytes?: number;
    compression?: "gzip";
    requoted?: Requoted;
  },
  options: DelimitedOptions,
): Promise<TableProfile[]> {
  const tables: TableProfile[] = [];
  let encoding = file.encoding;
  for (const part of parts) {
    const rows = records.map((r) => r.fields.slice(part.first, part.first + part.width));
    const layout = analyzeTable(rows, { width: part.width, gapBefore });
    const names = columnNames(layout.names, part.width);
    const read: CsvRead = {
      kind: "csv",
      delimiter: file.delimiter,
      encoding,
      skipLines: skipBefore(records, layout),
      dataRows: layout.dataEnd - layout.dataStart,
      quotedNewlines: file.quotedNewlines,
      columns: names.map((c) => ({ ...c, type: "VARCHAR", thousands: false })),
      fileWidth: file.width,
      columnRange: part,
      ...(file.stripNul ? { stripNul: true } : {}),
      ...(file.maxLineBytes ? { maxLineBytes: file.maxLineBytes } : {}),
      ...(file.compression ? { compression: file.compression } : {}),
      ...(file.requoted ? { requoted: file.requoted } : {}),
    };
    const { specs, profiles } = await readTyped(engine, absPath, read, cacheDir, names, options, {
      dataRows: read.dataRows,
      sample: rows.slice(layout.dataStart, layout.dataEnd),
      lineOf: (row) => dataLine(records, layout.dataStart, row, layout.dataEnd),
    });
    encoding = read.encoding;
    read.columns = specs;
    const range = partName("", part).slice(1);
    const header = layout.headerRow === null ? undefined : records[layout.headerRow];
    tables.push({
      sheet: range,
      headerLine: header?.line ?? 0,
      ...(layout.headerRow === null ? { noHeader: true as const } : {}),
      ...layoutParts(rows, layout, (i) => records[i]?.line ?? 0, { names: names.map((c) => c.name) }),
      rowCount: read.dataRows,
      columns: profiles,
      read,
      notes: [
        `one of ${parts.length} tables side by side in the file, separated by empty fields: columns ${range} (fields ${part.first + 1}–${part.first + part.width})`,
        ...strayQuoteNote(read),
        ...(read.requoted ? [requotedNote(read.requoted)] : []),
      ],
    });
  }
  return tables;
}

/**
 * The first header cell of a block is its title when an earlier block's header is the same but
 * for that cell, and both first columns hold values of one kind (years under "Year" in both).
 */
function titleInHeader(
  rows: string[][],
  earlier: { layout: TableLayout }[],
  layout: TableLayout,
): { title: string; name: string } | undefined {
  const header = rows[layout.headerRow!]!;
  const kindOf = (l: TableLayout): string => {
    const values = rows
      .slice(l.dataStart, l.dataEnd)
      .map((r) => (r[0] ?? "").trim())
      .filter((v) => v !== "");
    if (values.length === 0) return "empty";
    if (values.every((v) => YEAR_CELL.test(v))) return "year";
    return values.every((v) => isNumberLike(v)) ? "number" : "text";
  };
  for (const { layout: other } of [...earlier].reverse()) {
    if (other.headerRow === null) continue;
    const otherHeader = rows[other.headerRow]!;
    const a = header.map((c) => c.trim());
    const b = otherHeader.map((c) => c.trim());
    const width = Math.max(usedWidthOf(header), usedWidthOf(otherHeader));
    if (width < 3 || a[0] === b[0] || !a[0] || !b[0]) continue;
    let same = true;
    for (let c = 1; c < width; c++) if ((a[c] ?? "") !== (b[c] ?? "")) same = false;
    const kind = kindOf(layout);
    if (same && kind !== "text" && kind !== "empty" && kind === kindOf(other))
      return { title: a[0], name: b[0] };
  }
  return undefined;
}

/**
 * The line of data row `row` (1-based) when the records split in JS reach it: records before
 * `reach` (the head of a file laid out from its head and tail, or the block's end) are the file's own.
 */
function dataLine(records: TextRecord[], dataStart: number, row: number, reach: number): number | undefined {
  const index = dataStart + row - 1;
  return index < reach && index < records.length ? records[index]?.line : undefined;
}

function countBreaks(fields: string[]): number {
  let n = 0;
  for (const f of fields) for (let j = f.indexOf("\n"); j >= 0; j = f.indexOf("\n", j + 1)) n++;
  return n;
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
  rows: Pick<TextColumnsInput, "dataRows" | "footer" | "expectedDataRows" | "sample" | "lineOf"> & {
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
  if (read.encoding !== "utf-8" || read.stripNul || read.compression || read.fixedWidth || read.whitespace)
    return undefined;
  if (read.maxLineBytes || read.quotedNewlines || read.delimiter.length !== 1) return undefined;
  if (read.quote !== undefined || read.comment !== undefined || read.nulls?.length || read.columnRange)
    return undefined;
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
