import { copyKey } from "./copyKey.ts";
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import type { CrawledFile } from "../crawl/crawlLake.ts";
import type { ArchiveMember, SourceEntry, SourceFormat, TableProfile } from "../sourceEntry.ts";
import { ZipArchive, ZipError } from "./zipArchive.ts";
import type { ZipEntry } from "./zipArchive.ts";

/**
 * ZIP archives of data files (a folder of CSV exports zipped for download). Each member is
 * extracted, streaming, into RADAR's state folder (never into the lake) and read like a file of
 * its own; its tables become tables of the archive's entry, named by the member, so a Scan reads
 * `exports.zip` table `2023.csv` and its rows point at the member's lines. What a member holds is
 * bounded: at most MAX_INFLATE_RATIO times the archive's size in all (at least
 * MIN_INFLATE_ALLOWANCE), never more bytes than the archive's index declares (a zip bomb lies
 * there), within the file's time budget; a member over a bound, encrypted, or compressed with a
 * method other than stored/deflate is named with why, and the rest of the archive is read.
 */

/** Extracted bytes allowed per archive, as a multiple of its own size (CSV compresses 5–20×). */
export const MAX_INFLATE_RATIO = 100;
/** …and at least this many, so a small archive of ordinary files is never refused. */
export const MIN_INFLATE_ALLOWANCE = 256 * 1024 * 1024;

/** The members worth reading: files, not folders, macOS resource forks or dot files. */
export function dataMembers(zip: ZipArchive): ZipEntry[] {
  return [...zip.entries.entries()]
    .filter(([name]) => {
      if (name.endsWith("/")) return false;
      const parts = name.split("/");
      return parts[0] !== "__MACOSX" && !parts.some((p) => p.startsWith("."));
    })
    .map(([name, entry]) => ({ ...entry, name }));
}

/** Where a member's extracted copy lives: keyed by the archive's path, size and time, and the member. */
export function memberCopyPath(cacheDir: string, archiveAbs: string, member: string): string {
  const key = copyKey(archiveAbs, member);
  // The member's own extension tells the readers what it is (`.csv`, `.json`, `.csv.gz`).
  const ext = (/(\.[A-Za-z0-9]{1,8}){1,2}$/.exec(member.slice(member.lastIndexOf("/") + 1))?.[0] ?? "")
    .toLowerCase()
    .replace(/^\.+/, ".");
  // Under utf8/: the one folder of the state DuckDB may read besides the lake (runtime.ts).
  return join(cacheDir, "utf8", "archives", `${key}${ext}`);
}

/** Why a member cannot be extracted at all, from the index alone. */
function memberProblem(entry: ZipEntry): string | undefined {
  if (entry.encrypted)
    return "encrypted (password-protected): unzip it with its password into the lake to map it";
  if (entry.method !== 0 && entry.method !== 8)
    return `compressed with ZIP method ${entry.method} (only stored and deflate are read): unzip it into the lake to map it`;
  return undefined;
}

interface Limits {
  /** Bytes this member may still write. */
  maxBytes: number;
  /** performance.now() past which extraction stops. */
  deadline: number;
}

/**
 * Streams one member into `target` (through a temporary name), checking its size against the
 * index and the limits as it goes, and its CRC-32 at the end; a partial copy is removed.
 */
async function extractTo(zip: ZipArchive, entry: ZipEntry, target: string, limits: Limits): Promise<void> {
  if (existsSync(target) && statSync(target).size === entry.size) return;
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  let written = 0;
  let crc = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > entry.size)
        return done(
          new ZipError(
            `it inflates past the ${entry.size} bytes the archive's index declares for it: the archive is damaged or hostile (a zip bomb)`,
          ),
        );
      if (written > limits.maxBytes)
        return done(
          new ZipError(
            `extracting it would pass the archive's budget of extracted bytes (${MAX_INFLATE_RATIO} × the archive's size, at least ${MIN_INFLATE_ALLOWANCE / 1048576} MiB): unzip it into the lake to map it`,
          ),
        );
      if (performance.now() > limits.deadline)
        return done(
          new ZipError(
            "the per-file time budget ran out while extracting it: unzip it into the lake to map it",
          ),
        );
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
  });
  try {
    await pipeline(await zip.stream(entry.name), check, createWriteStream(temporary));
    if (written !== entry.size)
      throw new ZipError(
        `it ends after ${written} of the ${entry.size} bytes the index declares: the archive is damaged`,
      );
    if (crc >>> 0 !== entry.crc >>> 0)
      throw new ZipError("its bytes do not match their checksum (CRC-32): the archive is damaged");
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof ZipError) throw error;
    throw new ZipError(`it cannot be inflated (${(error as Error).message}): the archive is damaged`);
  }
}

/**
 * The extracted copy of one member, extracting it again when the state folder lost it (a Scan
 * after the state folder was cleared). Only the index's declared size bounds it here: the map
 * already refused members over the budget.
 */
export async function memberCopy(cacheDir: string, archiveAbs: string, member: string): Promise<string> {
  const target = memberCopyPath(cacheDir, archiveAbs, member);
  if (existsSync(target)) return target;
  const zip = await ZipArchive.open(archiveAbs);
  try {
    const entry = dataMembers(zip).find((e) => e.name === member);
    if (!entry) throw new ZipError(`${member} is no longer in the archive; re-map the lake`);
    const problem = memberProblem(entry);
    if (problem) throw new ZipError(`${member} is ${problem}`);
    await extractTo(zip, entry, target, { maxBytes: Infinity, deadline: Infinity });
    return target;
  } finally {
    await zip.close();
  }
}

export interface ArchiveRead {
  tables: TableProfile[];
  members: ArchiveMember[];
  /** The format of the first member read (what the entry's tables are). */
  format?: SourceFormat;
}

/** Extracted bytes an archive may write (see MAX_INFLATE_RATIO). */
export function inflateAllowance(archiveBytes: number): number {
  return Math.max(MIN_INFLATE_ALLOWANCE, MAX_INFLATE_RATIO * archiveBytes);
}

/**
 * Reads every data member of a ZIP archive: extracted into `cacheDir`, then read by `readMember`
 * (the ordinary readers, on the copy, under the member's own name `archive.zip/member.csv`).
 */
export async function readArchive(
  file: CrawledFile,
  cacheDir: string,
  deadline: number,
  readMember: (member: CrawledFile) => Promise<SourceEntry>,
): Promise<ArchiveRead> {
  const zip = await ZipArchive.open(file.absPath);
  const out: ArchiveRead = { tables: [], members: [] };
  try {
    let allowance = inflateAllowance(file.bytes);
    for (const entry of dataMembers(zip)) {
      const member: ArchiveMember = { name: entry.name, bytes: entry.size, tables: 0 };
      out.members.push(member);
      const problem = memberProblem(entry);
      if (problem) {
        member.error = problem;
        continue;
      }
      if (entry.size > allowance) {
        member.error = `its ${entry.size} bytes would pass the archive's budget of extracted bytes (${MAX_INFLATE_RATIO} × the archive's size, at least ${MIN_INFLATE_ALLOWANCE / 1048576} MiB): not extracted; unzip it into the lake to map it`;
        continue;
      }
      if (performance.now() > deadline) {
        member.error = "not read: the archive's per-file time budget ran out before it";
        continue;
      }
      const target = memberCopyPath(cacheDir, file.absPath, entry.name);
      try {
        await extractTo(zip, entry, target, { maxBytes: allowance, deadline });
      } catch (error) {
        member.error = (error as Error).message;
        continue;
      }
      allowance -= entry.size;
      const read = await readMember({
        path: `${file.path}/${entry.name}`,
        absPath: target,
        bytes: entry.size,
        mtimeMs: file.mtimeMs,
      });
      const tables = read.tables ?? [];
      if (tables.length === 0) {
        member.error = read.error ?? `no table: read as ${read.format}`;
        continue;
      }
      out.format ??= read.format;
      member.tables = tables.length;
      for (const table of tables)
        out.tables.push({
          ...table,
          sheet: table.sheet === undefined ? entry.name : `${entry.name}: ${table.sheet}`,
          member: entry.name,
        });
    }
  } finally {
    await zip.close();
  }
  return out;
}
