import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { writeLakeBundle } from "../../bench/lakes/generateLake.ts";
import type { LakeManifest, LakeScale } from "../../bench/lakes/lakeTypes.ts";
import { WATER_GENERATOR_VERSION } from "../../bench/lakes/waterLake.ts";
import { repoRoot } from "../helpers/tempLake.ts";

/**
 * The realistic workspace of the UI scenarios: the generated "water" lake of bench/lakes (owner:
 * lakes) — 41 files, ~96 MB at the `workspace` scale: a 22-year family of yearly files at the
 * root, beach datasheets with a title row and a row of sampling points above the header,
 * precipitation tables with Mean/Max/Min rows, overlapping database exports, a summary workbook, a
 * JSON lookup, a truncated and a duplicate copy. Generated once per generator version and seed
 * into .vscode-test/lakes/ (a minute on a busy machine) and copied into each run's workspace.
 */
export interface WaterLake {
  dir: string;
  manifest: Omit<LakeManifest, "questions" | "readme">;
  bytes: number;
  files: number;
}

export async function waterLake(scale: LakeScale = "workspace", seed = 1): Promise<WaterLake> {
  const out = join(
    repoRoot,
    ".vscode-test",
    "lakes",
    `water-${scale}-seed${seed}-v${WATER_GENERATOR_VERSION}`,
  );
  const manifestPath = join(out, "manifest.json");
  if (!existsSync(manifestPath)) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const started = Date.now();
    await writeLakeBundle("water", out, { scale, seed });
    console.log(
      `  generated the water lake (${scale}, seed ${seed}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as WaterLake["manifest"];
  return { dir: join(out, "lake"), manifest, bytes: manifest.bytes, files: manifest.files.length };
}

/** A fresh copy of a lake as a workspace folder (a run may only ever read it). */
export function copyLake(from: string, to: string): string {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  return to;
}

/**
 * An analyst's folder also holds a file that cannot be read: next to the summary workbook, an
 * interrupted download of the next year's (its first 4 KB, so its ZIP index is missing).
 * Returns its path in the folder.
 */
export function addBrokenDownload(workspace: string): string {
  const path = "reports/beach-program-summary-2024.xlsx";
  const whole = readFileSync(join(workspace, "reports/beach-program-summary-2002-2023.xlsx"));
  writeFileSync(join(workspace, path), whole.subarray(0, Math.min(4000, whole.length - 1)));
  return path;
}

/**
 * A large folder for the responsiveness check: `copies` copies of the water lake side by side
 * (each ~96 MB) — the same layout again and again, so the Source Map has `copies` times the work.
 * The first copy is copied, the others are hard links to it (no bytes or time spent on them; each
 * path is still mapped). It must take the map long enough to type a few lines while it runs: on a
 * quiet machine three copies mapped in 9 s, less than opening an editor and typing took.
 */
export function largeFolder(lake: WaterLake, to: string, copies = 3): { dir: string; bytes: number } {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(lake.dir, join(to, "part-1"), { recursive: true });
  for (let i = 2; i <= copies; i++) linkedCopy(join(to, "part-1"), join(to, `part-${i}`));
  return { dir: to, bytes: lake.bytes * copies };
}

/**
 * A second path onto the same files (hard links, no bytes copied): a folder RADAR has never mapped,
 * so its mapping starts from nothing — for stopping a mapping that is still running. RADAR writes
 * nothing into a workspace, so the shared files stay as they are.
 */
export function linkedCopy(from: string, to: string): { dir: string; files: number } {
  rmSync(to, { recursive: true, force: true });
  let files = 0;
  const walk = (src: string, dst: string): void => {
    mkdirSync(dst, { recursive: true });
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      const s = join(src, entry.name);
      const d = join(dst, entry.name);
      if (entry.isDirectory()) walk(s, d);
      else if (entry.isFile()) {
        linkSync(s, d);
        files++;
      }
    }
  };
  walk(from, to);
  return { dir: to, files };
}
