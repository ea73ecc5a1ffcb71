/**
 * The agent's `Bash` tool: read-only, shell-like commands over the data lake, without a shell.
 *
 * The command text comes from an untrusted LLM, so it never reaches /bin/sh. We tokenize it ourselves,
 * accept only `|` pipelines of allowlisted read-only programs, check every word that could name a file
 * against the lake (lexically and through symlinks), and spawn the programs directly with a scrubbed
 * environment. Anything we cannot vouch for is refused with a `BashDenied` that tells the agent what to
 * do instead, before any process starts.
 */
import { expandWord, openLake } from "./bashLake.ts";
import type { Lake } from "./bashLake.ts";
import { resolveProgram } from "./bashPrograms.ts";
import type { AllowedProgram } from "./bashPrograms.ts";
import { splitStages, tokenize } from "./bashWords.ts";
import { checkFindArgs, checkProgramArgs } from "./programArgs.ts";
import { runPipeline } from "./runPipeline.ts";
import type { Stage } from "./runPipeline.ts";

export interface BashResult {
  stdout: string;
  stderr: string;
  /** The last stage's exit code; null when it was killed (timeout, abort, output flood). */
  exitCode: number | null;
  /** Every stage's exit code, in pipeline order (null: killed, e.g. by SIGPIPE when `head` was done). */
  exitCodes: (number | null)[];
  truncated: boolean;
  timedOut: boolean;
  /** The parsed pipeline actually executed: one argv per stage, after glob expansion. */
  argv: string[][];
}

export interface BashOptions {
  lakeRoot: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  signal?: AbortSignal;
  /** POSIX paths relative to the lake, used for glob expansion; when absent the lake is walked. */
  listLakeFiles?: () => string[];
  /**
   * The text of a stdout that is not valid UTF-8, read in the encoding of the files the pipeline
   * reads (`cat` of a latin-1 list: `Muñiz`, not `Mu�iz`); undefined to read it as UTF-8.
   */
  decodeStdout?: (argv: string[][], bytes: Buffer) => string | undefined;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 65_536;

export function parseBashCommand(
  command: string,
  options: { lakeRoot: string; listLakeFiles?: () => string[] },
): string[][] {
  return parsePipeline(command, options).map((stage) => stage.argv);
}

export async function runBash(command: string, options: BashOptions): Promise<BashResult> {
  const stages = parsePipeline(command, options);
  return runPipeline(stages, options, {
    maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
}

function parsePipeline(
  command: string,
  options: { lakeRoot: string; listLakeFiles?: () => string[] },
): Stage[] {
  const lake = openLake(options);
  return splitStages(tokenize(command)).map((words) => {
    const argv = words.flatMap((word) => expandWord(word, lake));
    return { argv, programPath: checkStage(argv, lake) };
  });
}

/** Validates one stage and returns the absolute path of its program. */
function checkStage(argv: string[], lake: Lake): string {
  const [program = "", ...args] = argv;
  const programPath = resolveProgram(program);
  if (program === "find") checkFindArgs(args, lake);
  else checkProgramArgs(program as Exclude<AllowedProgram, "find">, args, lake);
  return programPath;
}
