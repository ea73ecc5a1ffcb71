import { closeSync, openSync, readSync, statSync } from "node:fs";

/** Bytes read back from the file's end per step. */
const STEP = 1 << 20;

/**
 * How many records at the end of a delimited file are blank — nothing but delimiters, spaces and
 * empty quotes (`,,,,,,`) — read back from the file's end until a record with a value. A file's
 * sample tail may lie wholly inside such a run (held-out HP-01: NYC's Bronx rolling-sales CSV,
 * 6,814 sales and then 13,299 lines of 20 commas, 280 KB, where the sample's tail held 64 KiB), and
 * the rows above the tail are then read as data. Lines end in LF, CR LF or a lone CR; a blank
 * record holds no quote that opens a field, so lines and records are one here. ASCII-compatible
 * encodings only (the delimiter and blanks are single bytes).
 */
export function blankRunAtEnd(absPath: string, delimiter: string): number {
  if (delimiter.length !== 1) return 0;
  const d = delimiter.charCodeAt(0);
  const blank = (b: number): boolean => b === d || b === 0x20 || b === 0x09 || b === 0x22;
  let fd: number | undefined;
  try {
    const size = statSync(absPath).size;
    fd = openSync(absPath, "r");
    let records = 0;
    // Whether the bytes read so far (after the last line end seen) hold anything but blanks.
    let lineHasValue = false;
    let lineHasBytes = false;
    const buffer = Buffer.alloc(Math.min(STEP, size));
    for (let end = size; end > 0;) {
      const n = Math.min(buffer.length, end);
      readSync(fd, buffer, 0, n, end - n);
      for (let i = n - 1; i >= 0; i--) {
        const b = buffer[i]!;
        if (b === 0x0a || b === 0x0d) {
          if (lineHasValue) return records;
          if (lineHasBytes) records++;
          lineHasBytes = false;
          continue;
        }
        lineHasBytes = true;
        if (!blank(b)) lineHasValue = true;
      }
      end -= n;
    }
    // The file's first line: a record of values (the header) ends the run, as would any.
    return lineHasValue ? records : records + (lineHasBytes ? 1 : 0);
  } catch {
    return 0;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
