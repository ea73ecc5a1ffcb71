import type { Diagnostic } from "../../../diagnostic.ts";
import type { TableProfile } from "../../../sourceMap/sourceEntry.ts";
import type { PartialView } from "../../../state/sharedState.ts";
import type { ValidationRule } from "../../validationRule.ts";

/** What a head/tail view showed of a table: lines at one end, and how many of its data rows. */
function viewText(view: PartialView, table: TableProfile | undefined): string {
  const rows = table?.rowCount ?? 0;
  if (view.end === "tail") {
    const footer = table?.footer?.lines.length ?? 0;
    const dataRows = Math.min(rows, Math.max(0, view.lines - footer));
    return `\`${view.command}\` (the last ${view.lines} lines: ${dataRows} of ${rows} data rows)`;
  }
  const dataRows = table ? Math.min(rows, Math.max(0, view.lines - table.headerLine)) : 0;
  return `\`${view.command}\` (the first ${view.lines} lines: ${dataRows} of ${rows} data rows)`;
}

/** At the end of the work: files seen only through head/tail and never scanned. */
export const partialViewRule: ValidationRule = {
  code: "partial-coverage",
  runOrder: 260,
  phase: "final",
  check: (ctx) => {
    const out: Diagnostic[] = [];
    for (const [path, views] of ctx.state.partialViews) {
      if ([...ctx.state.scanned].some((s) => s === path || s.startsWith(`${path}#`))) continue;
      if (ctx.state.wholeViews.has(path)) continue;
      const table = ctx.entry(path)?.tables?.[0];
      out.push({
        code: "partial-coverage",
        severity: "warning",
        message: `${path} was only seen through ${views.map((v) => viewText(v, table)).join(" and ")} and never scanned; conclusions about the whole file rest on part of it. Scan it and query all rows.`,
        locations: [{ file: path, line: 1 }],
      });
    }
    return out;
  },
};
