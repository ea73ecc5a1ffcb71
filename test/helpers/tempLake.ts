import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** A fresh lake folder with the given files (string or bytes), and a separate state folder. */
export function tempLake(files: Record<string, string | Buffer>): { lake: string; stateDir: string } {
  const lake = mkdtempSync(join(tmpdir(), "radar-lake-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(lake, path)), { recursive: true });
    writeFileSync(join(lake, path), content);
  }
  const stateDir = mkdtempSync(join(tmpdir(), "radar-state-"));
  return { lake, stateDir };
}

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const legalRoot = resolve(repoRoot, "../shared/kramabench-legal");
