import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { sampleAndSniff, sampleLines, firstCharacter } from "./sampleAndSniff.ts";
import { loadGrid, profileGrid } from "./gridTable.ts";
import type { Grid } from "./gridTable.ts";
import { profileWorkbook } from "./profileWorkbook.ts";
import { profileDelimited } from "./profileDelimited.ts";
import { profileJson } from "./profileJson.ts";
import { profileNative } from "./profileNative.ts";
import { NotAWorkbookError } from "./readXls.ts";
import { readHtmlTables } from "./readHtml.ts";
import type { CrawledFile } from "./crawlLake.ts";
import type { SourceEntry, TableProfile, TextEncoding } from "./sourceEntry.ts";

const TEXT_LINES = 20;

/** Maps one file. Never throws: a failure is recorded on the entry with what failed. */
export async function profileFile(
  engine: DuckEngine,
  file: CrawledFile,
  cacheDir: string,
): Promise<SourceEntry> {
  const started = performance.now();
  const entry: SourceEntry = { path: file.path, bytes: file.bytes, mtimeMs: file.mtimeMs, format: "unknown" };
  try {
    const { sample, sniffed, compression, notes, error } = await sampleAndSniff(file);
    entry.format = sniffed.format;
    if (sniffed.encoding) entry.encoding = sniffed.encoding;
    if (compression) entry.compression = compression;
    switch (sniffed.format) {
      case "empty":
        entry.error = "the file is empty (0 bytes): nothing to read";
        break;
      case "binary":
        entry.error = error ?? `not a data format RADAR reads: ${sniffed.note ?? "binary content"}`;
        break;
      case "csv": {
        const tables = await profileDelimited(
          engine,
          cacheDir,
          file.absPath,
          sample,
          sniffed.encoding ?? "utf-8",
          sniffed.delimiter ?? ",",
          compression,
        );
        const read = tables[0]?.read;
        if (read?.kind === "csv") entry.encoding = read.encoding;
        entry.tables = tables;
        break;
      }
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
  } catch (error) {
    entry.error = describeFailure(entry.format, error);
  }
  entry.profileMs = Math.round(performance.now() - started);
  return entry;
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
  return encoding === "latin-1" || encoding === "windows-1252"
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
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("  "));
  const text = lines.slice(0, 3).join(" — ").slice(0, 500);
  return `could not read as ${format}: ${text}`;
}
