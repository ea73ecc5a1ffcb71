import type { Diagnostic } from "../../../diagnostic.ts";
import type { TableProfile } from "../../../sourceMap/sourceEntry.ts";
import type { PartialView } from "../../../state/sharedState.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { partialCoverageDoc } from "./partialCoverageDoc.ts";
import { partialFile } from "./partialFile.ts";

/** How many of a table's data rows a head/tail view showed. */
function dataRowsShown(view: PartialView, table: TableProfile | undefined): number {
  const rows = table?.rowCount ?? 0;
  if (view.end === "tail")
    return Math.min(rows, Math.max(0, view.lines - (table?.footer?.lines.length ?? 0)));
  return table ? Math.min(rows, Math.max(0, view.lines - table.headerLine)) : 0;
}

/** What a head/tail view showed of a table: lines at one end, and how many of its data rows. */
function viewText(view: PartialView, table: TableProfile | undefined): string {
  const rows = table?.rowCount ?? 0;
  const which = view.end === "tail" ? "last" : "first";
  return `\`${view.command}\` (the ${which} ${view.lines} lines: ${dataRowsShown(view, table)} of ${rows} data rows)`;
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
function onlyGlanced(views: PartialView[], table: TableProfile | undefined): boolean {
  if (!table || table.rowCount === 0 || !views.every((v) => v.printedOnly)) return false;
  const shown = views.reduce((sum, v) => sum + dataRowsShown(v, table), 0);
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
      const table = ctx.entry(path)?.tables?.[0];
      if (onlyGlanced(views, table)) continue;
      out.push(
        partialFile(
          path,
          "warning",
          `${path} was only seen through ${views.map((v) => viewText(v, table)).join(" and ")} and never scanned; conclusions about the whole file rest on part of it. Scan it and query all rows.`,
        ),
      );
    }
    return out;
  },
};
