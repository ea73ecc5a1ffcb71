import { z } from "zod";
import { reject } from "../../diagnostic.ts";
import { BashDenied } from "../../sandbox/bashDenied.ts";
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_TIMEOUT_MS, runBash } from "../../sandbox/bashSandbox.ts";
import type { BashResult } from "../../sandbox/bashSandbox.ts";
import { defineOperator } from "../operator.ts";
import { BASH_TABLE_ROWS, registerOutputTable } from "./bashTable.ts";
import { OUTPUT_COLUMNS } from "./outputFields.ts";
import { previewRowsArg } from "../preview.ts";
import { checkOutputName, replaceArg } from "../tableName.ts";
import { carriageReturnFindings } from "./carriageReturns.ts";
import { binaryAsTextFindings } from "./binaryAsText.ts";
import type { SourceFormat } from "../../sourceMap/sourceEntry.ts";
import { grepBinaryLineFindings, noteLinesOf } from "./grepBinaryLines.ts";
import { uncountedLastLineFindings } from "./uncountedLastLine.ts";
import { saidBefore } from "../../validation/saidInSession.ts";
import { bashFacts } from "./bashFacts.ts";
import type { BashObservation } from "./bashObservation.ts";
import { fileArguments } from "./lineProgramFiles.ts";
import { decodeBytes } from "../../sourceMap/sniff/fileSample.ts";

/**
 * The output a table may be registered from: far more than the agent is shown (64 KiB), since the
 * rows go to DuckDB, not into the context; bounded so that one command cannot fill the memory.
 */
export const BASH_TABLE_MAX_BYTES = 64 * 1024 * 1024;

export const bashArgs = z
  .object({
    command: z
      .string()
      .min(1)
      .describe(
        "A read-only command such as `head -n 20 file.csv` or `grep -c Florida *.csv`; pipes between allowed programs only.",
      ),
    output: z
      .string()
      .optional()
      .describe(
        "Register the command's standard output as a table of this name (one row per line, up to 64 MiB), for Query. Each row keeps its origin: for grep -n/-H output (and lines cat, head or grep print whole) the lake file and line, checked against the file; otherwise its output line.",
      ),
    columns: z
      .enum(OUTPUT_COLUMNS)
      .optional()
      .describe(
        'With output: how each line is split into columns: "lines" (default: one column `line`), "csv", "tsv" or "whitespace" (runs of blanks).',
      ),
    header: z
      .boolean()
      .optional()
      .describe("With output: the first output line names the columns (default: column0, column1, …)."),
    source_column: z
      .string()
      .optional()
      .describe(
        "With output: add a column of this name holding the lake file each row came from (NULL for a row that is an output line), e.g. to group by file.",
      ),
    replace: replaceArg,
    preview_rows: previewRowsArg(BASH_TABLE_ROWS),
    offset: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        "Lines of the output to skip before the ones kept (without output: the command's output is read up to 64 MiB and 64 KiB of it kept from there, to page through a long output); with output: rows of the table to skip before the ones shown.",
      ),
  })
  .strict();
export type BashArgs = z.infer<typeof bashArgs>;

/**
 * Programs whose exit status 1 is an answer, not a failure: grep selected no line; diff and cmp
 * found the files different. Their exit 2 (and above) is an error.
 */
const ANSWERING_EXIT_1: Record<string, string> = {
  grep: "grep found no matching line",
  egrep: "grep found no matching line",
  fgrep: "grep found no matching line",
  rg: "rg found no match",
  diff: "diff found the files different",
  cmp: "cmp found the files different",
};

/**
 * A grep pattern in basic syntax holding `|` matches that character itself: `grep ^2017-06-30\|^2017-07`
 * unquoted reaches grep as `^2017-06-30|^2017-07` (the shell takes the backslash), which matches no
 * line of a file of dates (held-out HR-02). Said beside "no matching line", with the two ways to
 * mean either.
 */
function literalBar(argv: string[]): string {
  if (argv[0] !== "grep") return "";
  const options = argv.slice(1).filter((a) => /^-[A-Za-z]+$/.test(a));
  if (options.some((o) => /[EFP]/.test(o))) return "";
  if (argv.some((a) => /^--(extended-regexp|fixed-strings|perl-regexp)$/.test(a))) return "";
  const eAt = argv.indexOf("-e");
  const pattern = eAt > 0 ? argv[eAt + 1] : argv.slice(1).find((a) => !a.startsWith("-"));
  if (!pattern?.includes("|") || pattern.includes("\\|")) return "";
  return `; its pattern ${JSON.stringify(pattern)} holds "|", which grep's basic syntax reads as the character itself: for either pattern use grep -E, or quote the pattern with \\| ('a\\|b')`;
}

/** What an upstream program says when the program after it stopped reading (`… | head`): no failure. */
const BROKEN_PIPE = /broken pipe|write error/i;

/**
 * How the command ended: ok, an answer told by an exit status (grep's 1: nothing found), or a
 * failure — a program's non-zero status (any stage of a pipeline) or the time limit.
 */
function outcome(result: BashResult): { exit: string; failure?: string } {
  const programs = result.argv.map((a) => a[0] ?? "?");
  const codes = result.exitCodes;
  const last = programs.length - 1;
  const stderrHead = result.stderr.trim().split("\n")[0] ?? "";
  const more = result.stderr.trim().split("\n").length - 1;
  const said = stderrHead ? `: ${stderrHead}${more > 0 ? ` (and ${more} more line(s) on stderr)` : ""}` : "";
  const hint = /no such file or directory|cannot open|cannot access/i.test(result.stderr)
    ? " Check the path (ls the folder); a path with spaces must be quoted ('…')."
    : "";
  if (result.timedOut)
    return {
      exit: "stopped at the time limit",
      failure: `Bash stopped \`${programs.join(" | ")}\` at the time limit (${DEFAULT_TIMEOUT_MS / 1000} s) before it finished; the output so far is kept. Narrow the command (head, a smaller file) or use Scan/Query.`,
    };
  for (let i = 0; i < programs.length; i += 1) {
    const code = codes[i];
    // Killed: an upstream program by SIGPIPE when the next one was done (`cat | head`), the last
    // one by the sandbox's output cap (said as `truncated`).
    if (code === null || code === undefined || code === 0) continue;
    const program = programs[i]!;
    if (code === 1 && ANSWERING_EXIT_1[program]) {
      if (i === last)
        return { exit: `exit 1: ${ANSWERING_EXIT_1[program]} (not an error)${literalBar(result.argv[i]!)}` };
      continue; // `grep x f | wc -l`: the count says it.
    }
    if (i < last && BROKEN_PIPE.test(result.stderr)) continue;
    const where = programs.length > 1 ? ` (stage ${i + 1} of the pipeline)` : "";
    return {
      exit: `exit ${code}: ${program} failed${where}`,
      failure: `${program}${where} exited with status ${code}${said}.${hint}`,
    };
  }
  const code = result.exitCode;
  return { exit: code === null ? "stopped (output cap)" : `exit ${code}` };
}

export const bashOperator = defineOperator<BashArgs, BashObservation>(bashFacts, {
  schema: bashArgs,
  inputsOf: () => [],
  readsFiles: true,
  readKey(args) {
    // The same command made into a table the same way, over files unchanged since, is the same
    // table: a batch sent again reuses it, as it reuses its Scans (held-out GP-06).
    if (args.output === undefined) return undefined;
    return `bash:${args.command.trim()}|${args.columns ?? "lines"}|${args.header ?? false}|${args.source_column ?? ""}`;
  },
  async execute(args, ctx) {
    if (!ctx.allowBash)
      reject(
        "bash-denied",
        "Bash is off in this workspace (it is not trusted). Use Scan, Probe and Query to read data.",
      );
    const output = args.output !== undefined ? checkOutputName(args.output, "Bash.output") : undefined;
    if (output === undefined) {
      const tableOnly = (["columns", "header", "source_column", "replace", "preview_rows"] as const).filter(
        (k) => args[k] !== undefined,
      );
      if (tableOnly.length)
        reject(
          "invalid-argument",
          `Bash.${tableOnly[0]} applies to the table of Bash.output; name one (e.g. "output": "lines") or leave ${tableOnly.join(", ")} out.`,
        );
    }
    let result: BashResult;
    try {
      result = await runBash(args.command, {
        lakeRoot: ctx.lakeRoot,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        // A table, or a page of a long output, reads past what the agent is shown at once.
        ...(output !== undefined || args.offset !== undefined
          ? { maxOutputBytes: BASH_TABLE_MAX_BYTES }
          : {}),
        listLakeFiles: () => ctx.map.files.map((f) => f.path),
        decodeStdout: (argv, bytes) => {
          // The one encoding the map read the pipeline's files in, when it is not UTF-8.
          const encodings = new Set(
            argv.flatMap((a) => fileArguments(a, ctx.lakeRoot)).map((f) => ctx.entry(f)?.encoding ?? "utf-8"),
          );
          const [encoding] = [...encodings];
          return encodings.size === 1 && encoding !== "utf-8" && encoding !== "utf-16"
            ? decodeBytes(bytes, encoding!)
            : undefined;
        },
      });
    } catch (error) {
      if (error instanceof BashDenied) reject("bash-denied", error.message);
      throw error;
    }
    const { exit, failure } = outcome(result);
    const observation: BashObservation = {
      command: args.command,
      stdout: result.stdout,
      stderr: result.stderr,
      exitCode: result.exitCode,
      ...(result.exitCodes.length > 1 ? { exitCodes: result.exitCodes } : {}),
      exit,
      truncated: result.truncated,
      timedOut: result.timedOut,
    };
    const formatOf = (file: string): SourceFormat | undefined => ctx.entry(file)?.format;
    const lineEnds = [
      ...binaryAsTextFindings(result.argv, ctx.lakeRoot, formatOf, ctx.state.reportedFinal),
      ...carriageReturnFindings(result.argv, ctx.lakeRoot, formatOf),
      ...grepBinaryLineFindings(result.argv, result.stderr, ctx.lakeRoot, (file) =>
        noteLinesOf(ctx.entry(file)),
      ),
      ...uncountedLastLineFindings(result.argv, ctx.lakeRoot, formatOf, (file) =>
        saidBefore(ctx.state, "uncounted-last-line", file, ctx.callOrder),
      ),
    ];
    const said = lineEnds.length ? { diagnostics: lineEnds } : {};
    if (output === undefined) {
      if (args.offset !== undefined) Object.assign(observation, page(result.stdout, args.offset));
      return { observation, ...said, ...(failure ? { failure } : {}) };
    }
    // The trace keeps what the agent would have been shown; the table keeps every line.
    const kept = firstBytes(result.stdout, DEFAULT_MAX_OUTPUT_BYTES);
    if (kept.length < result.stdout.length) {
      observation.stdout = kept;
      observation.stdoutBytes = Buffer.byteLength(result.stdout);
    }
    const incomplete =
      failure ??
      (result.truncated
        ? `the output is more than ${BASH_TABLE_MAX_BYTES / 1024 / 1024} MiB, so a table of it would be incomplete. Narrow the command (grep, head) or Scan the file.`
        : undefined);
    if (incomplete)
      return { observation, ...said, failure: `${incomplete} Table ${output} was not registered.` };
    const table = await registerOutputTable(
      ctx,
      {
        output,
        command: args.command,
        columns: args.columns ?? "lines",
        header: args.header ?? false,
        ...(args.source_column !== undefined ? { sourceColumn: args.source_column } : {}),
        ...(args.preview_rows !== undefined ? { previewRows: args.preview_rows } : {}),
        ...(args.offset !== undefined ? { offset: args.offset } : {}),
      },
      result.stdout,
      result.argv,
    );
    return { observation: { ...observation, ...table }, ...said };
  },
  summarize: (o) =>
    o.table !== undefined
      ? `${o.exit}, ${o.rowCount} rows → ${o.table} (${o.schema?.length ?? 0} columns; origins: ${o.read?.origins ?? "?"})${o.read?.ragged ? `; ${o.read.ragged.lines} line(s) with fewer than ${o.read.ragged.width} fields (first: output line ${o.read.ragged.firstOutputLine}), missing fields NULL` : ""}`
      : `${o.exit ?? `exit ${o.exitCode ?? "killed"}`}, ${pageText(o)}${o.truncated ? " (truncated)" : ""}${o.timedOut ? " (timed out)" : ""}`,
});

/** `12 lines`, or for a page `lines 5001–6000 of 60001`. */
function pageText(o: BashObservation): string {
  const shown = o.stdout.split("\n").filter(Boolean).length;
  if (o.offset === undefined) return `${shown} lines`;
  return shown === 0
    ? `no lines from line ${o.offset + 1} (the output has ${o.stdoutLines ?? 0})`
    : `lines ${o.offset + 1}–${o.offset + shown} of ${o.stdoutLines ?? "?"}`;
}

/** The output from line `offset` on, as much as the agent is shown at once (64 KiB). */
function page(
  stdout: string,
  offset: number,
): Pick<BashObservation, "stdout" | "offset" | "stdoutLines" | "stdoutBytes"> {
  let start = 0;
  let skipped = 0;
  while (skipped < offset && start < stdout.length) {
    const next = stdout.indexOf("\n", start);
    if (next < 0) {
      start = stdout.length;
      break;
    }
    start = next + 1;
    skipped += 1;
  }
  const kept = firstBytes(stdout.slice(start), DEFAULT_MAX_OUTPUT_BYTES);
  const lines = stdout === "" ? 0 : stdout.replace(/\n$/, "").split("\n").length;
  return {
    stdout: kept,
    offset,
    stdoutLines: lines,
    ...(kept.length < stdout.length ? { stdoutBytes: Buffer.byteLength(stdout) } : {}),
  };
}

/** The first whole lines of `text` within `bytes` bytes (UTF-8). */
function firstBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  const cut = Buffer.from(text).subarray(0, bytes).toString("utf8");
  const end = cut.lastIndexOf("\n");
  return end < 0 ? cut : cut.slice(0, end + 1);
}
