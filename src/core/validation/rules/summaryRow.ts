import type { Diagnostic } from "../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { aggregateUses } from "../aggregateUses.ts";
import { isAdditive } from "../aggregates.ts";
import { at, locate, present, quote } from "../evidence.ts";
import { filterFor } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { EXACT_ROW_LIMIT, memoized } from "../tableMemo.ts";

/** Labels of total rows: "Total", "Grand total", "All", "Subtotal", "Total fraud", "U.S. total"… */
const TOTAL_LABEL = String.raw`(grand\s+|sub-?)?totals?|all|overall|sum|all\s+(states|areas|categories|regions|countries|ages|types)|totals?\s*[:(].*|[a-z.]+\s+(sub)?totals?`;

/**
 * `summary-row` (warning): an additive aggregate (SUM, AVG, COUNT…) over a table that still holds
 * total or subtotal rows — labelled "Total"/"All"…, or a row whose value equals the sum of the
 * (at least three) rows smaller than it — so the total is counted twice. Rows the query's WHERE already excludes don't count.
 */
export const summaryRowRule: ValidationRule = {
  code: "summary-row",
  phase: "after",
  ops: ["Query"],
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
      // A row equal to the sum of all others is a total only in report-sized tables; in large fact
      // tables the check would cost a full pass for a pattern that does not occur there.
      const numeric =
        table.rowCount <= EXACT_ROW_LIMIT
          ? table.schema.find((c) => c.name === column && /INT|DOUBLE|DECIMAL|FLOAT|REAL/.test(c.type))
          : undefined;
      const v = `${a}.${sqlIdent(column)}`;
      // A total equals the sum of the rows strictly smaller than it (at least three of them, so
      // that 12 = 7 + 5 among a handful of counts is not taken for one) and its value occurs once
      // (0/1 flags and small repeated integers are not totals).
      const kept = `SELECT ${a}.rowid AS r, ${labelText} AS label, ${numeric ? v : "NULL"} AS v, (${labelMatch}) AS labelled FROM ${sqlIdent(table.name)} AS ${a} WHERE (${filter})`;
      const sums = numeric
        ? `, s AS (SELECT v, c, sum(v * c) OVER w AS below, sum(c) OVER w AS nbelow FROM (SELECT v, count(*) AS c FROM k WHERE v IS NOT NULL GROUP BY v) WINDOW w AS (ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING))`
        : ", s AS (SELECT NULL AS v, 0 AS c, NULL AS below, 0 AS nbelow)";
      const find = (): Promise<Record<string, unknown>[]> =>
        ctx.engine.all(
          `WITH k AS (${kept})${sums} SELECT k.r AS r, k.label AS label, k.v AS v, k.labelled AS labelled FROM k LEFT JOIN s ON k.v = s.v ` +
            `WHERE k.labelled OR (s.c = 1 AND s.nbelow >= 3 AND k.v <> 0 AND abs(k.v - s.below) <= 1e-9 * abs(k.v)) ORDER BY r LIMIT 5`,
        );
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
          `${use.fn}(${column}) over ${table.name} includes total/subtotal row(s): ${shown.join("; ")}. They repeat the other rows' values, so the aggregate counts them twice. ` +
          `Exclude them (e.g. WHERE <label column> NOT ILIKE '%total%') or use the total row itself as the answer.`,
        locations: present(locations),
      });
    }
    return out;
  },
};
