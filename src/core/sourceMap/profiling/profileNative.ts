import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { jsonTableSql } from "../readers/jsonShape.ts";
import type { ColumnProfile, JsonRead, ParquetRead, TableProfile } from "../sourceEntry.ts";
import { SAMPLE_VALUES, positionalName, round } from "../typing/varcharColumns.ts";
import { findFillValues } from "../typing/fillValues.ts";
import { jsonNumberFields, jsonNumbersNote } from "../typing/jsonNumbers.ts";
import { jsonDateFields, jsonDatesNote } from "../typing/jsonDates.ts";

const PROFILE_SAMPLE_ROWS = 20000;
/** Smallest values taken per column and pass (see sampleProfile). */
const LOW_VALUES = 1000;

/** Parquet, read by DuckDB itself. */
export function parquetReaderSql(absPath: string): string {
  return `read_parquet(${sqlString(absPath)})`;
}

/** What to SELECT FROM for a format DuckDB reads itself (JSON in any shape, Parquet). */
export async function nativeReaderSql(
  engine: DuckEngine,
  absPath: string,
  bytes: number,
  read: JsonRead | ParquetRead,
  fullSample = false,
): Promise<{
  from: string;
  flattened: boolean;
  pinned?: string;
  columns?: { name: string; type: string }[];
}> {
  return read.kind === "parquet"
    ? { from: parquetReaderSql(absPath), flattened: false }
    : jsonTableSql(engine, absPath, bytes, read, fullSample);
}

/** Counts, types and samples of a table DuckDB reads itself. */
export async function profileNative(
  engine: DuckEngine,
  absPath: string,
  read: JsonRead | ParquetRead,
  bytes = 0,
): Promise<TableProfile> {
  let reader: Awaited<ReturnType<typeof nativeReaderSql>>;
  let count: number;
  // JSON fields of numbers and blank strings: profiled again, read as numbers (jsonNumbers.ts).
  const withJsonNumbers = async (
    from: string,
    columns: { name: string; type: string }[],
  ): Promise<TableProfile | undefined> => {
    if (read.kind !== "json" || read.numbers) return undefined;
    const numbers = await jsonNumberFields(engine, from, columns);
    if (numbers.length === 0) return undefined;
    read.numbers = numbers;
    const table = await profileNative(engine, absPath, read, bytes);
    return { ...table, notes: [...(table.notes ?? []), jsonNumbersNote(numbers)] };
  };
  // JSON text fields of dates: profiled again, read as dates (jsonDates.ts).
  const withJsonDates = async (from: string, table: TableProfile): Promise<TableProfile> => {
    if (read.kind !== "json" || read.dates) return table;
    const dates = await jsonDateFields(engine, from, table.columns).catch(() => []);
    if (dates.length === 0) return table;
    read.dates = dates;
    const dated = await profileNative(engine, absPath, read, bytes);
    const formats = new Map(dates.map((d) => [d.name, d.format]));
    return {
      ...dated,
      columns: dated.columns.map((c) =>
        formats.has(c.name) ? { ...c, dateFormat: formats.get(c.name)! } : c,
      ),
      notes: [...(dated.notes ?? []), jsonDatesNote(dates)],
    };
  };
  try {
    reader = await nativeReaderSql(engine, absPath, bytes, read);
    if (reader.pinned && reader.columns) {
      // JSON records read with the types just sniffed: one sniff for the whole profile. Where the
      // pinned read fails, the sniffing read below decides (its own error, or the full sample).
      const { pinned, columns } = reader;
      const rows = await countAndSample(engine, pinned, columns).catch(() => undefined);
      if (rows)
        return (
          (await withJsonNumbers(pinned, columns)) ??
          (await withJsonDates(
            pinned,
            await withFills(engine, pinned, tableOf(rows.count, columns, rows, read)),
          ))
        );
    }
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader.from}`))[0]?.n ?? 0);
  } catch (error) {
    // JSON types are sniffed from the first records; a later record of another shape needs a full sample.
    if (read.kind !== "json" || read.shape) throw error;
    reader = await nativeReaderSql(engine, absPath, bytes, read, true);
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader.from}`))[0]?.n ?? 0);
  }
  if (read.kind === "json" && reader.flattened) read.flattened = true;
  const described = await engine.describe(`SELECT * FROM ${reader.from}`);
  const numbered = await withJsonNumbers(reader.from, described);
  if (numbered) return numbered;
  const rows = await countAndSample(engine, reader.from, described, count);
  return withJsonDates(
    reader.from,
    await withFills(engine, reader.from, tableOf(count, described, rows, read)),
  );
}

/**
 * The fill values of a table DuckDB types itself (`-999` late-aircraft delays in a JSON export,
 * held-out FG-07), found as for text files (fillValues.ts) over its number columns read as text.
 */
async function withFills(engine: DuckEngine, from: string, table: TableProfile): Promise<TableProfile> {
  const numeric = table.columns.filter((c) => NUMBER_TYPES.has(c.type));
  if (numeric.length === 0 || table.rowCount === 0) return table;
  const fromSql = `SELECT ${numeric.map((c, i) => `CAST(${sqlIdent(c.name)} AS VARCHAR) AS ${sqlIdent(positionalName(i))}`).join(", ")} FROM ${from}`;
  const specs = numeric.map((c) => ({
    name: c.name,
    sourceName: c.name,
    // Every number as a double: UBIGINT and HUGEINT values may not fit a BIGINT.
    type: "DOUBLE",
    thousands: false,
  }));
  const profiles = numeric.map((c) => ({ ...c }));
  try {
    await findFillValues(engine, fromSql, specs, profiles);
  } catch {
    // What DuckDB itself read is the table; its fills are a note on it, never a reason to lose it.
    return table;
  }
  const fills = new Map(profiles.filter((p) => p.fillValues).map((p) => [p.name, p.fillValues!]));
  if (fills.size === 0) return table;
  return {
    ...table,
    columns: table.columns.map((c) => (fills.has(c.name) ? { ...c, fillValues: fills.get(c.name)! } : c)),
  };
}

const NUMBER_TYPES = new Set([
  "BIGINT",
  "INTEGER",
  "SMALLINT",
  "TINYINT",
  "HUGEINT",
  "UBIGINT",
  "DOUBLE",
  "FLOAT",
]);

/** The row count (unless known) and sampleProfile of the first PROFILE_SAMPLE_ROWS rows of `from`. */
async function countAndSample(
  engine: DuckEngine,
  from: string,
  columns: { name: string }[],
  known?: number,
): Promise<{ count: number; total: number; present: number[]; samples: string[][] }> {
  const count = known ?? Number((await engine.all(`SELECT count(*) AS n FROM ${from}`))[0]?.n ?? 0);
  const sample = `(SELECT * FROM ${from} LIMIT ${PROFILE_SAMPLE_ROWS})`;
  const profile = await sampleProfile(
    engine,
    sample,
    columns.map((c) => c.name),
  );
  return { count, ...profile };
}

function tableOf(
  count: number,
  described: { name: string; type: string }[],
  { total, present, samples }: { total: number; present: number[]; samples: string[][] },
  read: JsonRead | ParquetRead,
): TableProfile {
  const columns: ColumnProfile[] = described.map((c, i) => ({
    name: c.name,
    type: c.type,
    nullFraction: total === 0 ? 0 : round((total - (present[i] ?? 0)) / total),
    // Only when the counts are over every row (a large file's are over a sample).
    ...(total > 0 && total === count && (present[i] ?? 0) === 0 ? { empty: true as const } : {}),
    samples: samples[i] ?? [],
  }));
  return { headerLine: 0, titleLines: [], rowCount: count, columns, read };
}

/**
 * Rows, present cells per column, and each column's first SAMPLE_VALUES distinct values in sort
 * order (as text) — the values `samplesAggregate` gives, without listing, deduplicating and sorting
 * every value of the sample (several times the cost of reading it). A pass takes the LOW_VALUES
 * smallest values of each column (`min(v, n)`, duplicates included): every value below the largest
 * of them is among them, so their distinct values are the smallest distinct values. A column short
 * of SAMPLE_VALUES distinct values, whose pass was full (a boolean column: `false`×1000), is asked
 * again in one more pass for its SAMPLE_VALUES smallest distinct values (`min(DISTINCT v, n)`: such
 * a column repeats its values, so deduplicating it is cheap).
 */
export async function sampleProfile(
  engine: DuckEngine,
  sample: string,
  names: string[],
): Promise<{ total: number; present: number[]; samples: string[][] }> {
  if (names.length === 0) return { total: 0, present: [], samples: [] };
  const text = (i: number): string => `CAST(${sqlIdent(names[i]!)} AS VARCHAR)`;
  const low = (i: number): string => `min(${text(i)}, ${LOW_VALUES})`;
  const outer = (indexes: number[]): string =>
    indexes
      .map(
        (i) =>
          `len(low${i}) AS n${i}, list_slice(list_sort(list_distinct(low${i})), 1, ${SAMPLE_VALUES}) AS s${i}`,
      )
      .join(", ");
  const all = names.map((_, i) => i);
  const [first = {}] = await engine.all(
    `SELECT total, ${all.map((i) => `present${i}`).join(", ")}, ${outer(all)} FROM (SELECT count(*) AS total, ` +
      `${all.map((i) => `count(${sqlIdent(names[i]!)}) AS present${i}, ${low(i)} AS low${i}`).join(", ")} FROM ${sample})`,
  );
  const samples = all.map((i) => ((first[`s${i}`] as unknown[] | null) ?? []).map(String));
  const open = all.filter(
    (i) => samples[i]!.length < SAMPLE_VALUES && Number(first[`n${i}`] ?? 0) === LOW_VALUES,
  );
  if (open.length > 0) {
    const [row = {}] = await engine.all(
      `SELECT ${open.map((i) => `min(DISTINCT ${text(i)}, ${SAMPLE_VALUES}) AS s${i}`).join(", ")} FROM ${sample}`,
    );
    for (const i of open) samples[i] = ((row[`s${i}`] as unknown[] | null) ?? []).map(String);
  }
  return {
    total: Number(first.total ?? 0),
    present: all.map((i) => Number(first[`present${i}`] ?? 0)),
    samples,
  };
}
