import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import { at, literal, locate, present, typeOf } from "../evidence.ts";
import { keyIsUnique, keyMatch, keyStats } from "../keyStats.ts";
import { equiJoins, resolveColumn, scopeOf } from "../sqlFacts.ts";
import type { Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { isAggregate } from "../aggregates.ts";

const SHOWN_KEYS = 5;

/** Aliases whose columns are aggregated (SUM/AVG/COUNT(col)…) in a SELECT. */
function aggregatedAliases(select: Json, scope: ReturnType<typeof scopeOf>): Set<string> {
  const aliases = new Set<string>();
  walk(select.select_list, (n) => {
    if (n.class !== "FUNCTION" || !isAggregate(String(n.function_name))) return;
    walk(n.children, (c) => {
      if (c.class === "COLUMN_REF") {
        const col = resolveColumn(c.column_names as string[], scope);
        if (col) aliases.add(col.alias);
      }
    });
  });
  return aliases;
}

/**
 * `join-fanout` (warning): a join key that is not unique multiplies rows. Many-to-many keys are
 * always reported; a one-to-many join is reported when the query aggregates columns of the
 * "one" side, which the fan-out counts once per matching row.
 */
export const joinFanoutRule: ValidationRule = {
  code: "join-fanout",
  phase: "after",
  ops: ["Query"],
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    for (const join of equiJoins(sql.statement, ctx.state)) {
      if (join.joinType === "SEMI" || join.joinType === "ANTI") continue;
      const left = join.pairs.map((p) => p.left);
      const right = join.pairs.map((p) => p.right);
      const lt = left[0]!.table;
      const rt = right[0]!.table;
      const aggregatedEarly = aggregatedAliases(join.select, scopeOf(join.select.from_table, ctx.state));
      // Check the smaller side first: if its key is unique, only a one-to-many join that sums the
      // smaller side's columns can mislead, and the larger table need not be read at all.
      const [small, large] = lt.rowCount <= rt.rowCount ? [left, right] : [right, left];
      if (
        await keyIsUnique(
          ctx.engine,
          small[0]!.table,
          small.map((c) => c.column),
        )
      ) {
        if (!aggregatedEarly.has(small[0]!.alias)) continue;
        if (
          await keyIsUnique(
            ctx.engine,
            large[0]!.table,
            large.map((c) => c.column),
          )
        )
          continue;
      } else if (
        (await keyIsUnique(
          ctx.engine,
          large[0]!.table,
          large.map((c) => c.column),
        )) &&
        !aggregatedEarly.has(large[0]!.alias)
      ) {
        continue;
      }
      const lk = await keyStats(
        ctx.engine,
        lt,
        left.map((c) => c.column),
      );
      const rk = await keyStats(
        ctx.engine,
        rt,
        right.map((c) => c.column),
      );
      const width = left.length;
      const keyCols = Array.from({ length: width }, (_, i) => `l.k${i}`).join(", ");
      const dup = await ctx.engine.all(
        `SELECT ${keyCols}, l.__n AS ln, r.__n AS rn, l.__r AS lr, r.__r AS rr, max(l.__n) OVER () AS lmax, max(r.__n) OVER () AS rmax ` +
          `FROM ${sqlIdent(lk)} l JOIN ${sqlIdent(rk)} r ON ${keyMatch("l", "r", width)} WHERE l.__n > 1 OR r.__n > 1 ORDER BY l.__n * r.__n DESC LIMIT ${SHOWN_KEYS}`,
      );
      if (dup.length === 0) continue;
      const lmax = Number(dup[0]!.lmax);
      const rmax = Number(dup[0]!.rmax);
      const aggregated = aggregatedAliases(join.select, scopeOf(join.select.from_table, ctx.state));
      const manyToMany = lmax > 1 && rmax > 1;
      const uniqueSide = lmax > 1 ? right : left;
      const doubleCounted = !manyToMany && aggregated.has(uniqueSide[0]!.alias);
      if (!manyToMany && !doubleCounted) continue;
      const [lLoc, rLoc] = [
        await locate(
          ctx.engine,
          lt,
          dup.map((d) => Number(d.lr)),
        ),
        await locate(
          ctx.engine,
          rt,
          dup.map((d) => Number(d.rr)),
        ),
      ];
      const keys = dup.map(
        (d, i) =>
          `${left.map((c, k) => literal(d[`k${k}`], typeOf(lt, c.column))).join("/")}: ${d.ln} × ${d.rn} rows${at(Number(d.ln) > 1 ? lLoc[i] : rLoc[i])}`,
      );
      const on = left.map((c, i) => `${lt.name}.${c.column} = ${rt.name}.${right[i]!.column}`).join(" AND ");
      out.push({
        code: "join-fanout",
        severity: "warning",
        message: manyToMany
          ? `The join on ${on} is many-to-many: keys repeat on both sides and each pair of rows is combined (${keys.join("; ")}). Deduplicate or aggregate one side first, or add the missing key column to the join.`
          : `The join on ${on} repeats each ${uniqueSide[0]!.table.name} row once per matching ${(lmax > 1 ? lt : rt).name} row (${keys.join("; ")}), and the query aggregates ${uniqueSide[0]!.table.name}'s columns, which are then counted several times. Aggregate before joining, or take those columns with ANY_VALUE/MAX per key.`,
        locations: present([...lLoc, ...rLoc]),
      });
    }
    return out;
  },
};
