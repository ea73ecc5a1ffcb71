import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { aggregateUses } from "../aggregateUses.ts";
import { at, locate, present } from "../evidence.ts";
import { filterFor } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { memoized } from "../tableMemo.ts";

/** Aggregates whose result silently skips NULLs (count(col) counts non-nulls by definition). */
const NULL_SKIPPING = new Set([
  "sum",
  "avg",
  "mean",
  "median",
  "stddev",
  "stddev_samp",
  "stddev_pop",
  "variance",
  "var_samp",
  "var_pop",
  "product",
  "fsum",
  "favg",
  "quantile",
  "quantile_cont",
  "geomean",
]);

/**
 * `null-in-aggregate` (warning): an aggregate over a column that holds NULLs among the rows the
 * query keeps; SUM/AVG skip them silently, so the result describes fewer rows than it seems.
 * Filtering them (`WHERE col IS NOT NULL`) or replacing them (`coalesce`) makes the choice explicit.
 */
export const nullInAggregateRule: ValidationRule = {
  code: "null-in-aggregate",
  phase: "after",
  ops: ["Query"],
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    const seen = new Set<string>();
    for (const use of aggregateUses(sql.statement, ctx.state, (fn) => NULL_SKIPPING.has(fn.toLowerCase()))) {
      const { table, column, alias } = use.column;
      const key = `${table.name}.${column}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const filter = await filterFor(ctx.engine, use.select, alias, ctx.state);
      const col = `${sqlIdent(alias)}.${sqlIdent(column)}`;
      const count = (): Promise<Record<string, unknown>[]> =>
        ctx.engine.all(
          `SELECT count(*) AS n, count(*) FILTER (WHERE ${col} IS NULL) AS nulls, list(${sqlIdent(alias)}.rowid ORDER BY ${sqlIdent(alias)}.rowid) FILTER (WHERE ${col} IS NULL)[1:3] AS rows ` +
            `FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)} WHERE ${filter}`,
        );
      const [row] = filter === "TRUE" ? await memoized(table, `nulls:${column}`, count) : await count();
      const nulls = Number(row?.nulls ?? 0);
      if (nulls === 0) continue;
      const rowids = ((row?.rows as unknown[]) ?? []).map(Number);
      const locations = await locate(ctx.engine, table, rowids);
      out.push({
        code: "null-in-aggregate",
        severity: "warning",
        message:
          `${use.fn}(${column}) over ${table.name} skips ${nulls} NULL value(s) of ${Number(row?.n)} rows${locations.some(Boolean) ? `, e.g.${locations.map(at).join(",")}` : ""}. ` +
          `Decide what they mean: exclude them explicitly (WHERE ${column} IS NOT NULL) or replace them (coalesce), and say so in the answer.`,
        locations: present(locations),
      });
    }
    return out;
  },
};
