import type { Diagnostic, Remedy } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { FillValue } from "../../../sourceMap/sourceEntry.ts";
import { fillReason, shownFill } from "../../../sourceMap/typing/dateFills.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { aggregateCalls } from "../../aggregateUses.ts";
import { fileColumnProfiles, LINEAGE_DEPTH } from "../../columnLineage.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import { tableLabel } from "../../derivedTables.ts";
import { at, locate, present } from "../../evidence.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { expressionSql, onlyColumn } from "../../sqlFacts.ts";
import { groupingItems } from "../../groupingItems.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { selectRule } from "../../partsRule.ts";
import type { FindingsOnce } from "../../findingsOnce.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";
import { fillValueDoc } from "./fillValueDoc.ts";
import { resultPosition } from "../../resultPosition.ts";
import { groupedByFillTest, heldFills, testsForFill } from "./fillLooks.ts";

/** Rows shown (and located) per finding; the rest are counted. */
const SHOWN = 3;

/** A fill value of a column and the file it was listed for. */
interface KnownFill {
  fill: FillValue;
  file: string;
}

/**
 * The fill values the Source Map lists for `column` of `table`: of its file(s) for a Scan or
 * UnionScan, and for a table a Query made, of the same-named column of the tables it read (the
 * data check below confirms the value is really there, so a same name is only where to look).
 */
export function knownFills(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  depth = LINEAGE_DEPTH,
  seen = new Set<string>(),
): KnownFill[] {
  if (seen.has(table.name) || depth < 0) return [];
  seen.add(table.name);
  if (table.provenance.kind === "query") {
    return (table.provenance.inputs ?? []).flatMap((input) => {
      const from = ctx.state.table(input);
      return from ? knownFills(ctx, from, column, depth - 1, seen) : [];
    });
  }
  return fileColumnProfiles(ctx, table, column).flatMap(({ file, profile }) =>
    (profile.fillValues ?? []).map((fill) => ({ fill, file })),
  );
}

/** The numbers and the days (date fills) among a column's fills, each once. */
function fillLists(fills: KnownFill[]): { values: number[]; dates: string[] } {
  return {
    values: [...new Set(fills.filter((f) => f.fill.date === undefined).map((f) => f.fill.value))],
    dates: [...new Set(fills.flatMap((f) => (f.fill.date === undefined ? [] : [f.fill.date])))],
  };
}

/** A number as an exact DOUBLE in SQL: parsed from its shortest round-trip text, as the file's reader did. */
export function doubleSql(value: number): string {
  return `CAST(${sqlString(String(value))} AS DOUBLE)`;
}

/** The test "this cell holds one of the fill values" over a column reference (a date fill: its day). */
function isFill(column: string, values: number[], dates: string[] = []): string {
  const tests = [
    ...(values.length ? [`TRY_CAST(${column} AS DOUBLE) IN (${values.map(doubleSql).join(", ")})`] : []),
    ...(dates.length
      ? [`TRY_CAST(${column} AS DATE) IN (${dates.map((d) => `DATE ${sqlString(d)}`).join(", ")})`]
      : []),
  ];
  return tests.length ? `(${tests.join(" OR ")})` : "FALSE";
}

/** The remedy: the table with the column's fill values read as NULL (same columns, same types). */
export function fillAsNull(
  table: string,
  column: string,
  values: number[],
  says: string,
  dates: string[] = [],
): Remedy {
  const c = sqlIdent(column);
  return {
    table,
    sql: `SELECT * REPLACE (CASE WHEN ${isFill(c, values, dates)} THEN NULL ELSE ${c} END AS ${c}) FROM ${sqlIdent(table)}`,
    says,
  };
}

/** Each argument of an aggregate that reads one column of one table (`density`, `TRY_CAST(x AS DOUBLE)`). */
function columnArguments(call: Json, scope: Map<string, TableInfo>): { argument: Json; column: ColumnOf }[] {
  const out: { argument: Json; column: ColumnOf }[] = [];
  for (const argument of (call.children as Json[] | undefined) ?? []) {
    const column = onlyColumn(argument, scope);
    if (column) out.push({ argument, column });
  }
  return out;
}

function shownNumber(v: number): string {
  return Math.abs(v) >= 1e15 || (v !== 0 && Math.abs(v) < 1e-6) ? v.toExponential() : String(v);
}

/**
 * `fill-value` (warning): an aggregate (max, avg, sum, corr, count…) runs over rows whose column
 * holds a value the Source Map lists as a likely "no data" fill of that column (`9.99e+32`,
 * `99999.99`, `-9999`: it repeats far beyond every other value, see fillValues.ts) — so the fill
 * is aggregated as a measurement. Only rows the query keeps count (its WHERE, joins and the
 * aggregate's FILTER), and only where the aggregate's argument still holds a value on them (a
 * `NULLIF(x, 99999.99)` or a CASE that blanks it reads no fill). The remedy reads the fill as
 * NULL, so the effect on the result is measured; a result it does not change lowers it to info.
 */
export const fillValueRule: ValidationRule = selectRule({
  doc: fillValueDoc,
  runOrder: 270,
  async check({ ctx, sql, select, scope }, findings) {
    const calls = aggregateCalls([select.select_list, select.having], isAnyAggregate, { windows: true });
    // Fill rows each read of this SELECT counts (fn(argument) and its FILTER): a read that counts
    // none beside one that counts some is the same aggregate with the fill left out.
    const reads: { fn: string; value: string; filtered: boolean; rows: number }[] = [];
    const pending: { diagnostic: Diagnostic; fn: string; value: string }[] = [];
    for (const call of calls) {
      for (const { argument, column } of columnArguments(call.node, scope)) {
        const { table, alias } = column;
        const fills = knownFills(ctx, table, column.column);
        if (fills.length === 0) continue;
        const { values, dates } = fillLists(fills);
        const a = sqlIdent(alias);
        const value = await expressionSql(ctx.engine, alias, argument);
        // The aggregate's FILTER is part of what it reads: `avg(x) FILTER (WHERE x > 0)` beside a
        // plain `avg(x)` (the contrast an analyst computes) are two reads.
        const key = `${table.name}.${column.column}|${value}|${call.fn}|${JSON.stringify(call.filter ?? null, (k, v: unknown) => (k === "query_location" ? undefined : v))}`;
        if (!findings.claim(key)) continue;
        const kept = await keptRelation(ctx, select, alias, call.filter ? { filter: call.filter } : {});
        const hit = `${isFill(`${a}.${sqlIdent(column.column)}`, values, dates)} AND (${value}) IS NOT NULL`;
        const [counts] = await ctx.engine.all(
          `SELECT count(DISTINCT ${a}.${ROWID}) FILTER (WHERE ${hit}) AS rows, ` +
            `count(DISTINCT ${a}.${ROWID}) FILTER (WHERE (${value}) IS NOT NULL) AS valued${kept.from}`,
        );
        const rows = Number(counts?.rows ?? 0);
        // Every value the aggregate reads is the fill (`sum(CASE WHEN votes < 0 THEN votes END)`,
        // `count(*) FILTER (WHERE x = -9999)`): it measures the fill rows themselves.
        const onlyFills = rows > 0 && rows === Number(counts?.valued ?? 0);
        reads.push({ fn: call.fn, value, filtered: call.filter !== undefined, rows });
        if (rows === 0) continue;
        const cellSql = `${a}.${sqlIdent(column.column)}`;
        const filled = isFill(cellSql, values, dates);
        // The argument is a test for the fill (`(WSPD = 99)::int`), or the grouping keeps the fill
        // rows in groups of their own: the query counts or shows them, it does not measure them.
        const look = onlyFills
          ? undefined
          : (await testsForFill(ctx, kept, cellSql, filled, value))
            ? "test"
            : (await groupedByFillTest(ctx, select, alias, kept, cellSql, filled))
              ? "grouped"
              : undefined;
        const held = await heldFills(ctx, kept, cellSql, hit);
        const first = await ctx.engine.all(
          `SELECT DISTINCT ${a}.${ROWID} AS r${kept.from} AND ${hit} ORDER BY r LIMIT ${SHOWN}`,
        );
        const locations = await locate(
          ctx.engine,
          table,
          first.map((r) => Number(r.r)),
        );
        const hitValues = held.map((h) => h.value);
        const hitDates = [...new Set(held.map((h) => h.date))].filter(
          (d): d is string => d !== undefined && dates.includes(d),
        );
        // The listed fills the rows hold, the one most rows hold first.
        const rank = (f: KnownFill): number =>
          f.fill.date === undefined ? hitValues.indexOf(f.fill.value) : hitDates.indexOf(f.fill.date);
        const listed = fills.filter((f) => rank(f) >= 0).sort((x, y) => rank(x) - rank(y));
        const others = shownFill(listed[0]?.fill ?? fills[0]!.fill, shownNumber);
        const written = hitDates.length
          ? hitDates
          : hitValues.filter((x) => values.includes(x)).map(shownNumber);
        const valuesText = heldText(held, written, hitDates.length > 0);
        const where = locations.map((l) => at(l).trim().slice(1, -1)).filter(Boolean);
        const name = sqlName(column.column);
        const says = `${column.column}'s fill value ${valuesText} read as NULL`;
        const position = resultPosition(sql.statement, select, call.node);
        pending.push({
          fn: call.fn,
          value,
          diagnostic: {
            code: "fill-value",
            severity: onlyFills || look ? "info" : "warning",
            message:
              `${call.fn}(${value}) over ${tableLabel(table)} reads ${rows.toLocaleString("en-US")} row(s) whose ${column.column} holds ${valuesText}` +
              `${where.length ? ` (${where.join(", ")}${rows > where.length ? ", …" : ""})` : ""}, ` +
              `${written.length > 1 ? "values" : "a value"} the Source Map lists as a likely "no data" fill of ${listed[0]?.file ?? fills[0]!.file} ` +
              `(${written.length > 1 ? "the first" : "it"} repeats ${(listed[0]?.fill ?? fills[0]!.fill).count.toLocaleString("en-US")} time(s); ${fillReason(listed[0]?.fill ?? fills[0]!.fill, others)}). ` +
              (onlyFills
                ? `Every value the aggregate reads holds it: the query measures the fill rows themselves.`
                : look === "test"
                  ? `The aggregate's argument tells those rows from the others (one value on every fill row, another on every other row): the query counts the fill rows, it does not measure them.`
                  : look === "grouped"
                    ? `The query groups by a test for the fill, so they sit in groups of their own: no measurement is aggregated with them.`
                    : `The aggregate counts it as a measurement. Read it as NULL (NULLIF(${name}, ${hitDates.length ? `DATE '${hitDates[0]}'` : written[0]})) or leave those rows out.`),
            locations: present(locations),
            remedy: {
              ...fillAsNull(table.name, column.column, values, says, dates),
              ...(position === undefined ? {} : { resultColumns: [position] }),
            },
          },
        });
      }
    }
    findings.add(...(await fillGroups(ctx, select, scope, findings)));
    for (const { diagnostic, fn, value } of pending) {
      // The SELECT also returns the same aggregate over the same argument with a FILTER that
      // reads no fill: the analyst computed it both ways (a contrast), the fill-free value is
      // in the result beside this one.
      if (reads.some((r) => r.fn === fn && r.value === value && r.filtered && r.rows === 0)) {
        diagnostic.severity = "info";
        diagnostic.message += ` The same query also returns ${fn}(${value}) with a FILTER that leaves every fill row out, so the result holds the value without the fill beside this one.`;
      }
      findings.add(diagnostic);
    }
  },
});

/** The fill values rows hold, as a message says them: `-9`, or `-1 (200 rows) or -3 (29)`. */
function heldText(held: { value: number; rows: number }[], written: string[], dates: boolean): string {
  if (dates || written.length <= 1) return written.join(", ");
  const shown = new Set(written);
  const parts = held
    .filter((h) => shown.has(shownNumber(h.value)))
    .map((h, i) => `${shownNumber(h.value)} (${h.rows.toLocaleString("en-US")}${i === 0 ? " rows" : ""})`);
  return parts.join(" or ");
}

/**
 * A GROUP BY key that reads a column with a listed fill (`year("Date of Incident")` over the epoch
 * placeholder 12/31/1969): the rows holding the fill make a group of their own, which the result
 * lists as if it were a year, a station or a value of the data (held-out FK-01: 1969, 113
 * fatalities). The remedy reads the fill as NULL: the group becomes the NULL group.
 */
async function fillGroups(
  ctx: OperatorContext,
  select: Json,
  scope: Map<string, TableInfo>,
  findings: FindingsOnce,
): Promise<Diagnostic[]> {
  if (((select.group_expressions as unknown[]) ?? []).length === 0) return [];
  const out: Diagnostic[] = [];
  for (const { expression } of groupingItems(select)) {
    const column = onlyColumn(expression, scope);
    if (!column) continue;
    const { table, alias } = column;
    const fills = knownFills(ctx, table, column.column);
    if (fills.length === 0) continue;
    const key = `group:${table.name}.${column.column}`;
    if (!findings.claim(key)) continue;
    const { values, dates } = fillLists(fills);
    const a = sqlIdent(alias);
    const cell = `${a}.${sqlIdent(column.column)}`;
    const kept = await keptRelation(ctx, select, alias, {});
    const keyed = await expressionSql(ctx.engine, alias, expression);
    // How many rows hold the fill, the groups they make and the first few rows, in one pass.
    const [row] = await ctx.engine.all(
      `SELECT count(DISTINCT ${a}.${ROWID}) AS rows, list(DISTINCT (${keyed})::VARCHAR) AS groups, ` +
        `list_sort(list(DISTINCT ${a}.${ROWID}))[1:${SHOWN}] AS firsts${kept.from} AND ${isFill(cell, values, dates)}`,
    );
    const rows = Number(row?.rows ?? 0);
    if (rows === 0) continue;
    const filled = isFill(cell, values, dates);
    // A HAVING that keeps none of the fill's groups (`HAVING count(*) > 1` over codes -1 … -5 that
    // each occur once, held-out GM-07): the fill rows never reach the result.
    if (select.having && !(await fillGroupsKept(ctx, select.having as Json, alias, kept.from, filled, keyed)))
      continue;
    const locations = await locate(ctx.engine, table, ((row?.firsts as unknown[] | null) ?? []).map(Number));
    const held = await heldFills(ctx, kept, cell, filled);
    // The fill the rows hold most (a column may list several: -1, -3, -9).
    const fill =
      fills.find((f) =>
        f.fill.date === undefined ? f.fill.value === held[0]?.value : f.fill.date === held[0]?.date,
      )?.fill ?? fills[0]!.fill;
    const shown = shownFill(fill, shownNumber);
    const written = fill.date
      ? [fill.date]
      : held.filter((h) => values.includes(h.value)).map((h) => shownNumber(h.value));
    // Every row the query keeps holds a fill (`WHERE TOTCIR < 0 GROUP BY TOTCIR`), or the key tests
    // for the fill (`GROUP BY TOTCIR < 0`): the query lists or counts the codes, on purpose.
    const [others] = await ctx.engine.all(
      `SELECT count(*) AS n${kept.from} AND NOT coalesce(${filled}, FALSE) AND ${cell} IS NOT NULL`,
    );
    const look =
      Number(others?.n ?? 0) === 0
        ? "only"
        : (await testsForFill(ctx, kept, cell, filled, keyed))
          ? "test"
          : undefined;
    const groups = ((row?.groups as unknown[] | null) ?? []).map(String).slice(0, SHOWN);
    const where = locations.map((l) => at(l).trim().slice(1, -1)).filter(Boolean);
    out.push({
      code: "fill-value",
      severity: look ? "info" : "warning",
      message:
        `GROUP BY ${keyed} over ${tableLabel(table)} puts ${rows.toLocaleString("en-US")} row(s) whose ${column.column} holds ${heldText(held, written.length ? written : [shown.value], fill.date !== undefined)}` +
        `${where.length ? ` (${where.join(", ")}${rows > where.length ? ", …" : ""})` : ""} into ${groups.length === 1 ? `a group of their own (${groups[0]})` : `groups of their own (${groups.join(", ")})`}: ` +
        `${written.length > 1 ? "values" : "a value"} the Source Map lists as a likely "no data" fill of ${fills[0]!.file} (${written.length > 1 ? "the first" : "it"} repeats ${fill.count.toLocaleString("en-US")} time(s); ${fillReason(fill, shown)}). ` +
        (look === "only"
          ? `Every row the query keeps holds a fill: it lists the fill values themselves.`
          : look === "test"
            ? `The key tells those rows from the others (one value on every fill row, another on every other row): the query counts the fill rows apart, on purpose.`
            : `The result lists it as data. Read it as NULL (NULLIF(${sqlName(column.column)}, ${fill.date ? `DATE '${fill.date}'` : shown.value})) or leave those rows out.`),
      locations: present(locations),
      remedy: fillAsNull(
        table.name,
        column.column,
        values,
        `${column.column}'s fill value ${shown.value} read as NULL`,
        dates,
      ),
    });
  }
  return out;
}

/**
 * Whether the SELECT's HAVING keeps a group of the fill rows (grouped by the query's key), or
 * cannot be judged apart from the query (then the groups count as kept).
 */
async function fillGroupsKept(
  ctx: OperatorContext,
  having: Json,
  alias: string,
  from: string,
  filled: string,
  keyed: string,
): Promise<boolean> {
  try {
    const condition = await expressionSql(ctx.engine, alias, having);
    const [kept] = await ctx.engine.all(
      `SELECT count(*) AS n FROM (SELECT 1${from} AND ${filled} GROUP BY ${keyed} HAVING ${condition})`,
    );
    return Number(kept?.n ?? 0) > 0;
  } catch {
    return true;
  }
}
