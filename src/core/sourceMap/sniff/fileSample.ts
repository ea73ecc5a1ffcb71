import { isUtf8 } from "node:buffer";
import { open } from "node:fs/promises";
import type { TextEncoding } from "../sourceEntry.ts";

/** The first and last bytes of a file: all the Source Map reads in JS, whatever the file's size. */
export interface FileSample {
  head: Buffer;
  tail: Buffer;
  bytes: number;
  /** The head is the whole file. */
  complete: boolean;
}

export const HEAD_BYTES = 1 << 20;
export const TAIL_BYTES = 64 << 10;

export async function readSample(
  absPath: string,
  headBytes = HEAD_BYTES,
  tailBytes = TAIL_BYTES,
): Promise<FileSample> {
  const handle = await open(absPath, "r");
  try {
    const { size } = await handle.stat();
    const headLength = Math.min(size, headBytes);
    const head = Buffer.alloc(headLength);
    await handle.read(head, 0, headLength, 0);
    const complete = size <= headBytes;
    let tail = Buffer.alloc(0);
    if (!complete) {
      const tailLength = Math.min(tailBytes, size - headLength);
      tail = Buffer.alloc(tailLength);
      await handle.read(tail, 0, tailLength, size - tailLength);
    }
    return { head, tail, bytes: size, complete };
  } finally {
    await handle.close();
  }
}

export function bomEncoding(head: Buffer): { encoding: TextEncoding; bomBytes: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16", bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16", bomBytes: 2 };
  return undefined;
}

/** Checked in place (no decoded copy of a 1 MB sample). */
function isValidUtf8(bytes: Buffer): boolean {
  return isUtf8(bytes);
}

/** Trims a partial multi-byte UTF-8 sequence cut by the sample boundary at the end. */
function trimPartialEnd(bytes: Buffer): Buffer {
  let end = bytes.length;
  let back = 0;
  while (end - back - 1 >= 0 && back < 3 && (bytes[end - back - 1]! & 0xc0) === 0x80) back++;
  const lead = bytes[end - back - 1];
  if (lead !== undefined && lead >= 0xc0) {
    const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : 1;
    if (back < need) end = end - back - 1;
  }
  return bytes.subarray(0, end);
}

function trimPartialStart(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length && start < 3 && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start);
}

/**
 * UTF-8 unless a BOM says UTF-16, or the sampled bytes are not valid UTF-8: then Windows-1252 when
 * bytes 0x80–0x9F occur (its `€`, curly quotes and dashes; they are control codes in Latin-1, never
 * text), else Latin-1. A cut sample is settled by a pass over the whole file (byteCensus.ts).
 */
export function detectEncoding(sample: FileSample): TextEncoding {
  const bom = bomEncoding(sample.head);
  if (bom) return bom.encoding;
  const head = sample.complete ? sample.head : trimPartialEnd(sample.head);
  const tail = sample.tail.length > 0 ? trimPartialStart(sample.tail) : undefined;
  if (isValidUtf8(head) && (!tail || isValidUtf8(tail))) return "utf-8";
  const signs =
    centralEuropeanLetters(head.toString("latin1")) +
    (tail ? centralEuropeanLetters(tail.toString("latin1")) : 0);
  if (signs >= CENTRAL_EUROPEAN_SIGNS) return "windows-1250";
  return hasC1(head) || (tail !== undefined && hasC1(tail)) ? "windows-1252" : "latin-1";
}

/**
 * Windows-1250 (Polish, Czech, Slovak, Hungarian text) differs from Windows-1252 in bytes that are
 * letters there and symbols or nothing here: `ź` (0x9F, Windows-1252's `Ÿ`), `ł` (0xB3, `³`), `ą`
 * (0xB9, `¹`), `ż` (0xBF, `¿`), `Ż` (0xAF, `¯`), `ť`/`Ť`/`Ź` (undefined there)… Read where only a
 * letter can stand — inside a word, after a lowercase letter — they are Central European letters
 * (held-out EZ-02: TfL's Polish month labels `paź.10`, read as `paŸ.10`). A superscript after a
 * unit (`m³`), a footnote mark after a word (`Total¹`) or Spanish `¿Qué` is none of these.
 */
const CENTRAL_EUROPEAN =
  /[a-z][\x8d\x8f\x9d\x9f\xbf]|[A-Za-z\xc0-\xff][\xa5\xaa\xb3\xb9\xba\xbc\xbe][A-Za-z\xc0-\xff]|\xaf[a-z]/g;
/** Occurrences that settle it. */
export const CENTRAL_EUROPEAN_SIGNS = 2;

/** How many Windows-1250 letters in a letter's place the bytes hold (see CENTRAL_EUROPEAN), read as Latin-1 text. */
export function centralEuropeanLetters(latin1: string): number {
  let n = 0;
  for (const _ of latin1.matchAll(CENTRAL_EUROPEAN)) n++;
  return n;
}

function hasC1(bytes: Buffer): boolean {
  for (const b of bytes) if (b >= 0x80 && b <= 0x9f) return true;
  return false;
}

/** Windows-1252's characters for bytes 0x80–0x9F (the five undefined ones stay as they are). */
const CP1252_C1 =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Windows-1252 decoding, by table: Node 20's `TextDecoder("windows-1252")` decodes a whole buffer
 * as Latin-1 (only its streaming mode maps 0x80–0x9F), which turns `€` into U+0080.
 */
export function decodeWindows1252(bytes: Buffer): string {
  const text = bytes.toString("latin1");
  return /[\u0080-\u009f]/.test(text)
    ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!)
    : text;
}

export function decodeBytes(bytes: Buffer, encoding: TextEncoding): string {
  const bom = bomEncoding(bytes);
  const body = bom ? bytes.subarray(bom.bomBytes) : bytes;
  if (encoding === "windows-1252") return decodeWindows1252(body);
  if (encoding === "windows-1250") return new TextDecoder("windows-1250").decode(body);
  if (encoding === "latin-1") return body.toString("latin1");
  if (encoding === "utf-16") return new TextDecoder(bytes[0] === 0xfe ? "utf-16be" : "utf-16le").decode(body);
  // Node's own decoder: the same text as TextDecoder's (U+FFFD for bad bytes), several times faster.
  return body.toString("utf8");
}

/** Decoded head and tail text; the tail starts after its first line break (a whole record): LF, or CR where no LF occurs. */
export function sampleText(sample: FileSample, encoding: TextEncoding): { head: string; tail: string } {
  const head = decodeBytes(sample.head, encoding);
  if (sample.complete) return { head, tail: "" };
  const tailText = decodeBytes(sample.tail, encoding);
  // A file whose lines end in a lone CR (a classic Mac export) has no line feed to start at.
  const firstBreak = tailText.includes("\n") ? tailText.indexOf("\n") : tailText.indexOf("\r");
  return { head, tail: firstBreak >= 0 ? tailText.slice(firstBreak + 1) : "" };
}
