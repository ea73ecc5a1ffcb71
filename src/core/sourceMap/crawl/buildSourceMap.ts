import { availableParallelism } from "node:os";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { crawlLake } from "./crawlLake.ts";
import { cacheKey, readCache, writeCache } from "./mapCache.ts";
import type { CrawlResult } from "./crawlLake.ts";
import { offerDescribedNames } from "./describedFields.ts";
import { fingerprintEntry, relateFiles } from "./fileRelations.ts";
import { DEFAULT_FILE_BUDGET_MS, profileFile } from "../profiling/profileFile.ts";
import type { ReaderOptions } from "../readers/readerOptions.ts";
import { readReaderStore } from "../readers/readerStore.ts";
import type { SourceEntry, SourceMap } from "../sourceEntry.ts";

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
  /** Files profiled at once, each on its own DuckDB connection (default: the cores available). */
  concurrency?: number;
  /**
   * Time one file may take (default DEFAULT_FILE_BUDGET_MS plus 1 s per 20 MB): past it, DuckDB is interrupted and the
   * file is mapped from what was read so far, or reported with what was done; the rest maps on.
   */
  fileBudgetMs?: number;
  /** Type every column by the full tests over every row: the reference path the fast one must match. */
  exhaustive?: boolean;
  /**
   * Stops the map: running statements are interrupted, no further file is started, and the build
   * rejects with MapCancelled after writing the files mapped so far to the cache.
   */
  signal?: AbortSignal;
  /** The crawl and the cache, when started ahead (see `readMapInputs`); read here otherwise. */
  inputs?: Promise<MapInputs>;
}

/** What a build starts from: the files of the lake as they are now, and the cached entries. */
export interface MapInputs {
  crawled: CrawlResult;
  cache: Map<string, SourceEntry>;
  /** Reader options the user gave for files (readerStore.ts): those files are mapped with them. */
  readers: Map<string, ReaderOptions>;
}

/**
 * Crawls the lake and reads the cache, neither of which needs DuckDB: a runtime starts this before
 * it opens DuckDB, so the stat calls and the cache's JSON parse overlap DuckDB's own start-up.
 */
export async function readMapInputs(lakeRoot: string, cacheDir: string): Promise<MapInputs> {
  const [crawled, cache, readers] = await Promise.all([
    crawlLake(lakeRoot),
    readCache(cacheDir),
    readReaderStore(cacheDir),
  ]);
  return { crawled, cache, readers };
}

export interface BuildStats {
  files: number;
  profiled: number;
  fromCache: number;
}

/** Maps every file of the lake; unchanged files (same path, size and mtime) come from the cache. */
export async function buildSourceMap(
  engine: DuckEngine,
  options: BuildOptions,
): Promise<{ map: SourceMap; stats: BuildStats }> {
  const { crawled, cache, readers } = await (options.inputs ??
    readMapInputs(engine.lakeRoot, options.cacheDir));
  const bytesTotal = crawled.files.reduce((sum, f) => sum + f.bytes, 0);
  const files: SourceEntry[] = new Array<SourceEntry>(crawled.files.length);
  const pending: number[] = [];
  let bytesDone = 0;
  let filesDone = 0;
  const done = (index: number, entry: SourceEntry, cached: boolean): void => {
    files[index] = entry;
    filesDone++;
    bytesDone += entry.bytes;
    options.onProgress?.({
      filesDone,
      filesTotal: files.length,
      bytesDone,
      bytesTotal,
      path: entry.path,
      entry,
      cached,
    });
  };
  crawled.files.forEach((file, i) => {
    const cached = cache.get(cacheKey(file, readers.get(file.path)));
    if (cached) done(i, cached, true);
    else pending.push(i);
  });
  const fromCache = filesDone;

  // Files are profiled concurrently, each worker on its own connection of the same DuckDB instance.
  const workers = Math.max(1, Math.min(options.concurrency ?? availableParallelism(), pending.length));
  const budgetMs = options.fileBudgetMs ?? DEFAULT_FILE_BUDGET_MS;
  let next = 0;
  const fingerprinted = new Set<string>();
  const work = async (connection: DuckEngine): Promise<void> => {
    while (next < pending.length) {
      if (options.signal?.aborted) return;
      const index = pending[next++]!;
      const file = crawled.files[index]!;
      const entry = await profileFile(connection, file, options.cacheDir, {
        budgetMs,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.exhaustive ? { exhaustive: true } : {}),
        ...(readers.has(file.path) ? { reader: readers.get(file.path)! } : {}),
      });
      // Cancelled while profiling: the entry may record the interruption, not the file; drop it.
      if (options.signal?.aborted) return;
      // Its fingerprint now, while the other connections' statements run, rather than one file
      // after another once every file is mapped (relateFiles).
      await fingerprintEntry(engine.lakeRoot, entry);
      fingerprinted.add(entry.path);
      done(index, entry, false);
    }
  };
  const connections =
    pending.length === 0 ? [] : await Promise.all(Array.from({ length: workers }, () => engine.fork()));
  const onAbort = (): void => connections.forEach((c) => c.interrupt());
  options.signal?.addEventListener("abort", onAbort);
  try {
    await Promise.all(connections.map(work));
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    for (const c of connections) c.close();
  }
  if (options.signal?.aborted) {
    // Keep what was mapped (and cached entries of files not reached), so the next map goes on from there.
    const mapped = files.filter((f): f is SourceEntry => f !== undefined);
    if (filesDone > fromCache) await writeCache(options.cacheDir, mapped);
    throw new MapCancelled(filesDone);
  }
  await relateFiles(engine.lakeRoot, files, fingerprinted);
  // Names a description beside a header-less table lists, found anew on every map (the
  // description may change while the table's file does not).
  await offerDescribedNames(engine.lakeRoot, files);
  // Folders that could not be listed are entries too: the map says what it could not read.
  // Empty folders too (a download that never came, `GOES/`): the map lists what is not there.
  const extra: { at: number; entry: SourceEntry }[] = [
    ...crawled.unreadable.map((u) => ({
      at: u.at,
      entry: { path: u.path, bytes: 0, mtimeMs: 0, format: "unknown" as const, error: u.error },
    })),
    ...crawled.emptyFolders.map((f) => ({
      at: f.at,
      entry: {
        path: f.path,
        bytes: 0,
        mtimeMs: f.mtimeMs,
        format: "empty" as const,
        folder: "empty" as const,
      },
    })),
  ].sort((a, b) => a.at - b.at || (a.entry.path < b.entry.path ? -1 : 1));
  const all: SourceEntry[] = [];
  let u = 0;
  files.forEach((entry, i) => {
    while (u < extra.length && extra[u]!.at <= i) all.push(extra[u++]!.entry);
    all.push(entry);
  });
  all.push(...extra.slice(u).map((x) => x.entry));
  if (fromCache !== files.length) await writeCache(options.cacheDir, files);
  return {
    map: { root: engine.lakeRoot, builtAt: new Date().toISOString(), files: all },
    stats: { files: all.length, profiled: files.length - fromCache, fromCache },
  };
}
