import type { settleBytes } from "../readers/csvRead.ts";
import type { CsvRead } from "../sourceEntry.ts";
import type { TableLayout } from "../layout/tableLayout.ts";

/**
 * What the profilers of tables that DuckDB reads a line at a time and cuts itself share (a
 * fixed-width table cut at its columns' positions, a whitespace-aligned one at runs of spaces):
 * the read with every column VARCHAR until typed, and the layout in lines (the text: settledHead in csvRead.ts).
 */

/** How the file's bytes are read (see settleBytes). */
export type SettledBytes = Awaited<ReturnType<typeof settleBytes>>;

/** The read of such a table from line `skipLines` on; `cut` says how each line is cut into cells. */
export function wholeLineRead(
  settled: SettledBytes,
  skipLines: number,
  names: { name: string; sourceName: string }[],
  cut: Pick<CsvRead, "fixedWidth"> | Pick<CsvRead, "whitespace">,
): CsvRead {
  const { encoding, stripNul, maxLineBytes, crLines } = settled;
  return {
    kind: "csv",
    delimiter: "\u0001",
    encoding,
    skipLines,
    dataRows: 0,
    quotedNewlines: false,
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
    ...cut,
    ...(stripNul ? { stripNul } : {}),
    ...(crLines ? { crLines } : {}),
    ...(maxLineBytes ? { maxLineBytes } : {}),
  };
}

/** The layout of such a table over its lines: the non-blank lines above `titleEnd` are its title. */
export function lineLayout(
  lines: string[],
  titleEnd: number,
  table: Pick<TableLayout, "headerRow" | "dataStart" | "dataEnd" | "footer" | "names">,
): TableLayout {
  return {
    titleRows: lines.slice(0, titleEnd).flatMap((l, i) => (l.trim() === "" ? [] : [i])),
    groupRows: [],
    headerRow: table.headerRow,
    subHeaderRows: [],
    dataStart: table.dataStart,
    dataEnd: table.dataEnd,
    footer: table.footer,
    names: table.names,
  };
}
