import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ReaderOptions } from "../readers/readerOptions.ts";
import type { SourceEntry } from "../sourceEntry.ts";

/**
 * The Source Map cache, `sourcemap.json` in RADAR's folder for the lake: each file's entry under its
 * path, size, mtime and reader options. Apart from the mapping itself, so that the editor can read
 * it (to show the last map at once) without loading the profilers.
 */

/** Bumped whenever what a profile contains changes, so stale caches are ignored. */
const CACHE_VERSION = 54;

interface CacheFile {
  version: number;
  entries: Record<string, SourceEntry>;
}

/** A file's entry is reused while its path, size, mtime and the user's reader options are the same. */
export function cacheKey(
  entry: { path: string; bytes: number; mtimeMs: number },
  reader?: ReaderOptions,
): string {
  return `${entry.path}\u0000${entry.bytes}\u0000${entry.mtimeMs}${reader ? `\u0000${JSON.stringify(reader)}` : ""}`;
}

export async function readCache(cacheDir: string): Promise<Map<string, SourceEntry>> {
  try {
    const parsed = JSON.parse(await readFile(join(cacheDir, "sourcemap.json"), "utf8")) as CacheFile;
    if (parsed.version !== CACHE_VERSION) return new Map();
    return new Map(Object.entries(parsed.entries));
  } catch {
    return new Map();
  }
}

export async function writeCache(cacheDir: string, files: SourceEntry[]): Promise<void> {
  const entries: Record<string, SourceEntry> = {};
  for (const f of files) entries[cacheKey(f, f.reader)] = f;
  const target = join(cacheDir, "sourcemap.json");
  // Write then rename: a crash mid-write never leaves a corrupt cache behind.
  await writeFile(`${target}.tmp`, JSON.stringify({ version: CACHE_VERSION, entries } satisfies CacheFile));
  await rename(`${target}.tmp`, target);
}

/**
 * The entries of the last map written to the cache, in the lake's order then, as they were: what
 * the editor shows at once while a mapping checks them (a file changed since is mapped again).
 */
export async function cachedEntries(cacheDir: string): Promise<SourceEntry[]> {
  return [...(await readCache(cacheDir)).values()];
}
