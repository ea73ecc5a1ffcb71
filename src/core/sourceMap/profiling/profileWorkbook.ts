import type { DuckEngine } from "../../engine/duckEngine.ts";
import { GridLoader, profileGrid } from "./gridTable.ts";
import type { LoadedGrid } from "./gridTable.ts";
import { workbookEvents } from "../readers/readExcel.ts";
import { columnParts, partName, separateTables } from "../layout/sideBySide.ts";
import type { WorkbookFormat } from "../readers/readExcel.ts";
import type { TableProfile } from "../sourceEntry.ts";
import type { SheetFacts, SheetInfo } from "../readers/spreadsheetValues.ts";
import { percentNotes } from "../readers/percentCells.ts";

/** "C4, C5, C6 and 9 more" */
function examples(list: string[], count: number): string {
  return count > list.length ? `${list.join(", ")} and ${count - list.length} more` : list.join(", ");
}

/** What a sheet's profile says beyond its columns: hidden, merged cells, formulas without results. */
function sheetNotes(info: SheetInfo, facts: SheetFacts, rowCount: number): Partial<TableProfile> {
  const notes: string[] = [];
  if (facts.note) notes.push(`The sheet is ${facts.note}.`);
  else if (rowCount === 0) notes.push("The sheet is empty: it holds no cells with values.");
  if (facts.mergeCount > 0)
    notes.push(
      `${facts.mergeCount} merged cell range${facts.mergeCount > 1 ? "s" : ""} (${examples(facts.merges, facts.mergeCount)}): each value is read in the range's top-left cell; the other cells are empty.`,
    );
  if (facts.formulasWithoutValueCount > 0)
    notes.push(
      `${facts.formulasWithoutValueCount} formula cell${facts.formulasWithoutValueCount > 1 ? "s have" : " has"} no saved result (${examples(facts.formulasWithoutValue, facts.formulasWithoutValueCount)}) and ${facts.formulasWithoutValueCount > 1 ? "are" : "is"} read as empty: the program that wrote the file did not calculate ${facts.formulasWithoutValueCount > 1 ? "them" : "it"}. Open the file in Excel or LibreOffice and save it again to store the results.`,
    );
  if (facts.errorCellCount > 0)
    notes.push(
      `${facts.errorCellCount} cell${facts.errorCellCount > 1 ? "s hold" : " holds"} an error value (${examples(facts.errorCells, facts.errorCellCount)}), read as empty.`,
    );
  return {
    ...(info.state ? { hidden: info.state } : {}),
    ...(facts.mergeCount > 0 ? { merged: { ranges: facts.merges, count: facts.mergeCount } } : {}),
    ...(notes.length ? { notes } : {}),
  };
}

/** The most rows a sheet of each format can hold. */
const MAX_ROWS: Record<WorkbookFormat, number> = { xls: 65_536, xlsx: 1_048_576, ods: 1_048_576 };

async function profileSheet(
  engine: DuckEngine,
  grid: LoadedGrid,
  info: SheetInfo,
  facts: SheetFacts,
  format: WorkbookFormat,
): Promise<TableProfile[]> {
  const extra = sheetNotes(info, facts, grid.rowCount);
  const lastLine =
    grid.tailLines[grid.tailLines.length - 1] ?? grid.headLines[grid.headLines.length - 1] ?? 0;
  if (lastLine >= MAX_ROWS[format])
    extra.notes = [
      ...(extra.notes ?? []),
      `The sheet uses its last row (${String(MAX_ROWS[format]).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}, the most a .${format} sheet holds): the program that saved it may have cut rows off.`,
    ];
  if (grid.rowCount === 0)
    return [
      {
        sheet: info.name,
        headerLine: 0,
        titleLines: [],
        rowCount: 0,
        columns: [],
        read: {
          kind: "grid",
          source: grid.source,
          sheet: info.name,
          headerIndex: 0,
          dataRows: 0,
          columns: [],
        },
        ...extra,
      },
    ];
  // Tables side by side (split by empty columns): each its own table, named by its columns.
  const parts = await columnParts(engine, grid);
  if (parts) {
    const tables: TableProfile[] = [];
    for (const part of parts) tables.push(await profileGrid(engine, grid, part));
    if (separateTables(tables))
      return tables.map((t, i) =>
        withPercentNotes(
          {
            ...t,
            sheet: partName(info.name, parts[i]!),
            ...extra,
            notes: [
              ...(extra.notes ?? []),
              `one of ${parts.length} tables side by side in sheet "${info.name}", separated by empty columns: columns ${partName(info.name, parts[i]!).slice(info.name.length + 1)}`,
            ],
          },
          facts,
        ),
      );
  }
  return [withPercentNotes({ ...(await profileGrid(engine, grid)), ...extra }, facts)];
}

/** A table's profile with the notes about its columns of fractions formatted as percent. */
function withPercentNotes(table: TableProfile, facts: SheetFacts): TableProfile {
  const notes = percentNotes(table, facts);
  return notes.length ? { ...table, notes: [...(table.notes ?? []), ...notes] } : table;
}

export interface WorkbookProfile {
  tables: TableProfile[];
  /** A failure part-way: the sheets read before it are kept. */
  error?: unknown;
}

/** Profiles every sheet of a workbook, one sheet in DuckDB at a time. */
export async function profileWorkbook(
  engine: DuckEngine,
  absPath: string,
  format: WorkbookFormat,
): Promise<WorkbookProfile> {
  const tables: TableProfile[] = [];
  let loader: GridLoader | null = null;
  let info: SheetInfo | null = null;
  try {
    for await (const event of workbookEvents(absPath, format)) {
      if (event.kind === "sheet") {
        info = event.info;
        loader = new GridLoader(engine, info.name, format);
      } else if (event.kind === "rows") await loader?.add(event.rows);
      else if (loader && info) {
        const current = loader;
        loader = null;
        try {
          tables.push(...(await profileSheet(engine, await current.finish(), info, event.facts, format)));
        } finally {
          await current.drop();
        }
      }
    }
    return { tables };
  } catch (error) {
    await loader?.drop();
    const where = loader && info ? `sheet "${info.name}": ` : "";
    return {
      tables,
      error: where ? new Error(`${where}${(error as Error).message ?? String(error)}`) : error,
    };
  }
}

/** Loads one sheet into a grid table (for Scan); the caller drops `table` when done. */
export async function loadWorkbookSheet(
  engine: DuckEngine,
  absPath: string,
  format: WorkbookFormat,
  sheet: string,
): Promise<LoadedGrid | undefined> {
  let loader: GridLoader | null = null;
  try {
    for await (const event of workbookEvents(absPath, format, sheet)) {
      if (event.kind === "sheet") loader = new GridLoader(engine, event.info.name, format);
      else if (event.kind === "rows") await loader?.add(event.rows);
      else if (loader) return await loader.finish();
    }
    return undefined;
  } catch (error) {
    await loader?.drop();
    throw error;
  }
}
