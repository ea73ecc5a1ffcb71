/**
 * A streaming bzip2 decoder. Neither Node nor DuckDB reads bzip2, and the one streaming npm
 * package is unmaintained, so `.csv.bz2` files are decoded here (written from the format as the
 * reference bzip2 `decompress.c` reads it). The input is pulled in chunks and the output handed on
 * at most OUTPUT_CHUNK bytes at a time: a block (≤ 900 kB before its final run-length step) is the
 * most held at once, never the whole file or its whole content.
 *
 * A bzip2 file is one or more streams (pbzip2 writes one per block), each `BZh1`..`BZh9` then blocks:
 * 48-bit magic, CRC of the block's output, then the Burrows–Wheeler transform of the (run-length
 * coded) input, move-to-front coded and Huffman coded with up to six tables chosen every 50
 * symbols. A stream ends with another 48-bit magic and the CRC combining all its blocks' CRCs.
 */

/** Why decoding stopped: the message says what and where, for the Source Map entry. */
export class Bzip2Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Bzip2Error";
  }
}

export interface Bzip2Stats {
  /** Streams decoded to their end (pbzip2 output has many). */
  streams: number;
  /** Blocks decoded and checked. */
  blocks: number;
  /** Compressed bytes read. */
  bytesIn: number;
  /** Decompressed bytes handed on. */
  bytesOut: number;
  /** Bytes after the last stream that are not a bzip2 stream (ignored, as bzip2 itself does). */
  trailingBytes: number;
}

const BLOCK_MAGIC_HI = 0x314159;
const BLOCK_MAGIC_LO = 0x265359;
const END_MAGIC_HI = 0x177245;
const END_MAGIC_LO = 0x385090;
const MAX_GROUPS = 6;
const MIN_GROUPS = 2;
const GROUP_SIZE = 50;
const MAX_CODE_LENGTH = 20;
/** bzip2 1.0.8 reads at most this many selectors (more are read and dropped: CVE-2019-12900). */
const MAX_SELECTORS = 18002;
/** Output is handed on in pieces of this size (a block of runs can expand to ~46 MB). */
const OUTPUT_CHUNK = 1 << 20;
/** Codes up to this length are decoded by one table look-up; longer ones bit by bit. */
const FAST_BITS = 10;

/*
 * Every CRC and the bit buffer are kept as signed 32-bit integers (the CRC starts at -1, not
 * 0xffffffff; the table is an Int32Array; bits are shifted in without `>>> 0`), made unsigned only
 * where a caller needs it. A uint32 above 2^31 is a double to V8, and with those values the decoder
 * once in about 30 runs on a CPU-starved machine (Node 24.22.3, while its code was being optimised)
 * reported "CRC mismatch" for a block whose every output byte was right: the bytes came out
 * correct, so the CRC values (computed and stored, all uint32 doubles then) were what went wrong.
 * In the int32 form no value leaves the int32 range: no double-to-int conversion is left.
 */

/** CRC-32 as bzip2 computes it: polynomial 0x04c11db7, most significant bit first (not zlib's). */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    table[i] = c;
  }
  return table;
})();

/** bzip2's CRC of `bytes`, unsigned; `crc` continues from an earlier result. */
export function bzip2Crc(bytes: Uint8Array, crc = -1): number {
  let c = crc | 0;
  for (let i = 0; i < bytes.length; i++) c = (c << 8) ^ CRC_TABLE[((c >>> 24) ^ bytes[i]!) & 0xff]!;
  return c >>> 0;
}

/** The largest compressed size of one block: every symbol at the longest code, plus the tables. */
function maxBlockBytes(level: number): number {
  return Math.ceil(((level * 100_000 + 1) * MAX_CODE_LENGTH) / 8) + 64 * 1024;
}

/**
 * Does `head` start a bzip2 stream — `BZh` and a level digit followed by a block or end-of-stream
 * magic? Three letters alone could be the start of a text file.
 */
export function isBzip2(head: Uint8Array): boolean {
  if (head.length < 10) return false;
  if (head[0] !== 0x42 || head[1] !== 0x5a || head[2] !== 0x68) return false;
  if (head[3]! < 0x31 || head[3]! > 0x39) return false;
  const magic = Buffer.from(head.subarray(4, 10)).toString("hex");
  return magic === "314159265359" || magic === "177245385090";
}

/**
 * Bits of the compressed input, most significant first. The caller makes sure a whole block is
 * buffered before decoding it (see maxBlockBytes), so reads never wait; reading past the end of
 * the input yields zeros and is noticed by `overrun` (the file was cut short).
 */
class BitReader {
  buffer: Uint8Array = new Uint8Array(0);
  /** Next byte of `buffer` to take into `bits`. */
  pos = 0;
  /** Up to 32 pending bits (as an int32), the next one at position `count - 1`. */
  bits = 0;
  count = 0;
  /** Bytes consumed from earlier buffers (for positions in messages). */
  base = 0;
  /** Zero bytes invented past the end of the input. */
  overrun = 0;
  ended = false;

  /** Bytes buffered and not yet taken into `bits`. */
  available(): number {
    return this.buffer.length - this.pos;
  }

  /** Adds input after what is left unread (one copy for all the chunks of a refill). */
  append(chunks: Uint8Array[]): void {
    const rest = this.buffer.subarray(this.pos);
    this.base += this.pos;
    this.buffer = Buffer.concat([rest, ...chunks]);
    this.pos = 0;
  }

  /** Whole input bytes not yet read (buffered, or pending in `bits`; invented zeros excluded). */
  remainingBytes(): number {
    return this.available() + Math.max(0, Math.floor(this.count / 8) - this.overrun);
  }

  /** Compressed bytes consumed so far (whole bytes, counting partly read ones). */
  consumed(): number {
    return this.base + this.pos - Math.floor(this.count / 8);
  }

  fill(): void {
    while (this.count <= 24) {
      let byte = 0;
      if (this.pos < this.buffer.length) byte = this.buffer[this.pos++]!;
      else this.overrun++;
      this.bits = (this.bits << 8) | byte;
      this.count += 8;
    }
  }

  /** `n` ≤ 24 bits. */
  read(n: number): number {
    if (this.count < n) this.fill();
    this.count -= n;
    return (this.bits >>> this.count) & ((1 << n) - 1);
  }

  bit(): number {
    return this.read(1);
  }

  /** Drops the bits up to the next byte boundary (streams start on one). */
  align(): void {
    this.count -= this.count % 8;
  }

  /** Bits not yet read, counting those invented past the end as missing. */
  pastEnd(): boolean {
    return this.overrun * 8 > this.count;
  }
}

/** One Huffman table, canonical as bzip2 builds it: codes in order of length, then of symbol. */
interface HuffmanTable {
  /** For the next FAST_BITS bits: symbol << 5 | code length, or 0 when the code is longer. */
  fast: Int32Array;
  /** limit[len]: the largest code of that length; a code c of that length is perm[c + base[len]]. */
  limit: Int32Array;
  base: Int32Array;
  perm: Int32Array;
  minLength: number;
}

function buildTable(lengths: Uint8Array, alphaSize: number): HuffmanTable {
  const limit = new Int32Array(MAX_CODE_LENGTH + 2).fill(-1);
  const base = new Int32Array(MAX_CODE_LENGTH + 2);
  const perm = new Int32Array(alphaSize);
  const fast = new Int32Array(1 << FAST_BITS);
  let minLength = MAX_CODE_LENGTH;
  for (let i = 0; i < alphaSize; i++) minLength = Math.min(minLength, lengths[i]!);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
    base[length] = index - code;
    for (let symbol = 0; symbol < alphaSize; symbol++) {
      if (lengths[symbol] !== length) continue;
      if (length <= FAST_BITS) {
        // Every FAST_BITS-bit window that starts with this code decodes to it.
        const shift = FAST_BITS - length;
        const first = code << shift;
        for (let k = 0; k < 1 << shift; k++) fast[first + k] = (symbol << 5) | length;
      }
      perm[index++] = symbol;
      code++;
    }
    limit[length] = code - 1;
    // Codes of `length` bits that remain would need more than `length` bits: the lengths
    // over-subscribe the code space (a damaged table), which the decode loop reports.
    code <<= 1;
  }
  return { fast, limit, base, perm, minLength };
}

/**
 * The state of one block between output chunks: its inverse-BWT links and where the walk through
 * them, the final run-length decoding and the CRC stand.
 */
interface BlockOutput {
  /** tt[i] >>> 8 is the next position, tt[i] & 0xff the byte (the BWT's inverse, as bzip2 links it). */
  tt: Uint32Array;
  tPos: number;
  /** Bytes of the BWT output still to walk. */
  left: number;
  /** Last byte and how many times in a row it came (after 4, the next byte is a repeat count). */
  last: number;
  run: number;
  /** Copies of `last` still to write (a repeat count not yet written out). */
  repeat: number;
  crc: number;
  expectedCrc: number;
  number: number;
}

export interface Bzip2Options {
  /** Checked between blocks and output chunks; aborting stops the decode with its reason. */
  signal?: AbortSignal;
}

/**
 * Decodes the bzip2 input `source` (chunks of any size), yielding the decompressed bytes in pieces
 * of at most OUTPUT_CHUNK. Throws Bzip2Error on damage (with the block and the byte offset) or
 * truncation; every block's CRC and every stream's CRC are checked, so bytes handed on before an
 * error are correct but not the whole content. `stats` is filled as it goes.
 */
export async function* bunzip2(
  source: AsyncIterable<Uint8Array>,
  stats: Bzip2Stats = { streams: 0, blocks: 0, bytesIn: 0, bytesOut: 0, trailingBytes: 0 },
  options: Bzip2Options = {},
): AsyncGenerator<Buffer> {
  const input = source[Symbol.asyncIterator]();
  const reader = new BitReader();
  /** Buffers input until `bytes` are available or the input ends. */
  const want = async (bytes: number): Promise<void> => {
    const chunks: Uint8Array[] = [];
    let have = reader.available();
    while (!reader.ended && have < bytes) {
      const next = await input.next();
      if (next.done) reader.ended = true;
      else {
        stats.bytesIn += next.value.length;
        have += next.value.length;
        chunks.push(next.value);
      }
    }
    if (chunks.length > 0) reader.append(chunks);
  };
  const tt = new Uint32Array(900_000);
  let blockNumber = 0;
  try {
    await want(4);
    for (let streamIndex = 0; ; streamIndex++) {
      // A stream header, or the end of the input (or what bzip2 calls trailing garbage).
      const remaining = reader.remainingBytes();
      if (remaining === 0) {
        if (streamIndex === 0) throw new Bzip2Error("the file is empty: no bzip2 stream");
        return;
      }
      const b = reader.read(8);
      const z = reader.read(8);
      const h = reader.read(8);
      const levelDigit = reader.read(8);
      if (b !== 0x42 || z !== 0x5a || h !== 0x68 || levelDigit < 0x31 || levelDigit > 0x39) {
        if (streamIndex === 0) throw new Bzip2Error("not a bzip2 stream (no BZh1..BZh9 header)");
        // bzip2 ignores what follows a complete stream; it is counted so the caller can say so.
        stats.trailingBytes = remaining;
        for (;;) {
          const next = await input.next();
          if (next.done) break;
          stats.bytesIn += next.value.length;
          stats.trailingBytes += next.value.length;
        }
        return;
      }
      if (reader.pastEnd()) throw truncated(reader);
      const level = levelDigit - 0x30;
      const blockMax = level * 100_000;
      let streamCrc = 0;
      for (;;) {
        if (options.signal?.aborted) throw new Bzip2Error("cancelled");
        await want(maxBlockBytes(level));
        const hi = reader.read(24);
        const lo = reader.read(24);
        if (hi === END_MAGIC_HI && lo === END_MAGIC_LO) {
          const stored = (reader.read(16) << 16) | reader.read(16);
          if (reader.pastEnd()) throw truncated(reader);
          if (stored !== streamCrc)
            throw new Bzip2Error(
              `the stream's combined CRC does not match its blocks (stream ${streamIndex + 1}): the file is damaged`,
            );
          reader.align();
          stats.streams++;
          await want(4);
          break;
        }
        if (hi !== BLOCK_MAGIC_HI || lo !== BLOCK_MAGIC_LO) {
          if (reader.pastEnd()) throw truncated(reader);
          throw new Bzip2Error(
            `no block or end-of-stream marker where block ${blockNumber + 1} should start (near byte ${reader.consumed()}): the file is damaged`,
          );
        }
        blockNumber++;
        const block = decodeBlock(reader, tt, blockMax, blockNumber);
        for (;;) {
          const out = Buffer.allocUnsafe(OUTPUT_CHUNK);
          const written = walkBlock(block, out);
          if (written > 0) {
            stats.bytesOut += written;
            yield out.subarray(0, written);
            if (options.signal?.aborted) throw new Bzip2Error("cancelled");
          }
          if (block.left === 0 && block.repeat === 0) break;
        }
        const crc = ~block.crc;
        if (crc !== block.expectedCrc)
          throw new Bzip2Error(
            `CRC mismatch in block ${blockNumber} (its decoded bytes do not match the checksum stored with them): the file is damaged`,
          );
        streamCrc = ((streamCrc << 1) | (streamCrc >>> 31)) ^ crc;
        stats.blocks++;
      }
    }
  } catch (error) {
    // Damage found past the end of the input is the input being cut short, whatever it looked like.
    if (reader.pastEnd() && !(error instanceof Bzip2Error && error.message === "cancelled"))
      throw truncated(reader);
    throw error;
  } finally {
    await input.return?.();
  }
}

function truncated(reader: BitReader): Bzip2Error {
  return new Bzip2Error(
    `the bzip2 file is cut short after ${reader.base + reader.buffer.length} bytes (its stream ends early): copy or download it again`,
  );
}

function damaged(block: number, what: string): Bzip2Error {
  return new Bzip2Error(`block ${block} is damaged (${what}): the file is damaged`);
}

/**
 * Reads one block up to its end-of-block symbol: the tables, then the Huffman-coded MTF/RLE2
 * symbols into `tt` (the BWT's last column), then links `tt` for the inverse BWT.
 */
function decodeBlock(reader: BitReader, tt: Uint32Array, blockMax: number, number: number): BlockOutput {
  const expectedCrc = (reader.read(16) << 16) | reader.read(16);
  if (reader.bit())
    throw damaged(
      number,
      "a randomised block, written only by bzip2 0.9.0 and older, which RADAR does not read",
    );
  const origPtr = reader.read(24);

  // Which byte values occur: 16 flags for ranges of 16, then 16 flags per range used.
  const seqToUnseq = new Uint8Array(256);
  let inUse = 0;
  const ranges = reader.read(16);
  for (let i = 0; i < 16; i++) {
    if (!(ranges & (0x8000 >>> i))) continue;
    const used = reader.read(16);
    for (let j = 0; j < 16; j++) if (used & (0x8000 >>> j)) seqToUnseq[inUse++] = i * 16 + j;
  }
  if (inUse === 0) throw damaged(number, "no byte values in use");
  const alphaSize = inUse + 2;
  const endOfBlock = inUse + 1;

  const groups = reader.read(3);
  if (groups < MIN_GROUPS || groups > MAX_GROUPS) throw damaged(number, `${groups} Huffman tables`);
  const selectorCount = reader.read(15);
  if (selectorCount < 1) throw damaged(number, "no table selectors");
  // Selectors are move-to-front coded, each in unary (a 1 per position, then a 0).
  const selectors = new Uint8Array(Math.min(selectorCount, MAX_SELECTORS));
  const order = [0, 1, 2, 3, 4, 5].slice(0, groups);
  for (let i = 0; i < selectorCount; i++) {
    let j = 0;
    while (reader.bit()) {
      j++;
      if (j >= groups) throw damaged(number, "a table selector out of range");
    }
    const value = order[j]!;
    order.splice(j, 1);
    order.unshift(value);
    if (i < selectors.length) selectors[i] = value;
  }

  // Code lengths, delta coded: a start of 5 bits, then per symbol "10" adds one, "11" takes one away, "0" ends it.
  const tables: HuffmanTable[] = [];
  const lengths = new Uint8Array(alphaSize);
  for (let t = 0; t < groups; t++) {
    let length = reader.read(5);
    for (let s = 0; s < alphaSize; s++) {
      for (;;) {
        if (length < 1 || length > MAX_CODE_LENGTH)
          throw damaged(number, "a Huffman code length out of range");
        if (!reader.bit()) break;
        length += reader.bit() ? -1 : 1;
      }
      lengths[s] = length;
    }
    tables.push(buildTable(lengths, alphaSize));
  }

  // The symbols: RUNA/RUNB spell a run of the front byte in bijective base 2 (RLE2), symbol k ≥ 2
  // is the byte at position k−1 of the move-to-front list, which then moves to the front.
  const mtf = new Uint8Array(256);
  for (let i = 0; i < inUse; i++) mtf[i] = seqToUnseq[i]!;
  const counts = new Int32Array(256);
  let length = 0;
  let runWeight = 0;
  let runLength = 0;
  let group = -1;
  let groupLeft = 0;
  let table = tables[0]!;
  // The bit buffer is kept in locals in the hot loop.
  let bits = reader.bits;
  let count = reader.count;
  for (;;) {
    if (groupLeft === 0) {
      group++;
      if (group >= selectors.length) throw damaged(number, "more symbols than table selectors");
      table = tables[selectors[group]!]!;
      groupLeft = GROUP_SIZE;
    }
    groupLeft--;
    if (count < MAX_CODE_LENGTH) {
      reader.bits = bits;
      reader.count = count;
      reader.fill();
      bits = reader.bits;
      count = reader.count;
    }
    let symbol: number;
    const entry = table.fast[(bits >>> (count - FAST_BITS)) & ((1 << FAST_BITS) - 1)]!;
    if (entry !== 0) {
      count -= entry & 31;
      symbol = entry >>> 5;
    } else {
      let codeLength = FAST_BITS + 1;
      let code = (bits >>> (count - codeLength)) & ((1 << codeLength) - 1);
      while (codeLength <= MAX_CODE_LENGTH && code > table.limit[codeLength]!) {
        codeLength++;
        code = (bits >>> (count - codeLength)) & ((1 << codeLength) - 1);
      }
      const index = code + table.base[codeLength]!;
      if (codeLength > MAX_CODE_LENGTH || index < 0 || index >= alphaSize)
        throw damaged(number, "a bit sequence that is no Huffman code");
      count -= codeLength;
      symbol = table.perm[index]!;
    }
    if (symbol <= 1) {
      if (runWeight === 0) {
        runWeight = 1;
        runLength = 0;
      }
      runLength += runWeight << symbol;
      runWeight <<= 1;
      if (runLength > blockMax) throw damaged(number, "a run longer than the block");
      continue;
    }
    if (runWeight !== 0) {
      runWeight = 0;
      if (length + runLength > blockMax) throw damaged(number, "more bytes than the block size");
      const byte = mtf[0]!;
      counts[byte]! += runLength;
      tt.fill(byte, length, length + runLength);
      length += runLength;
    }
    if (symbol === endOfBlock) break;
    if (length >= blockMax) throw damaged(number, "more bytes than the block size");
    const position = symbol - 1;
    const byte = mtf[position]!;
    if (position < 16) for (let k = position; k > 0; k--) mtf[k] = mtf[k - 1]!;
    else mtf.copyWithin(1, 0, position);
    mtf[0] = byte;
    counts[byte]!++;
    tt[length++] = byte;
  }
  reader.bits = bits;
  reader.count = count;
  if (origPtr >= length) throw damaged(number, "its start pointer is past its end");

  // Inverse BWT: cumulative counts say where each byte's run starts in the sorted column; linking
  // position i into its byte's slot there gives, from origPtr, the original order.
  const start = new Int32Array(256);
  for (let i = 0, sum = 0; i < 256; i++) {
    start[i] = sum;
    sum += counts[i]!;
  }
  for (let i = 0; i < length; i++) {
    const byte = tt[i]! & 0xff;
    tt[start[byte]!++]! |= i << 8;
  }
  return {
    tt,
    tPos: tt[origPtr]! >>> 8,
    left: length,
    last: -1,
    run: 0,
    repeat: 0,
    crc: -1,
    expectedCrc,
    number,
  };
}

/**
 * Writes up to `out.length` bytes of a block's output: walks the inverse BWT, undoing the first
 * run-length step (4 equal bytes, then a count of further copies, 0–255), and updates the CRC.
 */
function walkBlock(block: BlockOutput, out: Buffer): number {
  const { tt } = block;
  let { tPos, left, last, run, repeat, crc } = block;
  let n = 0;
  const end = out.length;
  while (n < end) {
    if (repeat > 0) {
      const take = Math.min(repeat, end - n);
      for (let k = 0; k < take; k++) {
        out[n++] = last;
        crc = (crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ last) & 0xff]!;
      }
      repeat -= take;
      continue;
    }
    if (left === 0) break;
    if (tPos >= tt.length) throw damaged(block.number, "a link outside the block");
    const link = tt[tPos]!;
    const byte = link & 0xff;
    tPos = link >>> 8;
    left--;
    if (run === 4) {
      // The byte after four equal ones is how many more copies follow.
      repeat = byte;
      run = 0;
      continue;
    }
    if (byte === last) run++;
    else {
      last = byte;
      run = 1;
    }
    out[n++] = byte;
    crc = (crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!;
  }
  Object.assign(block, { tPos, left, last, run, repeat, crc });
  return n;
}
