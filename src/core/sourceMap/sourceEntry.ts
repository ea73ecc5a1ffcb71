import type { ReaderOptions } from "./readers/readerOptions.ts";
import type { WiderHeader } from "./layout/widerHeader.ts";

/** What the Source Map knows about one file of the lake. Everything here is JSON-serialisable. */

export type SourceFormat =
  | "csv"
  | "fixed-width"
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
export type TextEncoding = "utf-8" | "utf-16" | "latin-1" | "windows-1252" | "windows-1250";

export interface ColumnProfile {
  name: string;
  /** The DuckDB type the column is read as. */
  type: string;
  nullFraction: number;
  /**
   * No row of the table holds a value in this column (counted over every data row, not rounded
   * from nullFraction): a column the file names and leaves blank (WALS 2020's Macroarea).
   */
  empty?: true;
  samples: string[];
  /** A DATE/TIMESTAMP column read from text with this strptime format (`%B %d, %Y`); samples stay as written. */
  dateFormat?: string;
  /** Two-digit years read past this year were put a century earlier (`4/11/68` is 1968); see dateFormats.ts. */
  centuryAfter?: number;
  /**
   * Missing-value markers of a column of numbers (`M`, `NA`, `-`, `(X)`…, see missingMarkers.ts),
   * each with how many cells hold it: they are read as NULL (and counted in `nullFraction`).
   */
  missingMarkers?: { value: string; count: number }[];
  /** A text column whose values are padded with blanks (`'     01  '`): read trimmed (paddedText.ts). */
  padded?: true;
  /** An unnamed first column numbering the rows (R's and pandas' row names): its first and last number (rowIndex.ts). */
  rowIndex?: { first: number; last: number };
  /**
   * A dash written as a spreadsheet's accounting format writes zero (` -   ` beside numbers padded
   * like ` 4,750 `), with how many cells hold it: read as 0.
   */
  accountingZero?: { value: string; count: number };
  /** Values that repeat far outside the column's other values: likely "no data" fills (fillValues.ts). */
  fillValues?: FillValue[];
  /**
   * Flags written after the values (Eurostat's `28100 p`: provisional; `: c`: confidential), each
   * as written with how many cells carry it: read off the values, which keep their number.
   */
  flags?: { flag: string; count: number }[];
}

/**
 * A numeric value that stands for "no data" rather than a measurement (`9.99e+32`, `-9999`,
 * `99999.99`): it repeats, and lies far beyond every other value of its column (see fillValues.ts).
 * The map reads it as written; validation treats aggregates over it as over a marker.
 */
export interface FillValue {
  /** The number as read; for a date fill, its days since 1970-01-01 (see dateFills.ts). */
  value: number;
  /** A date fill's day (`1969-12-31`); then `othersMin`/`othersMax` are days since 1970-01-01 too. */
  date?: string;
  /** Cells holding it. */
  count: number;
  /** 1-based data row of its first occurrence. */
  firstRow: number;
  /** 1-based line (sheet row) of that row, where the map knows it. */
  line?: number;
  /** The other values' range, which it lies beyond (a mean fill: within which it lies). */
  othersMin: number;
  othersMax: number;
  /**
   * The column's mean to its last digit, written in several cells where the other values are
   * written with fewer decimals: missing values filled with the mean (see fillValues.ts).
   */
  mean?: true;
}

/** How a column of a delimited file becomes a typed column: by position, with a conversion. */
export interface ColumnSpec {
  name: string;
  /** The header cell as written in the file (may differ by surrounding spaces). */
  sourceName: string;
  type: string;
  /** Numbers written with thousands separators ("115,840"): separators are removed before the cast. */
  thousands: boolean;
  /** Dates written as people write them, read with this strptime format (see dateFormats.ts). */
  dateFormat?: string;
  /** Two-digit years: a date read past this year is a century earlier (see dateFormats.ts). */
  centuryAfter?: number;
  /** Missing-value markers (trimmed cell texts) read as NULL before the cast (missingMarkers.ts). */
  missing?: string[];
  /** Text padded with blanks around every value, or to one width: read trimmed, a blank cell as NULL (paddedText.ts). */
  padded?: true;
  /** A dash written as a spreadsheet's accounting format writes zero (` -   `): read as 0 (accountingZero in missingMarkers.ts). */
  zero?: string[];
}

export interface CsvRead {
  kind: "csv";
  delimiter: string;
  encoding: TextEncoding;
  /** Physical lines before the first data record (title rows, blank lines and the header). */
  skipLines: number;
  /**
   * What DuckDB's `skip` counts before the first data record, where it is not `skipLines`: DuckDB
   * skips rows — a record whose quoted cells hold line breaks (`"Median\nincome"` in a header) is
   * one row, a blank line another (see recordLines.ts's rowsBefore).
   */
  skipRows?: number;
  /** Data records to read; footnote records after them are left out. */
  dataRows: number;
  /** Quoted fields contain line breaks: DuckDB's parallel reader cannot pad ragged rows then. */
  quotedNewlines: boolean;
  columns: ColumnSpec[];
  /** Fields per record in the whole file, when a block uses fewer columns than the file has. */
  fileWidth?: number;
  /** Fields are padded with NUL bytes: the file is read through a UTF-8 copy without them. */
  stripNul?: boolean;
  /**
   * Lines end in lone carriage returns (all, or many among line feeds), or in CR LF and LF alone,
   * many of each: the file is read through a copy whose every line end is a line feed (line
   * numbers are the file's), and row origins count lone carriage returns as line ends.
   */
  crLines?: boolean;
  /** Bytes of the longest line, when near DuckDB's default limit (2,000,000 bytes) or over: passed as `max_line_size`. */
  maxLineBytes?: number;
  /**
   * A fixed-width text table: each line is read whole and cut at these character positions
   * (0-based start, width), values trimmed. `delimiter` is unused then.
   */
  fixedWidth?: { start: number; width: number }[];
  /**
   * A whitespace-aligned table: each line is read whole and split at every run of spaces or tabs
   * (leading and trailing ones dropped); value i of a line is column i. `delimiter` is unused then.
   */
  whitespace?: true;
  /** The file is gzip-compressed (whatever its name says); DuckDB decompresses it as it reads. */
  compression?: "gzip";
  /**
   * A quote in the file opens a field it never closes where a field ends (a stray quote: `"BH-9827,`),
   * which DuckDB's strict reader rejects, failing the whole file: the file is read with
   * `strict_mode=false` instead. `line`: the first line DuckDB reported, or, where a stray quote in
   * the lines skipped before the data made the strict reader read no record at all, the last of
   * those lines. The records around a stray quote may be cut differently from the rest; the
   * table's notes say so.
   */
  strayQuote?: { line: number };
  /**
   * Lines with stray quotes read with each quote as a character of its value (the one reading
   * that gives the file's width), through a copy of the file with those lines requoted
   * (quoteRepair.ts); every other line as written.
   */
  requoted?: { lines: number[]; width: number };
  /** The user's quote character (see readerOptions.ts); `""`: no quoting. `"` when absent. */
  quote?: string;
  /**
   * The user's comment prefix: the file is read through a copy whose comment lines are emptied
   * (commentFreeCopy.ts), so line numbers stay the file's.
   */
  comment?: string;
  /** The user's missing-value markers: cells whose trimmed text is one of them are read as NULL. */
  nulls?: string[];
  /**
   * A table side by side with others in the file (sideBySide.ts): its columns are the `width`
   * fields from `first` (0-based) of each record; `fileWidth` is the file's. The table's `sheet`
   * names the range (`D:E`).
   */
  columnRange?: { first: number; width: number };
  /**
   * Eurostat's bulk-download layout (eurostatTsv.ts): each line's first field holds the codes of
   * the `dimensions` first columns, comma-separated; every other field is one period's value,
   * read without its flags (`28100 p` → 28100), `:` as NULL. `timeDimension`: the header's name of
   * the periods (`TIME_PERIOD`), which name the other columns. `delimiter` is a tab.
   */
  eurostat?: { dimensions: number; timeDimension: string };
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
  | {
      kind: "member";
      member: string;
      members: number;
      structure: string;
      /**
       * The member's array holds arrays of records (`"titles": [[{…}, {…}], [{…}]]`, a list per
       * platform group): each record is a row, with `list_index` (1-based) naming its list.
       */
      nested?: true;
    };

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
  /**
   * Fields DuckDB types JSON because numbers share them with blank strings (`""`) or numbers written
   * as strings (`"+0"`): read as numbers,
   * each blank string as NULL (jsonNumbers.ts), with how many blanks there are.
   */
  numbers?: {
    name: string;
    type: "BIGINT" | "DOUBLE";
    blanks: number;
    texts?: number;
    textValues?: string[];
  }[];
  /**
   * Text fields whose every value is a date written as people write them (`24.12.1987`,
   * `Dec 24, 1987`): read as dates with the format found (jsonDates.ts), as text files' columns are.
   */
  dates?: JsonDateField[];
}

/** A JSON text field read as dates: its strptime format and, for two-digit years, the century's turn. */
export interface JsonDateField {
  name: string;
  type: "DATE" | "TIMESTAMP";
  format: string;
  centuryAfter?: number;
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
  /** Index among the grid's rows of the last row before the data (the header, or the last row of its band). */
  headerIndex: number;
  /**
   * A table side by side with others in its sheet (sideBySide.ts): its columns are the `width`
   * grid columns from `first` (0-based); the table's `sheet` names the range (`Data!E:H`).
   */
  columnRange?: { first: number; width: number };
  dataRows: number;
  columns: ColumnSpec[];
}

export type TableRead = CsvRead | JsonRead | ParquetRead | GridRead;

export interface TableProfile {
  /** Sheet name (Excel) or table label (HTML); absent for single-table files. */
  sheet?: string;
  /**
   * For a table of a ZIP archive: the member it is read from (`exports/2023.csv`), extracted into
   * RADAR's state folder (archiveMembers.ts); its lines, header and row origins are the member's.
   */
  member?: string;
  /** 1-based line (sheet row for Excel) of the header; 0 when the format has no header line. */
  headerLine: number;
  /**
   * The table has no header row: its first row holds values like the rows below it, and its
   * columns are named by position (`column0`, `column1`, …).
   */
  noHeader?: true;
  /**
   * For a table without a header: names for its columns, in order, from a numbered list of fields
   * in a text file beside it (`1  YEAR …`, `2  Decimal Day …`) holding exactly as many fields.
   * Offered, not applied: the columns keep their positional names.
   */
  describedNames?: { file: string; fields: { name: string; line: number }[] };
  /** Title/preamble rows above the header, as text (whole, never cut). */
  titleLines: string[];
  /** 1-based line of each of `titleLines`. */
  titleLineNumbers?: number[];
  /**
   * Rows after the data that are not data, whole (never cut): footnotes, trailer blocks (a blank
   * row, then label/value rows such as `Number of Fraud Reports,2600678`) and statistic rows
   * (`Mean`, `Max` under a column of years). `line` is the first one's line; `rows` says each one's
   * line and kind.
   */
  footer?: { line: number; lines: string[]; rows?: FooterRow[] };
  /** Rows around the header that became part of the column names or were kept as notes on them. */
  headerBand?: HeaderBandRow[];
  /** Footnotes (or title lines) stating how the rows were counted; see `CountingRule`. */
  countingRules?: CountingRule[];
  rowCount: number;
  columns: ColumnProfile[];
  read: TableRead;
  /** The row after the header looks like a second header row (line and text); it is read as data. */
  secondHeader?: { line: number; text: string };
  /** What the table is about: a block's title row, an HTML caption (`sheet` stays the short name). */
  title?: string;
  /** The header line has more fields than any data record: how its names were placed (widerHeader.ts). */
  widerHeader?: WiderHeader & { line: number };
  /** Columns whose name does not fit their values while a neighbour's does (swapped or shifted header). */
  headerFit?: HeaderMisfit[];
  /** A workbook sheet the workbook hides from its tabs (it is mapped all the same). */
  hidden?: "hidden" | "veryHidden";
  /** Merged cell ranges of a sheet ("A1:D1", first ones) and how many there are; a merged value sits in the range's top-left cell. */
  merged?: { ranges: string[]; count: number };
  /**
   * The file ends inside a quoted field opened on `line` and never closed (a file cut off in a
   * cell): the table's last record lacks the cut field and every field after it (NULL).
   */
  cutOff?: { line: number };
  /** What the map observed about this table that a reader should know (empty sheet, formulas saved without results, error cells…). */
  notes?: string[];
}

export interface FooterRow {
  line: number;
  text: string;
  /** `note`: a footnote line; `trailer`: a row of a block after a blank row whose shape or label
   * (`Number of …`, `Total …`) differs from the table's; `summary`: a statistic row (`Mean`, `Max`…). */
  kind: "note" | "trailer" | "summary";
}

export interface HeaderBandRow {
  line: number;
  text: string;
  /**
   * `groups`: labels over groups of columns, prefixed to the names under them (`North` over
   * `Tag,Enterococcus` → `North Tag`, `North Enterococcus`); `units`: a row under the header
   * appended to the names (`(USD)`); `note`: a row under the header kept as a note, not data
   * (question texts, import ids); `title-cell`: a header cell that was the block's title.
   */
  use: "groups" | "units" | "note" | "title-cell";
}

/** A footnote that states how the table's rows were counted. */
export interface CountingRule {
  /**
   * `overlap`: one case can be counted in several rows (categories overlap: a sum overcounts);
   * `not-100`: percentages do not add up to 100; `excludes`: some cases are left out;
   * `denominator`: what percentages are computed over; `subset`: the rows cover part of a total.
   */
  kind: "overlap" | "not-100" | "excludes" | "denominator" | "subset";
  /** The sentence that states the rule. */
  sentence: string;
  /** The whole footnote it is part of. */
  text: string;
  /** 1-based line (sheet row) of the footnote. */
  line: number;
}

/** A header cell that names a kind of value (a year, a state…) its column does not hold. */
export interface HeaderMisfit {
  column: string;
  /** What the name promises: "year", "date", "state", "percentage". */
  expected: string;
  /** The neighbouring column whose values are of that kind, if any. */
  neighbour?: string;
  /** A few values of the column, and the line of the first of them. */
  samples: string[];
  line: number;
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
  /**
   * `empty`: the path is a folder with no file in it or below it (format `empty`, no tables); the
   * map lists it so that what is missing from the lake shows.
   */
  folder?: "empty";
  bytes: number;
  mtimeMs: number;
  format: SourceFormat;
  encoding?: TextEncoding;
  /**
   * The file is compressed: format, encoding and tables are those of its content. gzip is read by
   * DuckDB itself; bzip2 through a decompressed copy in RADAR's state folder (bzip2File.ts).
   */
  compression?: "gzip" | "bzip2";
  tables?: TableProfile[];
  /** For text files: the first lines. */
  firstLines?: string[];
  /** Why the file could not be read (what failed, where); the entry stays in the map. */
  error?: string;
  /** Hashes of the file's first bytes, to find copies (absent for empty and dot files). */
  fingerprint?: ContentFingerprint;
  /** Words and years of a text file's first 64 KiB, each once (fileRelations.ts), for Discover. */
  headTerms?: string[];
  /** For a ZIP archive of data files: each member, and why one was not read. */
  archive?: { kind: "zip"; members: ArchiveMember[] };
  /** Files with the same bytes, or of which this file is the start (or that are the start of it). */
  relations?: FileRelation[];
  /** The user said how to read the file (Scan's `reader` argument): its tables are read so. */
  reader?: ReaderOptions;
  /** Milliseconds spent profiling the file (not persisted meaningfully from cache). */
  profileMs?: number;
}

/** A member of a ZIP archive (see SourceEntry.archive). */
export interface ArchiveMember {
  name: string;
  /** Its size once extracted, as the archive's index says. */
  bytes: number;
  /** How many tables of the entry were read from it. */
  tables: number;
  /** Why it was not read (encrypted, another compression method, over the budget, damaged, no table). */
  error?: string;
}

export interface SourceMap {
  root: string;
  builtAt: string;
  files: SourceEntry[];
}
