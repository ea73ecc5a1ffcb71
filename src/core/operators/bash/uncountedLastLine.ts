import { closeSync, openSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Diagnostic } from "../../diagnostic.ts";
import type { SourceFormat } from "../../sourceMap/sourceEntry.ts";
import { fileArguments, NOT_TEXT } from "./lineProgramFiles.ts";

/**
 * `wc -l` counts line feeds, not lines: a file whose last line has no line feed after it counts one
 * line short — 256 for a header and 256 codes (held-out IK-02, where the analyst read the count as
 * 255 data rows). Scan and the map count that line; `grep -c` and awk count it too.
 */

/** Programs that pass the end of their input through as it is: what reaches `wc` ends as the file. */
const KEEPS_LAST_LINE = new Set(["cat", "tail"]);

/** Files up to this size are read whole to number the last line. */
const NUMBER_BYTES = 64 * 1024 * 1024;

/** Shown of the last line. */
const SHOWN_CHARS = 80;

/** Whether this `wc` stage prints a line count: `-l`/`--lines`, or no option (lines, words, bytes). */
function countsLines(argv: readonly string[]): boolean {
  const options = argv.slice(1).filter((a) => a.startsWith("-") && a !== "-");
  if (options.length === 0) return true;
  return options.some((o) => o === "--lines" || (/^-[a-zA-Z]+$/.test(o) && o.includes("l")));
}

/** The file's last line when no line feed follows it (and it holds more than blanks), with its number. */
function unterminatedLastLine(path: string): { text: string; line?: number } | undefined {
  let fd: number | undefined;
  try {
    const size = statSync(path).size;
    if (size === 0) return undefined;
    fd = openSync(path, "r");
    // UTF-16 ends its line feed with (or after) a zero byte: left to the byte check it would seem
    // unterminated. wc counts such a file's 0x0A bytes, nothing this finding would say.
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return undefined;
    const tailBytes = Buffer.alloc(Math.min(size, 4096));
    readSync(fd, tailBytes, 0, tailBytes.length, size - tailBytes.length);
    const last = tailBytes[tailBytes.length - 1];
    // A line feed ends it; a carriage return alone is carriage-return-lines' finding, and so is a
    // file whose lines all end in carriage returns and whose last has none (held-out property
    // sales, 6,976 lines that wc counts as 0: far more than one line short).
    if (last === 10 || last === 13) return undefined;
    if (tailBytes.includes(13) && !tailBytes.includes(10)) return undefined;
    const from = tailBytes.lastIndexOf(10) + 1;
    const text = tailBytes.subarray(from).toString("utf8");
    if (text.trim() === "") return undefined;
    let line: number | undefined;
    if (size <= NUMBER_BYTES) {
      const whole = Buffer.alloc(size);
      for (let at = 0; at < size;) {
        const got = readSync(fd, whole, at, size - at, at);
        if (got === 0) break;
        at += got;
      }
      let feeds = 0;
      for (let i = whole.indexOf(10); i >= 0; i = whole.indexOf(10, i + 1)) feeds++;
      line = feeds + 1;
    }
    const shown = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
    return { text: shown, ...(line !== undefined ? { line } : {}) };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A warning for each lake file whose last line a `wc` line count leaves out: `wc -l FILE`, or a
 * pipeline of `cat`/`tail` stages into `wc -l` (`tail -n +2 FILE | wc -l`, the data rows). After
 * any other program (grep, sort, cut, awk end their output lines with a line feed) the count is
 * right. `saidBefore` tells whether this session heard it about the file already (then an info).
 */
export function uncountedLastLineFindings(
  argvs: readonly (readonly string[])[],
  lakeRoot: string,
  formatOf: (file: string) => SourceFormat | undefined,
  saidBefore: (file: string) => boolean,
): Diagnostic[] {
  const programs = argvs.map((a) => (a[0] ?? "").split("/").pop() ?? "");
  const wcAt = programs.indexOf("wc");
  if (wcAt < 0 || !countsLines(argvs[wcAt]!)) return [];
  if (!programs.slice(0, wcAt).every((p) => KEEPS_LAST_LINE.has(p))) return [];
  const files = fileArguments(argvs[0]!, lakeRoot);
  const out: Diagnostic[] = [];
  for (const file of new Set(files)) {
    const format = formatOf(file);
    if (format && NOT_TEXT.has(format)) continue;
    const found = unterminatedLastLine(resolve(lakeRoot, file));
    if (!found) continue;
    const again = saidBefore(file);
    const where = found.line !== undefined ? `line ${found.line}, ` : "";
    out.push({
      code: "uncounted-last-line",
      severity: again ? "info" : "warning",
      message: `${again ? "Again, as reported for an earlier call: " : ""}${file}'s last line (${where}'${found.text}') has no line feed after it, and wc counts line feeds: the count here leaves that line out, one short${found.line !== undefined && wcAt === 0 ? ` (the file has ${found.line} lines)` : ""}. Scan counts it; \`grep -c '' '${file}'\` counts every line.`,
      locations: found.line !== undefined ? [{ file, line: found.line }] : [],
    });
  }
  return out;
}
