import { createHash } from "node:crypto";
import { statSync } from "node:fs";

/**
 * The name of a copy RADAR makes of a lake file (a UTF-8 transcode, an extracted member, a file
 * with its comments blanked or its quotes repaired): a hash of the file's path, size and time and
 * of what the copy does to it (`made`), so a changed file or another way of copying gets a new copy.
 */
export function copyKey(absPath: string, ...made: string[]): string {
  const { size, mtimeMs } = statSync(absPath);
  return createHash("sha256")
    .update([absPath, String(size), String(mtimeMs), ...made].join("\u0000"))
    .digest("hex")
    .slice(0, 24);
}
