import { createReadStream, existsSync, openSync, readSync, closeSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** Lines of one lake file shown in an audit, around the lines findings and rows point at. */
export interface FileExcerpt {
  file: string;
  /** Shown lines in order; a gap between two runs of lines is where `n` jumps. */
  lines: { n: number; text: string }[];
  /** Why there is no text (a workbook, a compressed or binary file, a file now missing). */
  unavailable?: string;
}

/** Lines of context around each line pointed at. */
const CONTEXT = 2;
/** Bounds that keep the audit of a long run small: lines per file, characters per line. */
const MAX_LINES_PER_FILE = 1500;
const MAX_LINE_CHARS = 400;

const NOT_TEXT = /\.(xlsx|xlsm|xls|ods|parquet|gz|bz2|zip|xz|zst)$/i;

/**
 * The lines `wanted` points at (with context), read from the files as they are now. A file is
 * read once, streamed, only as far as its last wanted line.
 */
export async function sourceExcerpts(
  lakeRoot: string,
  wanted: Map<string, Set<number>>,
): Promise<FileExcerpt[]> {
  const out: FileExcerpt[] = [];
  for (const [file, lines] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
    const abs = join(lakeRoot, file);
    if (!existsSync(abs)) {
      out.push({ file, lines: [], unavailable: "the file is not in the lake now" });
      continue;
    }
    if (NOT_TEXT.test(file) || looksBinary(abs)) {
      out.push({
        file,
        lines: [],
        unavailable: "not a text file: its rows are named by sheet row or row number",
      });
      continue;
    }
    const show = new Set<number>();
    for (const n of [...lines].sort((a, b) => a - b)) {
      for (let k = Math.max(1, n - CONTEXT); k <= n + CONTEXT; k++) show.add(k);
      if (show.size >= MAX_LINES_PER_FILE) break;
    }
    out.push({ file, lines: await readLines(abs, show) });
  }
  return out;
}

async function readLines(abs: string, show: Set<number>): Promise<{ n: number; text: string }[]> {
  const last = Math.max(...show);
  const lines: { n: number; text: string }[] = [];
  const reader = createInterface({ input: createReadStream(abs, { encoding: "utf8" }), crlfDelay: Infinity });
  let n = 0;
  for await (const line of reader) {
    n++;
    if (show.has(n))
      lines.push({ n, text: line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)} …` : line });
    if (n >= last) break;
  }
  reader.close();
  return lines;
}

function looksBinary(abs: string): boolean {
  const fd = openSync(abs, "r");
  try {
    const buffer = Buffer.alloc(8192);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).includes(0);
  } finally {
    closeSync(fd);
  }
}
