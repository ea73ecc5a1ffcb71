// The many-small-files lake of `npm run bench`: the realistic water lake of bench/lakes at bench scale
// (41 files, ≈33 MB: a yearly family of 22 CSVs, beach datasheets with title and footer rows, exports,
// precipitation, closures, a JSON lookup and a workbook). Generated once; a marker written beside the
// lake (never inside it, so the map does not see it) lets later runs reuse it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { generateLake } from "./lakes/generateLake.ts";
import { WATER_GENERATOR_VERSION } from "./lakes/waterLake.ts";

const SEED = 1;

interface WaterMarker {
  kind: "water";
  scale: "bench";
  seed: number;
  generatorVersion: number;
  files: number;
  bytes: number;
}

/** Generates the water lake into `dir` unless the marker beside it says it is there already. */
export async function waterLake(dir: string): Promise<WaterMarker> {
  const markerPath = `${dir}.generated.json`;
  if (existsSync(markerPath) && existsSync(dir)) {
    try {
      const marker = JSON.parse(readFileSync(markerPath, "utf8")) as WaterMarker;
      if (marker.generatorVersion === WATER_GENERATOR_VERSION && marker.seed === SEED) return marker;
    } catch {
      /* regenerate */
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`generating the water lake (bench scale) in ${dir}\n`);
  const manifest = await generateLake("water", dir, { scale: "bench", seed: SEED });
  const marker: WaterMarker = {
    kind: "water",
    scale: "bench",
    seed: SEED,
    generatorVersion: manifest.generatorVersion,
    files: manifest.files.length,
    bytes: manifest.bytes,
  };
  writeFileSync(markerPath, `${JSON.stringify(marker, null, 2)}\n`);
  return marker;
}
