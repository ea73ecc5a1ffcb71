import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { at, literal, locate, present, typeOf } from "../evidence.ts";
import { equiJoins, filterFor, usedOutsideJoin } from "../sqlFacts.ts";
import type { ColumnOf } from "../sqlFacts.ts";
import { EXACT_ROW_LIMIT, memoized, tableId } from "../tableMemo.ts";
import type { ValidationRule } from "../validationRule.ts";

const SHOWN_KEYS = 5;
/** Share of a large table's rows read when it is checked from a sample. */
const SAMPLE_PERCENT = 2;

/**
 * `join-row-loss` (warning): an inner (or semi) join drops rows whose key has no partner on the
 * other side — the year one file lacks vanishes from the result. Only rows the query's own WHERE
 * keeps are counted, and a side used purely as a filter (none of its columns used elsewhere) is
 * taken as intended filtering. Where either table is above EXACT_ROW_LIMIT rows the dropping side
 * is checked from a block sample, and the finding says so.
 */
export const joinRowLossRule: ValidationRule = {
  code: "join-row-loss",
  phase: "after",
  ops: ["Query"],
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    for (const join of equiJoins(sql.statement, ctx.state)) {
      if (join.joinType !== "INNER" && join.joinType !== "SEMI") continue;
      const left = join.pairs.map((p) => p.left);
      const right = join.pairs.map((p) => p.right);
      const sides: [ColumnOf[], ColumnOf[]][] =
        join.joinType === "SEMI"
          ? [[left, right]]
          : [
              [left, right],
              [right, left],
            ];
      for (const [from, to] of sides) {
        const fromAlias = from[0]!.alias;
        const toAlias = to[0]!.alias;
        // A side none of whose columns the query uses is a filter: its own lost rows don't matter,
        // and the rows it removes from the other side are removed on purpose.
        if (
          join.joinType === "INNER" &&
          (!usedOutsideJoin(join.select, join.node, toAlias, ctx.state) ||
            !usedOutsideJoin(join.select, join.node, fromAlias, ctx.state))
        )
          continue;
        const table = from[0]!.table;
        const other = to[0]!.table;
        // The anti-join costs about a scan of the other table per probed row batch: sample whenever
        // either side is large, so the check stays a small fraction of the join itself.
        const sampled = table.rowCount > EXACT_ROW_LIMIT || other.rowCount > EXACT_ROW_LIMIT;
        const filter = await filterFor(ctx.engine, join.select, fromAlias, ctx.state);
        const a = sqlIdent(fromAlias);
        const keys = from.map((c, i) => `${a}.${sqlIdent(c.column)} AS k${i}`).join(", ");
        const notNull = from.map((c) => `${a}.${sqlIdent(c.column)} IS NOT NULL`).join(" AND ");
        const match = from
          .map((c, i) => `o.${sqlIdent(to[i]!.column)} = ${a}.${sqlIdent(c.column)}`)
          .join(" AND ");
        const source = sampled
          ? `(SELECT rowid AS __rid, * FROM ${sqlIdent(table.name)} USING SAMPLE ${SAMPLE_PERCENT}% (system, 7)) AS ${a}`
          : `(SELECT rowid AS __rid, * FROM ${sqlIdent(table.name)}) AS ${a}`;
        const memoKey = `loss:${from.map((c) => c.column).join(",")}>${tableId(other)}:${to.map((c) => c.column).join(",")}:${filter}`;
        const lost = await memoized(table, memoKey, () =>
          ctx.engine.all(
            `SELECT ${keys}, count(*) AS n, min(${a}.__rid) AS r, sum(count(*)) OVER () AS total, count(*) OVER () AS keys ` +
              `FROM ${source} WHERE ${notNull} AND (${filter}) ` +
              `AND NOT EXISTS (SELECT 1 FROM ${sqlIdent(other.name)} o WHERE ${match}) ` +
              `GROUP BY ALL ORDER BY r LIMIT ${SHOWN_KEYS}`,
          ),
        );
        if (lost.length === 0) continue;
        const locations = await locate(
          ctx.engine,
          table,
          lost.map((r) => Number(r.r)),
        );
        const keyText = lost.map(
          (r, i) => `${from.map((c, k) => literal(r[`k${k}`], typeOf(table, c.column))).join("/")}${at(locations[i])}`,
        );
        const total = Number(lost[0]!.total ?? lost.length);
        const keyCount = Number(lost[0]!.keys ?? lost.length);
        const on = from
          .map((c, i) => `${table.name}.${c.column} = ${other.name}.${to[i]!.column}`)
          .join(" AND ");
        const amount = sampled
          ? `about ${Math.round((total * 100) / SAMPLE_PERCENT).toLocaleString("en-US")} row(s) of ${table.name} (${total} in a ${SAMPLE_PERCENT}% sample, ${keyCount}+ key value(s)) with no match in ${other.name}`
          : `${total} row(s) of ${table.name} (${keyCount} key value(s) with no match in ${other.name})`;
        out.push({
          code: "join-row-loss",
          severity: "warning",
          message:
            `The ${join.joinType.toLowerCase()} join on ${on} dropped ${amount}: ` +
            `${keyText.join(", ")}${keyCount > lost.length ? ", …" : ""}. If those rows belong in the answer, use a LEFT/FULL JOIN and handle the missing values; if they are meant to be excluded, filter them explicitly.`,
          locations: present(locations),
        });
      }
    }
    return out;
  },
};
