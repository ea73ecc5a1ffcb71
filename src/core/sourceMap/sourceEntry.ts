/** What the Source Map knows about one file of the lake. Everything here is JSON-serialisable. */

export type SourceFormat =
  | "csv"
  | "json"
  | "jsonl"
  | "parquet"
  | "xlsx"
  | "xls"
  | "ods"
  | "html"
  | "text"
  | "binary"
  | "empty"
  | "unknown";

/** Workbooks (.xlsx/.xlsm, legacy .xls, OpenDocument .ods) and HTML tables are read in JS. */
export type GridSource = "xlsx" | "xls" | "ods" | "html";

/** `windows-1252` files are read through a UTF-8 copy (see transcode.ts). */
export type TextEncoding = "utf-8" | "utf-16" | "latin-1" | "windows-1252";

export interface ColumnProfile {
  name: string;
  /** The DuckDB type the column is read as. */
  type: string;
  nullFraction: number;
  samples: string[];
}

/** How a column of a delimited file becomes a typed column: by position, with a conversion. */
export interface ColumnSpec {
  name: string;
  /** The header cell as written in the file (may differ by surrounding spaces). */
  sourceName: string;
  type: string;
  /** Numbers written with thousands separators ("115,840"): separators are removed before the cast. */
  thousands: boolean;
}

export interface CsvRead {
  kind: "csv";
  delimiter: string;
  encoding: TextEncoding;
  /** Physical lines before the first data record (title rows, blank lines and the header). */
  skipLines: number;
  /** Data records to read; footnote records after them are left out. */
  dataRows: number;
  /** Quoted fields contain line breaks: DuckDB's parallel reader cannot pad ragged rows then. */
  quotedNewlines: boolean;
  columns: ColumnSpec[];
  /** Fields per record in the whole file, when a block uses fewer columns than the file has. */
  fileWidth?: number;
  /** The file is gzip-compressed (whatever its name says); DuckDB decompresses it as it reads. */
  compression?: "gzip";
}

/**
 * How a top-level JSON object became a table (the structure is DuckDB's json_group_structure of
 * the rows' values, as JSON text):
 * - `keyValue`: members with single values → (key, value);
 * - `keyedRecords`: members that are records → (key, the record's fields…);
 * - `keyedArrays`: members that are arrays of like records → (key, the elements' fields…);
 * - `member`: one member's array of records (a table per member when the arrays differ).
 */
export type JsonShape =
  | { kind: "keyValue"; members: number; structure: string }
  | { kind: "keyedRecords"; members: number; structure: string }
  | { kind: "keyedArrays"; members: number; structure: string }
  | { kind: "member"; member: string; members: number; structure: string };

export interface JsonRead {
  kind: "json";
  format: "array" | "newline_delimited";
  /** A top-level object: the shape chosen (absent for an array or lines of records). */
  shape?: JsonShape;
  /** Nested record fields are spread into dotted columns (`geo.lat`). */
  flattened?: boolean;
  /** JSON lines that are not valid JSON records (1-based line numbers), left out of the table. */
  badLines?: number[];
  /** With bad lines: the good records' structure (json_group_structure), read through it. */
  structure?: string;
  /** The file is compressed (whatever its name says); DuckDB decompresses it. */
  compression?: "gzip";
}

export interface ParquetRead {
  kind: "parquet";
}

/** Tables that DuckDB cannot read offline (Excel sheets, HTML tables) are loaded from JS. */
export interface GridRead {
  kind: "grid";
  source: GridSource;
  /** Sheet name, or the 0-based index of the HTML table. */
  sheet: string;
  /** Index among the grid's rows of the header row. */
  headerIndex: number;
  dataRows: number;
  columns: ColumnSpec[];
}

export type TableRead = CsvRead | JsonRead | ParquetRead | GridRead;

export interface TableProfile {
  /** Sheet name (Excel) or table label (HTML); absent for single-table files. */
  sheet?: string;
  /** 1-based line (sheet row for Excel) of the header; 0 when the format has no header line. */
  headerLine: number;
  /** Title/preamble rows above the header, as text. */
  titleLines: string[];
  /** Footnote rows after the data (1-based first line, and their text). */
  footer?: { line: number; lines: string[] };
  rowCount: number;
  columns: ColumnProfile[];
  read: TableRead;
  /** The row after the header looks like a second header row (line and text); it is read as data. */
  secondHeader?: { line: number; text: string };
  /** A workbook sheet the workbook hides from its tabs (it is mapped all the same). */
  hidden?: "hidden" | "veryHidden";
  /** Merged cell ranges of a sheet ("A1:D1", first ones) and how many there are; a merged value sits in the range's top-left cell. */
  merged?: { ranges: string[]; count: number };
  /** What the map observed about this table that a reader should know (empty sheet, formulas saved without results, error cells…). */
  notes?: string[];
}

export interface SourceEntry {
  /** POSIX path relative to the lake root. */
  path: string;
  bytes: number;
  mtimeMs: number;
  format: SourceFormat;
  encoding?: TextEncoding;
  /** The file is gzip-compressed: format, encoding and tables are those of its content. */
  compression?: "gzip";
  tables?: TableProfile[];
  /** For text files: the first lines. */
  firstLines?: string[];
  /** Why the file could not be read (what failed, where); the entry stays in the map. */
  error?: string;
  /** Milliseconds spent profiling the file (not persisted meaningfully from cache). */
  profileMs?: number;
}

export interface SourceMap {
  root: string;
  builtAt: string;
  files: SourceEntry[];
}
