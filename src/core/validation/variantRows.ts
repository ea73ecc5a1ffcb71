import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import type { ColumnOf } from "./sqlFacts.ts";

/** Tables with at least this many rows have their candidate spellings' rows read once (below: one scan costs less than a copy). */
export const VARIANT_ROWS_ABOVE = 50_000;

let count = 0;

/**
 * Runs `use` with the name of a relation holding every row of the column's table whose value is
 * one of `values` — all columns, under the same names — so that the per-group evidence checks
 * (several statements per spelling group, each filtering by its spellings) read those few rows
 * instead of scanning the whole table again each time: on a 320k-row table of 1,200 names, eight
 * full scans become one. Any predicate over the table's columns that selects rows among these
 * values selects the same rows here. Small tables, and a failed copy, use the table itself.
 */
export async function withVariantRows<T>(
  engine: DuckEngine,
  c: ColumnOf,
  values: string[],
  use: (from: string) => Promise<T>,
): Promise<T> {
  if (c.table.rowCount < VARIANT_ROWS_ABOVE || values.length === 0) return use(c.table.name);
  const name = `__radar_variant_rows_${++count}`;
  try {
    await engine.run(
      `CREATE TEMP TABLE ${sqlIdent(name)} AS SELECT * FROM ${sqlIdent(c.table.name)} ` +
        `WHERE ${sqlIdent(c.column)} IN (SELECT unnest(from_json(${sqlString(JSON.stringify([...new Set(values)]))}, '["VARCHAR"]')))`,
    );
  } catch {
    return use(c.table.name);
  }
  try {
    // Unqualified: DuckDB resolves a name to the temporary catalog first.
    return await use(name);
  } finally {
    await engine.run(`DROP TABLE IF EXISTS temp.main.${sqlIdent(name)}`).catch(() => undefined);
  }
}
