import { join } from "node:path";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { csvDataSql, readablePath } from "../sourceMap/profileDelimited.ts";
import { gridDataSql, loadGrid } from "../sourceMap/gridTable.ts";
import type { Grid } from "../sourceMap/gridTable.ts";
import { nativeReaderSql } from "../sourceMap/profileNative.ts";
import { readExcelSheets } from "../sourceMap/readExcel.ts";
import { readHtmlTables } from "../sourceMap/readHtml.ts";
import { htmlEncoding } from "../sourceMap/profileFile.ts";
import type { SourceEntry, TableProfile } from "../sourceMap/sourceEntry.ts";
import { profileVarcharColumns, typedSelectList } from "../sourceMap/varcharColumns.ts";
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
  const absPath = join(lakeRoot, entry.path);
  const fingerprint = { bytes: entry.bytes, mtimeMs: entry.mtimeMs };
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
      origin = lineOrigin(
        entry.path,
        absPath,
        {
          mode: "csv",
          skipLines: read.skipLines,
          maxRecords: read.dataRows,
          utf16: read.encoding === "utf-16",
        },
        fingerprint,
      );
      break;
    }
    case "json":
      readSql = `SELECT * FROM ${nativeReaderSql(absPath, read, true)}`;
      await engine.run(`CREATE OR REPLACE TABLE ${target} AS ${readSql}`);
      origin = lineOrigin(
        entry.path,
        absPath,
        { mode: read.format === "array" ? "json-array" : "lines" },
        fingerprint,
      );
      break;
    case "parquet":
      readSql = `SELECT * FROM ${nativeReaderSql(absPath, read)}`;
      await engine.run(`CREATE OR REPLACE TABLE ${target} AS ${readSql}`);
      origin = { kind: "rowIndex", file: entry.path };
      break;
    case "grid": {
      const grid = await readGrid(absPath, entry, read.source, read.sheet);
      const { table: gridTable } = await loadGrid(engine, grid);
      await engine.run(
        `CREATE OR REPLACE TABLE ${target} AS SELECT ${typedSelectList(read.columns)} FROM (${gridDataSql(gridTable, read)})`,
      );
      // Data rows follow the header in the grid table: row id r sits at grid row header + 1 + r.
      await engine.run(
        `CREATE OR REPLACE TABLE ${sqlIdent(`${gridTable}_lines`)} AS SELECT __line FROM ${sqlIdent(gridTable)} WHERE rowid > ${read.headerIndex} ORDER BY rowid LIMIT ${read.dataRows}`,
      );
      await engine.run(`DROP TABLE ${sqlIdent(gridTable)}`);
      origin = { kind: "grid", file: entry.path, sheet: read.sheet, gridTable: `${gridTable}_lines` };
      break;
    }
  }
  const [count] = await engine.all(`SELECT count(*) AS n FROM ${target}`);
  const schema = await engine.describe(`SELECT * FROM ${target}`);
  return { rowCount: Number(count?.n ?? 0), schema, origin, ...(readSql ? { readSql } : {}) };
}

async function readGrid(
  absPath: string,
  entry: SourceEntry,
  source: "xlsx" | "html",
  sheet: string,
): Promise<Grid> {
  if (source === "html") {
    const grids = await readHtmlTables(absPath, htmlEncoding(entry.encoding));
    const grid = grids.find((g) => g.sheet === sheet);
    if (!grid) throw new Error(`table "${sheet}" is no longer in ${entry.path}; re-map the lake`);
    return grid;
  }
  let found: Grid | undefined;
  await readExcelSheets(absPath, async (g) => void (found = g), sheet);
  if (!found) throw new Error(`sheet "${sheet}" is no longer in ${entry.path}; re-map the lake`);
  return found;
}
