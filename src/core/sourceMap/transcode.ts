import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";

/**
 * DuckDB reads UTF-8, UTF-16 and strict Latin-1 offline, but Windows exports are usually
 * Windows-1252 (curly quotes and dashes in 0x80–0x9F), which its Latin-1 reader refuses. Such
 * files are streamed once into a UTF-8 copy in RADAR's own folder; line breaks are unchanged, so
 * row origins still point at the original file's lines.
 */
export async function utf8CopyOf(absPath: string, cacheDir: string, gzip = false): Promise<string> {
  const { size, mtimeMs } = statSync(absPath);
  const key = createHash("sha256")
    .update(`${absPath}\u0000${size}\u0000${mtimeMs}`)
    .digest("hex")
    .slice(0, 24);
  const dir = join(cacheDir, "utf8");
  // A gzip file gets a gzip copy, so the read (compression='gzip') is the same for both.
  const target = join(dir, gzip ? `${key}.csv.gz` : `${key}.csv`);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  const decoder = new TextDecoder("windows-1252");
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.from(decoder.decode(chunk, { stream: true }), "utf8"));
    },
    flush(done) {
      done(null, Buffer.from(decoder.decode(), "utf8"));
    },
  });
  if (gzip)
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
