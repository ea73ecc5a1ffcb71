import type { Diagnostic, Remedy, SourceLocation } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { aggregateCalls } from "../../aggregateUses.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import { isDerivedTable, tableLabel } from "../../derivedTables.ts";
import { locate, present, typeOf } from "../../evidence.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { resolveColumn, walkOwn } from "../../sqlFacts.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { selectRule } from "../../partsRule.ts";
import { knownFills } from "../fillValue/fillValue.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";
import { scaleSlips, seriesLayout, SORTED_ROWS } from "./scaleSlips.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";
import type { ScaleSlip, SeriesLayout } from "./scaleSlips.ts";
import { scaleSlipDoc } from "./scaleSlipDoc.ts";

/** Slips named in a message; the rest are counted. */
const SHOWN = 3;

/** A number column a SELECT reads, and the aggregate FILTERs its reads sit under (undefined: none). */
interface ColumnRead {
  column: ColumnOf;
  filters: (Json | undefined)[];
}

/**
 * The columns a SELECT's own clauses read — its select list (a `*` reads every column), WHERE,
 * HAVING, QUALIFY and ORDER BY — each with the FILTER of the aggregate around it, so that
 * `max(x) FILTER (WHERE Year = 2014)` reads only the 2014 rows.
 */
export function columnReads(select: Json, scope: Map<string, TableInfo>): ColumnRead[] {
  const clauses = [select.select_list, select.where_clause, select.having, select.qualify, select.modifiers];
  const filterOf = new Map<Json, Json>();
  for (const call of aggregateCalls(
    [select.select_list, select.having, select.qualify, select.modifiers],
    isAnyAggregate,
    {
      windows: true,
    },
  ))
    if (call.filter) walkOwn(call.node.children, (n) => filterOf.set(n, call.filter!));
  const reads = new Map<string, ColumnRead>();
  const add = (column: ColumnOf, filter: Json | undefined): void => {
    const key = `${column.alias}|${column.column}`;
    const read = reads.get(key) ?? { column, filters: [] };
    reads.set(key, read);
    if (!read.filters.includes(filter)) read.filters.push(filter);
  };
  walkOwn(clauses, (n) => {
    if (n.class === "COLUMN_REF") {
      const column = resolveColumn(n.column_names as string[], scope);
      if (column) add(column, filterOf.get(n));
    } else if (n.class === "STAR") {
      const relation = String(n.relation_name ?? "").toLowerCase();
      for (const [alias, table] of scope)
        if (relation === "" || relation === alias)
          for (const c of table.schema)
            if (c.name !== "rowid") add({ alias, table, column: c.name }, undefined);
    }
  });
  return [...reads.values()];
}

export function shown(v: number): string {
  return Math.abs(v) >= 1e15 || (v !== 0 && Math.abs(v) < 1e-6) ? v.toExponential() : String(v);
}

function times(ratio: number): string {
  return ratio >= 1 ? `${Number(ratio.toPrecision(2))}×` : `1/${Number((1 / ratio).toPrecision(2))}`;
}

/** `÷10`, `×100`: what reads a slipped value back at its neighbours' scale. */
export function correction(power: number): { op: string; factor: number; text: string } {
  const factor = 10 ** Math.abs(power);
  return power > 0 ? { op: "/", factor, text: `÷${factor}` } : { op: "*", factor, text: `×${factor}` };
}

export function corrected(s: ScaleSlip): number {
  return Number((s.value / 10 ** s.power).toPrecision(12));
}

export function lineOf(l: SourceLocation | null | undefined): string {
  return l ? `line ${l.line}` : "";
}

export function describe(s: ScaleSlip, layout: SeriesLayout, where: (SourceLocation | null)[]): string {
  const [self, before, after] = where;
  const series = layout.keys.length
    ? ` of ${layout.keys.map((k, i) => `${sqlName(k)} = ${sqlString(s.keys[i] ?? "NULL")}`).join(", ")}`
    : "";
  const at = (time: string, l: SourceLocation | null | undefined): string =>
    `${time}${l ? `, ${lineOf(l)}` : ""}`;
  return (
    `${shown(s.value)} at ${layout.time} ${s.time}${series}${self ? ` (${self.file}:${self.line})` : ""} is ` +
    `${times(s.value / s.before.value)} the value before it (${shown(s.before.value)} at ${at(s.before.time, before)}) and ` +
    `${times(s.value / s.after.value)} the value after it (${shown(s.after.value)} at ${at(s.after.time, after)})`
  );
}

/** The remedy: the table with each slipped value read back at its neighbours' scale (÷10, ×100 …). */
export function readBack(table: string, column: string, slips: ScaleSlip[], says: string): Remedy {
  const c = sqlIdent(column);
  const cases = slips
    .map((s) => {
      const { op, factor } = correction(s.power);
      return `WHEN rowid = ${Math.trunc(s.rowid)} THEN ${c} ${op} ${factor}`;
    })
    .join(" ");
  return {
    table,
    sql: `SELECT * REPLACE (CASE ${cases} ELSE ${c} END AS ${c}) FROM ${sqlIdent(table)}`,
    says,
  };
}

/** Large tables already said to be unchecked (once per table, not on every query over it). */
const saidUnchecked = new WeakSet<TableInfo>();

/**
 * `scale-slip` (warning): a query reads a value of an entity's ordered series (a time column — a
 * date or a year — and the text columns that tell the series apart) that is about 10×, 100×,
 * 1000× (or 1/10 …) both its neighbours in the series while the neighbours agree with each other
 * (within 25 %): the mark of a slipped decimal point or unit, such as 61 between 6.2 and 6.1. Only
 * values the query reads count — rows it keeps, in a column its select list, WHERE, HAVING or
 * ORDER BY reads (under an aggregate's FILTER, the rows the FILTER keeps). The remedy reads the
 * value back at its neighbours' scale, so the effect on the result is measured; a result it does
 * not change lowers it to info. What is not read as a slip is listed at `scaleSlips`.
 */
export const scaleSlipRule: ValidationRule = selectRule({
  doc: scaleSlipDoc,
  runOrder: 300,
  async check({ ctx, select, scope }, findings) {
    for (const read of columnReads(select, scope)) {
      const { table, alias, column } = read.column;
      // Rows of a file: a Query's table (or the query's own CTE) holds derived rows, checked where
      // they were read from the file.
      if (isDerivedTable(table) || table.origin.kind === "derived") continue;
      if (!isNumericType(typeOf(table, column) ?? "")) continue;
      const layout = await seriesLayout(ctx.engine, table);
      if (!layout || layout.time === column) continue;
      const series = await scaleSlips(ctx.engine, table, layout, column);
      if (series.kind === "unchecked") {
        if (!saidUnchecked.has(table)) {
          saidUnchecked.add(table);
          findings.add(unchecked(table));
        }
        continue;
      }
      if (series.kind !== "read") continue;
      // A value the Source Map lists as a "no data" fill is fill-value's finding, not a slip.
      const fills = new Set(knownFills(ctx, table, column).map((f) => f.fill.value));
      const slips = series.slips.filter((s) => !fills.has(s.value));
      if (slips.length === 0) continue;
      const used = await usedRows(ctx, select, alias, read.filters, slips);
      const hit = slips.filter((s) => used.has(s.rowid));
      const key = `${table.name}|${column}|${hit.map((s) => s.rowid).join(",")}`;
      if (hit.length === 0 || findings.has(key)) continue;
      findings.report(key, await finding(ctx, table, column, layout, hit));
    }
  },
});

/** Which of the slips' rows the SELECT reads: kept by its FROM and WHERE, and by an aggregate's FILTER. */
async function usedRows(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  filters: (Json | undefined)[],
  slips: ScaleSlip[],
): Promise<Set<number>> {
  const used = new Set<number>();
  const a = sqlIdent(alias);
  const ids = slips.map((s) => String(Math.trunc(s.rowid))).join(", ");
  for (const filter of filters) {
    const kept = await keptRelation(ctx, select, alias, filter ? { filter } : {});
    const rows = await ctx.engine.all(
      `SELECT DISTINCT ${a}.${ROWID} AS r${kept.from} AND ${a}.${ROWID} IN (${ids})`,
    );
    for (const r of rows) used.add(Number(r.r));
  }
  return used;
}

async function finding(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  layout: SeriesLayout,
  hit: ScaleSlip[],
): Promise<Diagnostic> {
  const named = hit.slice(0, SHOWN);
  const where = await locate(
    ctx.engine,
    table,
    named.flatMap((s) => [s.rowid, s.before.rowid, s.after.rowid]),
  );
  const texts = named.map((s, i) => describe(s, layout, where.slice(3 * i, 3 * i + 3)));
  const more = hit.length > SHOWN ? `; ${hit.length - SHOWN} more such value(s)` : "";
  const first = named[0]!;
  const { op, factor, text } = correction(first.power);
  const self = (s: ScaleSlip): SourceLocation | null | undefined => where[3 * named.indexOf(s)];
  const says = named
    .map(
      (s) =>
        `${column} ${shown(s.value)}${self(s) ? ` (${lineOf(self(s))})` : ""} read as ${shown(corrected(s))} (${correction(s.power).text})`,
    )
    .join("; ");
  return {
    code: "scale-slip",
    severity: "warning",
    message:
      `The query reads ${tableLabel(table)}.${column}, whose series ordered by ${layout.time} hold${hit.length === 1 ? "s" : ""} ` +
      `${hit.length === 1 ? "a value" : `${hit.length} values`} far off both neighbours, which agree with each other: ${texts.join("; ")}${more}. ` +
      `A value about ${first.power > 0 ? `${factor}×` : `1/${factor} of`} both its neighbours is the mark of a slipped decimal point or unit ` +
      `(${shown(first.value)} read ${text} is ${shown(corrected(first))}). Check it in the file; if it is a slip, read it corrected ` +
      `(CASE WHEN … THEN ${sqlName(column)} ${op} ${factor} …) or leave the row out, and say so in the answer.`,
    locations: present(named.map((s) => self(s) ?? null)),
    remedy: readBack(table.name, column, hit, says),
  };
}

function unchecked(table: TableInfo): Diagnostic {
  return {
    code: "scale-slip",
    severity: "info",
    message:
      `Not checked for values slipped by a power of ten: ${tableLabel(table)} has ${table.rowCount.toLocaleString("en-US")} rows, ` +
      `and above ${SORTED_ROWS.toLocaleString("en-US")} rows sorting its series would cost more than the queries it checks.`,
    locations: [],
  };
}
