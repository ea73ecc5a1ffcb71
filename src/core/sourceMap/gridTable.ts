import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { GridRead, TableProfile } from "./sourceEntry.ts";
import { layoutParts } from "./layoutProfile.ts";
import { analyzeTable } from "./tableLayout.ts";
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
  // Empty sheet rows are not in the grid: a jump in row numbers is a blank row (sheets only; the
  // lines of HTML rows say nothing about blank rows).
  const gapBefore =
    grid.source === "xlsx" ? grid.lines.map((line, i) => i > 0 && line > grid.lines[i - 1]! + 1) : undefined;
  // Sheet rows come with holes where cells are empty (merged ranges, skipped cells).
  const rows = grid.rows.map((r) => Array.from(r, (c) => c ?? ""));
  const layout = analyzeTable(rows, { width, ...(gapBefore ? { gapBefore } : {}) });
  const names = columnNames(layout.names, width);
  // The grid table is read by position: rows before the data are skipped by row id.
  const read: GridRead = {
    kind: "grid",
    source: grid.source,
    sheet: grid.sheet,
    headerIndex: layout.dataStart - 1,
    dataRows: layout.dataEnd - layout.dataStart,
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
  };
  const { specs, profiles } = await profileVarcharColumns(engine, gridDataSql(gridTable, read), names);
  read.columns = specs;
  return {
    sheet: grid.sheet,
    headerLine: layout.headerRow === null ? 0 : (grid.lines[layout.headerRow] ?? 0),
    ...layoutParts(rows, layout, (i) => grid.lines[i] ?? 0, { names: names.map((n) => n.name) }),
    rowCount: read.dataRows,
    columns: profiles,
    read,
  };
}
