import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { at, locate, present } from "../../evidence.ts";
import { resolveColumn, scopedSelects, walkOwn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { memoized } from "../../tableMemo.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { cumulativeColumnsDoc } from "./cumulativeColumnsDoc.ts";
import { saidBefore } from "../../saidInSession.ts";

/** Year columns a wide table needs before its rows are a series. */
const MIN_YEARS = 4;
/** Rows with two neighbouring years filled, and steps between them, before anything is judged. */
const MIN_ROWS = 20;
const MIN_STEPS = 200;
/**
 * Steps that must go up (a share, and a number) and stay level (a share). Few go up where most
 * careers are short (IH-05: 5 % of 124,803 steps); none going down over so many is what counts.
 */
const MIN_UP = 0.01;
const MIN_UPS = 20;
const MIN_LEVEL = 0.1;

interface Running {
  steps: number;
  up: number;
  level: number;
  /** The first row whose value stays level between two years, and those years. */
  levelRow?: { rowid: number; from: string; to: string; value: unknown };
  last: string;
}

/** A table's year columns (named 1800–2100, numeric), in year order. */
function yearColumns(table: TableInfo): string[] {
  return table.schema
    .filter(
      (c) =>
        /^\d{4}$/.test(c.name) && Number(c.name) >= 1800 && Number(c.name) <= 2100 && isNumericType(c.type),
    )
    .map((c) => c.name)
    .sort((a, b) => Number(a) - Number(b));
}

/**
 * Whether the table's year columns hold running totals: over every row, each step from a year to
 * the next (both filled) never goes down, and enough go up and stay level. Undefined otherwise.
 */
async function runningTotals(
  engine: DuckEngine,
  table: TableInfo,
  years: string[],
): Promise<Running | undefined> {
  const pairs = years.slice(1).map((y, i) => [sqlIdent(years[i]!), sqlIdent(y)] as const);
  const t = sqlIdent(table.name);
  const [row] = await engine.all(
    `SELECT count(*) FILTER (WHERE ${pairs.map(([a, b]) => `(${a} IS NOT NULL AND ${b} IS NOT NULL)`).join(" OR ")}) AS rows_, ` +
      pairs
        .map(
          ([a, b], i) =>
            `count(*) FILTER (WHERE ${b} < ${a}) AS d${i}, count(*) FILTER (WHERE ${b} > ${a}) AS u${i}, count(*) FILTER (WHERE ${b} = ${a}) AS l${i}`,
        )
        .join(", ") +
      ` FROM ${t}`,
  );
  if (!row) return undefined;
  let down = 0;
  let up = 0;
  let level = 0;
  pairs.forEach((_, i) => {
    down += Number(row[`d${i}`] ?? 0);
    up += Number(row[`u${i}`] ?? 0);
    level += Number(row[`l${i}`] ?? 0);
  });
  const steps = down + up + level;
  if (down > 0 || Number(row.rows_ ?? 0) < MIN_ROWS || steps < MIN_STEPS) return undefined;
  if (up < Math.max(MIN_UP * steps, MIN_UPS) || level < MIN_LEVEL * steps) return undefined;
  // A row that has been going up and then stays level: a total that stopped growing — the
  // largest, from the latest years back (a long career's total, not a debut's single run).
  for (let i = pairs.length - 1; i >= 1; i--) {
    const [a, b] = pairs[i]!;
    const [before] = pairs[i - 1]!;
    const [found] = await engine.all(
      `SELECT rowid AS r, ${b} AS v FROM ${t} WHERE ${b} = ${a} AND ${a} > ${before} AND ${a} > 0 ORDER BY ${b} DESC, rowid LIMIT 1`,
    );
    if (found)
      return {
        steps,
        up,
        level,
        levelRow: { rowid: Number(found.r), from: years[i]!, to: years[i + 1]!, value: found.v },
        last: years[years.length - 1]!,
      };
  }
  return { steps, up, level, last: years[years.length - 1]! };
}

/**
 * Whether the SELECT sets one year column of the table against another — subtracts them (`"1998" -
 * "1997"`: the year's own figure) or compares them (`"1998" < "1997"`: a look at the steps).
 */
function setsYearsApart(select: Json, isYear: (n: Json | undefined) => boolean): boolean {
  let found = false;
  walkOwn(select, (n) => {
    if (found) return;
    const children = (n.children as Json[] | undefined) ?? [];
    const pair =
      n.class === "FUNCTION" && String(n.function_name) === "-"
        ? children
        : n.class === "COMPARISON"
          ? [n.left as Json | undefined, n.right as Json | undefined]
          : [];
    if (pair.length === 2 && isYear(pair[0]) && isYear(pair[1])) found = true;
  });
  return found;
}

/**
 * The parts of a SELECT where a column's value decides what it returns: aggregates and window
 * functions, the WHERE, HAVING and QUALIFY, and the ORDER BY. A column only listed is shown as it
 * is, its values in sight.
 */
function decidingParts(select: Json): unknown[] {
  const parts: unknown[] = [select.where_clause, select.having, select.qualify];
  walkOwn(select.select_list, (n) => {
    if (
      n.class === "WINDOW" ||
      (n.class === "FUNCTION" && isAnyAggregate(String(n.function_name).toLowerCase()))
    )
      parts.push(n);
  });
  for (const m of (select.modifiers as Json[] | undefined) ?? [])
    for (const o of (m.orders as Json[] | undefined) ?? []) parts.push(o.expression);
  return parts;
}

/**
 * `cumulative-columns` (warning): a query reads a year column of a wide table whose year columns
 * hold running totals — along every row no year's value is below the year before, and many stay
 * level — as if it were the year's own figure (held-out IH-05: `ORDER BY "1998" DESC` over a
 * table of career runs to date named "runs by year" put Azharuddin's 8,702 career runs first, not
 * Tendulkar's 1,894 runs of 1998).
 */
export const cumulativeColumnsRule: ValidationRule = queryRule({
  doc: cumulativeColumnsDoc,
  runOrder: 232,
  inputsOnly: true,
  async check({ ctx, sql }) {
    const out: Diagnostic[] = [];
    const said = new Set<string>();
    for (const { select, scope } of scopedSelects(sql.statement, ctx.state)) {
      const read = new Map<string, { table: TableInfo; columns: Set<string> }>();
      const yearOf = (n: Json | undefined): { table: TableInfo; column: string } | undefined => {
        if (n?.class !== "COLUMN_REF") return undefined;
        const c = resolveColumn(n.column_names as string[], scope);
        if (!c || !yearColumns(c.table).includes(c.column)) return undefined;
        return { table: c.table, column: c.column };
      };
      if (setsYearsApart(select, (n) => yearOf(n) !== undefined)) continue;
      walkOwn(decidingParts(select), (n) => {
        const y = yearOf(n);
        if (!y) return;
        const entry = read.get(y.table.name) ?? { table: y.table, columns: new Set<string>() };
        entry.columns.add(y.column);
        read.set(y.table.name, entry);
      });
      for (const { table, columns } of read.values()) {
        if (said.has(table.name)) continue;
        const years = yearColumns(table);
        if (years.length < MIN_YEARS) continue;
        const running = await memoized(table, "cumulative-columns", () =>
          runningTotals(ctx.engine, table, years),
        );
        if (!running) continue;
        const named = [...columns].filter((c) => c !== running.last).sort();
        if (named.length === 0) continue;
        said.add(table.name);
        const again = saidBefore(ctx.state, cumulativeColumnsDoc.code, table.name, ctx.callOrder);
        const locations = running.levelRow ? await locate(ctx.engine, table, [running.levelRow.rowid]) : [];
        const example = running.levelRow
          ? ` — e.g. ${JSON.stringify(running.levelRow.value)} in both ${running.levelRow.from} and ${running.levelRow.to}${at(locations[0])}`
          : "";
        const first = named[0]!;
        const previous = years[years.indexOf(first) - 1];
        out.push({
          code: "cumulative-columns",
          severity: again ? "info" : "warning",
          message:
            `${again ? "(As said earlier in this session.) " : ""}${table.name}'s year columns (${years[0]}–${running.last}) never go down along a row: of ${running.steps.toLocaleString("en-US")} steps from one year to the next, none goes down, ` +
            `${running.up.toLocaleString("en-US")} go up and ${running.level.toLocaleString("en-US")} stay level${example}. They read as running totals, so ${named.map((c) => `"${c}"`).join(", ")} ` +
            `would be the total up to that year, not the year's own figure. If so, take the difference from the year before${previous ? ` ("${first}" - "${previous}")` : ""}, and say so in the answer.`,
          locations: present(locations),
        });
      }
    }
    return out;
  },
});
