import { isBzip2 } from "../decoders/bzip2Decoder.ts";
import { compressionOf, DECOMPRESS_COMMAND, gunzipSample, innerName } from "../decoders/compressedFile.ts";
import type { CrawledFile } from "../crawl/crawlLake.ts";
import { decodeBytes, readSample } from "./fileSample.ts";
import type { FileSample } from "./fileSample.ts";
import { sniffFormat, withoutTrailingNuls } from "./sniffFormat.ts";
import { ZipArchive } from "../decoders/zipArchive.ts";
import type { Sniffed } from "./sniffFormat.ts";
import type { TextEncoding } from "../sourceEntry.ts";

const TEXT_LINES = 20;

export interface SampledFile {
  /** The bytes RADAR looks at: the file's own, or its decompressed content's. */
  sample: FileSample;
  sniffed: Sniffed;
  compression?: "gzip";
  /** What the profile should say about how the file was read. */
  notes: string[];
  /** The file cannot be read, and why (a damaged compressed file), in place of the format's message. */
  error?: string;
  /** A ZIP archive that is no workbook: its members are read (archiveMembers.ts). */
  zip?: true;
  /** A bzip2 stream: its content is read from a decompressed copy (bzip2File.ts). */
  bzip2?: true;
}

/** Reads a file's sample and decides its format, looking inside gzip whatever the file is called. */
export async function sampleAndSniff(file: CrawledFile): Promise<SampledFile> {
  const raw = await readSample(file.absPath);
  let compression = compressionOf(raw.head);
  // `BZh` alone could start a text file: bzip2 only with a level digit and a block marker after it.
  if (compression === "bzip2" && !isBzip2(raw.head)) compression = undefined;
  if (compression === "bzip2")
    return {
      sample: raw,
      sniffed: {
        format: "binary",
        // Read only where the map decompresses it (profileFile.ts); inside a ZIP archive it is not.
        note: `a bzip2-compressed file inside a ZIP archive, which RADAR does not decompress there: extract it and decompress it into the lake with ${DECOMPRESS_COMMAND.bzip2}`,
      },
      notes: [],
      bzip2: true,
    };
  if (!compression) {
    const sniffed = sniffFormat(file.path, raw);
    if (sniffed.format === "binary" && raw.head.subarray(0, 4).toString("latin1") === "PK\u0003\u0004")
      return {
        sample: raw,
        sniffed: { format: "binary", note: await zipContents(file.absPath) },
        notes: [],
        zip: true,
      };
    // A text file padded with NULs after its last line (sniffFormat reads it as text): say so.
    const end = raw.complete ? raw.head : raw.tail;
    const padding = sniffed.format === "binary" ? 0 : end.length - withoutTrailingNuls(end);
    return {
      sample: raw,
      sniffed,
      notes: padding
        ? [
            `the file ends in ${padding} NUL bytes after its last line (padding to a block size): they hold no rows and were left out`,
          ]
        : [],
    };
  }
  if (compression !== "gzip")
    return {
      sample: raw,
      sniffed: {
        format: "binary",
        note: `${compression}-compressed, which RADAR does not read: decompress it into the lake with ${DECOMPRESS_COMMAND[compression]}`,
      },
      notes: [],
    };
  let unpacked: Awaited<ReturnType<typeof gunzipSample>>;
  try {
    unpacked = await gunzipSample(file.absPath, file.bytes);
  } catch (error) {
    return {
      sample: raw,
      sniffed: { format: "binary" },
      compression,
      notes: [],
      error: `could not read as gzip: ${(error as Error).message}`,
    };
  }
  const { sample, tailSkipped } = unpacked;
  const inner = sniffFormat(innerName(file.path), sample);
  const notes = tailSkipped
    ? [
        "The gzip file is over 256 MB: only the start of its content was looked at for the layout, so a footnote at its very end would be read as a data row.",
      ]
    : [];
  switch (inner.format) {
    case "csv":
    case "json":
    case "jsonl":
    case "text":
    case "unknown":
      return { sample, sniffed: inner, compression, notes };
    case "empty":
      return { sample, sniffed: { format: "empty" }, compression, notes };
    case "binary":
      return {
        sample,
        sniffed: { format: "binary", note: `gzip-compressed ${inner.note ?? "binary content"}` },
        notes,
      };
    default:
      return {
        sample,
        sniffed: {
          format: "binary",
          note: `a gzip-compressed ${inner.format} file: decompress it into the lake (gunzip) to map it`,
        },
        notes,
      };
  }
}

/** What a ZIP archive that is no workbook holds, and what to do with it. */
async function zipContents(absPath: string): Promise<string> {
  try {
    const zip = await ZipArchive.open(absPath);
    try {
      const files = [...zip.entries.keys()].filter((n) => !n.endsWith("/"));
      const shown = files.slice(0, 5).join(", ");
      return `a ZIP archive of ${files.length} file${files.length === 1 ? "" : "s"} (${shown}${files.length > 5 ? ", …" : ""}), not a workbook: unzip it into the lake to map its files`;
    } finally {
      await zip.close();
    }
  } catch (error) {
    return `a ZIP archive that cannot be opened (${(error as Error).message})`;
  }
}

/** The first non-blank character of the content ('[' or '{' for JSON). */
export function firstCharacter(sample: FileSample, encoding: TextEncoding | undefined): string {
  return decodeBytes(sample.head.subarray(0, 4096), encoding ?? "utf-8")
    .trimStart()
    .charAt(0);
}

/** First lines of a text held in a sample (a compressed text file). */
export function sampleLines(sample: FileSample, encoding: TextEncoding | undefined): string[] {
  const lines = decodeBytes(sample.head.subarray(0, 64 * 1024), encoding ?? "utf-8").split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.slice(0, TEXT_LINES).map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
}
