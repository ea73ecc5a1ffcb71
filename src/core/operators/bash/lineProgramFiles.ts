import { relative, resolve, sep } from "node:path";
import type { SourceFormat } from "../../sourceMap/sourceEntry.ts";

/** Programs whose output depends on where lines end. */
export const LINE_PROGRAMS = new Set([
  "head",
  "tail",
  "grep",
  "egrep",
  "fgrep",
  "wc",
  "sort",
  "uniq",
  "nl",
  "tac",
  "cut",
]);

/** Formats whose bytes are no lines of text: workbooks, Parquet, archives and other binary files. */
export const NOT_TEXT: ReadonlySet<SourceFormat> = new Set(["xlsx", "xls", "ods", "parquet", "binary"]);

/** The lake files among a stage's arguments (after glob expansion), as lake-relative paths. */
export function fileArguments(argv: readonly string[], lakeRoot: string): string[] {
  const program = argv[0] ?? "";
  const operands = argv.slice(1).filter((a) => !a.startsWith("-"));
  // grep's first operand is its pattern, unless -e or -f gave it.
  const patternGiven = argv.some((a) => a === "-e" || a === "-f" || /^-[a-zA-Z]*[ef]/.test(a));
  const files = /grep$/.test(program) && !patternGiven ? operands.slice(1) : operands;
  const root = resolve(lakeRoot);
  return files
    .map((f) => resolve(root, f))
    .filter((p) => p.startsWith(root + sep))
    .map((p) => relative(root, p));
}
