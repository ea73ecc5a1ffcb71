import { sqlIdent } from "../../engine/duckEngine.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { comparedColumns } from "./measureEffect.ts";

/** Temporary tables made so far (their names are unique per process). */
let materialized = 0;

/** What keeping a join's dropped rows added to a result that otherwise stayed as it was. */
export interface UnpartneredRows {
  /** Result rows the remedied query adds. */
  added: number;
  /** The result's rows, as the call returned them. */
  kept: number;
  /** Columns the call's result never leaves NULL that the added rows leave NULL. */
  nullColumns: string[];
}

/**
 * Whether a join's dropped rows could contribute to what the call returns: the call's result
 * compared with the remedied one (the join made LEFT), as multisets of rows (floats to 9 decimals,
 * as measureEffect compares large results). They could not when no returned row changes or goes,
 * and every row the remedy adds lacks a value in a column the call's result always fills (a ratio
 * of both sides, the other side's group): the kept rows bring nothing but their unmatched key.
 * Undefined when a returned row changes, or an added row carries values in every such column.
 */
export async function unpartneredRows(
  engine: DuckEngine,
  output: string,
  remediedSql: string,
): Promise<UnpartneredRows | undefined> {
  const columns = await engine.describe(`SELECT * FROM ${sqlIdent(output)}`);
  if (columns.length === 0) return undefined;
  const counts = await engine.all(
    `SELECT count(*) AS n, ${columns.map((c, i) => `count(${sqlIdent(c.name)}) AS c${i}`).join(", ")} FROM ${sqlIdent(output)}`,
  );
  const n = Number(counts[0]?.n ?? 0);
  const filled = columns.filter((_, i) => Number(counts[0]?.[`c${i}`] ?? -1) === n);
  if (filled.length === 0) return undefined;
  const list = comparedColumns(columns);
  // The remedied result and what it adds, computed once (each is read several times below).
  const id = ++materialized;
  const [after, added] = [`__radar_kept_${id}`, `__radar_added_${id}`];
  let row: Record<string, unknown> | undefined;
  try {
    await engine.run(`CREATE TEMP TABLE ${sqlIdent(after)} AS SELECT ${list} FROM (${remediedSql})`);
    await engine.run(
      `CREATE TEMP TABLE ${sqlIdent(added)} AS SELECT * FROM ${sqlIdent(after)} EXCEPT ALL SELECT ${list} FROM ${sqlIdent(output)}`,
    );
    [row] = await engine.all(
      `SELECT (SELECT count(*) FROM (SELECT ${list} FROM ${sqlIdent(output)} EXCEPT ALL SELECT * FROM ${sqlIdent(after)})) AS removed, ` +
        `(SELECT count(*) FROM ${sqlIdent(added)}) AS added, ` +
        `(SELECT count(*) FROM ${sqlIdent(added)} WHERE ${filled.map((c) => `${sqlIdent(c.name)} IS NOT NULL`).join(" AND ")}) AS partnered, ` +
        `(SELECT [${filled.map((c) => `count(*) FILTER (WHERE ${sqlIdent(c.name)} IS NULL) > 0`).join(", ")}] FROM ${sqlIdent(added)}) AS nulls`,
    );
  } finally {
    await engine.run(`DROP TABLE IF EXISTS temp.main.${sqlIdent(after)}`);
    await engine.run(`DROP TABLE IF EXISTS temp.main.${sqlIdent(added)}`);
  }
  if (!row || Number(row.removed) > 0 || Number(row.partnered) > 0) return undefined;
  const nulls = (row.nulls as boolean[] | null) ?? [];
  return {
    added: Number(row.added),
    kept: n,
    nullColumns: filled.filter((_, i) => nulls[i] === true).map((c) => c.name),
  };
}
