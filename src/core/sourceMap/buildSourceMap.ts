import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { crawlLake } from "./crawlLake.ts";
import { profileFile } from "./profileFile.ts";
import type { SourceEntry, SourceMap } from "./sourceEntry.ts";

/** Bumped whenever what a profile contains changes, so stale caches are ignored. */
const CACHE_VERSION = 5;

export interface MapProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  path: string;
  /** The file's entry, as just mapped or taken from the cache (a host shows files as they come). */
  entry?: SourceEntry;
  /** Whether the entry came from the cache (the file is unchanged) rather than being profiled. */
  cached?: boolean;
}

/** Thrown when `BuildOptions.signal` aborts a build; what was mapped until then is cached. */
export class MapCancelled extends Error {
  constructor(readonly filesDone: number) {
    super("the Source Map was cancelled");
    this.name = "MapCancelled";
  }
}

export interface BuildOptions {
  /** RADAR's folder for this lake (see radarDir.ts): `sourcemap.json` and UTF-8 copies. */
  cacheDir: string;
  onProgress?: (progress: MapProgress) => void;
  /** Stops the build between files; the files mapped so far are written to the cache first. */
  signal?: AbortSignal;
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
  const cancelled = async (): Promise<MapCancelled> => {
    // Keep what was mapped, and the cached entries of the files not reached yet.
    const rest = crawled.slice(files.length).flatMap((f) => cache.get(cacheKey(f)) ?? []);
    if (files.length > fromCache) await writeCache(options.cacheDir, [...files, ...rest]);
    return new MapCancelled(files.length);
  };
  for (const file of crawled) {
    if (options.signal?.aborted) throw await cancelled();
    const cached = cache.get(cacheKey(file));
    let entry: SourceEntry;
    if (cached) {
      entry = cached;
      fromCache++;
    } else {
      entry = await profileFile(engine, file, options.cacheDir);
      // Cancelled while profiling: the entry may record the interruption, not the file; drop it.
      if (options.signal?.aborted) throw await cancelled();
    }
    files.push(entry);
    bytesDone += file.bytes;
    options.onProgress?.({
      filesDone: files.length,
      filesTotal: crawled.length,
      bytesDone,
      bytesTotal,
      path: file.path,
      entry,
      cached: entry === cached,
    });
  }
  if (fromCache !== files.length) await writeCache(options.cacheDir, files);
  return {
    map: { root: engine.lakeRoot, builtAt: new Date().toISOString(), files },
    stats: { files: files.length, profiled: files.length - fromCache, fromCache },
  };
}
