import { closeSync, openSync, readSync } from "node:fs";
import type { BashObservation } from "../operators/bash/bashObservation.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { parseBashCommand } from "../sandbox/bashSandbox.ts";

/** grep options that take the next word as their value. */
const VALUED = new Set([
  "-e",
  "-f",
  "-m",
  "-A",
  "-B",
  "-C",
  "--max-count",
  "--after-context",
  "--before-context",
  "--context",
]);

/** A grep stage's patterns, its files, and whether it reads patterns as fixed strings. */
export function grepParts(argv: string[]): { patterns: string[]; files: string[]; fixed: boolean } {
  const patterns: string[] = [];
  const rest: string[] = [];
  let fixed = false;
  let ended = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (ended || !a.startsWith("-") || a === "-") rest.push(a);
    else if (a === "--") ended = true;
    else if (a === "-e" || a === "--regexp") patterns.push(argv[++i] ?? "");
    else if (a.startsWith("--regexp=")) patterns.push(a.slice("--regexp=".length));
    else if (VALUED.has(a)) i++;
    else if (a === "--fixed-strings" || (/^-[A-Za-z]+$/.test(a) && a.includes("F"))) fixed = true;
    else if (/^-[A-Za-z]*e$/.test(a)) patterns.push(argv[++i] ?? "");
  }
  if (patterns.length === 0 && rest.length > 0) patterns.push(rest.shift()!);
  return { patterns, files: rest, fixed };
}

/** The command found nothing: grep's "no line" exit, or every line of `grep -c` a 0. */
export function foundNothing(o: BashObservation): boolean {
  if (o.exitCode === 1 && o.stdout.trim() === "") return true;
  const lines = o.stdout.split("\n").filter((l) => l.trim() !== "");
  return lines.length > 0 && lines.every((l) => /(^|:)0$/.test(l.trim()));
}

/**
 * The lake files a grep stage reads: those it names, or — reading a pipe — those the pipeline's
 * first stage named (`cat f | grep …`).
 */
export function grepStageFiles(stages: string[][], k: number, files: string[]): string[] {
  return files.length > 0 ? files : k > 0 ? stages[0]!.slice(1) : [];
}

/** The stages of a Bash call's command as the sandbox parses them (`[]` when it refused the command). */
export function commandStages(command: unknown, ctx: OperatorContext): string[][] {
  try {
    return parseBashCommand(String(command), {
      lakeRoot: ctx.lakeRoot,
      listLakeFiles: () => ctx.map.files.map((f) => f.path),
    });
  } catch {
    return [];
  }
}

/** The first `bytes` bytes of a file grep reads (fewer for a shorter file); undefined when it cannot be read. */
export function fileHead(absPath: string, bytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(absPath, "r");
    const buf = Buffer.alloc(bytes);
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
