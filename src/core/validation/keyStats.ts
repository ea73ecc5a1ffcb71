import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { TableInfo } from "../state/sharedState.ts";

/**
 * Per-key row counts of a registered table (`key…, __n, __r` = rows and first row id), built once
 * per table and key and reused by the join checks: registered tables never change (a replaced
 * table is a new TableInfo), so one GROUP BY pays for every later join on that key.
 */
const cache = new WeakMap<TableInfo, Map<string, string>>();
let counter = 0;

export async function keyStats(engine: DuckEngine, table: TableInfo, columns: string[]): Promise<string> {
  const perTable = cache.get(table) ?? new Map<string, string>();
  cache.set(table, perTable);
  const id = columns.join("\u0000");
  const existing = perTable.get(id);
  if (existing) return existing;
  const name = `__radar_keys_${++counter}`;
  const cols = columns.map((c, i) => `${sqlIdent(c)} AS k${i}`).join(", ");
  const notNull = columns.map((c) => `${sqlIdent(c)} IS NOT NULL`).join(" AND ");
  await engine.run(
    `CREATE OR REPLACE TABLE ${sqlIdent(name)} AS SELECT ${cols}, count(*) AS __n, min(rowid) AS __r FROM ${sqlIdent(table.name)} WHERE ${notNull} GROUP BY ALL`,
  );
  perTable.set(id, name);
  return name;
}

export function keyMatch(left: string, right: string, width: number): string {
  return Array.from({ length: width }, (_, i) => `${left}.k${i} = ${right}.k${i}`).join(" AND ");
}
