import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";

/** A file as it was read: enough to tell, later, that it changed since (a stat, no read). */
export interface FileFingerprint {
  bytes: number;
  mtimeMs: number;
}

export function fingerprintOf(entry: { bytes: number; mtimeMs: number }): FileFingerprint {
  return { bytes: entry.bytes, mtimeMs: entry.mtimeMs };
}

/** The file's fingerprint now, or undefined when it is gone. */
export function fingerprintNow(absPath: string): FileFingerprint | undefined {
  try {
    const stat = statSync(absPath);
    return stat.isFile() ? { bytes: stat.size, mtimeMs: stat.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

export function sameFingerprint(a: FileFingerprint, b: FileFingerprint): boolean {
  return a.bytes === b.bytes && Math.abs(a.mtimeMs - b.mtimeMs) < 1;
}

/** SHA-256 of a file's bytes, streamed (files may be gigabytes). */
export function sha256OfFile(absPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(absPath)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}
