import { countingRules } from "./footnotes.ts";
import { headerMisfits } from "./headerFit.ts";
import type { TableProfile } from "../sourceEntry.ts";
import type { TableLayout } from "./tableLayout.ts";
import { rowText } from "./tableLayout.ts";

/**
 * The parts of a table's profile that come from its layout: title rows, the header band, the rows
 * after the data (whole text, each with its line and kind), the counting rules its notes state,
 * and header/value misfits. `lineOf(i)` is the 1-based line (sheet row) of row i; 0 when unknown.
 */
export type LayoutParts = Pick<
  TableProfile,
  "titleLines" | "titleLineNumbers" | "footer" | "headerBand" | "countingRules" | "headerFit" | "noHeader"
>;

export function layoutParts(
  rows: string[][],
  layout: TableLayout,
  lineOf: (i: number) => number,
  options: {
    names?: string[];
    tailFooter?: { line: number; text: string; kind: "note" | "trailer" | "summary" }[];
  } = {},
): LayoutParts {
  const titleRows = layout.titleRows
    .map((i) => ({ line: lineOf(i), text: rowText(rows[i]!) }))
    .filter((t) => t.text !== "");
  const footerRows =
    options.tailFooter ??
    layout.footer
      .map((f) => ({ line: lineOf(f.index), text: rowText(rows[f.index]!), kind: f.kind }))
      .filter((f) => f.text !== "");
  const band: NonNullable<TableProfile["headerBand"]> = [
    ...layout.groupRows.map((i) => ({ line: lineOf(i), text: rowText(rows[i]!), use: "groups" as const })),
    ...layout.subHeaderRows.map((s) => ({
      line: lineOf(s.index),
      text: rowText(rows[s.index]!),
      use: s.use,
    })),
  ];
  const rules = countingRules([...footerRows.filter((f) => f.kind === "note"), ...titleRows]);
  const misfits =
    layout.headerRow === null || !options.names
      ? []
      : headerMisfits(options.names, rows.slice(layout.dataStart, layout.dataEnd), lineOf(layout.dataStart));
  return {
    // Data from the first row on: the columns are named by position.
    ...(layout.headerRow === null && layout.dataStart < layout.dataEnd ? { noHeader: true as const } : {}),
    titleLines: titleRows.map((t) => t.text),
    titleLineNumbers: titleRows.map((t) => t.line),
    ...(footerRows.length
      ? { footer: { line: footerRows[0]!.line, lines: footerRows.map((f) => f.text), rows: footerRows } }
      : {}),
    ...(band.length ? { headerBand: band } : {}),
    ...(rules.length ? { countingRules: rules } : {}),
    ...(misfits.length ? { headerFit: misfits } : {}),
  };
}
