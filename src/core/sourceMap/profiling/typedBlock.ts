import type { DuckEngine } from "../../engine/duckEngine.ts";
import type { TextRecord } from "../readers/delimitedText.ts";
import type { Requoted } from "../readers/quoteRepair.ts";
import { readTyped } from "../typing/readTyped.ts";
import type { DelimitedOptions } from "../typing/readTyped.ts";
import { dataLine, skipBefore, skipRowsOf } from "../layout/recordLines.ts";
import type { ColumnPart } from "../layout/sideBySide.ts";
import type { CsvRead, ColumnProfile, TextEncoding } from "../sourceEntry.ts";
import type { TableLayout } from "../layout/tableLayout.ts";

/** What every table of a delimited file shares: how its records are read. */
export interface DelimitedFile {
  delimiter: string;
  encoding: TextEncoding;
  width: number;
  quotedNewlines: boolean;
  stripNul?: boolean;
  crLines?: boolean;
  maxLineBytes?: number;
  compression?: "gzip";
  requoted?: Requoted;
}

/** The file whose tables are read, and where and how. */
export interface FileReading {
  engine: DuckEngine;
  cacheDir: string;
  absPath: string;
  file: DelimitedFile;
  options: DelimitedOptions;
}

/** One table of a delimited file that holds several: its rows, where it lies, its column names. */
export interface FileTable {
  records: TextRecord[];
  rows: string[][];
  layout: TableLayout;
  names: { name: string; sourceName: string }[];
  /** The table's run of fields, when tables sit side by side. */
  columnRange?: ColumnPart;
  /** The file's text when it was read whole (see readTyped). */
  plainText?: string;
}

/**
 * Reads and types one table of a multi-table delimited file (a block of rows, or a run of fields
 * side by side) from the file's shared reading: every column VARCHAR until typed. Returns the
 * typed read (its encoding may have been settled on the way) and the column profiles.
 */
export async function typedBlock(
  reading: FileReading,
  encoding: TextEncoding,
  table: FileTable,
): Promise<{ read: CsvRead; profiles: ColumnProfile[] }> {
  const { engine, cacheDir, absPath, file, options } = reading;
  const { records, rows, layout, names, columnRange, plainText } = table;
  const read: CsvRead = {
    kind: "csv",
    delimiter: file.delimiter,
    encoding,
    skipLines: skipBefore(records, layout),
    ...skipRowsOf(records, layout),
    dataRows: layout.dataEnd - layout.dataStart,
    quotedNewlines: file.quotedNewlines,
    columns: names.map((c) => ({ ...c, type: "VARCHAR", thousands: false })),
    fileWidth: file.width,
    ...(columnRange ? { columnRange } : {}),
    ...(file.stripNul ? { stripNul: true } : {}),
    ...(file.crLines ? { crLines: true } : {}),
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
  read.columns = specs;
  return { read, profiles };
}
