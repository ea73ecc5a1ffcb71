import { open } from "node:fs/promises";
import { isUtf8 } from "node:buffer";
import { CENTRAL_EUROPEAN_SIGNS, centralEuropeanLetters } from "./fileSample.ts";

/**
 * Facts about a text file's bytes that a sample cannot settle: whether all of it is UTF-8 (DuckDB
 * fails late, and on some queries fatally, on a stray byte past the sample), whether its non-UTF-8
 * bytes include 0x80–0x9F (Windows-1252 punctuation — `€`, curly quotes, dashes — which Latin-1
 * does not have), NUL padding, and the longest line (DuckDB refuses lines over 2 MB by default).
 * One streaming pass; the file is never held in memory.
 */
export interface ByteCensus {
  utf8: boolean;
  /** Bytes 0x80–0x9F occur (only looked for when the file is not UTF-8). */
  c1: boolean;
  /** Windows-1250 letters where only letters stand (fileSample.ts's centralEuropeanLetters), when not UTF-8. */
  centralEuropean: number;
  /** NUL bytes occur. */
  nul: boolean;
  /** Bytes of the longest physical line: exact from 1 MB up; below that, a lower bound. */
  longestLine: number;
  /**
   * Lines end in a lone carriage return: all of them (classic Mac OS), or many among line feeds (a
   * series typed on a Mac and appended to elsewhere); or in CR LF and in LF alone, many of each (a
   * Windows export with rows appended on Unix, held-out GL's county gazetteer) — which DuckDB's
   * reader, set to one kind of line end, fails on.
   */
  crLineEnds: boolean;
  /**
   * The file's last `"`: the bytes either side (-1 at the file's start or end) and the line feeds
   * after it. A last quote that opens a field (after a delimiter or a line start, before the
   * field's text) is never closed: the file ends inside a quoted field (openQuoteAtEnd).
   */
  lastQuote?: { before: number; after: number; lineFeedsAfter: number };
  /** Line feeds in the file, and whether its last byte is one. */
  lineFeeds: number;
  endsWithLineFeed: boolean;
}

/**
 * The line (1-based) of a `"` that opens the file's last field and is never closed — a file cut
 * off inside a quoted cell (held-out HK-06: Tate's first extract, 110 blocks of 4,096 bytes, ending
 * in `"support: 822 x 805 mm`). DuckDB reads such a record without the cut field (NULL, with
 * null_padding) or drops it, and says nothing. In a file whose quotes are doubled inside quoted
 * fields, the last quote of the file closes a field unless the file was cut: an opening quote
 * inside a quoted field is the first of a pair, never the last quote.
 */
export function openQuoteAtEnd(census: ByteCensus, delimiter: string): number | undefined {
  const q = census.lastQuote;
  if (!q || delimiter.length !== 1) return undefined;
  const d = delimiter.charCodeAt(0);
  const opens = q.before === -1 || q.before === 10 || q.before === 13 || q.before === d;
  const text = q.after !== -1 && q.after !== 10 && q.after !== 13 && q.after !== d && q.after !== 0x22;
  return opens && text ? census.lineFeeds - q.lineFeedsAfter + 1 : undefined;
}

export function censusOfBuffer(bytes: Buffer): ByteCensus {
  const tally = newTally();
  feed(tally, bytes, true);
  return finish(tally);
}

export async function censusOfFile(absPath: string): Promise<ByteCensus> {
  const tally = newTally();
  // One buffer, read into again and again: a stream would allocate a new 1 MB buffer per chunk,
  // and that much short-lived external memory makes V8 collect garbage over and over.
  const buffer = Buffer.allocUnsafe(1 << 20);
  const handle = await open(absPath, "r");
  try {
    for (let position = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      feed(tally, buffer.subarray(0, bytesRead), false);
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  feed(tally, Buffer.alloc(0), true);
  return finish(tally);
}

interface Tally {
  utf8: boolean;
  c1: boolean;
  centralEuropean: number;
  nul: boolean;
  longest: number;
  lineSoFar: number;
  /** Bytes of a UTF-8 sequence cut at the end of the previous chunk. */
  carry: Buffer;
  /** Carriage returns not followed by a line feed, those followed by one, and line feeds. */
  loneCr: number;
  crlf: number;
  lineFeeds: number;
  /** The previous chunk ended in a carriage return. */
  crPending: boolean;
  /** The last byte of the previous chunk (-1 before the first). */
  previous: number;
  lastQuote: { before: number; after: number; lineFeedsAfter: number } | undefined;
}

function newTally(): Tally {
  return {
    utf8: true,
    c1: false,
    centralEuropean: 0,
    nul: false,
    longest: 0,
    lineSoFar: 0,
    carry: Buffer.alloc(0),
    loneCr: 0,
    crlf: 0,
    lineFeeds: 0,
    crPending: false,
    previous: -1,
    lastQuote: undefined,
  };
}

function feed(t: Tally, chunk: Buffer, last: boolean): void {
  if (!t.nul && chunk.includes(0)) t.nul = true;
  const lineFeedsBefore = t.lineFeeds;
  countLineEnds(t, chunk, last);
  noteLastQuote(t, chunk, t.lineFeeds - lineFeedsBefore);
  // Only lines longer than a chunk matter (DuckDB's limit is 2 MB): within a chunk, only the
  // stretch before its first line break and after its last one can be part of such a line.
  const first = chunk.indexOf(10);
  if (first < 0) t.lineSoFar += chunk.length;
  else {
    t.longest = Math.max(t.longest, t.lineSoFar + first);
    t.lineSoFar = chunk.length - chunk.lastIndexOf(10) - 1;
  }
  if (last) t.longest = Math.max(t.longest, t.lineSoFar);
  if (t.utf8) {
    const bytes = t.carry.length ? Buffer.concat([t.carry, chunk]) : chunk;
    const cut = last ? bytes.length : completeUtf8Length(bytes);
    t.utf8 = isUtf8(bytes.subarray(0, cut));
    t.carry = Buffer.from(bytes.subarray(cut));
  }
  const c1Open = !t.utf8 && !t.c1;
  const signsOpen = !t.utf8 && t.centralEuropean < CENTRAL_EUROPEAN_SIGNS;
  if (!c1Open && !signsOpen) return;
  // One decode of the chunk for both byte tests.
  const text = chunk.toString("latin1");
  if (c1Open && /[\u0080-\u009f]/.test(text)) t.c1 = true;
  if (signsOpen) t.centralEuropean += centralEuropeanLetters(text);
}

/** Where the last `"` so far stands: its neighbours and the line feeds after it (see openQuoteAtEnd). */
function noteLastQuote(t: Tally, chunk: Buffer, lineFeeds: number): void {
  if (chunk.length === 0) return;
  const q = chunk.lastIndexOf(0x22);
  if (q < 0) {
    if (t.lastQuote) {
      if (t.lastQuote.after === -1) t.lastQuote.after = chunk[0]!;
      t.lastQuote.lineFeedsAfter += lineFeeds;
    }
  } else {
    let after = 0;
    for (let i = chunk.indexOf(10, q + 1); i >= 0; i = chunk.indexOf(10, i + 1)) after++;
    t.lastQuote = {
      before: q > 0 ? chunk[q - 1]! : t.previous,
      after: q + 1 < chunk.length ? chunk[q + 1]! : -1,
      lineFeedsAfter: after,
    };
  }
  t.previous = chunk[chunk.length - 1]!;
}

/** Lone carriage returns and line feeds, a CR at a chunk's end decided by the next chunk's first byte. */
function countLineEnds(t: Tally, chunk: Buffer, last: boolean): void {
  if (t.crPending && (chunk.length > 0 || last)) {
    if (chunk[0] !== 10) t.loneCr += 1;
    else t.crlf += 1;
    t.crPending = false;
  }
  for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) t.lineFeeds += 1;
  for (let i = chunk.indexOf(13); i >= 0; i = chunk.indexOf(13, i + 1)) {
    if (i === chunk.length - 1) t.crPending = !last;
    if (i === chunk.length - 1 && !last) break;
    if (chunk[i + 1] !== 10) t.loneCr += 1;
    else t.crlf += 1;
  }
}

/**
 * Lone carriage returns end lines: there is no line feed, or they are line ends among line feeds
 * rather than a stray byte in a cell — at least two, and at least a tenth of all line ends.
 */
export function crEndsLines(loneCr: number, lineFeeds: number): boolean {
  if (loneCr === 0) return false;
  return lineFeeds === 0 || (loneCr >= 2 && loneCr * 10 >= loneCr + lineFeeds);
}

/**
 * Line ends of two kinds, CR LF and LF alone, at least two and a tenth of the line ends each: rows
 * appended to a Windows export on another system. (A few LFs alone among CR LFs are line breaks
 * inside quoted cells, which DuckDB reads.)
 */
export function mixedLineEnds(crlf: number, lineFeeds: number): boolean {
  const bare = lineFeeds - crlf;
  return crlf >= 2 && bare >= 2 && crlf * 10 >= lineFeeds && bare * 10 >= lineFeeds;
}

/** Lone carriage returns and line feeds in a buffer taken as a whole file (or its first part). */
export function lineEndCounts(bytes: Buffer): { loneCr: number; lineFeeds: number } {
  const tally = newTally();
  countLineEnds(tally, bytes, true);
  return { loneCr: tally.loneCr, lineFeeds: tally.lineFeeds };
}

function finish(t: Tally): ByteCensus {
  return {
    utf8: t.utf8,
    c1: t.c1,
    centralEuropean: t.centralEuropean,
    nul: t.nul,
    longestLine: t.longest,
    crLineEnds: crEndsLines(t.loneCr, t.lineFeeds) || mixedLineEnds(t.crlf, t.lineFeeds),
    ...(t.lastQuote ? { lastQuote: t.lastQuote } : {}),
    lineFeeds: t.lineFeeds,
    endsWithLineFeed: t.previous === 10,
  };
}

/** Length of the prefix that ends on a whole UTF-8 sequence (a chunk may end inside one). */
function completeUtf8Length(bytes: Buffer): number {
  let end = bytes.length;
  let back = 0;
  while (back < 3 && end - back - 1 >= 0 && (bytes[end - back - 1]! & 0xc0) === 0x80) back++;
  const lead = bytes[end - back - 1];
  if (lead !== undefined && lead >= 0xc0) {
    const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : 1;
    if (back < need) end = end - back - 1;
  }
  return end;
}
