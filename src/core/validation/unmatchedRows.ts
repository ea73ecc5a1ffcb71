import { sqlIdent } from "../engine/duckEngine.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { filterFor } from "./sqlFacts.ts";
import type { Json, KeyOf } from "./sqlFacts.ts";
import { EXACT_ROW_LIMIT, memoized, tableId } from "./tableMemo.ts";

const SHOWN_KEYS = 5;
/** Share of a large table's rows read when it is checked from a sample. */
export const SAMPLE_PERCENT = 2;

export interface Loss {
  from: KeyOf[];
  to: KeyOf[];
  rows: Record<string, unknown>[];
  total: number;
  keys: number;
  kept: number;
  sampled: boolean;
}

/** Rows of `from` (kept by the query's own WHERE) whose key has no partner in `to`. */
export async function unmatchedRows(
  ctx: OperatorContext,
  select: Json,
  from: KeyOf[],
  to: KeyOf[],
): Promise<Loss> {
  const table = from[0]!.table;
  const other = to[0]!.table;
  const a = sqlIdent(from[0]!.alias);
  // The anti-join costs about a scan of the other table: sample whenever either side is large,
  // so the check stays a small fraction of the join itself.
  const sampled = table.rowCount > EXACT_ROW_LIMIT || other.rowCount > EXACT_ROW_LIMIT;
  const filter = await filterFor(ctx.engine, select, from[0]!.alias, ctx.state);
  const keys = from.map((k, i) => `${k.sql} AS k${i}`).join(", ");
  const notNull = from.map((k) => `(${k.sql}) IS NOT NULL`).join(" AND ");
  const match = from.map((_, i) => `${to[i]!.sql} = ${a}.k${i}`).join(" AND ");
  const source = sampled
    ? `(SELECT rowid AS __rid, * FROM ${sqlIdent(table.name)} USING SAMPLE ${SAMPLE_PERCENT}% (system, 7)) AS ${a}`
    : `(SELECT rowid AS __rid, * FROM ${sqlIdent(table.name)}) AS ${a}`;
  const memoKey = `loss:${from.map((k) => k.sql).join(",")}>${tableId(other)}:${to.map((k) => k.sql).join(",")}:${filter}`;
  const rows = await memoized(table, memoKey, () =>
    ctx.engine.all(
      `WITH kept AS (SELECT ${a}.__rid, ${keys} FROM ${source} WHERE ${notNull} AND (${filter})), ` +
        `lost AS (SELECT * FROM kept AS ${a} WHERE NOT EXISTS (SELECT 1 FROM ${sqlIdent(other.name)} AS ${sqlIdent(to[0]!.alias)} WHERE ${match})) ` +
        `SELECT ${from.map((_, i) => `k${i}`).join(", ")}, count(*) AS n, min(__rid) AS r, sum(count(*)) OVER () AS total, count(*) OVER () AS keys, (SELECT count(*) FROM kept) AS kept ` +
        `FROM lost GROUP BY ALL ORDER BY r LIMIT ${SHOWN_KEYS}`,
    ),
  );
  return {
    from,
    to,
    rows,
    total: Number(rows[0]?.total ?? 0),
    keys: Number(rows[0]?.keys ?? 0),
    kept: Number(rows[0]?.kept ?? 0),
    sampled,
  };
}
