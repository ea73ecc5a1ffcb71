import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { memoized } from "./tableMemo.ts";

export interface ColumnStats {
  /** False only when DuckDB's statistics prove the column holds no NULL. */
  mayHaveNulls: boolean;
  /** DuckDB's HyperLogLog estimate of distinct values, when it keeps one. */
  approxDistinct?: number;
}

/**
 * What DuckDB already knows about a stored column (`stats()`: kept per row group as rows are
 * written, so reading it costs no scan). Checks use it to skip work a column cannot need — no
 * NULL to count — and to choose between an exact and a sampled pass.
 */
export function columnStats(engine: DuckEngine, table: TableInfo, column: string): Promise<ColumnStats> {
  return memoized(table, `stats:${column}`, async () => {
    const [row] = await engine.all(
      `SELECT stats(${sqlIdent(column)})::VARCHAR AS s FROM ${sqlIdent(table.name)} LIMIT 1`,
    );
    return parseStats(row ? String(row.s) : "");
  });
}

/** `[Min: 1, Max: 9][Has Null: false, Has No Null: true][Approx Unique: 9]` → its facts. */
export function parseStats(text: string): ColumnStats {
  const distinct = /Approx Unique: (\d+)/.exec(text);
  return {
    mayHaveNulls: !/Has Null: false/.test(text),
    ...(distinct ? { approxDistinct: Number(distinct[1]) } : {}),
  };
}
