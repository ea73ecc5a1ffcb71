import type { DiagnosticEffect, Remedy } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { TableInfo } from "../../state/sharedState.ts";
import { at, locate, quote } from "../evidence.ts";
import { ROWID } from "../keptRelation.ts";

/**
 * A value read as the one number it writes, and nothing else: digits with thousands separators, a
 * decimal part, a sign or a currency symbol, and around them at most a footnote mark (`*8,097,880`,
 * `1,234†`, `512 (p)`, `77[2]`). A percent sign, a unit suffix (`5M`), parentheses, a second number
 * (`9.44 2013`) or a bound (`<0.5`) would need a reading the data does not state: never read.
 */
const MARK = "[*†‡§¶#]+";
const FLAG = String.raw`\([A-Za-z]\)|\[[0-9A-Za-z]{1,2}\]`;
const NUMBER = String.raw`[-+−]?[$€£]?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d+)?`;
const READABLE = String.raw`(${MARK})?\s*${NUMBER}\s*(${MARK}|${FLAG})?`;
/** The marks around the number, removed. */
const MARKS = String.raw`^(${MARK})\s*|\s*(${MARK}|${FLAG})$`;

/** The number as written, without its marks: `*8,097,880` → `8,097,880`. */
function written(value: string): string {
  return value.trim().replace(new RegExp(MARKS, "gu"), "");
}

/** SQL: the value as a plain number (`8097880`), for the query's own conversion to read. */
function plain(c: string): string {
  return `replace(regexp_replace(regexp_replace(trim(${c}), ${sqlString(MARKS)}, '', 'g'), '[,$€£\\s]', '', 'g'), '−', '-')`;
}

export interface BlankedValues {
  table: TableInfo;
  column: string;
  /** The alias the query gives the table; `converted` and `lost` are written over it. */
  alias: string;
  /** The query's conversion of the column (NULL where it blanks a value). */
  converted: string;
  /** The rule's condition for a value the conversion blanked (over the alias). */
  lost: string;
  /** ` FROM … WHERE …` of the rows the query keeps (see keptRelation). */
  from: string;
}

/**
 * The remedy of a conversion that blanked values (`blanked-cast`, `numeric-as-text`): the table with
 * each blanked value that writes one number replaced by that number, plain (`*8,097,880` →
 * `8097880`), so the query's own conversion reads it — "with '*8,097,880' (fires.csv:12) read as
 * 8,097,880". Only values the rule found blanked on the rows the query keeps, and only where the
 * query's conversion reads the plain number. When no value has such a reading the effect is not
 * measured, and says why: a value is never given a reading the data does not support.
 */
export async function readNumbers(
  engine: DuckEngine,
  v: BlankedValues,
): Promise<{ remedy: Remedy } | { effect: DiagnosticEffect }> {
  const a = sqlIdent(v.alias);
  const col = sqlIdent(v.column);
  const c = `${a}.${col}`;
  const readable = `regexp_full_match(trim(${c}), ${sqlString(READABLE)})`;
  // The blanked values, whether each has a reading, and whether the query's conversion reads it.
  const rows = await engine.all(
    `WITH __radar_l AS (SELECT ${c} AS v, ${a}.${ROWID} AS r, ${readable} AS ok${v.from} AND (${v.lost})), ` +
      `__radar_d AS (SELECT v, ok, count(*) AS n, min(r) AS r FROM __radar_l GROUP BY v, ok) ` +
      `SELECT __radar_d.v, __radar_d.ok, __radar_d.n, __radar_d.r, (${v.converted}) IS NOT NULL AS reads FROM __radar_d, ` +
      `LATERAL (SELECT ${plain("__radar_d.v")} AS ${col}) AS ${a} ORDER BY __radar_d.n DESC, __radar_d.r`,
  );
  const read = rows.filter((r) => r.ok === true);
  const unread = rows.filter((r) => r.ok !== true);
  const count = (list: typeof rows): number => list.reduce((s, r) => s + Number(r.n), 0);
  if (read.length === 0)
    return {
      effect: {
        measured: false,
        text: `not measured: no blanked value reads as one number once a footnote mark or thousands separators are removed (e.g. ${quote(unread[0]?.v)}), and RADAR does not guess a reading`,
      },
    };
  const refused = read.filter((r) => r.reads !== true);
  if (refused.length > 0)
    return {
      effect: {
        measured: false,
        text: `not measured: the query's conversion does not read ${quote(refused[0]!.v)} even written as ${quote(written(String(refused[0]!.v)))}`,
      },
    };
  const [location] = await locate(engine, v.table, [Number(read[0]!.r)]);
  const example = `${quote(read[0]!.v)}${at(location)} read as ${written(String(read[0]!.v))}`;
  const n = count(read);
  const rest = count(unread);
  return {
    remedy: {
      table: v.table.name,
      sql:
        `SELECT * REPLACE (CASE WHEN (${v.lost}) AND ${readable} THEN ${plain(c)} ELSE ${c} END AS ${col}) ` +
        `FROM ${sqlIdent(v.table.name)} AS ${a}`,
      says:
        (n === 1 ? example : `${n} blanked values read as the numbers they write, e.g. ${example}`) +
        (rest > 0
          ? ` (${rest} other(s), e.g. ${quote(unread[0]!.v)}, have no single reading and stay NULL)`
          : ""),
    },
  };
}

/**
 * The remedy of a text column of numbers compared, picked or sorted as text (`numeric-as-text`):
 * the column read as the numbers it writes — separators and currency symbols removed, labels and
 * markers NULL — as the finding's fix does. Not measured where the values carry a percent sign, a
 * unit suffix or parentheses (their reading is a scale the data does not state), nor for a sort:
 * the effect compares the rows returned, not their order.
 */
export function readAsNumbers(
  table: TableInfo,
  column: string,
  formats: string[],
  sort: boolean,
): { remedy: Remedy } | { effect: DiagnosticEffect } {
  if (sort)
    return {
      effect: {
        measured: false,
        text: "not measured: reading the values as numbers changes the rows' order, which is not compared",
      },
    };
  const scaled = formats.filter((f) => f === "%" || f === "(" || /^[MKBmkb]$/.test(f));
  if (scaled.length > 0)
    return {
      effect: {
        measured: false,
        text: `not measured: the values carry ${scaled.map(quote).join(", ")}, whose reading as a number is a scale the data does not state`,
      },
    };
  const c = sqlIdent(column);
  return {
    remedy: {
      table: table.name,
      sql: `SELECT * REPLACE (TRY_CAST(${plain(c)} AS DOUBLE) AS ${c}) FROM ${sqlIdent(table.name)}`,
      says: `${column} read as the numbers it writes (labels and markers as NULL)`,
    },
  };
}
