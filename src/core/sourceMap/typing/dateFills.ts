import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec, FillValue } from "../sourceEntry.ts";
import { positionalName } from "./varcharColumns.ts";

/**
 * Date fill values: a placeholder day that systems write where a record has no date — the Unix
 * epoch (`12/31/1969` west of Greenwich, `1970-01-01`), Excel's and databases' day zero (`1899-12-30`,
 * `1900-01-01`, `0001-01-01`), or a far "open end" (`9999-12-31`). OSHA's fatality list dates 113
 * incidents `12/31/1969` among incidents of 2017–2024 (held-out FK-01/02): `min(date)` returns it.
 * Like numeric fills (fillValues.ts) the map reads the day as written and lists it in the column's
 * profile; validation treats an aggregate over it as over a fill.
 *
 * The rule, for the earliest day of a date column (and likewise the latest): it is one of the
 * placeholder days, at least MIN_COUNT cells hold it, at least MIN_OTHERS cells hold other days, and
 * it lies at least MIN_GAP_DAYS from the nearest of them. A real record on such a day sits among
 * its neighbours; a placeholder stands apart from every other date of the column.
 */
const PLACEHOLDER_DAYS = [
  "0001-01-01",
  "1800-01-01",
  "1899-12-30",
  "1899-12-31",
  "1900-01-01",
  "1969-12-31",
  "1970-01-01",
  "2099-12-31",
  "2999-12-31",
  "9999-12-31",
];
const MIN_COUNT = 2;
const MIN_OTHERS = 10;
const MIN_GAP_DAYS = 365;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO day: the number a date fill is kept as (its `date` says the day). */
export function epochDay(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

/** The ISO day of a count of days since 1970-01-01. */
export function isoDay(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The date columns of `fromSql` (positional text columns read through `specs`) that hold a placeholder day. */
export async function findDateFills(
  engine: DuckEngine,
  fromSql: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
  lineOf?: (dataRow: number) => number | undefined,
): Promise<void> {
  const dated = specs
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.type === "DATE" || s.type === "TIMESTAMP");
  if (dated.length === 0) return;
  // The day of each cell, NULL where it does not parse (the map's typing already read them all).
  const day = (s: ColumnSpec, i: number): string => {
    const cell = `NULLIF(trim(${sqlIdent(positionalName(i))}), '')`;
    return s.dateFormat
      ? `CAST(try_strptime(${cell}, ${sqlString(s.dateFormat)}) AS DATE)`
      : `TRY_CAST(${cell} AS DATE)`;
  };
  const [ends = {}] = await engine.all(
    `SELECT ${dated.map(({ i }) => `min(d${i})::VARCHAR AS lo${i}, max(d${i})::VARCHAR AS hi${i}`).join(", ")} ` +
      `FROM (SELECT ${dated.map(({ s, i }) => `${day(s, i)} AS d${i}`).join(", ")} FROM (${fromSql}))`,
  );
  for (const { s, i } of dated) {
    const candidates = [ends[`lo${i}`], ends[`hi${i}`]]
      .map((x) => (x === null || x === undefined ? undefined : String(x)))
      .filter((x): x is string => x !== undefined && PLACEHOLDER_DAYS.includes(x));
    const found: FillValue[] = [];
    for (const fill of new Set(candidates)) {
      const f = `DATE ${sqlString(fill)}`;
      const [row = {}] = await engine.all(
        `SELECT count(*) FILTER (WHERE d = ${f}) AS n, min(r) FILTER (WHERE d = ${f}) AS first, ` +
          `count(d) FILTER (WHERE d <> ${f}) AS others, min(d) FILTER (WHERE d <> ${f})::VARCHAR AS omin, ` +
          `max(d) FILTER (WHERE d <> ${f})::VARCHAR AS omax ` +
          `FROM (SELECT row_number() OVER () AS r, ${day(s, i)} AS d FROM (${fromSql}))`,
      );
      const [n, others] = [Number(row.n ?? 0), Number(row.others ?? 0)];
      if (n < MIN_COUNT || others < MIN_OTHERS || row.omin === null || row.omax === null) continue;
      const [value, lo, hi] = [epochDay(fill), epochDay(String(row.omin)), epochDay(String(row.omax))];
      const gap = value < lo ? lo - value : value > hi ? value - hi : 0;
      if (gap < MIN_GAP_DAYS) continue;
      const firstRow = Number(row.first);
      const line = lineOf?.(firstRow);
      found.push({
        value,
        date: fill,
        count: n,
        firstRow,
        ...(line ? { line } : {}),
        othersMin: lo,
        othersMax: hi,
      });
    }
    if (found.length > 0) profiles[i]!.fillValues = [...(profiles[i]!.fillValues ?? []), ...found];
  }
}

/** Why a fill is one, after how often it repeats: where the column's other values lie, or that it is their mean. */
export function fillReason(f: FillValue, shown: { min: string; max: string }): string {
  return f.mean
    ? `it is the column's mean to its last digit, written with more decimals than its other values: missing values filled with the mean`
    : `the column's other values lie between ${shown.min} and ${shown.max}`;
}

/** A fill as people read it: a date fill's day and its other values' days, else the numbers. */
export function shownFill(
  f: FillValue,
  shown: (v: number) => string = String,
): { value: string; min: string; max: string } {
  if (f.date !== undefined) return { value: f.date, min: isoDay(f.othersMin), max: isoDay(f.othersMax) };
  return { value: shown(f.value), min: shown(f.othersMin), max: shown(f.othersMax) };
}
