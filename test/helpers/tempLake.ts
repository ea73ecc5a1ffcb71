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
/**
 * The KramaBench "legal" lake (FTC data-book CSVs and the benchmark's questions), committed under
 * test/fixtures so every test runs from a clone; RADAR_LEGAL_LAKE names another copy (a folder
 * holding lake/ and tasks.json). A missing copy is an error, never a reason to skip.
 */
export const legalRoot = process.env.RADAR_LEGAL_LAKE
  ? resolve(process.env.RADAR_LEGAL_LAKE)
  : join(repoRoot, "test", "fixtures", "kramabench-legal");

/** The lake folder of legalRoot; throws when it is not there (a broken checkout or a wrong RADAR_LEGAL_LAKE). */
export function legalLakeDir(): string {
  const lake = join(legalRoot, "lake");
  if (!existsSync(lake))
    throw new Error(
      `the KramaBench legal lake is missing at ${lake}` +
        (process.env.RADAR_LEGAL_LAKE
          ? " (RADAR_LEGAL_LAKE)"
          : " (test/fixtures/kramabench-legal is part of the repository)"),
    );
  return lake;
}
