import type { Diagnostic } from "../../diagnostic.ts";
import type { BashObservation } from "../../operators/bashObservation.ts";
import type { ScanObservation } from "../../operators/scanObservation.ts";
import type { TableProfile } from "../../sourceMap/sourceEntry.ts";
import type { PartialView } from "../../state/sharedState.ts";
import { parseBashCommand } from "../../sandbox/bashSandbox.ts";
import type { ValidationRule } from "../validationRule.ts";
import { noteShownLines } from "../shownLines.ts";

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

function otherSheets(tables: { sheet?: string }[], first: string): string[] {
  return tables.map((t) => t.sheet ?? "").filter((name) => name !== first);
}

function sheetsText(file: string, count: number, first: string, others: string[]): string {
  const shown = others.map((o) => `"${o}"`);
  return `${file} holds ${count} sheets/tables; a Scan without Scan.sheet read only the first ("${first}"), and the others (${shown.slice(0, 5).join(", ")}${shown.length > 5 ? ", …" : ""}) were not read.`;
}

/**
 * `partial-coverage` (warning): the agent works from part of a source — it scanned one sheet of a
 * multi-sheet workbook (or one table of a page) without choosing it and never read the others in
 * the same work, or it read a data file only through `head`/`tail` and never scanned it whole. The
 * Scan itself is told at once (info); the warning comes from the end-of-work check, which sees
 * whether the other sheets were scanned after it.
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
      const first = o.provenance.sheet ?? tables[0]!.sheet ?? "";
      ctx.state.unchosenScans.set(o.provenance.file, first);
      // Said at once, as info: the same work may scan the other tables next (a batch often does).
      // Whether it did is judged when the work is done (partialSheetRule).
      return [
        {
          code: "partial-coverage",
          severity: "info",
          message: `${sheetsText(o.provenance.file, tables.length, first, otherSheets(tables, first))} Name the sheet you mean with Scan.sheet, or scan the others too.`,
          locations: [{ file: o.provenance.file, line: 1 }],
        },
      ];
    }
    const stages = parseBashCommand(String(args.command), {
      lakeRoot: ctx.lakeRoot,
      listLakeFiles: () => ctx.map.files.map((f) => f.path),
    });
    const bash = observation as BashObservation;
    const filesOf = (argv: string[]) =>
      argv
        .slice(1)
        .map((arg) => ctx.entry(arg))
        .filter((e): e is NonNullable<typeof e> => e !== undefined);
    // `cat FILE` printed in full: every line of the file was shown, whatever blocks it holds.
    const only = stages.length === 1 ? stages[0]! : undefined;
    if (
      only &&
      WHOLE_PRINTERS.has(only[0] ?? "") &&
      bash.exitCode === 0 &&
      !bash.truncated &&
      !bash.timedOut &&
      // A page of the output, or the first 64 KiB of a table's: not every line was printed.
      bash.offset === undefined &&
      bash.stdoutBytes === undefined
    ) {
      for (const entry of filesOf(only)) {
        noteShownLines(ctx.state, entry.path, { command: String(args.command), lines: Infinity });
        ctx.state.wholeViews.add(entry.path);
        ctx.state.partialViews.delete(entry.path);
      }
      return [];
    }
    const cut = stages.find((argv) => argv[0] === "head" || argv[0] === "tail");
    if (!cut) return [];
    const shown = linesShown(cut);
    for (const argv of stages)
      for (const entry of filesOf(argv)) {
        // The first lines, header included, were in front of the agent (what header-offset asks).
        if (cut[0] === "head" && bash.exitCode === 0)
          noteShownLines(ctx.state, entry.path, { command: String(args.command), lines: shown });
        const table = entry.tables?.[0];
        if (table && table.headerLine + table.rowCount > shown && !ctx.state.wholeViews.has(entry.path))
          ctx.state.notePartialView(entry.path, {
            command: String(args.command),
            lines: shown,
            end: cut[0] === "tail" ? "tail" : "head",
          });
      }
    return [];
  },
};

/** Programs that print every line of the files they are given (one stage, nothing cut). */
const WHOLE_PRINTERS = new Set(["cat", "nl"]);

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

/** At the end of the work: files of several tables of which only the first was read, unchosen. */
export const partialSheetRule: ValidationRule = {
  code: "partial-coverage",
  phase: "final",
  check: (ctx) => {
    const out: Diagnostic[] = [];
    for (const [path, first] of ctx.state.unchosenScans) {
      // The agent printed the whole file (`cat`): the other blocks were in front of it.
      if (ctx.state.wholeViews.has(path)) continue;
      const tables = ctx.entry(path)?.tables ?? [];
      const others = otherSheets(tables, first);
      if (others.some((sheet) => ctx.state.scanned.has(`${path}#${sheet}`))) continue;
      out.push({
        code: "partial-coverage",
        severity: "warning",
        message: `${sheetsText(path, tables.length, first, others)} None of them was scanned in this work. Name the sheet you mean with Scan.sheet, or scan the others too.`,
        locations: [{ file: path, line: 1 }],
      });
    }
    return out;
  },
};
