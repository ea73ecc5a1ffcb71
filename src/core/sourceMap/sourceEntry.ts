/** What the Source Map knows about one file of the lake. Everything here is JSON-serialisable. */

export type SourceFormat =
  "csv" | "json" | "jsonl" | "parquet" | "xlsx" | "html" | "text" | "binary" | "empty" | "unknown";

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
}

export interface JsonRead {
  kind: "json";
  format: "array" | "newline_delimited";
}

export interface ParquetRead {
  kind: "parquet";
}

/** Tables that DuckDB cannot read offline (Excel sheets, HTML tables) are loaded from JS. */
export interface GridRead {
  kind: "grid";
  source: "xlsx" | "html";
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
}

/** Hashes of a file's first bytes (fileRelations.ts): enough to propose copies, never to read it twice. */
export interface ContentFingerprint {
  /** Hash of the first 64 KiB (of the whole file when it is smaller). */
  head: string;
  /** Hashes of the first 64, 128, 256 … 65536 bytes, as far as the file reaches. */
  prefixes: string[];
  /** Offset of the first line break within the first 64 KiB, when there is one. */
  firstLineEnd?: number;
}

/** How a file relates to another file of the lake by its bytes (fileRelations.ts). */
export interface FileRelation {
  /**
   * `identical`: the same bytes. `prefix-of`: this file's bytes are the start of `path` (a truncated
   * copy of it). `has-prefix`: `path` is a truncated copy of this file.
   */
  kind: "identical" | "prefix-of" | "has-prefix";
  /** The other file. */
  path: string;
  /** The other file's size in bytes. */
  bytes?: number;
  /** How it was established: every byte compared, or (files over 64 MiB) the size and the first and
   *  last 64 KiB of the shorter file. */
  checked: "all-bytes" | "head-and-tail";
  /** For a truncated copy compared in full: the line breaks in the shorter file. */
  lines?: number;
  /** For a truncated copy: the shorter file stops inside a line of the longer one. */
  cutMidLine?: boolean;
}

export interface SourceEntry {
  /** POSIX path relative to the lake root. */
  path: string;
  bytes: number;
  mtimeMs: number;
  format: SourceFormat;
  encoding?: TextEncoding;
  tables?: TableProfile[];
  /** For text files: the first lines. */
  firstLines?: string[];
  /** Why the file could not be read (what failed, where); the entry stays in the map. */
  error?: string;
  /** Hashes of the file's first bytes, to find copies (absent for empty and dot files). */
  fingerprint?: ContentFingerprint;
  /** Words and years of a text file's first 64 KiB, each once (fileRelations.ts), for Discover. */
  headTerms?: string[];
  /** Files with the same bytes, or of which this file is the start (or that are the start of it). */
  relations?: FileRelation[];
  /** Milliseconds spent profiling the file (not persisted meaningfully from cache). */
  profileMs?: number;
}

export interface SourceMap {
  root: string;
  builtAt: string;
  files: SourceEntry[];
}
