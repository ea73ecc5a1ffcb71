import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";

/**
 * A reader for OLE compound files (CFB, "[MS-CFB]"): the container of legacy .xls workbooks, and
 * of password-protected Office files. Only the allocation tables and the directory are held; a
 * stream is read sector run by sector run.
 */

export const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const MAX_READ = 1 << 20;

export class CompoundFileError extends Error {}

export interface CompoundEntry {
  name: string;
  /** 1 storage, 2 stream, 5 root. */
  type: number;
  start: number;
  size: number;
}

export class CompoundFile {
  private constructor(
    private readonly handle: FileHandle,
    private readonly sectorSize: number,
    private readonly fat: Uint32Array,
    private readonly miniFat: Uint32Array,
    private readonly miniCutoff: number,
    readonly entries: CompoundEntry[],
    private readonly fileSize: number,
  ) {}

  static async open(absPath: string): Promise<CompoundFile> {
    const handle = await open(absPath, "r");
    try {
      return await CompoundFile.read(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private static async read(handle: FileHandle): Promise<CompoundFile> {
    const { size } = await handle.stat();
    const header = Buffer.alloc(512);
    await handle.read(header, 0, 512, 0);
    if (!header.subarray(0, 8).equals(CFB_MAGIC)) throw new CompoundFileError("not an OLE compound file");
    const shift = header.readUInt16LE(30);
    if (shift !== 9 && shift !== 12) throw new CompoundFileError("the compound file header is damaged");
    const sectorSize = 1 << shift;
    const fatSectors = header.readUInt32LE(44);
    const firstDirectory = header.readUInt32LE(48);
    const miniCutoff = header.readUInt32LE(56);
    const firstMiniFat = header.readUInt32LE(60);
    let difatSector = header.readUInt32LE(68);
    const sectorCount = Math.ceil(Math.max(0, size - sectorSize) / sectorSize);
    const readSector = async (n: number): Promise<Buffer> => {
      if (n >= sectorCount)
        throw new CompoundFileError("a sector lies past the end of the file: the file is truncated");
      const b = Buffer.alloc(sectorSize);
      await handle.read(b, 0, sectorSize, (n + 1) * sectorSize);
      return b;
    };
    // The DIFAT lists the sectors holding the FAT: 109 in the header, the rest in a chain.
    const fatList: number[] = [];
    for (let i = 0; i < 109 && fatList.length < fatSectors; i++)
      fatList.push(header.readUInt32LE(76 + i * 4));
    for (let guard = 0; fatList.length < fatSectors && difatSector < END_OF_CHAIN; guard++) {
      if (guard > sectorCount) throw new CompoundFileError("the compound file's sector table loops");
      const s = await readSector(difatSector);
      for (let i = 0; i < sectorSize / 4 - 1 && fatList.length < fatSectors; i++)
        fatList.push(s.readUInt32LE(i * 4));
      difatSector = s.readUInt32LE(sectorSize - 4);
    }
    const fat = new Uint32Array((fatList.length * sectorSize) / 4);
    for (let i = 0; i < fatList.length; i++) {
      const s = await readSector(fatList[i]!);
      for (let j = 0; j < sectorSize / 4; j++) fat[i * (sectorSize / 4) + j] = s.readUInt32LE(j * 4);
    }
    const chain = (start: number): number[] => {
      const out: number[] = [];
      for (let n = start; n !== END_OF_CHAIN && n !== FREE; n = fat[n] ?? END_OF_CHAIN) {
        if (out.length > sectorCount)
          throw new CompoundFileError("a sector chain loops: the file is corrupt");
        out.push(n);
      }
      return out;
    };
    const directory = Buffer.concat(await Promise.all(chain(firstDirectory).map(readSector)));
    const entries: CompoundEntry[] = [];
    for (let at = 0; at + 128 <= directory.length; at += 128) {
      const nameLength = directory.readUInt16LE(at + 64);
      const type = directory.readUInt8(at + 66);
      if (type === 0) continue;
      entries.push({
        name: directory.toString("utf16le", at, at + Math.max(0, nameLength - 2)),
        type,
        start: directory.readUInt32LE(at + 116),
        size: shift === 9 ? directory.readUInt32LE(at + 120) : Number(directory.readBigUInt64LE(at + 120)),
      });
    }
    const miniFatBytes =
      firstMiniFat < END_OF_CHAIN
        ? Buffer.concat(await Promise.all(chain(firstMiniFat).map(readSector)))
        : Buffer.alloc(0);
    const miniFat = new Uint32Array(miniFatBytes.length / 4);
    for (let i = 0; i < miniFat.length; i++) miniFat[i] = miniFatBytes.readUInt32LE(i * 4);
    return new CompoundFile(handle, sectorSize, fat, miniFat, miniCutoff, entries, size);
  }

  find(...names: string[]): CompoundEntry | undefined {
    const wanted = names.map((n) => n.toLowerCase());
    return this.entries.find((e) => e.type === 2 && wanted.includes(e.name.toLowerCase()));
  }

  /** A stream's bytes in chunks, reading contiguous sector runs at once. */
  async *chunks(entry: CompoundEntry): AsyncGenerator<Buffer> {
    if (entry.type !== 5 && entry.size < this.miniCutoff) {
      yield await this.miniStream(entry);
      return;
    }
    let remaining = entry.size;
    let n = entry.start;
    let guard = 0;
    while (remaining > 0 && n !== END_OF_CHAIN && n !== FREE) {
      const first = n;
      let count = 1;
      // Extend the run while the chain goes to the next sector.
      while (count * this.sectorSize < Math.min(remaining, MAX_READ) && this.fat[n] === n + 1) {
        n = n + 1;
        count++;
      }
      const next = this.fat[n] ?? END_OF_CHAIN;
      const length = Math.min(count * this.sectorSize, remaining);
      const position = (first + 1) * this.sectorSize;
      if (position + length > this.fileSize)
        throw new CompoundFileError(
          "the workbook stream runs past the end of the file: the file is truncated",
        );
      const b = Buffer.alloc(length);
      await this.handle.read(b, 0, length, position);
      remaining -= length;
      yield b;
      n = next;
      if (++guard > this.fat.length) throw new CompoundFileError("a sector chain loops: the file is corrupt");
    }
    if (remaining > 0) throw new CompoundFileError("the workbook stream ends early: the file is truncated");
  }

  private async miniStream(entry: CompoundEntry): Promise<Buffer> {
    const root = this.entries.find((e) => e.type === 5);
    if (!root) throw new CompoundFileError("the compound file has no root entry");
    const parts: Buffer[] = [];
    for await (const c of this.chunks(root)) parts.push(c);
    const mini = Buffer.concat(parts);
    const out = Buffer.alloc(entry.size);
    let written = 0;
    for (
      let n = entry.start, guard = 0;
      written < entry.size && n !== END_OF_CHAIN && n !== FREE;
      n = this.miniFat[n] ?? END_OF_CHAIN
    ) {
      if (++guard > this.miniFat.length + 1)
        throw new CompoundFileError("a mini sector chain loops: the file is corrupt");
      written += mini.copy(out, written, n * 64, Math.min(n * 64 + 64, n * 64 + entry.size - written));
    }
    return out;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
