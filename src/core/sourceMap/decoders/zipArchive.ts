import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";

/**
 * A ZIP archive read through its central directory (the index at the end of the file), so each
 * part (a sheet, the shared strings) is streamed on its own from its offset, in any order, whatever
 * order the writing program stored them in. A single forward pass over the archive (what streaming
 * unzip libraries do) has to guess where the stream ends; an xlsx/ods is always a file here.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is reported as unsupported. */
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  encrypted: boolean;
  /** CRC-32 of the uncompressed bytes, from the index. */
  crc: number;
  /** The index gave its sizes or offset in ZIP64 extra fields (over 4 GiB or past 4 GiB). */
  zip64: boolean;
}

/** The archive's structure is damaged (a message a user can act on). */
export class ZipError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

export class ZipArchive {
  private constructor(
    readonly absPath: string,
    readonly entries: Map<string, ZipEntry>,
    private readonly handle: FileHandle,
  ) {}

  static async open(absPath: string): Promise<ZipArchive> {
    const handle = await open(absPath, "r");
    try {
      const entries = await readCentralDirectory(handle);
      return new ZipArchive(absPath, entries, handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part's bytes, inflated, as a stream. */
  async stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw new ZipError(`the part ${name} is missing from the archive`);
    if (entry.encrypted)
      throw new ZipError(
        `the part ${name} is encrypted: remove the password in the program that wrote it and save again`,
      );
    if (entry.method !== 0 && entry.method !== 8)
      throw new ZipError(
        `the part ${name} uses ZIP compression method ${entry.method}, which RADAR does not read: re-save the file from a spreadsheet program`,
      );
    const local = await readAt(this.handle, entry.localHeaderOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== LOCAL)
      throw new ZipError(`the part ${name} is damaged (no local header where the index points)`);
    const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (entry.compressedSize === 0) return Readable.from([]);
    const raw = createReadStream(this.absPath, { start, end: start + entry.compressedSize - 1 });
    if (entry.method === 0) return raw;
    const inflate = createInflateRaw();
    raw.on("error", (error) => inflate.destroy(error));
    return raw.pipe(inflate);
  }

  /** A small part (workbook index, relationships, styles) as text. */
  async text(name: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

async function readCentralDirectory(handle: FileHandle): Promise<Map<string, ZipEntry>> {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, 22 + MAX_COMMENT + 20);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0)
    throw new ZipError(
      "the ZIP index (end of central directory) is missing: the file is truncated or is not a complete workbook; copy it again from its source, or open and re-save it",
    );
  let count = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const zip64Offset = Number(tail.readBigUInt64LE(eocd - 20 + 8));
    const record = await readAt(handle, zip64Offset, 56);
    if (record.length === 56 && record.readUInt32LE(0) === ZIP64_EOCD) {
      count = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
  }
  if (directoryOffset + directorySize > size)
    throw new ZipError("the ZIP index points past the end of the file: the file is truncated");
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
      throw new ZipError("the ZIP index is damaged: the file is corrupt");
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const name = directory.toString(flags & 0x800 ? "utf8" : "latin1", at + 46, at + 46 + nameLength);
    let compressedSize = directory.readUInt32LE(at + 20);
    let uncompressedSize = directory.readUInt32LE(at + 24);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    const zip64 =
      compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff;
    // ZIP64: fields that overflowed 32 bits are in extra field 0x0001, in this order.
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length;) {
      const id = extra.readUInt16LE(e);
      const length = extra.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let p = e + 4;
        const next = (): number => {
          const v = Number(extra.readBigUInt64LE(p));
          p += 8;
          return v;
        };
        if (uncompressedSize === 0xffffffff && p + 8 <= e + 4 + length) uncompressedSize = next();
        if (compressedSize === 0xffffffff && p + 8 <= e + 4 + length) compressedSize = next();
        if (localHeaderOffset === 0xffffffff && p + 8 <= e + 4 + length) localHeaderOffset = next();
      }
      e += 4 + length;
    }
    entries.set(name.replace(/\\/g, "/").replace(/^\//, ""), {
      name,
      method: directory.readUInt16LE(at + 10),
      compressedSize,
      size: uncompressedSize,
      localHeaderOffset,
      encrypted: (flags & 1) !== 0,
      crc: directory.readUInt32LE(at + 16),
      zip64,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
