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
  const match = from.map((k, i) => `${to[i]!.sql} = ${k.sql}`).join(" AND ");
  const source = sampled
    ? `(SELECT rowid AS __rid, * FROM ${sqlIdent(table.name)} USING SAMPLE ${SAMPLE_PERCENT}% (system, 7)) AS ${a}`
    : `(SELECT rowid AS __rid, * FROM ${sqlIdent(table.name)}) AS ${a}`;
  const memoKey = `loss:${from.map((k) => k.sql).join(",")}>${tableId(other)}:${to.map((k) => k.sql).join(",")}:${filter}`;
  // One flat anti-join, so that DuckDB can build its hash table on the (sampled) probing side;
  // the count of kept rows is only needed when something was lost.
  const found = await memoized(table, memoKey, async () => {
    const rows = await ctx.engine.all(
      `SELECT ${keys}, count(*) AS n, min(${a}.__rid) AS r, sum(count(*)) OVER () AS total, count(*) OVER () AS keys ` +
        `FROM ${source} WHERE ${notNull} AND (${filter}) ` +
        `AND NOT EXISTS (SELECT 1 FROM ${sqlIdent(other.name)} AS ${sqlIdent(to[0]!.alias)} WHERE ${match}) ` +
        `GROUP BY ALL ORDER BY r LIMIT ${SHOWN_KEYS}`,
    );
    const [kept] = rows.length
      ? await ctx.engine.all(`SELECT count(*) AS n FROM ${source} WHERE ${notNull} AND (${filter})`)
      : [{ n: 0 }];
    return { rows, kept: Number(kept?.n ?? 0) };
  });
  const rows = found.rows;
  return {
    from,
    to,
    rows,
    total: Number(rows[0]?.total ?? 0),
    keys: Number(rows[0]?.keys ?? 0),
    kept: found.kept,
    sampled,
  };
}
