import { closeSync, openSync, readSync, statSync } from "node:fs";

/** Reads never more than this from one end of a file (checks read a window, never the file). */
const MAX_WINDOW = 1 << 20;

/**
 * Up to `bytes` bytes (at most 1 MiB) from a file's start or end, with the file's size; undefined
 * when the file cannot be read. What the checks that look at a file's head or tail read (what a
 * `head`/`tail` showed, where a cut-off file stops).
 */
export function readFileWindow(
  path: string,
  bytes: number,
  end: "head" | "tail",
): { buffer: Buffer; size: number } | undefined {
  let fd: number | undefined;
  try {
    const size = statSync(path).size;
    const n = Math.min(bytes, size, MAX_WINDOW);
    const buffer = Buffer.alloc(n);
    fd = openSync(path, "r");
    readSync(fd, buffer, 0, n, end === "head" ? 0 : size - n);
    return { buffer, size };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
