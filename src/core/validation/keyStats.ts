import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { memoized } from "./tableMemo.ts";

let counter = 0;

/**
 * Per-key row counts of a registered table (`k0…, __n, __r` = rows and first row id), built once
 * per table and key. Only built where a finding needs the details: it is a GROUP BY over the table.
 */
export function keyStats(engine: DuckEngine, table: TableInfo, columns: string[]): Promise<string> {
  return memoized(table, `keys:${columns.join("\u0000")}`, async () => {
    const name = `__radar_keys_${++counter}`;
    const cols = columns.map((c, i) => `${sqlIdent(c)} AS k${i}`).join(", ");
    const notNull = columns.map((c) => `${sqlIdent(c)} IS NOT NULL`).join(" AND ");
    await engine.run(
      `CREATE OR REPLACE TABLE ${sqlIdent(name)} AS SELECT ${cols}, count(*) AS __n, min(rowid) AS __r FROM ${sqlIdent(table.name)} WHERE ${notNull} GROUP BY ALL`,
    );
    return name;
  });
}

/**
 * Whether a key is unique in a table, from one streaming pass (HyperLogLog distinct estimate);
 * only a close call is settled with an exact distinct count.
 */
export function keyIsUnique(engine: DuckEngine, table: TableInfo, columns: string[]): Promise<boolean> {
  return memoized(table, `unique:${columns.join("\u0000")}`, async () => {
    const key = columns.length === 1 ? sqlIdent(columns[0]!) : `(${columns.map(sqlIdent).join(", ")})`;
    const notNull = columns.map((c) => `${sqlIdent(c)} IS NOT NULL`).join(" AND ");
    const [row] = await engine.all(
      `SELECT count(*) AS n, approx_count_distinct(${key}) AS d FROM ${sqlIdent(table.name)} WHERE ${notNull}`,
    );
    const n = Number(row?.n ?? 0);
    const d = Number(row?.d ?? 0);
    if (n <= 1) return true;
    if (d < n * 0.95) return false;
    const [exact] = await engine.all(
      `SELECT count(DISTINCT ${key}) AS d FROM ${sqlIdent(table.name)} WHERE ${notNull}`,
    );
    return Number(exact?.d ?? 0) === n;
  });
}

export function keyMatch(left: string, right: string, width: number): string {
  return Array.from({ length: width }, (_, i) => `${left}.k${i} = ${right}.k${i}`).join(" AND ");
}
