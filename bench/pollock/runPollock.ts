/**
 * Runs the Pollock yardstick over a folder laid out as `csv/` (the files to load), `clean/` (the
 * table each holds, same names) and `pollock_weights.json`: each loader loads every file, each
 * output is scored against its clean table (pollockMetric.ts). `parameters/` is never read.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Loader, RadarNote } from "./pollockLoaders.ts";
import { duckdbAutoLoader, radarLoader } from "./pollockLoaders.ts";
import { aggregate, fileMeasures, parseCsv } from "./pollockMetric.ts";
import type { FileMeasures, Rows, Scores } from "./pollockMetric.ts";

export interface FileResult {
  file: string;
  measures: FileMeasures;
  error?: string;
  ms: number;
}

export interface LoaderRun {
  loader: string;
  scores: Scores;
  files: FileResult[];
}

export interface PollockRun {
  dir: string;
  runs: LoaderRun[];
  /** RADAR's map of each file (tables, header line, preamble / footer lines, delimiter). */
  radarNotes: Map<string, RadarNote>;
}

export function readClean(path: string): Rows {
  // The original reads with encoding utf-8-sig: a BOM is not part of the first cell.
  return parseCsv(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
}

async function runLoader(
  loader: Loader,
  dir: string,
  files: string[],
  weights: Record<string, number>,
  progress: (done: number) => void,
): Promise<LoaderRun[]> {
  const results: FileResult[][] = loader.names.map(() => []);
  for (const [n, file] of files.entries()) {
    const started = performance.now();
    const clean = readClean(join(dir, "clean", file));
    let loaded: Rows[] | undefined;
    let error: string | undefined;
    try {
      loaded = await loader.load(file);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const ms = Math.round(performance.now() - started);
    loader.names.forEach((_, i) =>
      results[i]!.push({
        file,
        measures: fileMeasures(clean, loaded?.[i]),
        ...(error !== undefined ? { error: error.split("\n")[0]!.slice(0, 300) } : {}),
        ms,
      }),
    );
    progress(n + 1);
  }
  await loader.close();
  return loader.names.map((name, i) => ({
    loader: name,
    scores: aggregate(new Map(results[i]!.map((r) => [r.file, r.measures])), weights),
    files: results[i]!,
  }));
}

export async function runPollock(
  dir: string,
  options: { only?: RegExp; loaders?: ("radar" | "duckdb-auto")[]; onProgress?: (line: string) => void } = {},
): Promise<PollockRun> {
  const csvDir = join(dir, "csv");
  if (!existsSync(csvDir) || !existsSync(join(dir, "clean")))
    throw new Error(`${dir} is not a Pollock folder: it needs csv/ and clean/ (see its README.md)`);
  const weightsPath = join(dir, "pollock_weights.json");
  const weights = existsSync(weightsPath)
    ? (JSON.parse(readFileSync(weightsPath, "utf8")) as Record<string, number>)
    : {};
  const files = readdirSync(csvDir)
    .filter((f) => f.endsWith(".csv") && (!options.only || options.only.test(f)))
    .sort();
  const radarNotes = new Map<string, RadarNote>();
  const runs: LoaderRun[] = [];
  for (const which of options.loaders ?? ["radar", "duckdb-auto"]) {
    const loader = which === "radar" ? await radarLoader(csvDir, radarNotes) : await duckdbAutoLoader(csvDir);
    const started = performance.now();
    runs.push(
      ...(await runLoader(loader, dir, files, weights, (done) => {
        if (done % 250 === 0 || done === files.length)
          options.onProgress?.(
            `${which}: ${done}/${files.length} files, ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
      })),
    );
  }
  return { dir, runs, radarNotes };
}
