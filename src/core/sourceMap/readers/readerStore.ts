import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ReaderOptions } from "./readerOptions.ts";

/**
 * The reader options the user gave for files of the lake (Scan's `reader`), kept in RADAR's state
 * folder next to the map's cache (`reader-options.json`, by lake path): every later map reads those
 * files with them, so Discover, Probe and later sessions see the tables as the user said to read them.
 */
const STORE = "reader-options.json";
const VERSION = 1;

interface StoreFile {
  version: number;
  files: Record<string, ReaderOptions>;
}

export async function readReaderStore(cacheDir: string): Promise<Map<string, ReaderOptions>> {
  try {
    const parsed = JSON.parse(await readFile(join(cacheDir, STORE), "utf8")) as StoreFile;
    if (parsed.version !== VERSION) return new Map();
    return new Map(Object.entries(parsed.files));
  } catch {
    return new Map();
  }
}

/** Remembers (or, with undefined, forgets) the options of one file. */
export async function rememberReader(
  cacheDir: string,
  path: string,
  options: ReaderOptions | undefined,
): Promise<void> {
  const files = await readReaderStore(cacheDir);
  if (options === undefined) {
    if (!files.delete(path)) return;
  } else files.set(path, options);
  const target = join(cacheDir, STORE);
  // Write then rename: a crash mid-write never leaves a corrupt store behind.
  await writeFile(
    `${target}.tmp`,
    JSON.stringify({ version: VERSION, files: Object.fromEntries(files) } satisfies StoreFile, null, 1),
  );
  await rename(`${target}.tmp`, target);
}
