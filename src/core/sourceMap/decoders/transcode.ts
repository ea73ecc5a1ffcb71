import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from "node:fs";
import { copyKey } from "./copyKey.ts";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { decodeWindows1252 } from "../sniff/fileSample.ts";
import type { TextEncoding } from "../sourceEntry.ts";
import { createGunzip, createGzip } from "node:zlib";

/**
 * DuckDB reads UTF-8, UTF-16 and strict Latin-1 offline, but Windows exports are usually
 * Windows-1252 (curly quotes and dashes in 0x80–0x9F), which its Latin-1 reader refuses; and
 * fixed-length record writers pad fields with NUL bytes, which DuckDB keeps inside the values.
 * Such files are streamed once into a clean UTF-8 copy in RADAR's own folder; line breaks are
 * unchanged, so row origins still point at the original file's lines.
 */
export interface CopyOptions {
  /** The file's encoding (single-byte encodings are decoded; UTF-8 is kept). */
  encoding: TextEncoding;
  /** Drop NUL bytes. */
  stripNul: boolean;
  /** A gzip file gets a gzip copy, so the read (compression='gzip') is the same for both. */
  gzip?: boolean;
  /**
   * Every line end becomes a line feed: a lone carriage return one for one, the carriage return of
   * CR LF dropped (line numbers stay the file's).
   */
  crLines?: boolean;
}

export async function utf8CopyOf(
  absPath: string,
  cacheDir: string,
  options: CopyOptions = { encoding: "windows-1252", stripNul: false },
): Promise<string> {
  const key = copyKey(
    absPath,
    options.encoding,
    String(options.stripNul),
    String(options.gzip === true),
    ...(options.crLines ? ["lf"] : []),
  );
  const dir = join(cacheDir, "utf8");
  const target = join(dir, options.gzip ? `${key}.csv.gz` : `${key}.csv`);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  // A single-byte encoding: each chunk decodes on its own.
  const cp1250 = new TextDecoder("windows-1250");
  const convert = (chunk: Buffer): Buffer => {
    const bytes = options.stripNul && chunk.includes(0) ? chunk.filter((b) => b !== 0) : chunk;
    const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
    if (options.encoding === "windows-1252") return Buffer.from(decodeWindows1252(buffer), "utf8");
    if (options.encoding === "windows-1250") return Buffer.from(cp1250.decode(buffer), "utf8");
    if (options.encoding === "latin-1") return Buffer.from(buffer.toString("latin1"), "utf8");
    return buffer;
  };
  // A carriage return ending a chunk is decided by the next chunk's first byte.
  let heldCr = false;
  const lineEnds = (chunk: Buffer): Buffer => {
    if (!options.crLines) return chunk;
    const bytes = Buffer.from(heldCr ? Buffer.concat([Buffer.from([13]), chunk]) : chunk);
    heldCr = bytes.length > 0 && bytes[bytes.length - 1] === 13;
    const end = heldCr ? bytes.length - 1 : bytes.length;
    // Copied in stretches between carriage returns: a lone one becomes a line feed, the one of
    // CR LF goes (mixed with LF alone, DuckDB fails), so one kind of line end remains.
    const parts: Buffer[] = [];
    let from = 0;
    for (let i = bytes.indexOf(13); i >= 0 && i < end; i = bytes.indexOf(13, i + 1)) {
      if (bytes[i + 1] !== 10) {
        bytes[i] = 10;
        continue;
      }
      parts.push(bytes.subarray(from, i));
      from = i + 1;
    }
    parts.push(bytes.subarray(from, end));
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, convert(lineEnds(chunk)));
    },
    flush(done) {
      // The file's last byte was a lone carriage return: a line end.
      done(null, heldCr ? convert(Buffer.from([10])) : null);
    },
  });
  if (options.gzip)
    await pipeline(
      createReadStream(absPath),
      createGunzip(),
      transform,
      createGzip({ level: 1 }),
      createWriteStream(`${target}.tmp`),
    );
  else await pipeline(createReadStream(absPath), transform, createWriteStream(`${target}.tmp`));
  renameSync(`${target}.tmp`, target);
  return target;
}
