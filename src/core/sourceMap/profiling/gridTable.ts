import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { GridRead, GridSource, TableProfile } from "../sourceEntry.ts";
import { layoutParts } from "../layout/layoutProfile.ts";
import { bodyShape, findTableEnd } from "../layout/tableEnd.ts";
import { findFillValues } from "../typing/fillValues.ts";
import { applyMissingMarkers } from "../typing/missingMarkers.ts";
import { SAMPLE_ROWS } from "../typing/typeTextColumns.ts";
import { analyzeTable, rowText } from "../layout/tableLayout.ts";
import { columnNames, positionalName, profileVarcharColumns } from "../typing/varcharColumns.ts";

/** A table read in JS (an HTML table) whole: its rows with the line each came from. */
export interface Grid {
  sheet: string;
  source: GridSource;
  rows: string[][];
  /** Sheet row number (workbooks) or file line (HTML) of each row, 1-based. */
  lines: number[];
}

/**
 * A grid loaded into a DuckDB table `(__line, column0…)` of text, row by row in order (rowid =
 * index of the row). Only the first and last rows stay in JS, for finding the header and the
 * footnotes; the grid table doubles as the row origin of the typed table built from it.
 */
export interface LoadedGrid {
  sheet: string;
  source: GridSource;
  table: string;
  width: number;
  rowCount: number;
  /** The first rows (up to HEAD_ROWS) and their lines. */
  head: string[][];
  headLines: number[];
  /** The last rows after the head (up to TAIL_ROWS), when the grid has more rows than the head. */
  tail: string[][];
  tailLines: number[];
}

const HEAD_ROWS = 1000;
const TAIL_ROWS = 500;
const BATCH_ROWS = 5000;

let gridCounter = 0;

/** Streams rows into a grid table: batches are appended as they fill; the head and tail are kept. */
export class GridLoader {
  readonly table = `__radar_grid_${++gridCounter}`;
  private width = 0;
  private created = false;
  private rowCount = 0;
  private readonly head: string[][] = [];
  private readonly headLines: number[] = [];
  private tail: string[][] = [];
  private tailLines: number[] = [];
  private batch: string[][] = [];
  private batchLines: number[] = [];

  constructor(
    private readonly engine: DuckEngine,
    private readonly sheet: string,
    private readonly source: GridSource,
  ) {}

  async add(rows: { line: number; cells: string[] }[]): Promise<void> {
    for (const { line, cells } of rows) {
      if (this.head.length < HEAD_ROWS) {
        this.head.push(cells);
        this.headLines.push(line);
      } else {
        this.tail.push(cells);
        this.tailLines.push(line);
        if (this.tail.length >= 2 * TAIL_ROWS) {
          this.tail = this.tail.slice(-TAIL_ROWS);
          this.tailLines = this.tailLines.slice(-TAIL_ROWS);
        }
      }
      this.batch.push(cells);
      this.batchLines.push(line);
      this.rowCount++;
      if (this.batch.length >= BATCH_ROWS) await this.flush();
    }
  }

  private async flush(): Promise<void> {
    const width = Math.max(1, this.width, ...this.batch.map((r) => r.length));
    if (!this.created) {
      const columns = Array.from({ length: width }, (_, i) => `${sqlIdent(positionalName(i))} VARCHAR`).join(
        ", ",
      );
      await this.engine.run(`CREATE TABLE ${sqlIdent(this.table)} (__line INTEGER, ${columns})`);
      this.created = true;
    } else {
      // A later row is wider than all before it: rowids stay as they were.
      for (let i = this.width; i < width; i++)
        await this.engine.run(
          `ALTER TABLE ${sqlIdent(this.table)} ADD COLUMN ${sqlIdent(positionalName(i))} VARCHAR`,
        );
    }
    this.width = width;
    const lines = this.batchLines;
    const padded = this.batch.map((r) =>
      Array.from({ length: width }, (_, i) => (r[i] === undefined || r[i] === "" ? null : r[i]!)),
    );
    this.batch = [];
    this.batchLines = [];
    if (padded.length) await this.engine.appendRows(this.table, padded, (i) => lines[i] ?? 0);
  }

  async finish(): Promise<LoadedGrid> {
    await this.flush();
    const tailStart = Math.max(0, this.tail.length - TAIL_ROWS);
    return {
      sheet: this.sheet,
      source: this.source,
      table: this.table,
      width: this.width,
      rowCount: this.rowCount,
      head: this.head,
      headLines: this.headLines,
      tail: this.tail.slice(tailStart),
      tailLines: this.tailLines.slice(tailStart),
    };
  }

  async drop(): Promise<void> {
    if (this.created) await this.engine.run(`DROP TABLE IF EXISTS ${sqlIdent(this.table)}`);
  }
}

/** Loads a grid held whole in JS (an HTML table). */
export async function loadGrid(engine: DuckEngine, grid: Grid): Promise<LoadedGrid> {
  const loader = new GridLoader(engine, grid.sheet, grid.source);
  await loader.add(grid.rows.map((cells, i) => ({ line: grid.lines[i] ?? 0, cells })));
  return loader.finish();
}

export function gridDataSql(gridTable: string, read: GridRead): string {
  // A part of a sheet: its grid columns renamed to the table's positions.
  const from = read.columnRange?.first ?? 0;
  const columns = read.columns
    .map((_, i) =>
      from === 0
        ? sqlIdent(positionalName(i))
        : `${sqlIdent(positionalName(from + i))} AS ${sqlIdent(positionalName(i))}`,
    )
    .join(", ");
  return `SELECT ${columns} FROM ${sqlIdent(gridTable)} WHERE rowid > ${read.headerIndex} ORDER BY rowid LIMIT ${read.dataRows}`;
}

/**
 * The rows of a loaded grid that JS holds, as one list: the head, then (for a grid longer than the
 * head) the tail. `index(i)` is the grid row (rowid) of view row i; `joined` is the view row where
 * the tail starts after rows left out (-1 when the view is the whole grid).
 */
export interface GridView {
  rows: string[][];
  lines: number[];
  index: (i: number) => number;
  joined: number;
}

export function gridView(grid: LoadedGrid): GridView {
  if (grid.tail.length === 0) return { rows: grid.head, lines: grid.headLines, index: (i) => i, joined: -1 };
  const tailStart = grid.rowCount - grid.tail.length;
  const h = grid.head.length;
  return {
    rows: [...grid.head, ...grid.tail],
    lines: [...grid.headLines, ...grid.tailLines],
    index: (i) => (i < h ? i : tailStart + (i - h)),
    joined: h,
  };
}

/** Profiles a grid already loaded by `GridLoader`/`loadGrid`; the caller drops the table when done. */
export async function profileGrid(
  engine: DuckEngine,
  grid: LoadedGrid,
  part?: { first: number; width: number },
): Promise<TableProfile> {
  const view = gridView(grid);
  const width = part?.width ?? grid.width;
  const firstColumn = part?.first ?? 0;
  // Sheet rows come with holes where cells are empty (merged ranges, skipped cells) and end at
  // their last written cell; a sheet row has every column, so each is read at the grid's width (a
  // label merged across B3:D3 is a row of one cell, yet it stands over three columns). A part of
  // a sheet is read at its own columns only.
  const holes = (r: string[]): string[] =>
    part
      ? Array.from({ length: width }, (_, i) => r[firstColumn + i] ?? "")
      : Array.from({ length: Math.max(width, r.length) }, (_, i) => r[i] ?? "");
  const head = (view.joined < 0 ? view.rows : view.rows.slice(0, view.joined)).map(holes);
  const headLines = view.joined < 0 ? view.lines : view.lines.slice(0, view.joined);
  // Empty sheet rows are not in the grid: a jump in row numbers is a blank row (sheets only; the
  // lines of HTML rows say nothing about blank rows).
  const gapsOf = (lines: number[]): boolean[] | undefined =>
    grid.source === "html" ? undefined : lines.map((line, i) => i > 0 && line > lines[i - 1]! + 1);
  const headGaps = gapsOf(headLines);
  const layout = analyzeTable(head, {
    width,
    ...(headGaps ? { gapBefore: headGaps } : {}),
    ...(view.joined >= 0 ? { open: true } : {}),
  });
  const names = columnNames(layout.names, width);
  // A long sheet: JS holds its head and its tail; the table's end is looked for in the tail.
  let dataEnd = layout.dataEnd;
  let tailFooter: { line: number; text: string; kind: "note" | "trailer" | "summary" }[] | undefined;
  if (view.joined >= 0) {
    const tail = view.rows.slice(view.joined).map(holes);
    const tailLines = view.lines.slice(view.joined);
    const tailGaps = gapsOf(tailLines);
    const end = findTableEnd(tail, 0, {
      width,
      ...(tailGaps ? { gapBefore: tailGaps } : {}),
      body: bodyShape(head.slice(layout.dataStart)),
    });
    dataEnd = view.index(view.joined + end.dataEnd);
    tailFooter = end.footer
      .map((f) => ({ line: tailLines[f.index] ?? 0, text: rowText(tail[f.index]!), kind: f.kind }))
      .filter((f) => f.text !== "");
  }
  const read: GridRead = {
    kind: "grid",
    source: grid.source,
    sheet: grid.sheet,
    headerIndex: layout.dataStart - 1,
    dataRows: Math.max(0, dataEnd - layout.dataStart),
    columns: names.map((n) => ({ ...n, type: "VARCHAR", thousands: false })),
    ...(part ? { columnRange: { first: part.first, width: part.width } } : {}),
  };
  const from = gridDataSql(grid.table, read);
  const { specs, profiles } = await profileVarcharColumns(engine, from, names);
  // Missing-value markers and fill values, as for delimited text (typeTextColumns.ts).
  await applyMissingMarkers(
    engine,
    from,
    specs,
    profiles,
    head.slice(layout.dataStart, layout.dataEnd).slice(0, SAMPLE_ROWS),
  );
  await findFillValues(engine, from, specs, profiles, (row) => {
    const index = layout.dataStart + row - 1;
    return index < head.length ? headLines[index] : undefined;
  });
  read.columns = specs;
  return {
    sheet: grid.sheet,
    headerLine: layout.headerRow === null ? 0 : (headLines[layout.headerRow] ?? 0),
    ...layoutParts(head, layout, (i) => headLines[i] ?? 0, {
      names: names.map((n) => n.name),
      ...(tailFooter ? { tailFooter } : {}),
    }),
    rowCount: read.dataRows,
    columns: profiles,
    read,
  };
}
