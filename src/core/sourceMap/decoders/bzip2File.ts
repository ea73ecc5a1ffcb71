import { createHash } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MAX_INFLATE_RATIO, MIN_INFLATE_ALLOWANCE } from "./archiveMembers.ts";
import { Bzip2Error, bunzip2 } from "./bzip2Decoder.ts";
import type { Bzip2Stats } from "./bzip2Decoder.ts";

/**
 * bzip2-compressed tables (`sales.csv.bz2`, or a `.csv` whose bytes are bzip2). DuckDB cannot
 * read bzip2, so the file is decompressed once, streaming (bzip2Decoder.ts), into RADAR's state
 * folder — never into the lake — and the copy is read like any CSV/JSON file; the entry keeps the
 * lake file's name, so row origins say `sales.csv.bz2:4` and point at lines of its content. Like a
 * ZIP member's extraction it is bounded: MAX_INFLATE_RATIO × the file's size (at least
 * MIN_INFLATE_ALLOWANCE), the per-file time budget, and the map's cancellation.
 */

/** `sales.csv.bz2` → `sales.csv` (what the content is named for sniffing its format). */
export function bzip2InnerName(path: string): string {
  return path.replace(/\.(bz2|bzip2|bz|tbz2|tbz)$/i, (m) => (/^\.tbz/i.test(m) ? ".tar" : ""));
}

/** Where a bzip2 file's decompressed copy lives: keyed by its path, size and time. */
export function bzip2CopyPath(cacheDir: string, absPath: string): string {
  const { size, mtimeMs } = statSync(absPath);
  const key = createHash("sha256")
    .update(`bzip2\u0000${absPath}\u0000${size}\u0000${mtimeMs}`)
    .digest("hex")
    .slice(0, 24);
  // The inner name's extension tells the readers what it is (`.csv`, `.jsonl`).
  const inner = bzip2InnerName(absPath.slice(absPath.lastIndexOf("/") + 1));
  const ext = (/\.[A-Za-z0-9]{1,8}$/.exec(inner)?.[0] ?? "").toLowerCase();
  // Under utf8/: the one folder of the state DuckDB may read besides the lake (runtime.ts).
  return join(cacheDir, "utf8", "bzip2", `${key}${ext}`);
}

export interface Bzip2Limits {
  /** Decompressed bytes allowed. */
  maxBytes: number;
  /** performance.now() past which decompression stops. */
  deadline: number;
  signal?: AbortSignal;
}

export interface Bzip2Copy {
  path: string;
  bytes: number;
  stats?: Bzip2Stats;
}

/**
 * Decompresses `absPath` into its copy (through a temporary name; a copy already there is reused).
 * A damaged or cut-short file, or one past a limit, throws Bzip2Error with why, and nothing is
 * kept: what decoded before the damage is never taken for the whole content.
 */
export async function decompressBzip2(
  absPath: string,
  cacheDir: string,
  limits: Bzip2Limits,
): Promise<Bzip2Copy> {
  const target = bzip2CopyPath(cacheDir, absPath);
  if (existsSync(target)) return { path: target, bytes: statSync(target).size };
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  const stats: Bzip2Stats = { streams: 0, blocks: 0, bytesIn: 0, bytesOut: 0, trailingBytes: 0 };
  const input = createReadStream(absPath, { highWaterMark: 1 << 20 });
  async function* bounded(): AsyncGenerator<Buffer> {
    for await (const chunk of bunzip2(input, stats, limits.signal ? { signal: limits.signal } : {})) {
      if (stats.bytesOut > limits.maxBytes)
        throw new Bzip2Error(
          `decompressing it would pass the budget of decompressed bytes (${MAX_INFLATE_RATIO} × the file's size, at least ${MIN_INFLATE_ALLOWANCE / 1048576} MiB): decompress it into the lake (bunzip2) to map it`,
        );
      if (performance.now() > limits.deadline)
        throw new Bzip2Error(
          `the per-file time budget ran out after decompressing ${stats.bytesOut} bytes: decompress it into the lake (bunzip2) to map it`,
        );
      yield chunk;
    }
  }
  try {
    await pipeline(Readable.from(bounded()), createWriteStream(temporary));
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof Bzip2Error) throw error;
    throw new Bzip2Error((error as Error).message);
  } finally {
    input.destroy();
  }
  return { path: target, bytes: stats.bytesOut, stats };
}

/**
 * The decompressed copy of a mapped bzip2 file, decompressing it again when the state folder lost
 * it (a Scan after the state folder was cleared). The map already refused files over the budget.
 */
export async function bzip2Copy(cacheDir: string, absPath: string): Promise<string> {
  return (await decompressBzip2(absPath, cacheDir, { maxBytes: Infinity, deadline: Infinity })).path;
}
