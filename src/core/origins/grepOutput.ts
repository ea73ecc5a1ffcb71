/**
 * What a grep command line says about the shape of its output lines: whether each line starts with
 * the file it came from (`-H`, or several files, or `-r`) and its line number (`-n`), and which
 * operands are files. Pure: the caller checks every claimed line against the file itself
 * (outputOrigins.ts), so a misread option costs origins, never a wrong one.
 */

export interface GrepShape {
  /** Each line starts with `FILE:` (a match) or `FILE-` (a context line). */
  withFile: boolean;
  /** Each line has `N:` (or `N-`) after the file, if any. */
  withLine: boolean;
  /** `-o`: a line holds only the matching part of the file's line. */
  onlyMatching: boolean;
  /** `-A/-B/-C`: groups of lines are separated by `--` lines. */
  context: boolean;
  /** File and folder operands, as written (after the sandbox's glob expansion). */
  operands: string[];
  /** `-r`/`-R`: operands are searched recursively (no operand: the current folder). */
  recursive: boolean;
}

export const GREP_PROGRAMS = new Set(["grep", "egrep", "fgrep"]);

/** Options whose output is not lines of the files (counts, file names, byte offsets, NUL-separated…). */
const OTHER_OUTPUT_SHORT = new Set(["c", "l", "L", "q", "Z", "z", "b", "T", "u"]);
const OTHER_OUTPUT_LONG = new Set([
  "count",
  "files-with-matches",
  "files-without-match",
  "quiet",
  "silent",
  "null",
  "null-data",
  "byte-offset",
  "initial-tab",
  "label",
]);
/** Short options that take a value (`-e PAT`, `-A3`). */
const SHORT_WITH_VALUE = new Set(["e", "f", "m", "A", "B", "C", "d", "D"]);
/** Long options that take a value when written without `=` (`--regexp PAT`). */
const LONG_WITH_VALUE = new Set([
  "regexp",
  "file",
  "max-count",
  "after-context",
  "before-context",
  "context",
  "include",
  "exclude",
  "exclude-dir",
  "exclude-from",
  "binary-files",
  "devices",
  "directories",
  "color",
  "colour",
  "group-separator",
]);
const CONTEXT_LONG = new Set(["after-context", "before-context", "context"]);

/**
 * The shape of a grep command's output lines, or undefined when they are not lines of files with
 * a file and/or line prefix one can read (counts, `-l`, byte offsets, a custom group separator…).
 * `argv` is one pipeline stage, program first.
 */
export function grepShape(argv: string[]): GrepShape | undefined {
  if (!GREP_PROGRAMS.has(argv[0] ?? "")) return undefined;
  let withFile: boolean | undefined;
  let withLine = false;
  let onlyMatching = false;
  let context = false;
  let recursive = false;
  let patternGiven = false;
  const positional: string[] = [];
  for (let i = 1; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      if (OTHER_OUTPUT_LONG.has(name) || name === "group-separator" || name === "no-group-separator")
        return undefined;
      if (name === "line-number") withLine = true;
      else if (name === "with-filename") withFile = true;
      else if (name === "no-filename") withFile = false;
      else if (name === "only-matching") onlyMatching = true;
      else if (name === "recursive" || name === "dereference-recursive") recursive = true;
      if (CONTEXT_LONG.has(name)) context = true;
      if (name === "regexp" || name === "file") patternGiven = true;
      if (eq < 0 && LONG_WITH_VALUE.has(name)) i += 1;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      for (let k = 1; k < arg.length; k += 1) {
        const flag = arg[k]!;
        if (OTHER_OUTPUT_SHORT.has(flag)) return undefined;
        if (flag === "n") withLine = true;
        else if (flag === "H") withFile = true;
        else if (flag === "h") withFile = false;
        else if (flag === "o") onlyMatching = true;
        else if (flag === "r" || flag === "R") recursive = true;
        if (/^\d$/.test(flag)) context = true; // `-2`: two lines of context
        if (SHORT_WITH_VALUE.has(flag)) {
          if (flag === "A" || flag === "B" || flag === "C") context = true;
          if (flag === "e" || flag === "f") patternGiven = true;
          if (k === arg.length - 1) i += 1; // the value is the next word
          break; // the rest of this word is the value
        }
      }
      continue;
    }
    positional.push(arg);
  }
  const operands = patternGiven ? positional : positional.slice(1);
  return {
    // grep names the file when it searches more than one, or recursively, unless -h.
    withFile: withFile ?? (operands.length > 1 || recursive),
    withLine,
    onlyMatching,
    context,
    operands,
    recursive,
  };
}

export interface PrefixedLine {
  file?: string;
  line?: number;
  /** The file's text (or, with -o, the matched part of it), without the prefix. */
  text: string;
}

/**
 * One output line split into its prefix and the file's text, by the shape; `isFile` tells which
 * leading text names a file (names may hold `:` and `-`, so each split point is tried in order).
 * Undefined when the line does not have the shape.
 */
export function splitPrefixed(
  raw: string,
  shape: Pick<GrepShape, "withFile" | "withLine">,
  isFile: (path: string) => boolean,
): PrefixedLine | undefined {
  if (!shape.withFile) {
    if (!shape.withLine) return { text: raw };
    const m = /^(\d+)[:-]/.exec(raw);
    return m ? { line: Number(m[1]), text: raw.slice(m[0].length) } : undefined;
  }
  for (let i = raw.search(/[:-]/); i > 0; i = nextSeparator(raw, i + 1)) {
    const file = raw.slice(0, i);
    const separator = raw[i]!;
    if (!shape.withLine) {
      if (isFile(file)) return { file, text: raw.slice(i + 1) };
      continue;
    }
    const m = /^(\d+)([:-])/.exec(raw.slice(i + 1));
    // A match is `FILE:N:`, a context line `FILE-N-`: the same separator both times.
    if (m && m[2] === separator && isFile(file))
      return { file, line: Number(m[1]), text: raw.slice(i + 1 + m[0].length) };
  }
  return undefined;
}

function nextSeparator(raw: string, from: number): number {
  const rest = raw.slice(from).search(/[:-]/);
  return rest < 0 ? -1 : from + rest;
}
