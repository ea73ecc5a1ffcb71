import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { SourceLocation } from "../diagnostic.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";
import { originsOf } from "../state/sharedState.ts";

export interface Preview {
  columns: string[];
  rows: unknown[][];
  /** Source file and line of each previewed row, where the table keeps origins. */
  origins: (SourceLocation | null)[];
}

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

/** The first rows of a table, in order, with their origins; counted as shown to the agent. */
export async function previewTable(
  engine: DuckEngine,
  state: SharedState,
  info: TableInfo,
  limit: number,
): Promise<Preview> {
  const rows = await engine.all(
    `SELECT rowid AS __radar_rowid, * FROM ${sqlIdent(info.name)} ORDER BY rowid LIMIT ${limit}`,
  );
  const columns = info.schema.map((c) => c.name);
  const rowids = rows.map((r) => Number(r.__radar_rowid));
  const origins = await originsOf(info.origin, rowids, gridLineLookup(engine));
  state.noteShown(info.name, rows.length);
  return { columns, rows: rows.map((r) => columns.map((c) => r[c] ?? null)), origins };
}
