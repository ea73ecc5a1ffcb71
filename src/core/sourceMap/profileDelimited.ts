import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlString } from "../engine/duckEngine.ts";
import { nonEmptyCount, splitRecords } from "./delimitedText.ts";
import type { TextRecord } from "./delimitedText.ts";
import type { FileSample } from "./fileSample.ts";
import { sampleText } from "./fileSample.ts";
import type { CsvRead, TableProfile, TextEncoding } from "./sourceEntry.ts";
import { countFooterRows, findHeaderIndex, isSecondHeaderRow, rowText, splitBlocks } from "./tableLayout.ts";
import type { Block } from "./tableLayout.ts";
import { utf8CopyOf } from "./transcode.ts";
import { columnNames, positionalName, profileVarcharColumns } from "./varcharColumns.ts";

const PROFILE_SAMPLE_ROWS = 10000;
const HEAD_RECORDS = 2000;

/** `read_csv` pinned to the layout found: no sniffing, every column as text, by position. */
export function csvReaderSql(readablePath: string, read: Omit<CsvRead, "kind" | "dataRows">): string {
  const width = Math.max(read.fileWidth ?? 0, read.columns.length);
  const columns = Array.from({ length: width }, (_, i) => `${sqlString(positionalName(i))}: 'VARCHAR'`).join(
    ", ",
  );
  return (
    `read_csv(${sqlString(readablePath)}, delim=${sqlString(read.delimiter)}, quote='"', escape='"', ` +
    `header=false, auto_detect=false, skip=${read.skipLines}, null_padding=true, ` +
    `parallel=${read.quotedNewlines ? "false" : "true"}, encoding=${sqlString(read.encoding === "windows-1252" ? "utf-8" : read.encoding)}, ` +
    `${read.compression ? `compression=${sqlString(read.compression)}, ` : ""}columns={${columns}})`
  );
}

/** The data rows only (footnotes cut off), still as text. */
export function csvDataSql(readablePath: string, read: CsvRead): string {
  return `SELECT * FROM ${csvReaderSql(readablePath, read)} LIMIT ${read.dataRows}`;
}

/** The file DuckDB reads: the original, or its UTF-8 copy for Windows-1252 text. */
export async function readablePath(absPath: string, read: CsvRead, cacheDir: string): Promise<string> {
  return read.encoding === "windows-1252"
    ? utf8CopyOf(absPath, cacheDir, read.compression === "gzip")
    : absPath;
}

export async function profileDelimited(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  sample: FileSample,
  encoding: TextEncoding,
  delimiter: string,
  compression?: "gzip",
): Promise<TableProfile[]> {
  const gzip = compression ? { compression } : {};
  const text = sampleText(sample, encoding);
  // A cut sample is only used to find the header and the columns: its first records are enough.
  const head = splitRecords(text.head, delimiter, sample.complete ? Infinity : HEAD_RECORDS);
  // A partial last record in a cut sample would look like a ragged row.
  const headRecords = sample.complete ? head.records : head.records.slice(0, -1);
  if (headRecords.length === 0) throw new Error("no records found in the file");
  const rows = headRecords.map((r) => r.fields);
  const width = Math.max(...rows.slice(0, 1000).map((r) => r.length));
  // Data books put several tables in one sheet; a small file read whole can be split exactly.
  if (sample.complete) {
    const blocks = splitBlocks(rows);
    if (blocks.length > 1)
      return profileBlocks(
        engine,
        cacheDir,
        absPath,
        { records: headRecords, quotedNewlines: head.quotedNewlines },
        blocks,
        {
          delimiter,
          encoding,
          width,
          ...gzip,
        },
      );
  }
  const headerIndex = findHeaderIndex(rows, width);
  const headerRecord = headRecords[headerIndex]!;
  const tailRows = sample.complete
    ? rows.slice(headerIndex + 1)
    : splitRecords(text.tail, delimiter).records.map((r) => r.fields);
  const footerCount = countFooterRows(tailRows, width);
  const footerRecords = footerCount > 0 ? tailRows.slice(tailRows.length - footerCount) : [];

  const names = columnNames(headerRecord.fields, width);
  const read: CsvRead = {
    kind: "csv",
    delimiter,
    encoding,
    // Line of the header, counting breaks inside quoted cells: DuckDB's `skip` counts lines.
    skipLines: headerRecord.line - 1 + countBreaks(headerRecord.fields) + 1,
    dataRows: 0,
    quotedNewlines: head.quotedNewlines,
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
    ...gzip,
  };
  const { records, path } = await countRecords(engine, absPath, read, cacheDir);
  read.dataRows = Math.max(0, records - footerCount);

  const sampleSql = `SELECT * FROM ${csvReaderSql(path, read)} LIMIT ${Math.min(read.dataRows, PROFILE_SAMPLE_ROWS)}`;
  const { specs, profiles } = await profileVarcharColumns(engine, sampleSql, names);
  read.columns = specs;

  const second = headRecords[headerIndex + 1];
  const secondHeader =
    second && isSecondHeaderRow(rows.slice(headerIndex + 1, headerIndex + 22))
      ? { line: second.line, text: rowText(second.fields) }
      : undefined;
  const footerLine =
    sample.complete && footerCount > 0 ? headRecords[headRecords.length - footerCount]!.line : 0;
  return [
    {
      headerLine: headerRecord.line,
      titleLines: rows
        .slice(0, headerIndex)
        .map(rowText)
        .filter((t) => t !== ""),
      ...(footerCount > 0
        ? { footer: { line: footerLine, lines: footerRecords.map(rowText).filter((t) => t !== "") } }
        : {}),
      rowCount: read.dataRows,
      columns: profiles,
      read,
      ...(secondHeader ? { secondHeader } : {}),
    },
  ];
}

/** One table per block of a multi-table sheet, named `block N: <title>`. */
async function profileBlocks(
  engine: DuckEngine,
  cacheDir: string,
  absPath: string,
  parsed: { records: TextRecord[]; quotedNewlines: boolean },
  blocks: Block[],
  file: { delimiter: string; encoding: TextEncoding; width: number; compression?: "gzip" },
): Promise<TableProfile[]> {
  const { records } = parsed;
  const rows = records.map((r) => r.fields);
  let encoding = file.encoding;
  const tables: TableProfile[] = [];
  const lastEnd = blocks[blocks.length - 1]!.dataEnd;
  const footer = rows
    .slice(lastEnd)
    .map(rowText)
    .filter((t) => t !== "");
  const footerLine = records.slice(lastEnd).find((r) => nonEmptyCount(r.fields) > 0)?.line ?? 0;
  for (const [i, block] of blocks.entries()) {
    const header = block.header === null ? undefined : records[block.header]!;
    const first = records[block.dataStart];
    const names = columnNames(header?.fields ?? [], Math.max(1, block.width));
    const read: CsvRead = {
      kind: "csv",
      delimiter: file.delimiter,
      encoding,
      skipLines: header ? header.line + countBreaks(header.fields) : (first?.line ?? 1) - 1,
      dataRows: block.dataEnd - block.dataStart,
      quotedNewlines: parsed.quotedNewlines,
      columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
      fileWidth: file.width,
      ...(file.compression ? { compression: file.compression } : {}),
    };
    const { path } = await countRecords(engine, absPath, read, cacheDir);
    encoding = read.encoding;
    const { specs, profiles } = await profileVarcharColumns(engine, csvDataSql(path, read), names);
    read.columns = specs;
    const titles = block.titles.map((t) => rowText(rows[t]!)).filter((t) => t !== "");
    const label =
      titles[titles.length - 1] ?? (header ? rowText(header.fields) : `rows from line ${first?.line ?? 0}`);
    const second = block.header === null ? undefined : records[block.header + 1];
    tables.push({
      sheet: `block ${i + 1}: ${label.slice(0, 80)}`,
      headerLine: header?.line ?? 0,
      titleLines:
        i === 0
          ? rows
              .slice(0, block.header ?? block.dataStart)
              .map(rowText)
              .filter((t) => t !== "")
          : titles,
      ...(i === blocks.length - 1 && footer.length ? { footer: { line: footerLine, lines: footer } } : {}),
      rowCount: read.dataRows,
      columns: profiles,
      read,
      ...(second && isSecondHeaderRow(rows.slice(block.header! + 1, block.dataEnd))
        ? { secondHeader: { line: second.line, text: rowText(second.fields) } }
        : {}),
    });
  }
  return tables;
}

function countBreaks(fields: string[]): number {
  let n = 0;
  for (const f of fields) for (const ch of f) if (ch === "\n") n++;
  return n;
}

/**
 * Exact record count after the header, by DuckDB. Retries where the sample misled the layout:
 * a line break in a quoted cell past the sample, or a non-UTF-8 byte past the sample.
 */
async function countRecords(
  engine: DuckEngine,
  absPath: string,
  read: CsvRead,
  cacheDir: string,
): Promise<{ records: number; path: string }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const path = await readablePath(absPath, read, cacheDir);
    try {
      const [row] = await engine.all(`SELECT count(*) AS n FROM ${csvReaderSql(path, read)}`);
      return { records: Number(row?.n ?? 0), path };
    } catch (error) {
      const message = (error as Error).message;
      if (!read.quotedNewlines && message.includes("parallel=false")) read.quotedNewlines = true;
      else if (read.encoding === "utf-8" && message.includes("Invalid unicode")) read.encoding = "latin-1";
      else if (read.encoding === "latin-1" && message.includes("not latin-1")) read.encoding = "windows-1252";
      else throw error;
    }
  }
  throw new Error("could not count the records");
}
