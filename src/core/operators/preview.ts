import { z } from "zod";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { numberFits, typedColumns, typedRows } from "../engine/typedJson.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";
import { originsOf } from "../state/sharedState.ts";
import { MAX_PREVIEW_ROWS } from "./previewRows.ts";
import type { previewSchema } from "./observationParts.ts";

/** Rows of a table as an operator shows them: the type of `previewSchema` (observationParts.ts). */
export type Preview = z.infer<typeof previewSchema>;

/** Source lines of grid rows, looked up in the grid's line table. */
export function gridLineLookup(engine: DuckEngine) {
  return async (table: string, rowids: number[]): Promise<number[]> => {
    if (rowids.length === 0) return [];
    const rows = await engine.all(
      `SELECT rowid AS r, __line AS l FROM ${sqlIdent(table)} WHERE rowid IN (${rowids.map(Number).join(", ")})`,
    );
    const byRow = new Map(rows.map((x) => [Number(x.r), Number(x.l)]));
    return rowids.map((r) => byRow.get(r) ?? 0);
  };
}

/** Origins of a Bash output table's rows, looked up in its line table (file NULL: an output line). */
export function outputLineLookup(engine: DuckEngine) {
  return async (
    table: string,
    rowids: number[],
  ): Promise<({ file: string | null; line: number } | null)[]> => {
    if (rowids.length === 0) return [];
    const rows = await engine.all(
      `SELECT rowid AS r, file, line FROM ${sqlIdent(table)} WHERE rowid IN (${rowids.map(Number).join(", ")})`,
    );
    const byRow = new Map(
      rows.map((x) => [Number(x.r), { file: x.file === null ? null : String(x.file), line: Number(x.line) }]),
    );
    return rowids.map((r) => byRow.get(r) ?? null);
  };
}

/** Per registered table: whether its wide numbers fit JSON numbers (tables never change once registered). */
const fitsByTable = new WeakMap<TableInfo, Promise<boolean[]>>();

/**
 * Rows of a table in order, from `offset`, with their origins, in typed JSON. Rows shown to the
 * agent (`shown`, the default) are counted in the state's coverage.
 */
export async function previewTable(
  engine: DuckEngine,
  state: SharedState,
  info: TableInfo,
  limit: number,
  offset = 0,
  shown = true,
): Promise<Preview> {
  const page = await engine.page(
    `SELECT *, rowid AS __radar_rowid FROM ${sqlIdent(info.name)} ORDER BY __radar_rowid LIMIT ${Math.max(0, Math.floor(limit))} OFFSET ${Math.max(0, Math.floor(offset))}`,
  );
  const width = page.names.length - 1;
  const data = {
    names: page.names.slice(0, width),
    types: page.types.slice(0, width),
    rows: page.rows.map((r) => r.slice(0, width)),
  };
  let fits = fitsByTable.get(info);
  if (!fits) {
    fits = numberFits(engine, info.name, data);
    fitsByTable.set(info, fits);
    fits.catch(() => fitsByTable.delete(info));
  }
  const columnFits = await fits;
  const rowids = page.rows.map((r) => Number(r[width]));
  const origins = await originsOf(info.origin, rowids, gridLineLookup(engine), outputLineLookup(engine));
  if (shown) state.noteShown(info.name, offset + rowids.length);
  return {
    columns: data.names,
    types: typedColumns(data, columnFits),
    rows: typedRows(data, columnFits),
    origins,
    ...(offset > 0 ? { offset } : {}),
    truncated: offset + rowids.length < info.rowCount,
  };
}

/** `preview_rows` of the operators that return rows: bounded, so the agent's context stays small. */
export function previewRowsArg(defaultRows: number) {
  return z
    .number()
    .int()
    .min(0)
    .max(MAX_PREVIEW_ROWS)
    .optional()
    .describe(
      `Rows of the table to show (default ${defaultRows}, at most ${MAX_PREVIEW_ROWS}); page through the rest with offset, or radar show / radar_show.`,
    );
}

export const offsetArg = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe("Rows of the table to skip before the ones shown (default 0).");
