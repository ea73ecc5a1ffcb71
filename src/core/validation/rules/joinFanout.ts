import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import { isAdditive } from "../aggregates.ts";
import { at, literal, locate, present, typeOf } from "../evidence.ts";
import { keyIsUnique, keyMatch, keyStats } from "../keyStats.ts";
import { equiJoins, filterFor, resolveColumn, scopeOf } from "../sqlFacts.ts";
import type { Json, KeyOf } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";

const SHOWN_KEYS = 5;

/** Aliases whose columns are summed, averaged or counted (additive aggregates) in a SELECT. */
function summedAliases(select: Json, scope: ReturnType<typeof scopeOf>): Set<string> {
  const aliases = new Set<string>();
  walk([select.select_list, select.having], (n) => {
    if (n.class !== "FUNCTION" || !isAdditive(String(n.function_name))) return;
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
 * always reported; a one-to-many join is reported when the query sums, averages or counts columns
 * of the "one" side, which the fan-out then counts once per matching row. Uniqueness is judged on
 * the rows the query's WHERE keeps on each side.
 */
export const joinFanoutRule: ValidationRule = {
  code: "join-fanout",
  phase: "after",
  ops: ["Query"],
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    for (const join of await equiJoins(sql.statement, ctx.state, ctx.engine)) {
      if (join.joinType === "SEMI" || join.joinType === "ANTI") continue;
      const left = join.pairs.map((p) => p.left);
      const right = join.pairs.map((p) => p.right);
      const [lt, rt] = [left[0]!.table, right[0]!.table];
      const filters = new Map<string, string>([
        [left[0]!.alias, await filterFor(ctx.engine, join.select, left[0]!.alias, ctx.state)],
        [right[0]!.alias, await filterFor(ctx.engine, join.select, right[0]!.alias, ctx.state)],
      ]);
      const unique = (keys: KeyOf[]): Promise<boolean> =>
        keyIsUnique(ctx.engine, keys, filters.get(keys[0]!.alias)!);
      const summed = summedAliases(join.select, scopeOf(join.select.from_table, ctx.state));
      // The smaller side first: if its key is unique, only a one-to-many join that sums the
      // smaller side's columns can mislead, and the larger table need not be read at all.
      const [small, large] = lt.rowCount <= rt.rowCount ? [left, right] : [right, left];
      if (await unique(small)) {
        if (!summed.has(small[0]!.alias) || (await unique(large))) continue;
      } else if ((await unique(large)) && !summed.has(large[0]!.alias)) continue;

      const lk = await keyStats(ctx.engine, left, filters.get(left[0]!.alias)!);
      const rk = await keyStats(ctx.engine, right, filters.get(right[0]!.alias)!);
      const width = left.length;
      const keyCols = Array.from({ length: width }, (_, i) => `l.k${i}`).join(", ");
      const dup = await ctx.engine.all(
        `SELECT ${keyCols}, l.__n AS ln, r.__n AS rn, l.__r AS lr, r.__r AS rr, max(l.__n) OVER () AS lmax, max(r.__n) OVER () AS rmax ` +
          `FROM ${sqlIdent(lk)} l JOIN ${sqlIdent(rk)} r ON ${keyMatch("l", "r", width)} WHERE l.__n > 1 OR r.__n > 1 ORDER BY l.__n * r.__n DESC LIMIT ${SHOWN_KEYS}`,
      );
      if (dup.length === 0) continue;
      const manyToMany = Number(dup[0]!.lmax) > 1 && Number(dup[0]!.rmax) > 1;
      const uniqueSide = Number(dup[0]!.lmax) > 1 ? right : left;
      const manySide = uniqueSide === left ? right : left;
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
          `${left.map((k, j) => literal(d[`k${j}`], k.column ? typeOf(lt, k.column) : undefined)).join("/")}: ${d.ln} × ${d.rn} rows${at(Number(d.ln) > 1 ? lLoc[i] : rLoc[i])}`,
      );
      const on = left.map((k, i) => `${k.label} = ${right[i]!.label}`).join(" AND ");
      out.push({
        code: "join-fanout",
        severity: "warning",
        message: manyToMany
          ? `The join on ${on} is many-to-many: keys repeat on both sides and each pair of rows is combined (${keys.join("; ")}). Deduplicate or aggregate one side first, or add the missing key column to the join.`
          : `The join on ${on} repeats each ${uniqueSide[0]!.table.name} row once per matching ${manySide[0]!.table.name} row (${keys.join("; ")}), and the query sums or counts ${uniqueSide[0]!.table.name}'s columns, which are then counted several times. Aggregate before joining, or take those columns with ANY_VALUE/MAX per key.`,
        locations: present([...lLoc, ...rLoc]),
      });
    }
    return out;
  },
};
