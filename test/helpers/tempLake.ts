import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

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

/** The repository root: the nearest folder up from the working directory holding RADAR's package.json
 * (found this way, not from import.meta, so the helper also works inside bundled benchmarks). */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "radar-data"
    )
      return dir;
    if (dirname(dir) === dir) return start;
  }
}

export const repoRoot = findRepoRoot(process.cwd());
export const legalRoot = resolve(repoRoot, "../shared/kramabench-legal");
