import type { Diagnostic } from "../../diagnostic.ts";
import type { ScanObservation } from "../../operators/scan.ts";
import { parseBashCommand } from "../../sandbox/bashSandbox.ts";
import type { ValidationRule } from "../validationRule.ts";

const DEFAULT_LINES = 10;

/** Lines a head/tail stage shows: `-n 5`, `-n5`, `-5`, `--lines=5`; 10 by default. */
function linesShown(argv: string[]): number {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const m = /^-n(\d+)$/.exec(a) ?? /^--lines=\+?(\d+)$/.exec(a) ?? /^-(\d+)$/.exec(a);
    if (m) return Number(m[1]);
    if ((a === "-n" || a === "--lines") && argv[i + 1])
      return Number(argv[i + 1]!.replace(/^\+/, "")) || DEFAULT_LINES;
  }
  return DEFAULT_LINES;
}

/**
 * `partial-coverage` (warning): the agent works from part of a source — it scanned one sheet of a
 * multi-sheet workbook (or one table of a page) without choosing it, or it read a data file only
 * through `head`/`tail` and never scanned it whole.
 */
export const partialCoverageRule: ValidationRule = {
  code: "partial-coverage",
  phase: "after",
  ops: ["Scan", "Bash"],
  inputsOnly: false,
  check: ({ op, args, observation, ctx }) => {
    if (op === "Scan") {
      const o = observation as ScanObservation;
      const tables = ctx.entry(o.provenance.file)?.tables ?? [];
      if (args.sheet !== undefined || tables.length < 2) return [];
      const others = tables.slice(1).map((t) => `"${t.sheet}"`);
      return [
        {
          code: "partial-coverage",
          severity: "warning",
          message: `${o.provenance.file} holds ${tables.length} sheets/tables; Scan read only the first ("${o.provenance.sheet}"). The others (${others.slice(0, 5).join(", ")}${others.length > 5 ? ", …" : ""}) were not read. Name the sheet you mean with Scan.sheet, or scan the others too.`,
          locations: [{ file: o.provenance.file, line: 1 }],
        },
      ];
    }
    const stages = parseBashCommand(String(args.command), {
      lakeRoot: ctx.lakeRoot,
      listLakeFiles: () => ctx.map.files.map((f) => f.path),
    });
    const cut = stages.find((argv) => argv[0] === "head" || argv[0] === "tail");
    if (!cut) return [];
    const shown = linesShown(cut);
    for (const argv of stages)
      for (const arg of argv.slice(1)) {
        const entry = ctx.entry(arg);
        const table = entry?.tables?.[0];
        if (table && table.headerLine + table.rowCount > shown)
          ctx.state.partialViews.set(entry.path, { command: String(args.command), lines: shown });
      }
    return [];
  },
};

/** At the end of the work: files seen only through head/tail and never scanned. */
export const partialViewRule: ValidationRule = {
  code: "partial-coverage",
  phase: "final",
  check: (ctx) => {
    const out: Diagnostic[] = [];
    for (const [path, view] of ctx.state.partialViews) {
      if ([...ctx.state.scanned].some((s) => s === path || s.startsWith(`${path}#`))) continue;
      const rows = ctx.entry(path)?.tables?.[0]?.rowCount ?? 0;
      out.push({
        code: "partial-coverage",
        severity: "warning",
        message: `${path} was only seen through \`${view.command}\` (${view.lines} lines of a table of ${rows} rows) and never scanned; conclusions about the whole file rest on part of it. Scan it and query all rows.`,
        locations: [{ file: path, line: 1 }],
      });
    }
    return out;
  },
};
