import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { at, locate, present, quote } from "../evidence.ts";
import { keyStats } from "../keyStats.ts";
import { equiJoins, filterFor, usedOutsideJoin } from "../sqlFacts.ts";
import type { ColumnOf } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";

const SHOWN_KEYS = 5;

/**
 * `join-row-loss` (warning): an inner (or semi) join drops rows whose key has no partner on the
 * other side — the year one file lacks vanishes from the result. Only rows the query's own WHERE
 * keeps are counted, and a side used purely as a filter (none of its columns used elsewhere) is
 * taken as intended filtering.
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
        // A side none of whose columns the query uses is a filter: its own lost rows don't matter, and
        // the rows it removes from the other side are removed on purpose.
        if (
          join.joinType === "INNER" &&
          (!usedOutsideJoin(join.select, join.node, toAlias, ctx.state) ||
            !usedOutsideJoin(join.select, join.node, fromAlias, ctx.state))
        )
          continue;
        const table = from[0]!.table;
        const other = await keyStats(
          ctx.engine,
          to[0]!.table,
          to.map((c) => c.column),
        );
        const filter = await filterFor(ctx.engine, join.select, fromAlias, ctx.state);
        const keys = from.map((c, i) => `${sqlIdent(fromAlias)}.${sqlIdent(c.column)} AS k${i}`).join(", ");
        const notNull = from
          .map((c) => `${sqlIdent(fromAlias)}.${sqlIdent(c.column)} IS NOT NULL`)
          .join(" AND ");
        const lost = await ctx.engine.all(
          `SELECT ${keys}, count(*) AS n, min(${sqlIdent(fromAlias)}.rowid) AS r, sum(count(*)) OVER () AS total, count(*) OVER () AS keys ` +
            `FROM ${sqlIdent(table.name)} AS ${sqlIdent(fromAlias)} WHERE ${notNull} AND (${filter}) ` +
            `AND NOT EXISTS (SELECT 1 FROM ${sqlIdent(other)} o WHERE ${from
              .map((c, i) => `o.k${i} = ${sqlIdent(fromAlias)}.${sqlIdent(c.column)}`)
              .join(" AND ")}) ` +
            `GROUP BY ALL ORDER BY r LIMIT ${SHOWN_KEYS}`,
        );
        if (lost.length === 0) continue;
        const locations = await locate(
          ctx.engine,
          table,
          lost.map((r) => Number(r.r)),
        );
        const keyText = lost.map(
          (r, i) => `${from.map((_, k) => quote(r[`k${k}`])).join("/")}${at(locations[i])}`,
        );
        const total = Number(lost[0]!.total ?? lost.length);
        const keyCount = Number(lost[0]!.keys ?? lost.length);
        const on = from
          .map((c, i) => `${table.name}.${c.column} = ${to[i]!.table.name}.${to[i]!.column}`)
          .join(" AND ");
        out.push({
          code: "join-row-loss",
          severity: "warning",
          message:
            `The ${join.joinType.toLowerCase()} join on ${on} dropped ${total} row(s) of ${table.name} (${keyCount} key value(s) with no match in ${to[0]!.table.name}): ` +
            `${keyText.join(", ")}${keyCount > lost.length ? ", …" : ""}. If those rows belong in the answer, use a LEFT/FULL JOIN and handle the missing values; if they are meant to be excluded, filter them explicitly.`,
          locations: present(locations),
        });
      }
    }
    return out;
  },
};
