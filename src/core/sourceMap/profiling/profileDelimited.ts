import type { DuckEngine } from "../../engine/duckEngine.ts";
import { csvDataSql, readablePath, settleBytes } from "../readers/csvRead.ts";
import { splitRecords } from "../readers/delimitedText.ts";
import { emptyFieldsNote, filledWidth } from "../layout/emptyTrailingFields.ts";
import { JS_PASS_CHARS, wellQuoted } from "../readers/exactRecords.ts";
import type { FileSample } from "../sniff/fileSample.ts";
import { bomEncoding, sampleText } from "../sniff/fileSample.ts";
import { FAST_HEAD_DATA, headAndTail, titlesAbove } from "../layout/headAndTail.ts";
import { blankRunAtEnd } from "../layout/blankRunAtEnd.ts";
import { filledCount } from "../layout/cellKinds.ts";
import { layoutParts } from "../layout/layoutProfile.ts";
import { profileBlocks } from "./profileBlocks.ts";
import { profileSideBySide } from "./profileSideBySide.ts";
import { findOtherQuote, findStrayQuotes, requoteText, requotedNote } from "../readers/quoteRepair.ts";
import { writesBareMissing } from "../typing/rMissingText.ts";
import { readTyped, strayQuoteNote } from "../typing/readTyped.ts";
import type { DelimitedOptions } from "../typing/readTyped.ts";
import { dataLine, gapsOf, skipBefore, skipRowsOf } from "../layout/recordLines.ts";
import { recordParts, separateTables } from "../layout/sideBySide.ts";
import type { CsvRead, FooterRow, TableProfile, TextEncoding } from "../sourceEntry.ts";
import { NeedsEveryRow, SHAPE_ROWS, bodyShape, findTableEnd } from "../layout/tableEnd.ts";
import { analyzeTable, rowText, splitBlocks } from "../layout/tableLayout.ts";
import { columnNames, repeatedNamesNote } from "../typing/varcharColumns.ts";
import { widerHeader, widerHeaderNote } from "../layout/widerHeader.ts";

/**
 * A delimited text file's tables: its records split from the sample (or the head and tail of a long
 * file read whole), laid out (title, header band, data, footer), then read and typed by DuckDB.
 * Several blocks, or tables side by side, are profiled each on its own.
 */

const HEAD_RECORDS = 2000;

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
  const { encoding, stripNul, maxLineBytes, crLines, openQuoteLine } = await settleBytes(
    absPath,
    sample,
    sniffedEncoding,
    compression !== undefined,
    delimiter,
  );
  const text = sampleText(sample, encoding);
  if (stripNul) {
    text.head = text.head.replace(/\0/g, "");
    text.tail = text.tail.replace(/\0/g, "");
  }
  // Stray quotes in a file read whole: the lines they spoil are read through a requoted copy.
  const requoted =
    sample.complete &&
    !compression &&
    !stripNul &&
    !crLines &&
    encoding === "utf-8" &&
    !bomEncoding(sample.head)
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
    !crLines &&
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
    ...(crLines ? { crLines } : {}),
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
  let blankRun: number | undefined;
  if (!sample.complete) {
    const tail = splitRecords(text.tail, delimiter).records;
    const end = findTableEnd(
      tail.map((r) => r.fields),
      0,
      { width, gapBefore: gapsOf(tail), body: bodyShape(rows.slice(layout.dataStart)) },
    );
    trailing = tail.slice(end.dataEnd).map((r) => r.fields);
    // The whole tail is blank records: the run may begin above it, and its records are no data.
    const blankTail = end.dataEnd === 0 && tail.length > 0 && trailing.every((r) => filledCount(r) === 0);
    const blanks = blankTail && !compression && encoding !== "utf-16" ? blankRunAtEnd(absPath, delimiter) : 0;
    if (blanks > trailing.length) {
      trailing = new Array<string[]>(blanks).fill([]);
      blankRun = blanks;
    }
    // Lines of the tail are not known without reading the whole file: 0.
    tailFooter = end.footer
      .map((f) => ({ line: 0, text: rowText(tail[f.index]!.fields), kind: f.kind }))
      .filter((f) => f.text !== "");
  }
  // A header line wider than every record of the file: its names placed over the records' fields.
  const wider = sample.complete ? widerHeader(rows, layout, delimiter) : undefined;
  // From a head and tail, the records between could be as wide as the header: every row decides.
  if (wider && split) return wholeFile();
  const stray = wider?.names ? { names: wider.names, recordWidth: wider.recordWidth } : undefined;
  const names = stray ? columnNames(stray.names, stray.recordWidth) : columnNames(layout.names, width);
  const read: CsvRead = {
    kind: "csv",
    delimiter,
    encoding,
    skipLines: skipBefore(headRecords, layout),
    ...skipRowsOf(headRecords, layout),
    dataRows: 0,
    quotedNewlines: head.quotedNewlines,
    ...(stray ? { fileWidth: width } : {}),
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
    ...(stripNul ? { stripNul } : {}),
    ...(crLines ? { crLines } : {}),
    ...(maxLineBytes ? { maxLineBytes } : {}),
    ...(compression ? { compression } : {}),
    ...(requoted ? { requoted } : {}),
  };
  // Rows after the data (footnotes, trailer blocks, blank records) are counted by DuckDB but are no data.
  const { dataRows, specs, profiles } = await readTyped(engine, absPath, read, cacheDir, names, options, {
    footer: trailing,
    ...(plainText !== undefined ? { plainText } : {}),
    sample: rows.slice(layout.dataStart, sample.complete ? layout.dataEnd : undefined),
    ...(writesBareMissing(text.head, delimiter) ? { bareMissing: true } : {}),
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
    ...repeatedNamesNote(names.slice(0, filled)),
    ...strayQuoteNote(read),
    ...(requoted ? [requotedNote(requoted)] : []),
    ...(wider && header ? [widerHeaderNote(header.line, wider)] : []),
    ...(blankRun
      ? [
          `the file ends in ${blankRun} records of empty fields only (delimiters, no values): they are no rows of the table`,
        ]
      : []),
  ];
  // Requoted lines read their quotes as characters: the file's last quote opens nothing then.
  const cutOff =
    openQuoteLine !== undefined && !requoted && dataRows > 0 ? { line: openQuoteLine } : undefined;
  if (cutOff) notes.push(cutOffNote(cutOff.line));
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
      ...(wider && header ? { widerHeader: { ...wider, line: header.line } } : {}),
      ...(cutOff ? { cutOff } : {}),
      ...(notes.length ? { notes } : {}),
    },
  ];
}

/** The table's note on a file that ends inside a quoted field (see TableProfile.cutOff). */
export function cutOffNote(line: number): string {
  return `the file ends inside a quoted field opened on line ${line} and never closed: its last record is cut off there, and the table holds that record without the cut field and the fields after it (NULL)`;
}
