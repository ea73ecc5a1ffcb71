import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { sameRelation, tableLabel } from "../../derivedTables.ts";
import { at, locate, present } from "../../evidence.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { seriesShape } from "../../seriesShape.ts";
import type { SeriesShape, SeriesStep } from "../../seriesShape.ts";
import {
  conjuncts,
  expressionSql,
  filterFor,
  nullFilledSides,
  onlyColumn,
  resolveColumn,
  scopeOf,
  selectNodes,
  walkOwn,
  scopedSelects,
} from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { seriesGapDoc } from "./seriesGapDoc.ts";
import { isWholeNumberType } from "../../../engine/numericTypes.ts";

/** Series longer than this many distinct values (per partition, in all) are not read. */
const MAX_VALUES = 20_000;
/** Gaps named in a message; the rest are counted. */
const SHOWN = 3;

/** The same expression, ignoring where it sits in the SQL. */
function sameExpression(a: Json, b: Json): boolean {
  const strip = (n: unknown): unknown =>
    JSON.parse(
      JSON.stringify(n, (k, v: unknown) => (k === "query_location" || k === "alias" ? undefined : v)),
    );
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

/**
 * The steps between consecutive distinct values of `order` (per partition) over the rows the
 * SELECT keeps, when `order` is a DATE, a TIMESTAMP at midnight or a year (an integer 1000–2999).
 */
async function stepsOf(
  ctx: OperatorContext,
  from: string,
  order: string,
  partition: string,
): Promise<{ steps: SeriesStep[]; text: string } | undefined> {
  const [type] = await ctx.engine.describe(`SELECT ${order} AS v${from} LIMIT 0`);
  const t = String(type?.type ?? "");
  const dated = t === "DATE" || t.startsWith("TIMESTAMP");
  const integer = isWholeNumberType(t);
  if (!dated && !integer) return undefined;
  const values = `SELECT DISTINCT ${partition} AS g, ${order} AS v${from} AND ${order} IS NOT NULL`;
  const [facts] = await ctx.engine.all(
    `SELECT count(*) AS n, ` +
      (dated
        ? `count(*) FILTER (WHERE CAST(v AS TIMESTAMP) <> CAST(CAST(v AS DATE) AS TIMESTAMP)) AS off`
        : `count(*) FILTER (WHERE v < 1000 OR v > 2999) AS off`) +
      ` FROM (${values})`,
  );
  if (Number(facts?.n ?? 0) > MAX_VALUES || Number(facts?.off ?? 0) > 0) return undefined;
  const d = (x: string): string => (dated ? `CAST(${x} AS DATE)` : x);
  const rows = await ctx.engine.all(
    `WITH s AS (${values}), p AS (SELECT g, lag(v) OVER (PARTITION BY g ORDER BY v) AS p, v FROM s) ` +
      `SELECT CAST(${d("p")} AS VARCHAR) AS f, CAST(${d("v")} AS VARCHAR) AS t, ` +
      (dated
        ? `date_diff('day', ${d("p")}, ${d("v")}) AS days, date_diff('month', ${d("p")}, ${d("v")}) AS months, ` +
          `(day(${d("p")}) = day(${d("v")}) OR (last_day(${d("p")}) = ${d("p")} AND last_day(${d("v")}) = ${d("v")})) AS aligned`
        : `(v - p) * 365 AS days, (v - p) * 12 AS months, TRUE AS aligned`) +
      ` FROM p WHERE p IS NOT NULL ORDER BY g, v`,
  );
  const steps = rows.map((r) => ({
    from: String(r.f),
    to: String(r.t),
    days: Number(r.days),
    months: Number(r.months),
    aligned: r.aligned === true,
  }));
  return { steps, text: `CAST(${d(order)} AS VARCHAR)` };
}

function gapsText(shape: SeriesShape): string {
  const shown = shape.gaps.slice(0, SHOWN).map((g) => {
    const n = g.missing === 1 ? `1 ${shape.period}` : `${g.missing} ${shape.period}s`;
    return `${n} missing between ${g.from} and ${g.to}`;
  });
  const more = shape.gaps.length > SHOWN ? `; ${shape.gaps.length - SHOWN} more gap(s)` : "";
  return `${shown.join("; ")}${more}`;
}

/**
 * `series-gap` (warning): `lag()`/`lead()` over rows ordered by a date (or year) column whose
 * values, among the rows the query keeps, step by a regular period — a day, week, month, quarter
 * or year, inferred from the values — except for a few gaps. The previous row across a gap is not
 * the previous period: a month-on-month change computed with `lag()` compares 2025-11 with
 * 2025-09. Not reported when the query also takes `lag()`/`lead()` of the ordering column itself
 * (it looks at the step), nor for series too short or too irregular to have a period.
 */
export const seriesGapRule: ValidationRule = queryRule({
  doc: seriesGapDoc,
  runOrder: 280,
  inputsOnly: true,
  async check({ ctx, sql }) {
    const out: Diagnostic[] = [];
    for (const { select, scope } of scopedSelects(sql.statement, ctx.state)) {
      const windows: Json[] = [];
      walkOwn([select.select_list, select.qualify], (n) => {
        if (n.class === "WINDOW" && (n.type === "WINDOW_LAG" || n.type === "WINDOW_LEAD")) windows.push(n);
      });
      if (windows.length === 0) continue;
      const seen = new Set<string>();
      for (const w of windows) {
        const orders = (w.orders as Json[] | undefined) ?? [];
        if (orders.length !== 1) continue;
        const order = orders[0]!.expression as Json;
        // The query takes the ordering column's own previous value: it sees (and may test) the step.
        if (windows.some((o) => sameExpression(((o.children as Json[]) ?? [])[0] ?? {}, order))) continue;
        const column = onlyColumn(order, scope);
        if (!column) continue;
        const partitions = (w.partitions as Json[] | undefined) ?? [];
        if (partitions.some((p) => onlyColumn(p, scope)?.alias !== column.alias)) continue;
        const orderSql = await expressionSql(ctx.engine, column.alias, order);
        const partitionSql = partitions.length
          ? `concat_ws('|', ${(await Promise.all(partitions.map((p) => expressionSql(ctx.engine, column.alias, p)))).map((p) => `CAST(${p} AS VARCHAR)`).join(", ")})`
          : "0";
        const key = `${column.table.name}|${orderSql}|${partitionSql}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const kept = await keptRelation(ctx, select, column.alias);
        const series = await stepsOf(ctx, kept.from, orderSql, partitionSql);
        const shape = series && seriesShape(series.steps);
        if (!shape || shape.gaps.length === 0) continue;
        const a = sqlIdent(column.alias);
        const after = shape.gaps.slice(0, SHOWN).map((g) => g.to);
        const rows = await ctx.engine.all(
          `SELECT min(${a}.${ROWID}) AS r${kept.from} AND ${series.text} IN (${after.map(sqlString).join(", ")}) ` +
            `GROUP BY ${series.text} ORDER BY ${series.text}`,
        );
        const locations = await locate(
          ctx.engine,
          column.table,
          rows.map((r) => Number(r.r)).filter((r) => Number.isFinite(r)),
        );
        const fn = String(w.function_name).toLowerCase();
        const where = locations.map((l) => at(l).trim()).filter(Boolean);
        out.push({
          code: "series-gap",
          severity: "warning",
          message:
            `${fn}() over ${tableLabel(column.table)} ordered by ${orderSql} takes the ${fn === "lag" ? "previous" : "next"} row, ` +
            `but ${orderSql} steps by one ${shape.period} in the rows the query keeps except at ${shape.gaps.length} gap(s): ${gapsText(shape)}` +
            `${where.length ? ` ${where.join(" ")}` : ""}. Across a gap the ${fn === "lag" ? "previous" : "next"} row is not the ${fn === "lag" ? "previous" : "next"} ${shape.period}, ` +
            `so a change computed there spans ${shape.gaps[0]!.missing + 1} ${shape.period}s. Join on the period instead (the missing ${shape.period} then gives NULL), or leave those rows out and say so.`,
          locations: present(locations),
        });
      }
    }
    for (const select of selectNodes(sql.statement)) out.push(...(await shiftedSelfJoins(ctx, select)));
    return out;
  },
});

/**
 * A self-join on the previous (or next) period — `ON b.mo = a.mo - INTERVAL 1 MONTH`, `ON
 * b.year = a.year - 1` — over a series with gaps: the rows whose partner falls in a gap find none
 * (NULL under a LEFT JOIN, dropped under an inner one). The series is the shifted side's values
 * among the rows the query's WHERE keeps.
 */
async function shiftedSelfJoins(ctx: OperatorContext, select: Json): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const joins: Json[] = [];
  walkOwn(select.from_table, (n) => {
    if (n.type === "JOIN") joins.push(n);
  });
  if (joins.length === 0) return out;
  const scope = scopeOf(select.from_table, ctx.state);
  for (const join of joins) {
    for (const c of conjuncts(join.condition)) {
      if (c.class !== "COMPARISON" || c.type !== "COMPARE_EQUAL") continue;
      const [l, r] = [c.left as Json, c.right as Json];
      const bare = l.class === "COLUMN_REF" ? l : r.class === "COLUMN_REF" ? r : undefined;
      const shifted = bare === l ? r : l;
      if (!bare || shifted.class === "COLUMN_REF" || shifted.class === "CONSTANT") continue;
      // The shifted side is arithmetic on one column (`a.mo - INTERVAL 1 MONTH`, `a.year - 1`).
      const op = String(shifted.function_name ?? "");
      if (shifted.class !== "FUNCTION" || !["+", "-", "date_add", "date_sub"].includes(op)) continue;
      const target = resolveColumn(bare.column_names as string[], scope);
      const source = onlyColumn(shifted, scope);
      if (!target || !source || target.alias === source.alias) continue;
      if (target.column.toLowerCase() !== source.column.toLowerCase()) continue;
      if (!sameRelation(target.table, source.table)) continue;
      const a = sqlIdent(source.alias);
      const filter = await filterFor(ctx.engine, select, source.alias, ctx.state);
      const from = ` FROM ${sqlIdent(source.table.name)} AS ${a} WHERE (${filter})`;
      const orderSql = `${a}.${sqlIdent(source.column)}`;
      const series = await stepsOf(ctx, from, orderSql, "0");
      const shape = series && seriesShape(series.steps);
      if (!shape || shape.gaps.length === 0) continue;
      const after = shape.gaps.slice(0, SHOWN).map((g) => g.to);
      const rows = await ctx.engine.all(
        `SELECT min(${a}.rowid) AS r${from} AND ${series.text} IN (${after.map(sqlString).join(", ")}) ` +
          `GROUP BY ${series.text} ORDER BY ${series.text}`,
      );
      const locations = await locate(
        ctx.engine,
        source.table,
        rows.map((x) => Number(x.r)).filter((x) => Number.isFinite(x)),
      );
      const where = locations.map((x) => at(x).trim()).filter(Boolean);
      const filled = nullFilledSides(join.join_type);
      const outer = filled.left || filled.right;
      out.push({
        code: "series-gap",
        severity: "warning",
        message:
          `The self-join of ${tableLabel(source.table)} on ${target.alias}.${target.column} = ${source.alias}.${source.column} shifted (${op}) pairs each ${shape.period} with another, ` +
          `but ${source.column} steps by one ${shape.period} except at ${shape.gaps.length} gap(s): ${gapsText(shape)}` +
          `${where.length ? ` ${where.join(" ")}` : ""}. The rows whose partner falls in a gap find none` +
          `${outer ? " (their joined columns are NULL)" : " (the inner join drops them)"}; say how the answer treats them.`,
        locations: present(locations),
      });
    }
  }
  return out;
}
