import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { HEAD_BYTES, TAIL_BYTES } from "../sniff/fileSample.ts";
import type { FileSample } from "../sniff/fileSample.ts";

/**
 * Compressed tables. gzip is told by its bytes (1f 8b), whatever the file is called; DuckDB reads
 * gzip itself (read_csv/read_json `compression='gzip'`), so only the sample RADAR looks at in JS is
 * decompressed here. Other compressors are named, with the command that opens them.
 */

export type Compression = "gzip" | "bzip2" | "xz" | "zstd" | "lz4";

export function compressionOf(head: Buffer): Compression | undefined {
  if (head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (head.subarray(0, 3).toString("latin1") === "BZh") return "bzip2";
  if (head.subarray(0, 6).equals(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))) return "xz";
  if (head.subarray(0, 4).equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]))) return "zstd";
  if (head.subarray(0, 4).equals(Buffer.from([0x04, 0x22, 0x4d, 0x18]))) return "lz4";
  return undefined;
}

export const DECOMPRESS_COMMAND: Record<Exclude<Compression, "gzip">, string> = {
  bzip2: "bunzip2 (or bzip2 -d)",
  xz: "unxz (or xz -d)",
  zstd: "unzstd (or zstd -d)",
  lz4: "unlz4 (or lz4 -d)",
};

/** The compressed name's inner name: `sales.csv.gz` → `sales.csv`. */
export function innerName(path: string): string {
  return path.replace(/\.(gz|gzip|tgz)$/i, (m) => (m.toLowerCase() === ".tgz" ? ".tar" : ""));
}

/** Past this many compressed bytes the tail is not looked at (footnotes at the very end go unseen). */
export const TAIL_SCAN_LIMIT = 256 << 20;

export interface GzipSample {
  sample: FileSample;
  /** The tail of the decompressed text was not read (a file over TAIL_SCAN_LIMIT). */
  tailSkipped: boolean;
}

/**
 * The first and last bytes of a gzip file's decompressed content, by one streaming pass (only the
 * head and a rolling tail are held). A file over TAIL_SCAN_LIMIT stops after the head.
 */
export async function gunzipSample(absPath: string, compressedBytes: number): Promise<GzipSample> {
  const scanWhole = compressedBytes <= TAIL_SCAN_LIMIT;
  const raw = createReadStream(absPath, { highWaterMark: 1 << 20 });
  const gunzip = createGunzip();
  raw.on("error", (e) => gunzip.destroy(e));
  const headParts: Buffer[] = [];
  let headLength = 0;
  let tailParts: Buffer[] = [];
  let tailLength = 0;
  let total = 0;
  let stopped = false;
  try {
    for await (const chunk of raw.pipe(gunzip) as AsyncIterable<Buffer>) {
      total += chunk.length;
      let rest = chunk;
      if (headLength < HEAD_BYTES) {
        const take = rest.subarray(0, HEAD_BYTES - headLength);
        headParts.push(take);
        headLength += take.length;
        rest = rest.subarray(take.length);
      }
      if (rest.length) {
        tailParts.push(rest);
        tailLength += rest.length;
        if (tailLength > 2 * TAIL_BYTES) {
          const joined = Buffer.concat(tailParts).subarray(-TAIL_BYTES);
          tailParts = [joined];
          tailLength = joined.length;
        }
      }
      if (!scanWhole && headLength >= HEAD_BYTES) {
        stopped = true;
        break;
      }
    }
  } catch (error) {
    const message = (error as Error).message;
    if (/unexpected end of file/i.test(message))
      throw new Error(
        "the gzip file is truncated (its compressed stream ends early): copy or download it again",
      );
    throw new Error(`the gzip file is damaged (${message}): copy or download it again`);
  } finally {
    raw.destroy();
  }
  const head = Buffer.concat(headParts);
  const tail = Buffer.concat(tailParts).subarray(-TAIL_BYTES);
  return {
    sample: {
      head,
      tail: stopped ? Buffer.alloc(0) : tail,
      bytes: stopped ? compressedBytes : total,
      complete: !stopped && total <= HEAD_BYTES,
    },
    tailSkipped: stopped,
  };
}
