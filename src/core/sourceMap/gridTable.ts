import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { GridRead, TableProfile } from "./sourceEntry.ts";
import { countFooterRows, findHeaderIndex, isSecondHeaderRow, rowText } from "./tableLayout.ts";
import { columnNames, positionalName, profileVarcharColumns } from "./varcharColumns.ts";

/** A table read in JS (an Excel sheet, an HTML table): its rows with the line each came from. */
export interface Grid {
  sheet: string;
  source: "xlsx" | "html";
  rows: string[][];
  /** Sheet row number (Excel) or file line (HTML) of each row, 1-based. */
  lines: number[];
}

let gridCounter = 0;

/**
 * Loads a grid into a DuckDB table `(__line, column0…)` of text. The grid table doubles as the row
 * origin of the typed table built from it (rowid → `__line`).
 */
export async function loadGrid(engine: DuckEngine, grid: Grid): Promise<{ table: string; width: number }> {
  const width = Math.max(1, ...grid.rows.map((r) => r.length));
  const table = `__radar_grid_${++gridCounter}`;
  const columns = Array.from({ length: width }, (_, i) => `${sqlIdent(positionalName(i))} VARCHAR`).join(
    ", ",
  );
  await engine.run(`CREATE TABLE ${sqlIdent(table)} (__line INTEGER, ${columns})`);
  const padded = grid.rows.map((r) =>
    Array.from({ length: width }, (_, i) => (r[i] === undefined || r[i] === "" ? null : r[i]!)),
  );
  await engine.appendRows(table, padded, (i) => grid.lines[i] ?? 0);
  return { table, width };
}

export function gridDataSql(gridTable: string, read: GridRead): string {
  const columns = read.columns.map((_, i) => sqlIdent(positionalName(i))).join(", ");
  return `SELECT ${columns} FROM ${sqlIdent(gridTable)} WHERE rowid > ${read.headerIndex} ORDER BY rowid LIMIT ${read.dataRows}`;
}

/** Profiles a grid already loaded by `loadGrid`; the caller drops the table when done. */
export async function profileGrid(
  engine: DuckEngine,
  grid: Grid,
  gridTable: string,
  width: number,
): Promise<TableProfile> {
  const headerIndex = findHeaderIndex(grid.rows, width);
  const after = grid.rows.slice(headerIndex + 1);
  const footerCount = countFooterRows(after, width);
  const names = columnNames(grid.rows[headerIndex] ?? [], width);
  const read: GridRead = {
    kind: "grid",
    source: grid.source,
    sheet: grid.sheet,
    headerIndex,
    dataRows: after.length - footerCount,
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
  };
  const { specs, profiles } = await profileVarcharColumns(engine, gridDataSql(gridTable, read), names);
  read.columns = specs;
  const footerRows = after.slice(after.length - footerCount);
  return {
    sheet: grid.sheet,
    headerLine: grid.lines[headerIndex] ?? 0,
    titleLines: grid.rows
      .slice(0, headerIndex)
      .map(rowText)
      .filter((t) => t !== ""),
    ...(footerCount > 0
      ? {
          footer: {
            line: grid.lines[headerIndex + 1 + read.dataRows] ?? 0,
            lines: footerRows.map(rowText).filter((t) => t !== ""),
          },
        }
      : {}),
    rowCount: read.dataRows,
    columns: profiles,
    read,
    ...(isSecondHeaderRow(after.slice(0, 21))
      ? { secondHeader: { line: grid.lines[headerIndex + 1] ?? 0, text: rowText(after[0] ?? []) } }
      : {}),
  };
}
