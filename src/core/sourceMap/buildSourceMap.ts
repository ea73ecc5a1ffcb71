import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { crawlLake } from "./crawlLake.ts";
import { relateFiles } from "./fileRelations.ts";
import { profileFile } from "./profileFile.ts";
import type { SourceEntry, SourceMap } from "./sourceEntry.ts";

/** Bumped whenever what a profile contains changes, so stale caches are ignored. */
const CACHE_VERSION = 6;

export interface MapProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  path: string;
}

export interface BuildOptions {
  /** RADAR's folder for this lake (see radarDir.ts): `sourcemap.json` and UTF-8 copies. */
  cacheDir: string;
  onProgress?: (progress: MapProgress) => void;
}

export interface BuildStats {
  files: number;
  profiled: number;
  fromCache: number;
}

interface CacheFile {
  version: number;
  entries: Record<string, SourceEntry>;
}

function cacheKey(entry: { path: string; bytes: number; mtimeMs: number }): string {
  return `${entry.path}\u0000${entry.bytes}\u0000${entry.mtimeMs}`;
}

async function readCache(cacheDir: string): Promise<Map<string, SourceEntry>> {
  try {
    const parsed = JSON.parse(await readFile(join(cacheDir, "sourcemap.json"), "utf8")) as CacheFile;
    if (parsed.version !== CACHE_VERSION) return new Map();
    return new Map(Object.entries(parsed.entries));
  } catch {
    return new Map();
  }
}

async function writeCache(cacheDir: string, files: SourceEntry[]): Promise<void> {
  const entries: Record<string, SourceEntry> = {};
  for (const f of files) entries[cacheKey(f)] = f;
  const target = join(cacheDir, "sourcemap.json");
  // Write then rename: a crash mid-write never leaves a corrupt cache behind.
  await writeFile(`${target}.tmp`, JSON.stringify({ version: CACHE_VERSION, entries } satisfies CacheFile));
  await rename(`${target}.tmp`, target);
}

/** Maps every file of the lake; unchanged files (same path, size and mtime) come from the cache. */
export async function buildSourceMap(
  engine: DuckEngine,
  options: BuildOptions,
): Promise<{ map: SourceMap; stats: BuildStats }> {
  const crawled = await crawlLake(engine.lakeRoot);
  const cache = await readCache(options.cacheDir);
  const bytesTotal = crawled.reduce((sum, f) => sum + f.bytes, 0);
  const files: SourceEntry[] = [];
  let bytesDone = 0;
  let fromCache = 0;
  for (const file of crawled) {
    const cached = cache.get(cacheKey(file));
    if (cached) {
      files.push(cached);
      fromCache++;
    } else {
      files.push(await profileFile(engine, file, options.cacheDir));
    }
    bytesDone += file.bytes;
    options.onProgress?.({
      filesDone: files.length,
      filesTotal: crawled.length,
      bytesDone,
      bytesTotal,
      path: file.path,
    });
  }
  await relateFiles(engine.lakeRoot, files);
  if (fromCache !== files.length) await writeCache(options.cacheDir, files);
  return {
    map: { root: engine.lakeRoot, builtAt: new Date().toISOString(), files },
    stats: { files: files.length, profiled: files.length - fromCache, fromCache },
  };
}
