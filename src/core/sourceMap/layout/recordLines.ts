import type { TextRecord } from "../readers/delimitedText.ts";
import type { TableLayout } from "./tableLayout.ts";

/** Where records of delimited text sit among the file's physical lines (quoted line breaks, blank lines). */

/** Physical lines before the first data record: title rows, blank lines and the header band. */
export function skipBefore(records: TextRecord[], layout: TableLayout): number {
  const first = records[layout.dataStart];
  if (first && layout.dataStart < layout.dataEnd) return first.line - 1;
  // No data rows: skip through the end of the header band.
  const last = records[layout.dataStart - 1];
  return last ? last.line - 1 + countBreaks(last.fields) + 1 : 0;
}

/**
 * What DuckDB's `skip` must be to start at the first data record: skipBefore's physical lines, less
 * the line breaks inside the quoted cells of the records before it — DuckDB counts such a record
 * as one row (a header of `"Median\nincome"` cells spanning 38 lines is one), a blank line as one.
 * Counting physical lines there skipped that many data rows (held-out FH-06: Census table H-8's
 * first 17 states, and a block read from the next one's rows).
 */
export function rowsBefore(records: TextRecord[], layout: TableLayout): number {
  let breaks = 0;
  for (let i = 0; i < layout.dataStart && i < records.length; i++) breaks += countBreaks(records[i]!.fields);
  return skipBefore(records, layout) - breaks;
}

/** `{ skipRows }` for a CsvRead when DuckDB's skip differs from the physical lines, else nothing. */
export function skipRowsOf(records: TextRecord[], layout: TableLayout): { skipRows?: number } {
  const rows = rowsBefore(records, layout);
  return rows === skipBefore(records, layout) ? {} : { skipRows: rows };
}

/** `gapBefore[i]`: an empty line, which is no record (DuckDB skips it too), precedes record i. */
export function gapsOf(records: TextRecord[]): boolean[] {
  return records.map((r, i) => {
    const previous = records[i - 1];
    return previous !== undefined && r.line > previous.line + countBreaks(previous.fields) + 1;
  });
}

/**
 * The line of data row `row` (1-based) when the records split in JS reach it: records before
 * `reach` (the head of a file laid out from its head and tail, or the block's end) are the file's own.
 */
export function dataLine(
  records: TextRecord[],
  dataStart: number,
  row: number,
  reach: number,
): number | undefined {
  const index = dataStart + row - 1;
  return index < reach && index < records.length ? records[index]?.line : undefined;
}

export function countBreaks(fields: string[]): number {
  let n = 0;
  for (const f of fields) for (let j = f.indexOf("\n"); j >= 0; j = f.indexOf("\n", j + 1)) n++;
  return n;
}
