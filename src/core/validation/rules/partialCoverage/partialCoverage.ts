import { resolve } from "node:path";
import { readFileWindow } from "../../../fileWindow.ts";
import type { BashObservation } from "../../../operators/bash/bashObservation.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import { parseBashCommand } from "../../../sandbox/bashSandbox.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { noteShownLines } from "../../shownLines.ts";
import { otherSheets, sheetsText } from "./sheetsText.ts";
import { partialCoverageDoc } from "./partialCoverageDoc.ts";
import { partialFile } from "./partialFile.ts";

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

/** The bytes a head/tail stage takes instead of lines: `-c 600`, `-c600`, `--bytes=600`. */
function bytesTaken(argv: string[]): number | undefined {
  for (let i = 1; i < argv.length; i++) {
    const m = /^-c(\d+)$/.exec(argv[i]!) ?? /^--bytes=\+?(\d+)$/.exec(argv[i]!);
    if (m) return Number(m[1]);
    if ((argv[i] === "-c" || argv[i] === "--bytes") && argv[i + 1])
      return Number(argv[i + 1]!.replace(/^\+/, ""));
  }
  return undefined;
}

/**
 * The whole lines among a file's first (or last) `bytes` bytes (held-out GV-08: `head -c 600` of a
 * file of 1,540 columns showed part of its header line, no data row).
 */
function linesInBytes(path: string, bytes: number, end: "head" | "tail"): number {
  const window = readFileWindow(path, bytes, end);
  if (!window) return 0;
  const { buffer, size } = window;
  let lines = 0;
  for (const b of buffer) if (b === 10) lines++;
  // The last line of a file whose bytes were all taken counts even without its line feed.
  return buffer.length === size && size > 0 && buffer[size - 1] !== 10 ? lines + 1 : lines;
}

/** The bytes of a file's first (or last) `lines` lines, read from that end up to 1 MiB. */
function bytesOfLines(path: string, lines: number, end: "head" | "tail"): number {
  const window = readFileWindow(path, Number.MAX_SAFE_INTEGER, end);
  if (!window) return 0;
  const { buffer } = window;
  const n = buffer.length;
  let seen = 0;
  if (end === "head") {
    for (let i = 0; i < n; i++) if (buffer[i] === 10 && ++seen >= lines) return i + 1;
  } else {
    // The file's last line break ends its last line; the lines before it are counted back.
    for (let i = n - 2; i >= 0; i--) if (buffer[i] === 10 && ++seen >= lines) return n - i - 1;
  }
  return n;
}

/**
 * Records a view of `lines` lines (or `bytes` bytes) showed of a JSON array whose records span
 * several lines, in proportion to the bytes shown: a pretty-printed feed of 339 recalls at about
 * twenty lines each shows one and a half in its first 1,500 bytes, not 32 (held-out HM-08).
 * Undefined for files whose records are lines (CSV, JSON lines): their lines are counted.
 */
function recordsShown(
  path: string,
  entry: { bytes: number; tables?: { rowCount: number; read: { kind: string; format?: string } }[] },
  shown: { lines: number; bytes?: number },
  end: "head" | "tail",
): number | undefined {
  const table = entry.tables?.[0];
  if (!table || table.read.kind !== "json" || table.read.format !== "array" || entry.bytes === 0)
    return undefined;
  const bytes = shown.bytes ?? bytesOfLines(path, shown.lines, end);
  return Math.min(table.rowCount, Math.floor((table.rowCount * Math.min(bytes, entry.bytes)) / entry.bytes));
}

/** Programs that read every line of the files they are given, printing the lines that match. */
const SEARCHERS = new Set(["grep", "egrep", "fgrep", "rg"]);

/** Programs that print every line of the files they are given (one stage, nothing cut). */
const WHOLE_PRINTERS = new Set(["cat", "nl"]);

/** A `cut` whose selection starts at each line's first character, byte or field (`-c1-80`, `-f1,3`). */
function cutsFromLineStart(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    const m = /^-([cbf])(.*)$/.exec(argv[i]!);
    if (!m) continue;
    const list = m[2] !== "" ? m[2]! : (argv[i + 1] ?? "");
    return list.split(",").some((range) => /^(1(-\d*)?|-\d+)$/.test(range));
  }
  return false;
}

/**
 * `partial-coverage` (warning): the agent works from part of a source — it scanned one sheet of a
 * multi-sheet workbook (or one table of a page) without choosing it and never read the others in
 * the same work, or it read a data file only through `head`/`tail` and never scanned it whole. The
 * Scan itself is told at once (info); the warning comes from the end-of-work check, which sees
 * whether the other sheets were scanned after it.
 */
/** Programs that print the lines they read, cut by count or numbered, and compute nothing from them. */
const PRINTERS = new Set(["head", "tail", "cat", "nl"]);

export const partialCoverageRule: ValidationRule = {
  code: partialCoverageDoc.code,
  runOrder: 100,
  phase: "after",
  ops: ["Scan", "Bash"],
  inputsOnly: false,
  check: ({ op, args, observation, ctx }) => {
    if (op === "Scan") {
      const o = observation as ScanObservation;
      const tables = ctx.entry(o.provenance.file)?.tables ?? [];
      // A later Scan that names its sheet, or reads the file as one table (reader options that
      // join its blocks: held-out JU-08), is a choice made: the first Scan's unchosen reading no
      // longer stands (the end-of-work check said "holds 1 sheets/tables … the others ("")").
      const first = o.provenance.sheet ?? tables[0]?.sheet ?? "";
      const others = otherSheets(tables, first);
      // Every other table empty: the Scan read all the file holds.
      if (args.sheet !== undefined || tables.length < 2 || others.length === 0) {
        ctx.state.unchosenScans.delete(o.provenance.file);
        return [];
      }
      ctx.state.unchosenScans.set(o.provenance.file, first);
      // Said at once, as info: the same work may scan the other tables next (a batch often does).
      // Whether it did is judged when the work is done (partialSheetRule).
      return [
        partialFile(
          o.provenance.file,
          "info",
          `${sheetsText(o.provenance.file, tables.length, first, others)} Name the sheet you mean with Scan.sheet, or scan the others too.`,
        ),
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
    // `cut -c1-80 FILE` printed every line from its start: the header and the rows under it, in
    // their first columns, were in front of the agent (what header-offset asks), not whole lines.
    if (
      only &&
      only[0] === "cut" &&
      cutsFromLineStart(only) &&
      bash.exitCode === 0 &&
      !bash.truncated &&
      !bash.timedOut &&
      bash.offset === undefined &&
      bash.stdoutBytes === undefined
    )
      for (const entry of filesOf(only))
        noteShownLines(ctx.state, entry.path, { command: String(args.command), lines: Infinity });
    // `grep PATTERN FILE` (first stage, reading the file itself) searched every line: what it shows
    // or finds missing rests on the whole file, not on the lines a head or tail printed before.
    const first = stages[0];
    // grep exits 1 when nothing matched: it searched every line all the same.
    const searched = bash.exitCodes?.[0] ?? bash.exitCode;
    if (first && SEARCHERS.has(first[0] ?? "") && (searched === 0 || searched === 1) && !bash.timedOut)
      for (const entry of filesOf(first)) ctx.state.partialViews.delete(entry.path);
    const cut = stages.find((argv) => argv[0] === "head" || argv[0] === "tail");
    if (!cut) return [];
    // The cut takes a file's first (or last) lines only when every stage before it passes the
    // lines on as they are (`cat -n f | head`): after a search or any other stage (`grep -n ',t,'
    // f | head -60`, held-out JO-06) it takes the first lines of that stage's output, and the
    // file was read whole.
    if (!stages.slice(0, stages.indexOf(cut)).every((argv) => PRINTERS.has(argv[0] ?? ""))) return [];
    const bytes = bytesTaken(cut);
    const end = cut[0] === "tail" ? "tail" : "head";
    // Every stage cuts or prints whole lines (`head -n 24 f | tail -n 13`, `cat -n f | tail -75`):
    // the agent was shown them, and nothing was computed from them. (A `cut` of the lines is left
    // out: readers held the end-of-run warning right after `head -3 | cut -c1-600`.)
    const printedOnly = stages.every((argv) => PRINTERS.has(argv[0] ?? ""));
    for (const argv of stages.slice(0, stages.indexOf(cut) + 1))
      for (const entry of filesOf(argv)) {
        const shown =
          bytes === undefined ? linesShown(cut) : linesInBytes(resolve(ctx.lakeRoot, entry.path), bytes, end);
        // The first lines, header included, were in front of the agent (what header-offset asks).
        if (cut[0] === "head" && bash.exitCode === 0)
          noteShownLines(ctx.state, entry.path, { command: String(args.command), lines: shown });
        const table = entry.tables?.[0];
        const records = recordsShown(
          resolve(ctx.lakeRoot, entry.path),
          entry,
          { lines: shown, ...(bytes !== undefined ? { bytes } : {}) },
          end,
        );
        const partial =
          records !== undefined
            ? records < (table?.rowCount ?? 0)
            : table && table.headerLine + table.rowCount > shown;
        if (table && partial && !ctx.state.wholeViews.has(entry.path))
          ctx.state.notePartialView(entry.path, {
            command: String(args.command),
            lines: shown,
            end,
            ...(records !== undefined ? { records } : {}),
            ...(printedOnly ? { printedOnly: true } : {}),
          });
      }
    return [];
  },
};
