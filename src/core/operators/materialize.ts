import { statSync } from "node:fs";
import { join } from "node:path";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { renamedSelect, unshadowRowid } from "../engine/rowPosition.ts";
import type { RenamedRowid } from "../engine/rowPosition.ts";
import { memberCopy } from "../sourceMap/decoders/archiveMembers.ts";
import { bzip2Copy } from "../sourceMap/decoders/bzip2File.ts";
import { csvDataSql, readablePath } from "../sourceMap/readers/csvRead.ts";
import { gridDataSql, loadGrid } from "../sourceMap/profiling/gridTable.ts";
import type { LoadedGrid } from "../sourceMap/profiling/gridTable.ts";
import { nativeReaderSql, parquetReaderSql } from "../sourceMap/profiling/profileNative.ts";
import { loadWorkbookSheet } from "../sourceMap/profiling/profileWorkbook.ts";
import { readHtmlTables } from "../sourceMap/readers/readHtml.ts";
import { htmlEncoding } from "../sourceMap/profiling/profileFile.ts";
import type {
  CsvRead,
  GridSource,
  JsonRead,
  ParquetRead,
  SourceEntry,
  TableProfile,
} from "../sourceMap/sourceEntry.ts";
import { profileVarcharColumns, typedSelectList } from "../sourceMap/typing/varcharColumns.ts";
import { lineOrigin } from "../state/sharedState.ts";
import type { ColumnType, RowOrigin } from "../state/sharedState.ts";

export interface Materialized {
  rowCount: number;
  schema: ColumnType[];
  origin: RowOrigin;
  /**
   * The SELECT that built the table straight from the file (absolute paths, pinned reader options),
   * so a run can be exported as SQL; absent for sheets and HTML tables, which are read in JS.
   */
  readSql?: string;
  /** A file column named `rowid`, renamed so that `rowid` stays each row's position (rowPosition.ts). */
  renamed?: RenamedRowid;
}

/**
 * The typed SELECT of a table DuckDB reads straight from its file (CSV, JSON, Parquet), with the
 * origin of its rows; undefined for sheets and HTML tables, which are loaded from JS.
 *
 * `boundedSql` (CSV files whose one table has no footer): the same SELECT with `LIMIT dataRows + 1`
 * instead of `LIMIT dataRows`. When the reader yields no more than `dataRows` records — nothing
 * follows the table — both give the same rows, but a LIMIT that is never reached costs DuckDB about
 * half as much as one reached at the last record (measured on the water family: 0.18 s vs 0.42 s
 * CPU for 22 files). The caller must check that no file gave `dataRows + 1` rows. `csv`: the
 * readable file and its reader, for such files (see familyRead.ts).
 */
export async function directRead(
  engine: DuckEngine,
  lakeRoot: string,
  radarDir: string,
  entry: SourceEntry,
  table: TableProfile,
): Promise<
  | { readSql: string; boundedSql?: string; csv?: { path: string; read: CsvRead }; origin: RowOrigin }
  | undefined
> {
  const { absPath, source } = await tableFile(lakeRoot, radarDir, entry, table);
  const read = table.read;
  switch (read.kind) {
    case "csv": {
      const path = await readablePath(absPath, read, radarDir);
      const select = `SELECT ${typedSelectList(read.columns)} FROM`;
      const alone = (entry.tables?.length ?? 0) === 1 && table.footer === undefined;
      return {
        readSql: `${select} (${csvDataSql(path, read)})`,
        ...(alone
          ? { boundedSql: `${select} (${csvDataSql(path, read, read.dataRows + 1)})`, csv: { path, read } }
          : {}),
        origin: fileOrigin(source, absPath, read, path),
      };
    }
    case "json": {
      const { from } = await nativeReaderSql(engine, absPath, source.bytes, read, true);
      return { readSql: `SELECT * FROM ${from}`, origin: fileOrigin(source, absPath, read) };
    }
    case "parquet":
      return {
        readSql: `SELECT * FROM ${parquetReaderSql(absPath)}`,
        origin: fileOrigin(source, absPath, read),
      };
    case "grid":
      return undefined;
  }
}

/**
 * The file a table is read from: the lake file, for a bzip2 file its decompressed copy, or for a
 * table of a ZIP archive its member's extracted copy in the state folder, named
 * `archive.zip/member.csv` (rows point into the member).
 */
async function tableFile(
  lakeRoot: string,
  radarDir: string,
  entry: SourceEntry,
  table: TableProfile,
): Promise<{ absPath: string; source: SourceEntry }> {
  const absPath = join(lakeRoot, entry.path);
  if (entry.compression === "bzip2") {
    // Read from the decompressed copy; rows keep the lake file's name (`sales.csv.bz2:4`).
    const copy = await bzip2Copy(radarDir, absPath);
    const { size, mtimeMs } = statSync(copy);
    return { absPath: copy, source: { ...entry, bytes: size, mtimeMs } };
  }
  if (table.member === undefined) return { absPath, source: entry };
  const copy = await memberCopy(radarDir, absPath, table.member);
  const { size, mtimeMs } = statSync(copy);
  return { absPath: copy, source: { ...entry, path: `${entry.path}/${table.member}`, bytes: size, mtimeMs } };
}

/**
 * Where each row of a table DuckDB reads from its file sits in that file (found on first use).
 * `readable`: the file DuckDB reads; for a file read with the user's comment prefix, its copy with
 * comment lines emptied (same line numbers) is scanned, so comment lines are no records.
 */
function fileOrigin(
  entry: SourceEntry,
  absPath: string,
  read: CsvRead | JsonRead | ParquetRead,
  readable?: string,
): RowOrigin {
  let fingerprint = { bytes: entry.bytes, mtimeMs: entry.mtimeMs };
  if (read.kind === "csv" && read.comment !== undefined && readable !== undefined) {
    const { size, mtimeMs } = statSync(readable);
    fingerprint = { bytes: size, mtimeMs };
    absPath = readable;
  }
  const gzip = read.kind !== "parquet" && read.compression === "gzip" ? { gzip: true } : {};
  switch (read.kind) {
    case "csv":
      return lineOrigin(
        entry.path,
        absPath,
        {
          // Fixed-width and whitespace-aligned lines are read whole, with no quoting: one record per
          // non-blank line.
          mode: read.fixedWidth || read.whitespace ? "lines" : "csv",
          skipLines: read.skipLines,
          maxRecords: read.dataRows,
          utf16: read.encoding === "utf-16",
          ...(read.quote !== undefined ? { quote: read.quote } : {}),
          ...(read.crLines ? { loneCr: true } : {}),
          ...gzip,
        },
        fingerprint,
      );
    case "json":
      return lineOrigin(
        entry.path,
        absPath,
        { mode: read.format === "array" ? "json-array" : "lines", ...gzip },
        fingerprint,
        {
          ...(read.shape ? { shape: read.shape } : {}),
          ...(read.badLines ? { withoutLines: read.badLines } : {}),
        },
      );
    case "parquet":
      return { kind: "rowIndex", file: entry.path };
  }
}

/** Reads one table of a mapped file into a DuckDB table named `output`, keeping row origins. */
export async function materialize(
  engine: DuckEngine,
  lakeRoot: string,
  radarDir: string,
  entry: SourceEntry,
  table: TableProfile,
  output: string,
): Promise<Materialized> {
  const { absPath, source } = await tableFile(lakeRoot, radarDir, entry, table);
  const read = table.read;
  const target = sqlIdent(output);
  let origin: RowOrigin;
  let readSql: string | undefined;
  switch (read.kind) {
    case "csv": {
      const path = await readablePath(absPath, read, radarDir);
      const data = csvDataSql(path, read);
      readSql = `SELECT ${typedSelectList(read.columns)} FROM (${data})`;
      try {
        await engine.run(`CREATE OR REPLACE TABLE ${target} AS ${readSql}`);
      } catch (error) {
        if (!/Conversion Error|Could not convert/i.test((error as Error).message)) throw error;
        // Types came from a sample; a later value does not fit: decide them on every row instead.
        const { specs } = await profileVarcharColumns(engine, data, read.columns);
        readSql = `SELECT ${typedSelectList(specs)} FROM (${data})`;
        await engine.run(`CREATE OR REPLACE TABLE ${target} AS ${readSql}`);
      }
      origin = fileOrigin(source, absPath, read, path);
      break;
    }
    case "json": {
      const { from } = await nativeReaderSql(engine, absPath, source.bytes, read, true);
      readSql = `SELECT * FROM ${from}`;
      await engine.run(`CREATE OR REPLACE TABLE ${target} AS ${readSql}`);
      origin = fileOrigin(source, absPath, read);
      break;
    }
    case "parquet":
      readSql = `SELECT * FROM ${parquetReaderSql(absPath)}`;
      await engine.run(`CREATE OR REPLACE TABLE ${target} AS ${readSql}`);
      origin = fileOrigin(source, absPath, read);
      break;
    case "grid": {
      if (read.columns.length === 0)
        throw new Error(
          `sheet "${read.sheet}" of ${entry.path} is empty (no cells with values)${otherSheets(entry, read.sheet)}`,
        );
      const { table: gridTable } = await readGrid(engine, absPath, source, read.source, read.sheet);
      await engine.run(
        `CREATE OR REPLACE TABLE ${target} AS SELECT ${typedSelectList(read.columns)} FROM (${gridDataSql(gridTable, read)})`,
      );
      // Data rows follow the header in the grid table: row id r sits at grid row header + 1 + r.
      await engine.run(
        `CREATE OR REPLACE TABLE ${sqlIdent(`${gridTable}_lines`)} AS SELECT __line FROM ${sqlIdent(gridTable)} WHERE rowid > ${read.headerIndex} ORDER BY rowid LIMIT ${read.dataRows}`,
      );
      await engine.run(`DROP TABLE ${sqlIdent(gridTable)}`);
      origin = { kind: "grid", file: source.path, sheet: read.sheet, gridTable: `${gridTable}_lines` };
      break;
    }
  }
  const { renamed, schema } = await unshadowRowid(engine, output);
  if (readSql) readSql = renamedSelect(readSql, renamed);
  const [count] = await engine.all(`SELECT count(*) AS n FROM ${target}`);
  return {
    rowCount: Number(count?.n ?? 0),
    schema,
    origin,
    ...(readSql ? { readSql } : {}),
    ...(renamed ? { renamed } : {}),
  };
}

function otherSheets(entry: SourceEntry, sheet: string): string {
  const others = (entry.tables ?? [])
    .filter((t) => t.sheet !== sheet && t.rowCount > 0)
    .map((t) => `"${t.sheet}"`);
  return others.length ? `; sheets with data: ${others.join(", ")}` : "";
}

async function readGrid(
  engine: DuckEngine,
  absPath: string,
  entry: SourceEntry,
  source: GridSource,
  sheet: string,
): Promise<LoadedGrid> {
  if (source === "html") {
    const grids = await readHtmlTables(absPath, htmlEncoding(entry.encoding));
    const grid = grids.find((g) => g.sheet === sheet);
    if (!grid) throw new Error(`table "${sheet}" is no longer in ${entry.path}; re-map the lake`);
    return loadGrid(engine, grid);
  }
  const found = await loadWorkbookSheet(engine, absPath, source, sheet);
  if (!found) throw new Error(`sheet "${sheet}" is no longer in ${entry.path}; re-map the lake`);
  return found;
}
