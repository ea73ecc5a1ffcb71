import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { Uint32List } from "../uint32List.ts";

/**
 * The physical line where each record starts, found by one streaming pass over the file's bytes
 * (never the whole file in memory). Modes:
 * - `csv`: RFC-4180 quoting, so line breaks inside quoted cells don't start records;
 * - `lines`: one record per non-blank line (JSON lines);
 * - `json-array`: one record per top-level element of a JSON array.
 * Blank lines are not records (DuckDB skips them), matching DuckDB's record order.
 */
export type RecordMode = "csv" | "lines" | "json-array";

export interface RecordScanOptions {
  mode: RecordMode;
  /** Physical lines to pass over first (title rows and header). */
  skipLines?: number;
  maxRecords?: number;
  /** UTF-16 files are scanned in 2-byte units. */
  utf16?: boolean;
  /** The file is gzip-compressed: lines are those of the decompressed text. */
  gzip?: boolean;
  /** `csv` mode: the quote character when it is not `"` (the user's); `""`: no quoting. */
  quote?: string;
  /** A lone carriage return ends a line (the file's lines end so: CsvRead.crLines). */
  loneCr?: boolean;
}

export async function scanRecordStarts(absPath: string, options: RecordScanOptions): Promise<Uint32Array> {
  const max = options.maxRecords ?? Number.MAX_SAFE_INTEGER;
  const skip = options.skipLines ?? 0;
  const starts = new Uint32List();
  let line = 1;
  let inQuotes = false;
  let lineHasContent = false;
  let recordOpen = false;
  // json-array state
  let depth = 0;
  let inString = false;
  let escaped = false;
  const unit = options.utf16 ? 2 : 1;
  let first = true;
  let afterCr = false;
  const quote = options.quote === undefined ? 0x22 : options.quote === "" ? -1 : options.quote.charCodeAt(0);

  const raw = createReadStream(absPath, { highWaterMark: 1 << 20 });
  const stream = options.gzip ? raw.pipe(createGunzip({ chunkSize: 1 << 20 })) : raw;
  if (options.gzip) raw.on("error", (e) => stream.destroy(e));
  outer: for await (const chunk of stream as AsyncIterable<Buffer>) {
    let i = 0;
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
      else if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) i = 2;
    }
    for (; i < chunk.length; i += unit) {
      // In UTF-16LE the ASCII byte comes first; BE files put it second.
      const b = unit === 2 ? chunk[i]! | chunk[i + 1]! : chunk[i]!;
      if (options.mode === "json-array") {
        if (inString) {
          if (escaped) escaped = false;
          else if (b === 0x5c) escaped = true;
          else if (b === 0x22) inString = false;
        } else if (b === 0x22) {
          inString = true;
          if (depth === 1) recordStart();
        } else if (b === 0x5b || b === 0x7b) {
          if (depth === 1) recordStart();
          depth++;
        } else if (b === 0x5d || b === 0x7d) {
          depth--;
          if (depth === 1) recordOpen = false;
        } else if (b === 0x2c && depth === 1) recordOpen = false;
        else if (depth === 1 && b > 0x20) recordStart();
        if (b === 0x0a) line++;
        if (starts.length >= max) break outer;
        continue;
      }
      // A line ends in LF, CR LF, or — in a file whose lines end so — a lone CR.
      if (b === 0x0a && afterCr) {
        afterCr = false;
        continue;
      }
      afterCr = b === 0x0d && options.loneCr === true;
      if (b === 0x0a || afterCr) {
        if (!inQuotes) {
          lineHasContent = false;
          recordOpen = false;
        }
        line++;
        continue;
      }
      if (b === 0x0d) continue;
      // A line of spaces or tabs only is no record of a line reader (fixed-width and whitespace
      // tables leave such lines out, as JSON lines readers do).
      if (options.mode === "lines" && !lineHasContent && (b === 0x20 || b === 0x09)) continue;
      if (!lineHasContent && !inQuotes && !recordOpen) {
        if (line > skip) {
          starts.push(line);
          if (starts.length >= max) break outer;
        }
        recordOpen = true;
      }
      lineHasContent = true;
      if (options.mode === "csv" && b === quote) inQuotes = !inQuotes;
    }
  }
  stream.destroy();
  raw.destroy();
  return starts.slice(max);

  function recordStart(): void {
    if (recordOpen) return;
    recordOpen = true;
    starts.push(line);
  }
}
