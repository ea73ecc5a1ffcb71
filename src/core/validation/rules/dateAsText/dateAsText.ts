import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { expressionSql } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { textColumnUses } from "../../textColumnUses.ts";
import type { TextColumnUse } from "../../textColumnUses.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { firstFindingPerKey } from "../../findingsOnce.ts";
import { columnLabel } from "../../derivedTables.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";
import { dateAsTextDoc } from "./dateAsTextDoc.ts";
import { memoized } from "../../tableMemo.ts";
import { dayOrMonthFirstFormats } from "../../../sourceMap/typing/dateFormats.ts";
import { groupsByItsOwnShape } from "../../groupedByOwnShape.ts";

interface TextDateFormat {
  format: string;
  /** How the format writes a date, for the message: `dd.mm.yyyy`, `Month d, yyyy`. */
  shows: string;
  twoDigitYear?: true;
  /** What the characters compare first: the day, the month, or the month's name. */
  first: string;
}

/** The format as the message writes it: `%d.%m.%y` → `dd.mm.yy`; `%B %d, %Y` → `Month d, yyyy`. */
function shown(format: string): string {
  const named = /%[Bb]/.test(format);
  return format
    .replace("%d", named ? "d" : "dd")
    .replace("%m", "mm")
    .replace("%Y", "yyyy")
    .replace("%y", "yy")
    .replace("%B", "Month")
    .replace("%b", "Mon");
}

/**
 * Dates written day or month first (`31.12.89`, `12/25/2000`, `December 25, 2000`), kept as text:
 * over text, min/max and ORDER BY compare characters — the day, or the month's name, before the
 * year. Year-first dates (`2000-12-25`) sort as dates do and are not read here.
 * The formats are the Source Map's own (`dateFormats.ts`), so a column the map would type as dates
 * and one it left as text are read alike.
 */
const FORMATS: readonly TextDateFormat[] = dayOrMonthFirstFormats().map((format) => ({
  format,
  shows: shown(format),
  ...(format.includes("%y") ? { twoDigitYear: true as const } : {}),
  first: format.startsWith("%d") ? "day" : format.startsWith("%m") ? "month" : "month's name",
}));

/**
 * A value read with `f`, NULL where it does not read: DuckDB's `%Y` also reads `72` as the year 72,
 * so a four-digit format keeps only years from 1000 on (`%y` reads two digits only). No regular
 * expression: over 320k rows one costs more than the rest of the check.
 */
function readDate(value: string, f: TextDateFormat): string {
  const parsed = `try_strptime(trim(${value}), ${sqlString(f.format)})`;
  return f.twoDigitYear ? parsed : `CASE WHEN year(${parsed}) >= 1000 THEN ${parsed} END`;
}

/** Share of the column's values (on the kept rows) a format must read for the column to be dates… */
const MOST = 0.9;
/** …or all of them but the values of this many kinds: labels and markers (`shared`, `  .  .`). */
const OTHERS = 2;
/** Values of the kept rows the formats are judged on. */
const SAMPLE = 2_000;
/** Fewest values read as dates before the column is judged. */
const MIN_DATES = 3;

/** Picks by order whose ordering argument is the column: the first ones pick the least. */
const LEAST = new Set(["min", "arg_min", "argmin", "min_by"]);
const GREATEST = new Set(["max", "arg_max", "argmax", "max_by"]);

/** How two-digit years are read, for the message. */
const TWO_DIGIT_READING = "its two-digit year read as strptime reads it, 00–68 as 20xx and 69–99 as 19xx";

/**
 * `date-as-text` (warning): a text column holding dates written day or month first, whose min/max
 * (or ORDER BY … LIMIT) the query takes: over text these compare characters, and on the rows the
 * query keeps the value picked by characters is not the earliest or latest date (held-out HQ-06:
 * `max(bday)` over `dd.mm.yy` gave '31.12.89' with 615 players born in the 1990s; HQ-09: Kasparov's
 * first and last days at #1 as 'December 25, 2000' and 'September 30, 1998').
 */
export const dateAsTextRule: ValidationRule = queryRule({
  doc: dateAsTextDoc,
  runOrder: 195,
  inputsOnly: true,
  check: ({ ctx, sql }) =>
    firstFindingPerKey(
      textColumnUses(sql.statement, ctx.state).filter((u) => u.kind === "pick" || u.kind === "order"),
      (use) => `${use.kind}:${use.column.table.name}.${use.column.column}`,
      (use) => datesReadAsText(ctx, use),
    ),
});

interface Picked {
  fn: string;
  text: unknown;
  date: unknown;
  rowid: number;
  group?: string;
}

/** How many of the values `v` of `values` each format reads, and how many kinds of value it does not. */
function screenSql(values: string): string {
  return (
    `WITH s AS (${values}) ` +
    `SELECT count(NULLIF(trim(v), '')) AS n, ${FORMATS.map((f, i) => `count(${readDate("v", f)}) AS f${i}, count(DISTINCT CASE WHEN ${readDate("v", f)} IS NULL THEN NULLIF(trim(v), '') END) AS o${i}`).join(", ")} FROM s`
  );
}

async function datesReadAsText(ctx: OperatorContext, use: TextColumnUse): Promise<Diagnostic | undefined> {
  const { table, column, alias } = use.column;
  const a = sqlIdent(alias);
  const c = `${a}.${sqlIdent(column)}`;
  const kept = await keptRelation(ctx, use.select, alias);
  // The formats are judged on the first SAMPLE values the query keeps: 14 readings of every row of
  // a 320k-row table cost 1.4 s beside a 30 ms query; the pick itself reads every row once.
  const [counts] = await once(ctx.state, use.select, `screen:${alias}.${column}`, () =>
    ctx.engine.all(screenSql(`SELECT ${c} AS v${kept.from} AND ${c} IS NOT NULL LIMIT ${SAMPLE}`)),
  );
  // The whole column too (its first SAMPLE values): the few rows a query keeps may all read as
  // dates by chance — race times written m.ss.hh ('1.10.83', held-out JW-09) read as mm.dd.yy
  // until the seconds pass 31 — where the column as a whole does not.
  const [whole] = await memoized(table, `date-as-text:screen:${column}`, () =>
    ctx.engine.all(
      screenSql(
        `SELECT ${sqlIdent(column)} AS v FROM ${sqlIdent(table.name)} WHERE ${sqlIdent(column)} IS NOT NULL LIMIT ${SAMPLE}`,
      ),
    ),
  );
  // All but a tenth of the values, or all but a few kinds of value: a tie marked `shared`, the
  // birthdays not known written `  .  .` (FIDE's lists: one in five players).
  const reads = (row: Record<string, unknown> | undefined, i: number): boolean => {
    const n = Number(row?.n ?? 0);
    const dates = Number(row?.[`f${i}`] ?? 0);
    const kinds = Number(row?.[`o${i}`] ?? 0);
    return dates >= MIN_DATES && (n - dates <= (1 - MOST) * n || kinds <= OTHERS);
  };
  const readers = FORMATS.filter((_, i) => reads(counts, i) && reads(whole, i));
  if (readers.length === 0) return undefined;
  // Each reading that fits (05/06/2024: May or June) must pick alike, or the column's dates are not known.
  const picks = await Promise.all(readers.map((f) => picked(ctx, use, c, kept.from, f)));
  const first = picks[0];
  if (!first || picks.some((p) => JSON.stringify(p?.date) !== JSON.stringify(first.date))) return undefined;
  const f = readers[0]!;
  const locations = await locate(ctx.engine, table, [first.rowid]);
  const label = columnLabel(table, column);
  const twoDigits = f.twoDigitYear ? ` (${TWO_DIGIT_READING})` : "";
  const least = LEAST.has(first.fn.toLowerCase());
  const truly = f.twoDigitYear
    ? `where, ${TWO_DIGIT_READING}, the ${least ? "earliest" : "latest"} date is`
    : `where the ${least ? "earliest" : "latest"} date is`;
  // Grouped by an expression of the column itself (`regexp_replace("Match Date", '[0-9]', '9')`,
  // its length): each group is a shape of its values, and the pick in it is that shape's example
  // (held-out IH-01) — no earliest or latest date is asked for.
  const shape = use.kind === "pick" && groupsByItsOwnShape(use);
  const picks_ =
    use.kind === "order"
      ? `the first ${String(first.text)} by characters are not the first by date: ${quote(first.date)}${at(locations[0])} is among the first by date and not by characters${twoDigits}`
      : `${first.fn}() picks ${quote(first.text)}${first.group ? ` in the group (${first.group})` : ""}, ${truly} ${quote(first.date)}${at(locations[0])}`;
  const convert = `strptime(${sqlName(column)}, '${f.format}')`;
  return {
    code: "date-as-text",
    severity: shape ? "info" : "warning",
    message:
      `${label} is text holding dates written ${f.shows}, and ${use.kind === "order" ? "ORDER BY" : `${first.fn}()`} compares it character by character, the ${f.first} first: ${picks_}. ` +
      (shape
        ? `The query groups by an expression of ${column} itself, so ${first.fn}() shows an example of each group, not its ${least ? "earliest" : "latest"} date; convert first (${convert}) where the date order matters.`
        : `Convert first, e.g. ${convert}${f.twoDigitYear ? ", and say which century a two-digit year is" : ""}.`),
    locations: present(locations),
    ...(f.twoDigitYear
      ? {
          effect: {
            measured: false,
            text: "not measured: a two-digit year does not say its century, which the reading as dates would choose",
          },
        }
      : {
          remedy: {
            table: table.name,
            sql: `SELECT * REPLACE (CAST(${readDate(sqlIdent(column), f)} AS DATE) AS ${sqlIdent(column)}) FROM ${sqlIdent(table.name)}`,
            says: `${column} read as the dates it writes (${f.shows})`,
          },
        }),
  };
}

/**
 * What the use picks by characters against by date, where they differ: for min/max (per group of
 * a grouped query) the value each picks; for ORDER BY … LIMIT k the first of the k rows. Undefined
 * where they agree.
 */
async function picked(
  ctx: OperatorContext,
  use: TextColumnUse,
  c: string,
  from: string,
  f: TextDateFormat,
): Promise<Picked | undefined> {
  // A two-digit year is ordered as the strptime the message suggests reads it (00–68 as 20xx):
  // by the year as written, '11-Dec-00' came before '20-Dec-75' (held-out IH-01).
  const key = readDate(c, f);
  const a = sqlIdent(use.column.alias);
  if (use.kind === "order") {
    const order = orderOf(use.select, use.column.column);
    if (!order) return undefined;
    const dir = order.descending ? "DESC" : "ASC";
    const [row] = await ctx.engine.all(
      `WITH k AS (SELECT * FROM (SELECT ${c} AS v, ${key} AS d, ${a}.${ROWID} AS r${from}) WHERE d IS NOT NULL), ` +
        `t AS (SELECT v FROM k ORDER BY v ${dir} LIMIT ${order.limit}), ` +
        `s AS (SELECT v, d, r FROM k ORDER BY d ${dir} LIMIT ${order.limit}) ` +
        `SELECT v AS date_pick, r FROM s WHERE v NOT IN (SELECT v FROM t) ORDER BY d ${dir} LIMIT 1`,
    );
    if (!row) return undefined;
    return { fn: "ORDER BY", text: `${order.limit} row(s)`, date: row.date_pick, rowid: Number(row.r) };
  }
  if (use.kind !== "pick") return undefined;
  const fn = use.fn.toLowerCase();
  const least = LEAST.has(fn);
  if (!least && !GREATEST.has(fn)) return undefined;
  // `GROUP BY 1, 2` names the select list's expressions by position.
  const list = (use.select.select_list as Json[] | undefined) ?? [];
  const groups = ((use.select.group_expressions as Json[] | undefined) ?? []).map((g) => {
    const position = g.class === "CONSTANT" ? (g.value as { value?: unknown } | undefined)?.value : undefined;
    return typeof position === "number" && list[position - 1] ? { ...list[position - 1]!, alias: "" } : g;
  });
  let keys: string[] = [];
  try {
    keys = await Promise.all(groups.map((g) => expressionSql(ctx.engine, use.column.alias, g)));
  } catch {
    keys = [];
  }
  const group = keys.length ? `${keys.map((k, i) => `${k} AS g${i}`).join(", ")}, ` : "";
  const by = keys.map((_, i) => `g${i}`).join(", ");
  const byList = by ? `${by}, ` : "";
  // One pass for min and max alike (a query taking both of one column reads it once), the key read
  // once a row: the first group where each pick by characters is not the pick by date.
  const rows = await once(
    ctx.state,
    use.select,
    `pick:${use.column.alias}.${use.column.column}:${f.format}:${by}`,
    () =>
      ctx.engine.all(
        `WITH k AS (SELECT ${group}${c} AS v, ${key} AS d, ${a}.${ROWID} AS r${from}), ` +
          `g AS (SELECT ${byList}min(v) AS tmin, arg_min(v, d) AS dmin, arg_min(r, d) AS rmin, max(v) AS tmax, arg_max(v, d) AS dmax, arg_max(r, d) AS rmax ` +
          `FROM k WHERE d IS NOT NULL${by ? ` GROUP BY ${by}` : ""}) ` +
          `SELECT * FROM (SELECT 'least' AS side, ${byList}tmin AS text_pick, dmin AS date_pick, rmin AS r FROM g WHERE tmin IS DISTINCT FROM dmin LIMIT 1) ` +
          `UNION ALL SELECT * FROM (SELECT 'greatest' AS side, ${byList}tmax AS text_pick, dmax AS date_pick, rmax AS r FROM g WHERE tmax IS DISTINCT FROM dmax LIMIT 1)`,
      ),
  );
  const row = rows.find((r) => r.side === (least ? "least" : "greatest"));
  if (!row) return undefined;
  const groupText = keys.length ? keys.map((_, i) => quote(row[`g${i}`])).join(", ") : undefined;
  return {
    fn: use.fn,
    text: row.text_pick,
    date: row.date_pick,
    rowid: Number(row.r),
    ...(groupText ? { group: groupText } : {}),
  };
}

/** Queries of one check shared by the uses of one SELECT (min and max of one column ask alike). */
const shared = new WeakMap<object, WeakMap<object, Map<string, Promise<Record<string, unknown>[]>>>>();

/** Memoized per state and SELECT: a parse tree checked again against other tables asks anew. */
function once(
  state: object,
  select: Json,
  key: string,
  run: () => Promise<Record<string, unknown>[]>,
): Promise<Record<string, unknown>[]> {
  const byState = shared.get(state) ?? new WeakMap<object, Map<string, Promise<Record<string, unknown>[]>>>();
  shared.set(state, byState);
  const bySelect = byState.get(select) ?? new Map<string, Promise<Record<string, unknown>[]>>();
  byState.set(select, bySelect);
  let found = bySelect.get(key);
  if (!found) {
    found = run();
    bySelect.set(key, found);
  }
  return found;
}

/** The ORDER BY of the column in a SELECT with a LIMIT: its direction and the limit; undefined without LIMIT. */
function orderOf(select: Json, column: string): { descending: boolean; limit: number } | undefined {
  let limit: number | undefined;
  let descending: boolean | undefined;
  for (const modifier of (select.modifiers as Json[] | undefined) ?? []) {
    if (modifier.type === "LIMIT_MODIFIER") {
      const value = (modifier.limit as Json | undefined)?.value as { value?: unknown } | undefined;
      if (typeof value?.value === "number") limit = value.value;
    }
    // Only the first key decides which rows come first.
    const [order] = (modifier.orders as Json[] | undefined) ?? [];
    const ref = order?.expression as Json | undefined;
    const names = ref?.class === "COLUMN_REF" ? (ref.column_names as string[]) : [];
    if (order && names[names.length - 1]?.toLowerCase() === column.toLowerCase())
      descending = String(order.type).includes("DESC");
  }
  return limit !== undefined && descending !== undefined ? { descending, limit } : undefined;
}
