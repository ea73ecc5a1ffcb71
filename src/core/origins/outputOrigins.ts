import { createReadStream, realpathSync, statSync } from "node:fs";
import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import { createInterface } from "node:readline";
import { GREP_PROGRAMS, grepShape, splitPrefixed } from "./grepOutput.ts";
import type { PrefixedLine } from "./grepOutput.ts";

/**
 * Where each line of a Bash command's standard output came from, when the runtime can tell: the
 * lake file and line it is (checked against the file, line by line), or else its place in the
 * output. A claim is made only when every line checks: a table's rows then all point into files,
 * or all into the output, never a mix in which a misread prefix would pass unnoticed.
 */

export interface OutputRow {
  /** The row's text: the file's line without grep's `FILE:N:` prefix, or the output line. */
  text: string;
  /** The lake file (POSIX, relative to the lake) and its 1-based line; absent: an output line. */
  file?: string;
  line?: number;
  /** 1-based line of the command's standard output. */
  outputLine: number;
}

export interface OutputOrigins {
  rows: OutputRow[];
  /** How the origins were found, in words (for the observation). */
  how: string;
}

/** Programs that print lines of their files whole and in order (what follows one keeps that). */
const IN_ORDER_FIRST = new Set(["cat", "head", ...GREP_PROGRAMS]);
const IN_ORDER_LATER = new Set(["head", ...GREP_PROGRAMS]);

/** The lines of stdout, without the final newline and each line's carriage return. */
export function outputLines(stdout: string): string[] {
  if (stdout === "") return [];
  return stdout
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => l.replace(/\r$/, ""));
}

export async function outputOrigins(
  lines: string[],
  argv: string[][],
  lakeRoot: string,
): Promise<OutputOrigins> {
  const files = new LakeFiles(lakeRoot);
  const asOutput = (why: string): OutputOrigins => ({
    rows: lines.map((text, i) => ({ text, outputLine: i + 1 })),
    how: `output lines (${why})`,
  });
  if (lines.length === 0) return { rows: [], how: "no output" };
  const first = argv[0] ?? [];
  const shape = grepShape(first);
  if (shape && (shape.withFile || shape.withLine)) {
    const single =
      !shape.recursive && shape.operands.length === 1 ? files.path(shape.operands[0]!) : undefined;
    const parsed: (PrefixedLine & { outputLine: number })[] = [];
    for (let i = 0; i < lines.length; i += 1) {
      const raw = lines[i]!;
      if (shape.context && raw === "--") continue; // grep's separator between groups of context
      const p = splitPrefixed(raw, shape, (f) => files.path(f) !== undefined);
      if (!p)
        return asOutput(
          `output line ${i + 1} has no ${shape.withFile ? "FILE:" : ""}${shape.withLine ? "N:" : ""} prefix`,
        );
      const file = p.file !== undefined ? files.path(p.file) : single;
      if (file === undefined) return asOutput("grep names no single file");
      parsed.push({ ...p, file, outputLine: i + 1 });
    }
    const checked = await checkPrefixed(parsed, files, shape.onlyMatching);
    if (typeof checked === "string") return asOutput(checked);
    return {
      rows: checked,
      how: `the ${shape.withFile ? "file" : ""}${shape.withFile && shape.withLine ? " and " : ""}${shape.withLine ? "line number" : ""} grep printed before each line, checked against the file`,
    };
  }
  const inOrder =
    IN_ORDER_FIRST.has(first[0] ?? "") &&
    argv.slice(1).every((stage) => IN_ORDER_LATER.has(stage[0] ?? "") && wholeLines(stage)) &&
    wholeLines(first);
  if (!inOrder) return asOutput("the command does not print its files' lines whole and in order");
  const operands = shape ? (shape.recursive ? [] : shape.operands) : operandsOf(first);
  const paths = operands.map((o) => files.path(o)).filter((p): p is string => p !== undefined);
  if (paths.length === 0) return asOutput("it names no lake file");
  const found = await matchInOrder(lines, paths, files);
  if (typeof found === "string") return asOutput(found);
  return {
    rows: lines.map((text, i) => ({ text, ...found[i]!, outputLine: i + 1 })),
    how: `lines of ${paths.length === 1 ? paths[0] : `${paths.length} files`}, found in order in the file${paths.length === 1 ? "" : "s"}`,
  };
}

/** A stage whose output lines are whole lines of its input, in order (no -n, -o, -c, …). */
function wholeLines(argv: string[]): boolean {
  const program = argv[0] ?? "";
  if (GREP_PROGRAMS.has(program)) {
    const s = grepShape(argv);
    return s !== undefined && !s.withFile && !s.withLine && !s.onlyMatching && !s.context;
  }
  if (program === "head") return !argv.some((a) => /^-(c|-bytes)/.test(a));
  if (program === "cat") return argv.slice(1).every((a) => !a.startsWith("-") || a === "-" || a === "--");
  return false;
}

/** The words of `cat`/`head` that are not options or option values (`-n 5`). */
function operandsOf(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i += 1) {
    const a = argv[i]!;
    if (a === "-n" || a === "-c" || a === "--lines" || a === "--bytes") i += 1;
    else if (!a.startsWith("-")) out.push(a);
  }
  return out;
}

/** Every line at the file line its prefix names (with -o: inside it); lines without a number are found in order. */
async function checkPrefixed(
  parsed: (PrefixedLine & { file?: string; outputLine: number })[],
  files: LakeFiles,
  onlyMatching: boolean,
): Promise<OutputRow[] | string> {
  const byFile = new Map<string, (PrefixedLine & { outputLine: number })[]>();
  for (const p of parsed) {
    const rows = byFile.get(p.file!);
    if (rows) rows.push(p);
    else byFile.set(p.file!, [p]);
  }
  const out = new Map<number, OutputRow>();
  for (const [file, rows] of byFile) {
    if (rows.every((r) => r.line !== undefined)) {
      const text = await linesAt(files.abs(file), new Set(rows.map((r) => r.line!)));
      for (const r of rows) {
        const actual = text.get(r.line!);
        const ok = actual !== undefined && (onlyMatching ? actual.includes(r.text) : actual === r.text);
        if (!ok) return `output line ${r.outputLine} is not line ${r.line} of ${file}`;
        out.set(r.outputLine, { text: r.text, file, line: r.line!, outputLine: r.outputLine });
      }
      continue;
    }
    if (onlyMatching) return "grep -o without -n: the matched part does not tell its line";
    const found = await matchInOrder(
      rows.map((r) => r.text),
      [file],
      files,
    );
    if (typeof found === "string") return found;
    rows.forEach((r, i) => out.set(r.outputLine, { text: r.text, ...found[i]!, outputLine: r.outputLine }));
  }
  return [...out.values()].sort((a, b) => a.outputLine - b.outputLine);
}

/** The text of the given 1-based lines of a file (one streaming pass, stopping after the last). */
async function linesAt(absPath: string, wanted: Set<number>): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  let last = 0;
  for (const n of wanted) last = Math.max(last, n);
  let n = 0;
  const reader = createInterface({ input: createReadStream(absPath, "utf8"), crlfDelay: Infinity });
  for await (const line of reader) {
    n += 1;
    if (wanted.has(n)) out.set(n, line);
    if (n >= last) break;
  }
  reader.close();
  return out;
}

/**
 * Each output line found as a whole line of the files, in order (greedily, the first equal line
 * after the one before): what cat, head and grep print. A string says the first line not found.
 */
async function matchInOrder(
  lines: string[],
  paths: string[],
  files: LakeFiles,
): Promise<{ file: string; line: number }[] | string> {
  const out: { file: string; line: number }[] = [];
  for (const file of paths) {
    if (out.length === lines.length) break;
    let n = 0;
    const reader = createInterface({ input: createReadStream(files.abs(file), "utf8"), crlfDelay: Infinity });
    for await (const line of reader) {
      n += 1;
      if (line === lines[out.length]) out.push({ file, line: n });
      if (out.length === lines.length) break;
    }
    reader.close();
  }
  return out.length === lines.length
    ? out
    : `output line ${out.length + 1} is not a line of ${paths.length === 1 ? paths[0] : "the files"} after the lines before it`;
}

/** Lake files by the names a command printed (`./a.csv`, `data/../a.csv`), checked once each. */
class LakeFiles {
  private readonly known = new Map<string, string | undefined>();
  private readonly lakeRoot: string;
  constructor(lakeRoot: string) {
    this.lakeRoot = realpathSync(lakeRoot);
  }

  /** The lake-relative POSIX path of a regular file inside the lake, or undefined. */
  path(name: string): string | undefined {
    if (this.known.has(name)) return this.known.get(name);
    const abs = isAbsolute(name) ? name : resolve(this.lakeRoot, name);
    const rel = relative(this.lakeRoot, abs);
    let found: string | undefined;
    if (rel && !rel.startsWith("..") && !isAbsolute(rel)) {
      const stat = statSync(abs, { throwIfNoEntry: false });
      // Through a symlink, only to a file that is itself inside the lake.
      const real = stat?.isFile() ? realpathSync(abs) : undefined;
      if (real && real.startsWith(`${this.lakeRoot}${sep}`))
        found = posix.normalize(rel.split(sep).join("/"));
    }
    this.known.set(name, found);
    return found;
  }

  abs(path: string): string {
    return resolve(this.lakeRoot, path);
  }
}
