import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec } from "../sourceEntry.ts";
import { candidateTests, chooseType, positionalName, round } from "./varcharColumns.ts";
import { isMarkerToken } from "./markerTokens.ts";

// Missing-value markers read as NULL in columns of numbers, clock times and dates; the vocabulary
// is markerTokens.ts's.

/** Numbers a column must hold besides its markers to be read as numbers. */
export const MIN_NUMBERS = 2;
/** Distinct non-numeric values looked at per column; more are no set of markers. */
const MAX_KINDS = 8;

const NAN = /^[-+]?nan$/i;
/** A number as a data file writes it (plain, thousands, exponent): the guard's test only. */
const PLAIN_NUMBER = /^[-+]?(\d+|\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})+,\d{3})?(\.\d+)?([eE][-+]?\d+)?$/;

function plainNumber(v: string): boolean {
  return /\d/.test(v) && PLAIN_NUMBER.test(v);
}

/**
 * A clock time or a year-first date as valueAggregates' TIME, DATE and TIMESTAMP tests take them: a
 * column of these with a marker among them (a workbook's `Time` with `#NULL!` for the 14 crashes of
 * unknown hour, held-out HN) is a column of times with missing values, not text.
 */
const CLOCK_OR_DATE =
  /^(\d{2}:\d{2}(:\d{2}(\.\d+)?)?|[-+]?\d{4}\s*[-/]\d{1,2}[-/]\d{1,2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?)$/;
/** The types a column of values and markers may take: numbers, and the clock times and dates. */
const MARKABLE_TYPES = new Set(["BIGINT", "DOUBLE", "TIME", "DATE", "TIMESTAMP"]);

/**
 * Columns worth the pass over every row: text columns whose sample holds only numbers and markers
 * (the markers are in the sample, or past it), and number columns whose sample holds `NaN` (DuckDB
 * would read it as a number that poisons every aggregate).
 */
function suspects(sample: string[][], specs: ColumnSpec[]): number[] {
  const out: number[] = [];
  specs.forEach((spec, i) => {
    if (spec.dateFormat) return;
    let markers = 0;
    let numbers = 0;
    let other = 0;
    let nan = false;
    for (const row of sample) {
      const v = (row[i] ?? "").trim();
      if (v === "") continue;
      if (isMarkerToken(v)) {
        markers++;
        if (NAN.test(v)) nan = true;
      } else if (plainNumber(v) || CLOCK_OR_DATE.test(v)) numbers++;
      else other++;
    }
    if (spec.type === "VARCHAR") {
      if (other === 0 && numbers > 0) out.push(i);
    } else if (spec.type === "DOUBLE" && nan && markers > 0) out.push(i);
  });
  return out;
}

/** Text columns whose sample holds markers and nothing else: a period not yet published, say. */
function onlyMarkers(sample: string[][], specs: ColumnSpec[]): number[] {
  const out: number[] = [];
  specs.forEach((spec, i) => {
    if (spec.type !== "VARCHAR" || spec.dateFormat) return;
    let markers = 0;
    for (const row of sample) {
      const v = (row[i] ?? "").trim();
      if (v === "") continue;
      if (!isMarkerToken(v)) return;
      markers++;
    }
    if (markers > 0) out.push(i);
  });
  return out;
}

/** Columns read as numbers with markers that a column holding only markers takes its type from. */
const MIN_MARKED_SIBLINGS = 2;

/** A sample this long may stop before the end of its column (typeTextColumns' SAMPLE_ROWS). */
const PARTIAL_SAMPLE_ROWS = 500;

/**
 * Number columns whose `NaN` cells all lie past the sample (a sensor that failed late in the
 * file): one DuckDB pass over those columns counts the `NaN` tokens of every row, so they are read
 * as markers too instead of poisoning every aggregate.
 */
async function nanPastSample(
  engine: DuckEngine,
  fromSql: string,
  specs: ColumnSpec[],
  sample: string[][],
): Promise<number[]> {
  if (sample.length < PARTIAL_SAMPLE_ROWS) return [];
  const sampled = new Set(suspects(sample, specs));
  const numbers = specs
    .map((spec, i) => ({ spec, i }))
    .filter(({ spec, i }) => spec.type === "DOUBLE" && !spec.dateFormat && !sampled.has(i))
    .map(({ i }) => i);
  if (numbers.length === 0) return [];
  const [row = {}] = await engine.all(
    `SELECT ${numbers
      .map(
        (i) =>
          `count(*) FILTER (WHERE lower(trim(${sqlIdent(positionalName(i))})) IN ('nan', '+nan', '-nan')) AS n${i}`,
      )
      .join(", ")} FROM (${fromSql})`,
  );
  return numbers.filter((i) => Number(row[`n${i}`] ?? 0) > 0);
}

/**
 * Columns whose dash is a spreadsheet's accounting zero: the accounting format writes 0 as ` -   `
 * (`_(* "-"??_)`: a space, the dash, the room of two digits and a closing space) and every number
 * between spaces (` 4,750 `). Exported as displayed (held-out HP: NYC's rolling-sales CSVs, 1,771
 * sale prices of ` -   `, the transfers without a price, beside `0` in a later release), the dash is
 * the number 0, not a missing value. Every dash of the column must be written so (a dash typed as
 * text is written ` - `, the text section's padding), and numbers of the column written between
 * spaces: a file appended from an accounting export and a plain one (held-out HP's Manhattan
 * release) holds both forms of its numbers, its dashes in the accounting rows.
 */
async function accountingZero(engine: DuckEngine, fromSql: string, columns: number[]): Promise<Set<number>> {
  if (columns.length === 0) return new Set();
  const parts = columns.map((i) => {
    const c = sqlIdent(positionalName(i));
    return (
      `count(*) FILTER (WHERE trim(${c}) = '-') AS d${i}, ` +
      `count(*) FILTER (WHERE regexp_full_match(${c}, ' ?- {2,}')) AS z${i}, ` +
      `count(*) FILTER (WHERE regexp_full_match(${c}, ' +[0-9][0-9,.]* +')) AS p${i}`
    );
  });
  const [row = {}] = await engine.all(`SELECT ${parts.join(", ")} FROM (${fromSql})`);
  const n = (k: string): number => Number(row[k] ?? 0);
  return new Set(columns.filter((i) => n(`d${i}`) > 0 && n(`z${i}`) === n(`d${i}`) && n(`p${i}`) > 0));
}

/**
 * Finds the markers of the columns of `fromSql` (positional text columns `column0…`, the data rows)
 * and retypes those columns: specs and profiles are updated in place. `sample`: the first data rows
 * as split in JS (only they decide which columns are looked at, so every typing path agrees).
 */
export async function applyMissingMarkers(
  engine: DuckEngine,
  fromSql: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
  sample: string[][],
): Promise<void> {
  const empty = onlyMarkers(sample, specs);
  const indexes = [
    ...suspects(sample, specs),
    ...(await nanPastSample(engine, fromSql, specs, sample)),
    ...empty,
  ];
  if (indexes.length === 0) return;
  const columns = indexes.map((i) => sqlIdent(positionalName(i))).join(", ");
  // Non-numeric values per column, with their counts (the most frequent MAX_KINDS + 1).
  const rows = await engine.all(
    `SELECT __col, v, n, kinds FROM (SELECT __col, v, count(*) AS n, count(*) OVER (PARTITION BY __col) AS kinds ` +
      `FROM (SELECT __col, trim(__v) AS v FROM (SELECT ${columns} FROM (${fromSql})) UNPIVOT (__v FOR __col IN (${columns}))) ` +
      `WHERE v <> '' AND (TRY_CAST(replace(v, ',', '') AS DOUBLE) IS NULL OR lower(v) IN ('nan', '+nan', '-nan')) ` +
      `AND NOT regexp_full_match(v, ${sqlString(CLOCK_OR_DATE.source.slice(1, -1))}) GROUP BY __col, v) ` +
      `QUALIFY row_number() OVER (PARTITION BY __col ORDER BY n DESC, v) <= ${MAX_KINDS + 1}`,
  );
  const found = new Map<number, { value: string; count: number }[]>();
  const tooMany = new Set<number>();
  for (const r of rows) {
    const i = Number(String(r.__col).slice("column".length));
    const value = String(r.v);
    if (Number(r.kinds) > MAX_KINDS || !isMarkerToken(value)) tooMany.add(i);
    else found.set(i, [...(found.get(i) ?? []), { value, count: Number(r.n) }]);
  }
  // Columns whose sample held only markers are typed here too: past the sample they may hold numbers
  // (the Met Office's sunshine, `---` until 1929 at Oxford); those that hold none take their type
  // from their neighbours (retypeMarkerOnly).
  const marked = [...found.keys()].filter((i) => !tooMany.has(i));
  const typed = new Set<number>();
  // The column's type over its values with the markers read as NULL, by the same tests as any column.
  const projection = marked
    .map((i) => {
      const col = sqlIdent(positionalName(i));
      const list = found
        .get(i)!
        .map((m) => sqlString(m.value))
        .join(", ");
      return `CASE WHEN trim(${col}) IN (${list}) THEN NULL ELSE ${col} END AS ${col}`;
    })
    .join(", ");
  const tests = marked.length
    ? await candidateTests(engine, `SELECT ${projection} FROM (${fromSql})`, marked)
    : new Map<number, Record<string, unknown>>();
  const accounting = await accountingZero(
    engine,
    fromSql,
    marked.filter((i) => found.get(i)!.some((m) => m.value === "-")),
  );
  for (const i of marked) {
    const r = tests.get(i) ?? {};
    const { type, thousands } = chooseType(r, "");
    if (!MARKABLE_TYPES.has(type) || Number(r.nn ?? 0) < MIN_NUMBERS) continue;
    typed.add(i);
    let markers = found.get(i)!.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    const total = Number(r.total ?? 0);
    let present = Number(r.present ?? 0);
    const spec = specs[i]!;
    spec.type = type;
    spec.thousands = thousands;
    const profile = profiles[i]!;
    const zero = markers.find((m) => m.value === "-" && accounting.has(i));
    if (zero) {
      markers = markers.filter((m) => m !== zero);
      spec.zero = [zero.value];
      profile.accountingZero = zero;
      present += zero.count;
    }
    if (markers.length > 0) spec.missing = markers.map((m) => m.value);
    profile.type = type;
    if (markers.length > 0) profile.missingMarkers = markers;
    profile.nullFraction = total === 0 ? 0 : round((total - present) / total);
    const samples = profile.samples.filter((s) => !isMarkerToken(s));
    profile.samples = samples;
  }
  retypeMarkerOnly(
    empty.filter((i) => found.has(i) && !tooMany.has(i) && !typed.has(i)),
    found,
    specs,
    profiles,
  );
}

/**
 * A column holding only the markers its neighbours use for "no value" (`..` under every year not
 * yet published, beside years of numbers with `..` for the gaps) is a column of numbers with no
 * value yet: read with the neighbours' type, every cell NULL, so a query treats every year alike.
 * Left text when fewer than MIN_MARKED_SIBLINGS columns of numbers use those markers — then
 * nothing says the column would hold numbers.
 */
function retypeMarkerOnly(
  candidates: number[],
  found: Map<number, { value: string; count: number }[]>,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
): void {
  if (candidates.length === 0) return;
  const siblings = specs
    .map((spec, i) => ({ spec, i }))
    .filter(
      ({ spec }) => (spec.type === "BIGINT" || spec.type === "DOUBLE") && (spec.missing?.length ?? 0) > 0,
    );
  for (const i of candidates) {
    const markers = found.get(i)!;
    const using = siblings.filter(({ spec }) => markers.every((m) => spec.missing!.includes(m.value)));
    if (using.length < MIN_MARKED_SIBLINGS) continue;
    const type = using.some(({ spec }) => spec.type === "DOUBLE") ? "DOUBLE" : "BIGINT";
    const spec = specs[i]!;
    spec.type = type;
    spec.missing = markers.map((m) => m.value);
    const profile = profiles[i]!;
    profile.type = type;
    profile.missingMarkers = [...markers].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    profile.nullFraction = 1;
    profile.samples = [];
  }
}
