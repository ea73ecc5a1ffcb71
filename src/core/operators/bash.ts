import { z } from "zod";
import { reject } from "../diagnostic.ts";
import { BashDenied, DEFAULT_TIMEOUT_MS, runBash } from "../sandbox/bashSandbox.ts";
import type { BashResult } from "../sandbox/bashSandbox.ts";
import type { Operator } from "./operator.ts";
import { bashFacts } from "./facts/bashFacts.ts";

export const bashArgs = z
  .object({
    command: z
      .string()
      .min(1)
      .describe(
        "A read-only command such as `head -n 20 file.csv` or `grep -c Florida *.csv`; pipes between allowed programs only.",
      ),
  })
  .strict();
export type BashArgs = z.infer<typeof bashArgs>;

export interface BashObservation {
  command: string;
  stdout: string;
  stderr: string;
  /** The last program's exit code; null when it was stopped (time limit, output flood, cancel). */
  exitCode: number | null;
  /** Every program's exit code, in pipeline order (only for a pipeline). */
  exitCodes?: (number | null)[];
  /**
   * What the exit code means, in words: `exit 0`, `exit 1: grep found no matching line (not an
   * error)`, `exit 1: cat failed`…
   */
  exit: string;
  truncated: boolean;
  timedOut: boolean;
}

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
      if (i === last) return { exit: `exit 1: ${ANSWERING_EXIT_1[program]} (not an error)` };
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

export const bashOperator: Operator<BashArgs, BashObservation> = {
  ...bashFacts,
  schema: bashArgs,
  inputsOf: () => [],
  async execute(args, ctx) {
    if (!ctx.allowBash)
      reject(
        "bash-denied",
        "Bash is off in this workspace (it is not trusted). Use Scan, Probe and Query to read data.",
      );
    try {
      const result = await runBash(args.command, {
        lakeRoot: ctx.lakeRoot,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        listLakeFiles: () => ctx.map.files.map((f) => f.path),
      });
      const { exit, failure } = outcome(result);
      return {
        observation: {
          command: args.command,
          stdout: result.stdout,
          stderr: result.stderr,
          exitCode: result.exitCode,
          ...(result.exitCodes.length > 1 ? { exitCodes: result.exitCodes } : {}),
          exit,
          truncated: result.truncated,
          timedOut: result.timedOut,
        },
        ...(failure ? { failure } : {}),
      };
    } catch (error) {
      if (error instanceof BashDenied) reject("bash-denied", error.message);
      throw error;
    }
  },
  summarize: (o) =>
    `${o.exit ?? `exit ${o.exitCode ?? "killed"}`}, ${o.stdout.split("\n").filter(Boolean).length} lines${o.truncated ? " (truncated)" : ""}${o.timedOut ? " (timed out)" : ""}`,
};
