import type { CsvRead } from "../sourceEntry.ts";

/**
 * Whether DuckDB reads the lake file itself with the map's own options: UTF-8 with no copy (no
 * NUL padding, no lone carriage returns), not compressed, cut at a delimiter (not fixed widths or
 * whitespace), lines of ordinary length with no quoted line breaks, none of the user's quote,
 * comment or missing-value options, no column range of a side-by-side block, not Eurostat's layout
 * (cells read off their flags, eurostatRead.ts). Such files can be counted in JS (exactRecords)
 * and read together with others of their layout (familyRead).
 */
export function plainRead(read: CsvRead): boolean {
  if (read.encoding !== "utf-8" || read.stripNul || read.crLines || read.compression) return false;
  if (read.fixedWidth || read.whitespace || read.maxLineBytes || read.quotedNewlines) return false;
  if (read.quote !== undefined || read.comment !== undefined || read.nulls?.length || read.columnRange)
    return false;
  return !read.eurostat;
}
