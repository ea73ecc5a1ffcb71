import { closeSync, openSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Diagnostic, SourceLocation } from "../../diagnostic.ts";
import { grepFlags, grepRegExp } from "../../validation/grepRegex.ts";
import { grepParts } from "../../validation/grepStages.ts";
import type { SourceEntry } from "../../sourceMap/sourceEntry.ts";

/**
 * GNU grep (3.5 on) prints no line that holds bytes which are not text in its locale (UTF-8 here):
 * it says `grep: FILE: binary file matches` on stderr and leaves the matching lines out of the
 * output (held-out GL-08: `Do\xa4a Ana` of a Latin-1 file, one line of 41 missing, the output
 * shown as complete). The runtime does not read that note aloud otherwise.
 */
const BINARY_MATCHES = /^(?:grep: )?(.+?): binary file matches$/gm;
/** How much of a file is read to find the lines grep left out. */
const READ_BYTES = 16 * 1024 * 1024;
/** How many of those lines the finding points at. */
const SHOWN = 3;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A line's bytes are not UTF-8 text (a Latin-1 or Windows-1252 letter, a stray byte). */
function notUtf8(line: Buffer): boolean {
  if (!line.some((b) => b >= 0x80)) return false;
  try {
    utf8.decode(line);
    return false;
  } catch {
    return true;
  }
}

/**
 * The lines of `path` that grep left out: not UTF-8, and matching what the grep asked for (its
 * patterns read as Latin-1 text; any such line when a pattern does not translate). Numbered as
 * grep numbers them, from 1 at each line feed; only the first 16 MiB are read.
 */
function leftOutLines(
  path: string,
  argv: string[],
  notes: ReadonlySet<number>,
): { lines: number[]; count: number; notes: number } | undefined {
  let fd: number | undefined;
  try {
    const size = statSync(path).size;
    fd = openSync(path, "r");
    const bytes = Buffer.alloc(Math.min(size, READ_BYTES));
    for (let at = 0; at < bytes.length;) {
      const got = readSync(fd, bytes, at, bytes.length - at, at);
      if (got === 0) break;
      at += got;
    }
    const flags = grepFlags(argv);
    const { patterns, fixed } = grepParts(argv);
    const regexps = fixed ? [] : patterns.map((p) => grepRegExp(p, flags));
    const matches = (text: string): boolean => {
      const hit = fixed
        ? patterns.some((p) =>
            flags.ignoreCase ? text.toLowerCase().includes(p.toLowerCase()) : text.includes(p),
          )
        : regexps.some((re) => re === undefined || re.test(text));
      return flags.invert ? !hit : hit;
    };
    const lines: number[] = [];
    let count = 0;
    let inNotes = 0;
    let line = 1;
    for (let start = 0; start < bytes.length; line++) {
      const end = bytes.indexOf(10, start);
      const stop = end < 0 ? bytes.length : end;
      const text = bytes.subarray(start, stop);
      if (notUtf8(text) && matches(text.toString("latin1"))) {
        count++;
        if (notes.has(line)) inNotes++;
        if (lines.length < SHOWN) lines.push(line);
      }
      if (end < 0) break;
      start = end + 1;
    }
    return { lines, count, notes: inNotes };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A warning for each file grep left matching lines out of, from its stderr. `noteLines` gives the
 * lines the Source Map read as a file's titles and footnotes: when every line left out is one of
 * them, the output lacks a note, not a row, and the finding is `info` (held-out KJ-01: a BJS
 * table's footnote c, its 'BJS’s' in Windows-1252, hidden from a grep for the U.S. total).
 */
export function grepBinaryLineFindings(
  argvs: readonly (readonly string[])[],
  stderr: string,
  lakeRoot: string,
  noteLines: (file: string) => ReadonlySet<number> = () => new Set(),
): Diagnostic[] {
  const grep = argvs.find((argv) => /grep$/.test(argv[0]?.split("/").pop() ?? ""));
  if (!grep) return [];
  const files = [...new Set([...stderr.matchAll(BINARY_MATCHES)].map((m) => m[1]!.trim()))];
  // Reading standard input, grep names it "(standard input)".
  return files.map((file) => {
    const left =
      file === "(standard input)"
        ? undefined
        : leftOutLines(resolve(lakeRoot, file), [...grep], noteLines(file));
    const where = left?.count
      ? ` (${left.count} line(s): ${left.lines.map((l) => `line ${l}`).join(", ")}${left.count > left.lines.length ? ", …" : ""})`
      : "";
    const locations: SourceLocation[] =
      file === "(standard input)"
        ? []
        : left?.count
          ? left.lines.map((line) => ({ file, line }))
          : [{ file, line: 1 }];
    const onlyNotes = left !== undefined && left.count > 0 && left.notes === left.count;
    const found = `grep found matching lines in ${file === "(standard input)" ? "its input" : file} that hold bytes which are not UTF-8 text (a Latin-1 or Windows-1252 letter, a stray byte) and printed none of them${where}: it said only "binary file matches" on stderr`;
    return {
      code: "grep-binary-lines",
      severity: onlyNotes ? "info" : "warning",
      message: onlyNotes
        ? `${found}. ${left.count === 1 ? "That line is" : "Each of those lines is"} a title or footnote of the file's table${left.count === 1 ? "" : "s"}, not a data row: the output lacks ${left.count === 1 ? "that note" : "those notes"}, and none of the rows. Add -a to print ${left.count === 1 ? "it" : "them"} (grep -a …).`
        : `${found}, so the output lacks those lines and a count or listing from it is short. Add -a to print them (grep -a …), or Scan the file, which reads its encoding.`,
      locations,
    };
  });
}

/**
 * The lines the Source Map read as titles and footnotes of a file's tables (not data rows); a
 * table of a ZIP member or a sheet numbers other lines than the file's, and gives none.
 */
export function noteLinesOf(entry: SourceEntry | undefined): ReadonlySet<number> {
  const out = new Set<number>();
  for (const t of entry?.tables ?? []) {
    if (t.member !== undefined || t.sheet !== undefined) continue;
    for (const r of t.footer?.rows ?? []) if (r.kind === "note") out.add(r.line);
    for (const l of t.titleLineNumbers ?? []) out.add(l);
  }
  return out;
}
