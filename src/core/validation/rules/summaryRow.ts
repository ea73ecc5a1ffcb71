import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { aggregateUses } from "../aggregateUses.ts";
import { isAdditive } from "../aggregates.ts";
import { at, locate, present, quote } from "../evidence.ts";
import { filterFor } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { memoized } from "../tableMemo.ts";
import { tableLabel } from "../derivedTables.ts";

/** Labels of total rows: "Total", "Grand total", "All", "Subtotal", "Total fraud", "U.S. total"… */
const TOTAL_LABEL = String.raw`(grand\s+|sub-?)?totals?|all|overall|sum|all\s+(states|areas|categories|regions|countries|ages|types)|totals?\s*[:(].*|[a-z.]+\s+(sub)?totals?`;

/**
 * Unlabelled totals (a row equal to the sum of the others) are looked for in tables up to this
 * size: they occur in report tables (data books, per-state summaries — hundreds of rows), not in
 * fact tables of millions of rows. Labelled totals are looked for at every size.
 */
export const UNLABELLED_TOTALS_MAX_ROWS = 100_000;

/**
 * `summary-row` (warning): an additive aggregate (SUM, AVG, COUNT…) over a table that still holds
 * total or subtotal rows — labelled "Total"/"All"…, or one of the largest rows whose value equals
 * the sum of the (at least three) rows smaller than it — so the total is counted twice. Rows the
 * query's WHERE already excludes don't count.
 */
export const summaryRowRule: ValidationRule = {
  code: "summary-row",
  phase: "after",
  ops: ["Query"],
  inputsOnly: true,
  async check({ ctx, sql }) {
    if (!sql) return [];
    const out: Diagnostic[] = [];
    const seen = new Set<string>();
    for (const use of aggregateUses(sql.statement, ctx.state, isAdditive)) {
      const { table, column, alias } = use.column;
      if (table.provenance.kind === "query" || seen.has(`${table.name}.${column}`)) continue;
      seen.add(`${table.name}.${column}`);
      const filter = await filterFor(ctx.engine, use.select, alias, ctx.state);
      const a = sqlIdent(alias);
      const labels = table.schema.filter((c) => c.type === "VARCHAR").map((c) => `${a}.${sqlIdent(c.name)}`);
      const labelMatch = labels.length
        ? labels.map((l) => `regexp_full_match(lower(trim(${l})), ${sqlString(TOTAL_LABEL)})`).join(" OR ")
        : "FALSE";
      const labelText = labels.length ? `concat_ws(' | ', ${labels.join(", ")})` : "''";
      const numeric =
        table.rowCount <= UNLABELLED_TOTALS_MAX_ROWS
          ? table.schema.find((c) => c.name === column && /INT|DOUBLE|DECIMAL|FLOAT|REAL/.test(c.type))
          : undefined;
      const v = `${a}.${sqlIdent(column)}`;
      // An unlabelled total is one of the five largest values, occurring once, equal to the sum
      // of all the rows smaller than it (at least three of them, so that 12 = 7 + 5 among a
      // handful of counts is not taken for one; 0/1 flags are not totals). A data book's footer
      // holds several summary rows ("with payment method" 475,905 under "all reports" 2,600,678),
      // so the largest alone is not enough. One aggregate pass, no sort.
      const kept = `SELECT ${a}.rowid AS r, ${labelText} AS label, ${numeric ? v : "NULL"} AS v, (${labelMatch}) AS labelled FROM ${sqlIdent(table.name)} AS ${a} WHERE (${filter})`;
      const totals = numeric
        ? `, g AS (SELECT max(v, 6) AS tops, sum(v) AS total, count(v) AS n FROM k), ` +
          `t AS (SELECT list_filter(tops, (x, i) -> i <= 5 AND (i = 1 OR tops[i - 1] <> x) AND (i = len(tops) OR tops[i + 1] <> x) ` +
          `AND n - i >= 3 AND x <> 0 AND abs(x::DOUBLE - (total - list_sum(tops[1:i]))::DOUBLE) <= 1e-9 * abs(x::DOUBLE)) AS totals FROM g) ` +
          `SELECT k.r AS r, k.label AS label, k.v AS v, k.labelled AS labelled FROM k, t WHERE k.labelled OR list_contains(t.totals, k.v)`
        : ` SELECT k.r AS r, k.label AS label, k.v AS v, k.labelled AS labelled FROM k WHERE k.labelled`;
      const find = (): Promise<Record<string, unknown>[]> =>
        ctx.engine.all(`WITH k AS (${kept})${totals} ORDER BY r LIMIT 5`);
      const rows = filter === "TRUE" ? await memoized(table, `totals:${column}`, find) : await find();
      if (rows.length === 0) continue;
      const locations = await locate(
        ctx.engine,
        table,
        rows.map((r) => Number(r.r)),
      );
      const shown = rows.map(
        (r, i) =>
          `${quote(r.label)}${r.labelled ? "" : ` (its ${column} ${String(r.v)} equals the sum of the rows below it)`}${at(locations[i])}`,
      );
      out.push({
        code: "summary-row",
        severity: "warning",
        message:
          `${use.fn}(${column}) over ${tableLabel(table)} includes total/subtotal row(s): ${shown.join("; ")}. They repeat the other rows' values, so the aggregate counts them twice. ` +
          `Exclude them (e.g. WHERE <label column> NOT ILIKE '%total%') or use the total row itself as the answer.`,
        locations: present(locations),
      });
    }
    return out;
  },
};
