import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { KeyOf } from "./sqlFacts.ts";
import { memoized } from "./tableMemo.ts";

let counter = 0;

/** The rows of a key's table that a query keeps: `FROM t AS alias WHERE filter AND key IS NOT NULL`. */
function keyedRows(keys: KeyOf[], filter: string): string {
  const { table, alias } = keys[0]!;
  const notNull = keys.map((k) => `(${k.sql}) IS NOT NULL`).join(" AND ");
  return `FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)} WHERE (${filter}) AND ${notNull}`;
}

function memoKey(kind: string, keys: KeyOf[], filter: string): string {
  return `${kind}:${keys.map((k) => k.sql).join("\u0000")}\u0000${filter}`;
}

/**
 * Per-key row counts (`k0…, __n, __r` = rows and first row id) of the rows a query keeps, built
 * once per table, key and filter. Only built where a finding needs details: it is a GROUP BY.
 */
export function keyStats(engine: DuckEngine, keys: KeyOf[], filter: string): Promise<string> {
  const { table, alias } = keys[0]!;
  return memoized(table, memoKey("keys", keys, filter), async () => {
    const name = `__radar_keys_${++counter}`;
    const cols = keys.map((k, i) => `${k.sql} AS k${i}`).join(", ");
    await engine.run(
      `CREATE OR REPLACE TABLE ${sqlIdent(name)} AS SELECT ${cols}, count(*) AS __n, min(${sqlIdent(alias)}.rowid) AS __r ${keyedRows(keys, filter)} GROUP BY ALL`,
    );
    return name;
  });
}

/**
 * Whether a key is unique among the rows a query keeps, from one streaming pass (HyperLogLog
 * distinct estimate); only a close call is settled with an exact distinct count.
 */
export function keyIsUnique(engine: DuckEngine, keys: KeyOf[], filter: string): Promise<boolean> {
  return memoized(keys[0]!.table, memoKey("unique", keys, filter), async () => {
    const key = keys.length === 1 ? keys[0]!.sql : `(${keys.map((k) => k.sql).join(", ")})`;
    const rows = keyedRows(keys, filter);
    const [row] = await engine.all(`SELECT count(*) AS n, approx_count_distinct(${key}) AS d ${rows}`);
    const n = Number(row?.n ?? 0);
    const d = Number(row?.d ?? 0);
    if (n <= 1) return true;
    if (d < n * 0.95) return false;
    const [exact] = await engine.all(`SELECT count(DISTINCT ${key}) AS d ${rows}`);
    return Number(exact?.d ?? 0) === n;
  });
}

export function keyMatch(left: string, right: string, width: number): string {
  return Array.from({ length: width }, (_, i) => `${left}.k${i} = ${right}.k${i}`).join(" AND ");
}
