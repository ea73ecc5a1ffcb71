import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { sampleAndSniff, sampleLines, firstCharacter } from "../sniff/sampleAndSniff.ts";
import type { SampledFile } from "../sniff/sampleAndSniff.ts";
import { inflateAllowance, readArchive } from "../decoders/archiveMembers.ts";
import { Bzip2Error } from "../decoders/bzip2Decoder.ts";
import { bzip2InnerName, decompressBzip2 } from "../decoders/bzip2File.ts";
import type { ArchiveRead } from "../decoders/archiveMembers.ts";
import { loadGrid, profileGrid } from "./gridTable.ts";
import type { Grid } from "./gridTable.ts";
import { profileWorkbook } from "./profileWorkbook.ts";
import { profileDelimited } from "./profileDelimited.ts";
import { profileEurostat } from "./profileEurostat.ts";
import { profileFixedWidth } from "./fixedWidth.ts";
import { profileWhitespace } from "./profileWhitespace.ts";
import { profileJson, TooLargeToReadError } from "./profileJson.ts";
import { profileNative } from "./profileNative.ts";
import { profileWithReader } from "./profileWithReader.ts";
import { describeReaderOptions } from "../readers/readerOptions.ts";
import type { ReaderOptions } from "../readers/readerOptions.ts";
import { NotAWorkbookError } from "../readers/readXls.ts";
import { readHtmlTables } from "../readers/readHtml.ts";
import { unreadableReason } from "../crawl/crawlLake.ts";
import type { CrawledFile } from "../crawl/crawlLake.ts";
import type { SourceEntry, TableProfile, TextEncoding } from "../sourceEntry.ts";
import { errorText } from "../../text.ts";
import { isOutOfMemory, outOfMemoryAdvice } from "../../engine/memoryBudget.ts";

const TEXT_LINES = 20;

/**
 * Time one file may take to map, plus 1 s per 20 MB: DuckDB reads a CSV at a few hundred MB/s on
 * two cores, so only a file whose profile has gone wrong (or a hostile one) reaches it.
 */
export const DEFAULT_FILE_BUDGET_MS = 60_000;

export interface ProfileOptions {
  /** See DEFAULT_FILE_BUDGET_MS; the bytes allowance is added to it. */
  budgetMs?: number;
  /** The reference path (see typeTextColumns.ts). */
  exhaustive?: boolean;
  /** Reading a member of an archive: an archive inside it is not opened. */
  inArchive?: boolean;
  /** The map's cancellation: stops a decompression in JS (DuckDB's work is interrupted by the map). */
  signal?: AbortSignal;
  /** The user's reader options for this file (readerStore.ts): it is read with them. */
  reader?: ReaderOptions;
}

export function fileBudgetMs(bytes: number, baseMs = DEFAULT_FILE_BUDGET_MS): number {
  return baseMs + Math.round(bytes / 20e3);
}

/**
 * Maps one file. Never throws: a failure is recorded on the entry with what failed. The file's
 * DuckDB work is limited to its budget on `engine` (a connection of its own): past it the running
 * statement is interrupted and the entry says so.
 */
export async function profileFile(
  engine: DuckEngine,
  file: CrawledFile,
  cacheDir: string,
  options: ProfileOptions = {},
): Promise<SourceEntry> {
  const started = performance.now();
  const entry: SourceEntry = { path: file.path, bytes: file.bytes, mtimeMs: file.mtimeMs, format: "unknown" };
  let budget = fileBudgetMs(file.bytes, options.budgetMs);
  let limit = engine.limit(budget);
  try {
    if (options.reader) {
      entry.reader = options.reader;
      Object.assign(entry, await profileWithReader(engine, file, cacheDir, options.reader));
    } else {
      const sampled = await sampleAndSniff(file);
      if (sampled.zip && !options.inArchive) {
        // The archive's budget is that of the bytes it may extract, not of its compressed size.
        limit.clear();
        budget = fileBudgetMs(inflateAllowance(file.bytes), options.budgetMs);
        limit = engine.limit(budget);
        await readZip(engine, file, cacheDir, options, entry, sampled.sniffed.note, started + budget);
      } else if (sampled.bzip2 && !options.inArchive) {
        // As for a ZIP archive: the budget is that of the bytes it may decompress.
        limit.clear();
        budget = fileBudgetMs(inflateAllowance(file.bytes), options.budgetMs);
        limit = engine.limit(budget);
        await readBzip2(engine, file, cacheDir, options, entry, started + budget);
      } else await readContent(engine, file, cacheDir, options, entry, sampled);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (limit.expired())
      entry.error =
        `not mapped: reading it took longer than the per-file budget of ${Math.round(budget / 1000)} s ` +
        `(found so far: ${entry.format}${entry.encoding ? `, ${entry.encoding}` : ""}); the rest of the lake was mapped. ` +
        `Read it with Bash (head) or map it alone.`;
    else if (code === "ENOENT" || code === "EACCES" || code === "EPERM")
      entry.error = unreadableReason(error, "file");
    else if (entry.reader)
      entry.error = `could not read with the user's reader options (${describeReaderOptions(entry.reader)}): ${errorText(error).split("\n")[0]}; give other options with Scan's reader, or {} to read it as the map finds it`;
    else entry.error = describeFailure(entry.format, error);
  } finally {
    limit.clear();
  }
  entry.profileMs = Math.round(performance.now() - started);
  return entry;
}

/**
 * A ZIP archive of data files: each member read from its extracted copy (archiveMembers.ts), its
 * tables named by the member; the entry lists every member and why one was not read.
 */
async function readZip(
  engine: DuckEngine,
  file: CrawledFile,
  cacheDir: string,
  options: ProfileOptions,
  entry: SourceEntry,
  note: string | undefined,
  deadline: number,
): Promise<void> {
  let read: ArchiveRead;
  try {
    read = await readArchive(file, cacheDir, deadline, async (member) => {
      const inner: SourceEntry = {
        path: member.path,
        bytes: member.bytes,
        mtimeMs: member.mtimeMs,
        format: "unknown",
      };
      try {
        await readContent(
          engine,
          member,
          cacheDir,
          { ...options, inArchive: true },
          inner,
          await sampleAndSniff(member),
        );
      } catch (error) {
        inner.error = describeFailure(inner.format, error);
      }
      return inner;
    });
  } catch (error) {
    entry.format = "binary";
    const message = (error as Error).message;
    // The note already says why when the archive could not even be listed: say it once.
    entry.error = `not a data format RADAR reads: ${note?.includes(message) ? note : `${note ?? "a ZIP archive"} (${message})`}`;
    return;
  }
  entry.archive = { kind: "zip", members: read.members };
  const unread = read.members.filter((m) => m.error !== undefined);
  const list = unread
    .slice(0, 5)
    .map((m) => `${m.name} (${m.error})`)
    .join("; ");
  if (read.tables.length === 0) {
    entry.format = "binary";
    entry.error =
      read.members.length === 0
        ? "a ZIP archive with no data files: nothing to read"
        : `a ZIP archive of ${read.members.length} file${read.members.length === 1 ? "" : "s"}, none holding a table RADAR reads: ${list}${unread.length > 5 ? "; …" : ""}`;
    return;
  }
  entry.format = read.format ?? "csv";
  // Members left out are told on every table read from the archive (the entry maps; it is not an error).
  const left =
    unread.length > 0
      ? [
          `${unread.length} of ${read.members.length} files of the archive not read: ${list}${unread.length > 5 ? "; …" : ""}`,
        ]
      : [];
  entry.tables = read.tables.map((t) => ({
    ...t,
    notes: [
      ...(t.notes ?? []),
      `read from ${t.member} in the ZIP archive (extracted into RADAR's state folder)`,
      ...left,
    ],
  }));
}

/**
 * A bzip2 file: decompressed into the state folder (bzip2File.ts), then its content read like a
 * file of its own under the lake file's name (tables, line numbers and origins are the content's).
 * A damaged, cut-short or over-budget file is an entry with why; nothing decoded before the damage
 * is read as if it were the whole table.
 */
async function readBzip2(
  engine: DuckEngine,
  file: CrawledFile,
  cacheDir: string,
  options: ProfileOptions,
  entry: SourceEntry,
  deadline: number,
): Promise<void> {
  entry.compression = "bzip2";
  let copy: Awaited<ReturnType<typeof decompressBzip2>>;
  try {
    copy = await decompressBzip2(file.absPath, cacheDir, {
      maxBytes: inflateAllowance(file.bytes),
      deadline,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (!(error instanceof Bzip2Error)) throw error;
    entry.format = "binary";
    entry.error = `could not read as bzip2: ${error.message}`;
    return;
  }
  const inner: CrawledFile = {
    path: bzip2InnerName(file.path),
    absPath: copy.path,
    bytes: copy.bytes,
    mtimeMs: file.mtimeMs,
  };
  const sampled = await sampleAndSniff(inner);
  if (sampled.zip || sampled.bzip2) {
    entry.format = "binary";
    entry.error = `not a data format RADAR reads: a bzip2-compressed ${sampled.zip ? "ZIP archive" : "bzip2 file"}: decompress it into the lake (bunzip2) to map it`;
    return;
  }
  const trailing = copy.stats?.trailingBytes
    ? [
        `${copy.stats.trailingBytes} bytes after the end of the bzip2 data are not bzip2 and were left out (as bzip2 itself does)`,
      ]
    : [];
  sampled.notes.push(
    "read from its bzip2-decompressed copy in RADAR's state folder; line numbers are those of the decompressed content",
    ...trailing,
  );
  await readContent(engine, inner, cacheDir, options, entry, sampled);
  // The content's own compression (gzip inside bzip2) is read from the copy; the entry says bzip2.
  entry.compression = "bzip2";
}

/** Reads a file's content by its sniffed format into `entry` (tables, first lines or an error). */
async function readContent(
  engine: DuckEngine,
  file: CrawledFile,
  cacheDir: string,
  options: ProfileOptions,
  entry: SourceEntry,
  sampled: SampledFile,
): Promise<void> {
  {
    const { sample, sniffed, compression, notes, error } = sampled;
    entry.format = sniffed.format;
    if (sniffed.encoding) entry.encoding = sniffed.encoding;
    if (compression) entry.compression = compression;
    switch (sniffed.format) {
      case "empty":
        entry.error = entry.compression
          ? `the file is ${entry.compression}-compressed and its content is empty (0 bytes): nothing to read`
          : "the file is empty (0 bytes): nothing to read";
        break;
      case "binary":
        entry.error = error ?? `not a data format RADAR reads: ${sniffed.note ?? "binary content"}`;
        break;
      case "csv": {
        // Eurostat's bulk-download layout, by the shape of its lines (profileEurostat.ts).
        const tables =
          (await profileEurostat(
            engine,
            cacheDir,
            file.absPath,
            sample,
            sniffed.encoding ?? "utf-8",
            compression,
            options.exhaustive ? { exhaustive: true } : {},
          )) ??
          (await profileDelimited(
            engine,
            cacheDir,
            file.absPath,
            sample,
            sniffed.encoding ?? "utf-8",
            sniffed.delimiter ?? ",",
            compression,
            options.exhaustive ? { exhaustive: true } : {},
          ));
        const read = tables[0]?.read;
        if (read?.kind === "csv") entry.encoding = read.encoding;
        entry.tables = tables;
        // A file whose one line is a sentence — a failed export's message saved under the data's
        // name (held-out HI-03: "No export currently available. Check back in approx. 5 minutes…")
        // — holds no table: it is listed as text, with its line, and Scan says so.
        if (sentenceOnly(tables)) {
          entry.format = "text";
          delete entry.tables;
          entry.firstLines = await firstLines(file.absPath, sniffed.encoding);
        }
        break;
      }
      case "fixed-width":
        entry.tables = [
          sniffed.whitespace
            ? await profileWhitespace(engine, cacheDir, file.absPath, sample, sniffed.encoding ?? "utf-8")
            : await profileFixedWidth(engine, cacheDir, file.absPath, sample, sniffed.encoding ?? "utf-8"),
        ];
        break;
      case "json":
      case "jsonl":
        entry.tables = await profileJson(
          engine,
          file.absPath,
          file.bytes,
          sniffed.format === "jsonl",
          firstCharacter(sample, sniffed.encoding),
          compression,
        );
        break;
      case "parquet":
        entry.tables = [await profileNative(engine, file.absPath, { kind: "parquet" })];
        break;
      case "xlsx":
      case "xls":
      case "ods": {
        const { tables, error } = await profileWorkbook(engine, file.absPath, sniffed.format);
        if (tables.length > 0) entry.tables = tables;
        if (error instanceof NotAWorkbookError) {
          entry.format = "binary";
          entry.error = `not a data format RADAR reads: ${error.message}`;
        } else if (error !== undefined) entry.error = describeFailure(sniffed.format, error);
        else if (tables.length === 0) entry.error = "the workbook has no sheets";
        break;
      }
      case "html": {
        const grids = await readHtmlTables(file.absPath, htmlEncoding(sniffed.encoding));
        const tables: TableProfile[] = [];
        for (const grid of grids) tables.push(await profileLoadedGrid(engine, grid));
        entry.tables = tables;
        entry.firstLines = tables.length === 0 ? await firstLines(file.absPath, sniffed.encoding) : undefined;
        break;
      }
      case "text":
      case "unknown":
        entry.firstLines = compression
          ? sampleLines(sample, sniffed.encoding)
          : await firstLines(file.absPath, sniffed.encoding);
        break;
    }
    if (notes.length && entry.tables)
      entry.tables = entry.tables.map((t) => ({ ...t, notes: [...(t.notes ?? []), ...notes] }));
  }
}

/** One table of no rows whose one column is named by a sentence (five words or more, 30 characters). */
function sentenceOnly(tables: TableProfile[]): boolean {
  const [table] = tables;
  const name = table?.columns[0]?.name.trim() ?? "";
  return (
    tables.length === 1 &&
    table!.rowCount === 0 &&
    table!.columns.length === 1 &&
    name.length >= 30 &&
    name.split(/\s+/).length >= 5
  );
}

async function profileLoadedGrid(engine: DuckEngine, grid: Grid): Promise<TableProfile> {
  const loaded = await loadGrid(engine, grid);
  try {
    return await profileGrid(engine, loaded);
  } finally {
    await engine.run(`DROP TABLE IF EXISTS ${sqlIdent(loaded.table)}`);
  }
}

export function htmlEncoding(encoding: TextEncoding | undefined): BufferEncoding {
  // Node has no Windows-125x decoder for streams: their bytes are read one character each, as Latin-1.
  return encoding === "latin-1" || encoding === "windows-1252" || encoding === "windows-1250"
    ? "latin1"
    : encoding === "utf-16"
      ? "utf16le"
      : "utf8";
}

async function firstLines(absPath: string, encoding: TextEncoding | undefined): Promise<string[]> {
  const stream = createReadStream(absPath, { encoding: htmlEncoding(encoding), end: 64 * 1024 });
  const lines: string[] = [];
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  for await (const line of rl) {
    lines.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
    if (lines.length >= TEXT_LINES) break;
  }
  rl.close();
  stream.destroy();
  return lines;
}

/** "what failed, where": DuckDB messages carry the line; keep their first lines only. */
export function describeFailure(format: string, error: unknown): string {
  if (error instanceof TooLargeToReadError) return error.message;
  const message = errorText(error);
  const lines = message.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("  "));
  const text = lines.slice(0, 3).join(" — ").slice(0, 500);
  if (isOutOfMemory(message))
    return `not mapped: ${outOfMemoryAdvice()} (DuckDB, reading it as ${format}: ${lines[0]})`;
  return `could not read as ${format}: ${text}`;
}
