import { existsSync } from "node:fs";
import { BashDenied } from "./bashDenied.ts";

/** The read-only programs the Bash sandbox runs, and where it takes them from. */

export const ALLOWED_PROGRAMS = [
  "ls",
  "head",
  "tail",
  "wc",
  "grep",
  "cat",
  "file",
  "sort",
  "uniq",
  "cut",
  "tr",
  "nl",
  "stat",
  "du",
  "md5sum",
  "sha256sum",
  "tac",
  "find",
  "column",
] as const;
export type AllowedProgram = (typeof ALLOWED_PROGRAMS)[number];

/** Only system directories: a program of the same name planted in the lake or elsewhere must never run. */
const PROGRAM_DIRS = ["/usr/bin", "/bin"];

export const TOOL_LIST = ALLOWED_PROGRAMS.join(", ");
export const READ_ONLY =
  "RADAR's Bash is read-only: one allowlisted program, or a `|` pipeline of them, inside the lake.";

function isAllowedProgram(name: string): name is AllowedProgram {
  return (ALLOWED_PROGRAMS as readonly string[]).includes(name);
}

export function resolveProgram(name: string): string {
  if (name.includes("/")) {
    throw new BashDenied(
      `Bash refused: '${name}' is a program path; give the program by name (e.g. '${name.split("/").pop() ?? ""}'), and only these read-only tools are available: ${TOOL_LIST}.`,
    );
  }
  if (!isAllowedProgram(name)) {
    throw new BashDenied(
      `Bash refused: '${name}' is not an allowed program. ${READ_ONLY} Allowed: ${TOOL_LIST}. To compute over tables (filter, aggregate, join), use Query instead.`,
    );
  }
  for (const dir of PROGRAM_DIRS) {
    const candidate = `${dir}/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  throw new BashDenied(
    `Bash refused: '${name}' is not installed on this machine. Try another of: ${TOOL_LIST}.`,
  );
}
