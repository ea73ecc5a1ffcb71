import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from "node:fs";
import { copyKey } from "../decoders/copyKey.ts";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * A copy of a text file in RADAR's state folder in which every comment line (its first non-blank
 * characters are the user's comment prefix) is emptied, its line break kept. DuckDB's own `comment`
 * option takes one byte only and also cuts every other line at that byte (`x#y` is read as `x`), so
 * values holding it would change silently; an emptied line is no record for DuckDB nor for the
 * record scan of row origins, and every other line keeps its number.
 *
 * `quote`: inside a quoted field that spans lines, a line starting with the prefix is data.
 */
export async function commentFreeCopy(
  path: string,
  cacheDir: string,
  prefix: string,
  quote: string | undefined,
  encoding: "utf8" | "latin1",
): Promise<string> {
  const key = copyKey(path, prefix, quote ?? "", encoding);
  // Under `utf8/`: the folder of copies DuckDB is allowed to read (see runtime/openLakeEngine.ts).
  const dir = join(cacheDir, "utf8", "uncommented");
  const target = join(dir, `${key}.txt`);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  await pipeline(
    createReadStream(path),
    commentBlanker(Buffer.from(prefix, encoding), quote ? Buffer.from(quote, encoding)[0] : undefined),
    createWriteStream(`${target}.tmp`),
  );
  renameSync(`${target}.tmp`, target);
  return target;
}

/** The streaming transform: comment lines lose their content, every byte else passes. */
export function commentBlanker(prefix: Buffer, quote: number | undefined): Transform {
  let state: "start" | "normal" | "comment" = "start";
  let pending: number[] = [];
  let matched = 0;
  let inQuotes = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const out: number[] = [];
      for (const b of chunk) {
        if (state === "comment") {
          if (b === 0x0a || b === 0x0d) {
            state = "start";
            out.push(b);
          }
          continue;
        }
        if (state === "start") {
          if ((b === 0x20 || b === 0x09) && matched === 0) {
            pending.push(b);
            continue;
          }
          if (b === prefix[matched]) {
            pending.push(b);
            if (++matched === prefix.length) {
              pending = [];
              matched = 0;
              state = "comment";
            }
            continue;
          }
          for (const p of pending) out.push(p);
          pending = [];
          matched = 0;
          state = "normal";
        }
        out.push(b);
        if (quote !== undefined && b === quote) inQuotes = !inQuotes;
        if ((b === 0x0a || b === 0x0d) && !inQuotes) state = "start";
      }
      done(null, Buffer.from(out));
    },
    flush(done) {
      done(null, Buffer.from(pending));
    },
  });
}

/** The same blanking over text in memory (the sample a profile lays out), line breaks kept. */
export function blankComments(text: string, prefix: string, quote: string | undefined): string {
  let inQuotes = false;
  return text
    .split(/(\r\n|\n|\r)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const comment = !inQuotes && part.replace(/^[ \t]+/, "").startsWith(prefix);
      if (quote && !comment) for (const ch of part) if (ch === quote) inQuotes = !inQuotes;
      return comment ? "" : part;
    })
    .join("");
}
