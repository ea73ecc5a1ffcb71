import type { TableLayout } from "./tableLayout.ts";

/**
 * A header line with a delimiter too many (`,DATE,TIME,…` or `DATE,,TIME,…` over records of one
 * field fewer): read by position, every name from the empty field on sits over its left
 * neighbour's values and the last name over nothing — a silent misnaming. When the header has
 * exactly as many empty fields as it is wider than every data record, those empty fields are
 * stray delimiters: the names are the header's filled cells, in order, over the records' fields.
 *
 * Only for a plain one-row header (no group or unit rows) over rows that are every record of the
 * file (`rows` read whole). Returns the names, or undefined when the header fits its records.
 */
export function namesWithoutStrayFields(
  rows: string[][],
  layout: TableLayout,
): { names: string[]; recordWidth: number; dropped: number } | undefined {
  if (layout.headerRow === null || layout.groupRows.length > 0) return undefined;
  if (layout.subHeaderRows.some((r) => r.use === "units") || layout.dataEnd <= layout.dataStart)
    return undefined;
  const header = rows[layout.headerRow]!;
  let recordWidth = 0;
  for (let i = layout.dataStart; i < layout.dataEnd; i++)
    recordWidth = Math.max(recordWidth, rows[i]!.length);
  const extra = header.length - recordWidth;
  if (extra <= 0 || recordWidth < 2) return undefined;
  const filled = header.filter((c) => c.trim() !== "");
  if (header.length - filled.length !== extra) return undefined;
  return { names: filled, recordWidth, dropped: extra };
}

/** The table's note on a header read without its stray empty fields. */
export function widerHeaderNote(line: number, dropped: number, recordWidth: number): string {
  return `the header (line ${line}) has ${dropped} empty field${dropped === 1 ? "" : "s"} more than any data record (${recordWidth} fields): ${dropped === 1 ? "it is read as a stray delimiter" : "they are read as stray delimiters"}, and the names are the header's filled cells in order`;
}
