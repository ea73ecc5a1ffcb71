import { DuckDBTypeId } from "@duckdb/node-api";
import type {
  DuckDBArrayType,
  DuckDBDecimalType,
  DuckDBListType,
  DuckDBMapType,
  DuckDBStructType,
  DuckDBType,
} from "@duckdb/node-api";
import type { DuckEngine, Page } from "./duckEngine.ts";
import { sqlIdent } from "./duckEngine.ts";

/**
 * Typed JSON: one representation per column, decided by the column's type (and, for wide
 * numbers, by the values of the whole table), so a consumer never sees `"267"` beside `312.5`.
 *
 * | DuckDB type | JSON |
 * |---|---|
 * | BOOLEAN | true / false |
 * | TINYINT … INTEGER, UTINYINT … UINTEGER | number |
 * | FLOAT, DOUBLE | number; the whole column as strings ("NaN", "Infinity", "1.5") when it holds NaN or ±Infinity |
 * | BIGINT, UBIGINT, HUGEINT, UHUGEINT | number when every value of the table is within ±(2^53 − 1), else the whole column as strings |
 * | DECIMAL(p,s) | number when p ≤ 15, or every value of the table has at most 15 significant digits; else the whole column as strings ("12345678901234567.50") |
 * | DATE | "2024-01-31" |
 * | TIMESTAMP (any precision) | "2024-01-31T13:45:00" (fraction when present) |
 * | TIMESTAMP WITH TIME ZONE | "2024-01-31T13:45:00+00:00" |
 * | TIME, TIME WITH TIME ZONE | "13:45:00" |
 * | INTERVAL | ISO 8601 duration: "P1M2DT3.5S" |
 * | LIST, ARRAY | array of the element type's values (64-bit and wider integers and wide decimals inside as strings) |
 * | STRUCT | object; MAP: array of {key, value}; UNION: its value |
 * | VARCHAR, ENUM, UUID, BLOB, BIT, others | string |
 * | NULL of any type | null |
 */
export type JsonKind = "number" | "string" | "boolean" | "array" | "object";

export interface TypedColumn {
  name: string;
  /** DuckDB's name of the type, e.g. `DECIMAL(18,2)`. */
  type: string;
  /** How its values appear in JSON. */
  json: JsonKind;
}

/** Exact bounds for numbers as JSON numbers. */
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MAX_EXACT_DECIMAL_DIGITS = 15;

const WIDE_INTEGERS = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);
const SMALL_NUMBERS = new Set<DuckDBTypeId>([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
]);
const FLOATS = new Set<DuckDBTypeId>([DuckDBTypeId.FLOAT, DuckDBTypeId.DOUBLE]);
const TIMESTAMPS = new Set<DuckDBTypeId>([
  DuckDBTypeId.TIMESTAMP,
  DuckDBTypeId.TIMESTAMP_S,
  DuckDBTypeId.TIMESTAMP_MS,
  DuckDBTypeId.TIMESTAMP_NS,
  DuckDBTypeId.TIMESTAMP_TZ,
]);

/** Whether a column that could hold numbers no JSON number states exactly is shown as numbers. */
type NumberFit = boolean;

/** Column by column: do the table's wide numbers fit JSON numbers? (One aggregate pass, per table.) */
export async function numberFits(engine: DuckEngine, table: string, page: Page): Promise<NumberFit[]> {
  const checks: string[] = [];
  const where: { column: number; kind: "range" | "finite" | "digits"; scale: number }[] = [];
  page.types.forEach((type, i) => {
    const col = sqlIdent(page.names[i]!);
    if (WIDE_INTEGERS.has(type.typeId)) {
      checks.push(`min(${col})::VARCHAR, max(${col})::VARCHAR`);
      where.push({ column: i, kind: "range", scale: 0 });
    } else if (
      type.typeId === DuckDBTypeId.DECIMAL &&
      (type as DuckDBDecimalType).width > MAX_EXACT_DECIMAL_DIGITS
    ) {
      checks.push(`min(${col})::VARCHAR, max(${col})::VARCHAR`);
      where.push({ column: i, kind: "digits", scale: (type as DuckDBDecimalType).scale });
    } else if (FLOATS.has(type.typeId)) {
      checks.push(`count(*) FILTER (WHERE NOT isfinite(${col}))::VARCHAR, NULL`);
      where.push({ column: i, kind: "finite", scale: 0 });
    }
  });
  const fits: NumberFit[] = page.types.map(() => true);
  if (checks.length === 0) return fits;
  const stats = await engine.page(`SELECT ${checks.join(", ")} FROM ${sqlIdent(table)}`);
  const row = stats.rows[0] ?? [];
  where.forEach((w, k) => {
    const lo = row[2 * k] as string | null;
    const hi = row[2 * k + 1] as string | null;
    if (w.kind === "finite") fits[w.column] = Number(lo ?? 0) === 0;
    else if (w.kind === "range") fits[w.column] = [lo, hi].every((v) => v === null || absBig(v) <= MAX_SAFE);
    else
      fits[w.column] = [lo, hi].every((v) => v === null || significantDigits(v) <= MAX_EXACT_DECIMAL_DIGITS);
  });
  return fits;
}

function absBig(text: string): bigint {
  const n = BigInt(text);
  return n < 0n ? -n : n;
}

function significantDigits(decimal: string): number {
  return decimal.replace(/^-/, "").replace(".", "").replace(/^0+/, "").length;
}

/** The JSON kind of a column's values. */
export function jsonKind(type: DuckDBType, fits: NumberFit): JsonKind {
  const id = type.typeId;
  if (id === DuckDBTypeId.BOOLEAN) return "boolean";
  if (SMALL_NUMBERS.has(id)) return "number";
  if (WIDE_INTEGERS.has(id) || id === DuckDBTypeId.DECIMAL || FLOATS.has(id))
    return fits ? "number" : "string";
  if (id === DuckDBTypeId.LIST || id === DuckDBTypeId.ARRAY || id === DuckDBTypeId.MAP) return "array";
  if (id === DuckDBTypeId.STRUCT) return "object";
  return "string";
}

/** Typed rows of a page: each column converted by its type (`fits` from `numberFits`). */
export function typedRows(page: Page, fits: NumberFit[]): unknown[][] {
  return page.rows.map((row) => row.map((v, i) => typedValue(v, page.types[i]!, fits[i] ?? false)));
}

export function typedColumns(page: Page, fits: NumberFit[]): TypedColumn[] {
  return page.names.map((name, i) => ({
    name,
    type: page.types[i]!.toString(),
    json: jsonKind(page.types[i]!, fits[i] ?? false),
  }));
}

/** One value of DuckDB's JSON conversion in its column's representation. */
export function typedValue(value: unknown, type: DuckDBType, fits: NumberFit): unknown {
  if (value === null || value === undefined) return null;
  const id = type.typeId;
  if (id === DuckDBTypeId.BOOLEAN) return value;
  if (SMALL_NUMBERS.has(id)) return typeof value === "number" ? value : Number(value);
  if (FLOATS.has(id)) return fits ? (typeof value === "number" ? value : Number(value)) : String(value);
  if (WIDE_INTEGERS.has(id) || id === DuckDBTypeId.DECIMAL) return fits ? Number(value) : String(value);
  if (TIMESTAMPS.has(id)) return isoTimestamp(String(value));
  if (id === DuckDBTypeId.INTERVAL)
    return isoDuration(value as { months: number; days: number; micros: string });
  if (id === DuckDBTypeId.LIST || id === DuckDBTypeId.ARRAY) {
    const element = (type as DuckDBListType | DuckDBArrayType).valueType;
    return (value as unknown[]).map((v) => typedValue(v, element, false));
  }
  if (id === DuckDBTypeId.STRUCT) {
    const struct = type as DuckDBStructType;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const at = struct.entryIndexes[k];
      out[k] = at === undefined ? v : typedValue(v, struct.entryTypes[at]!, false);
    }
    return out;
  }
  if (id === DuckDBTypeId.MAP) {
    const map = type as DuckDBMapType;
    return (value as { key: unknown; value: unknown }[]).map((e) => ({
      key: typedValue(e.key, map.keyType, false),
      value: typedValue(e.value, map.valueType, false),
    }));
  }
  if (typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** `2024-01-02 03:04:05.5` → `2024-01-02T03:04:05.5`; a `+01` offset becomes `+01:00`. */
function isoTimestamp(text: string): string {
  return text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00");
}

function isoDuration(v: { months: number; days: number; micros: string | number }): string {
  const micros = BigInt(v.micros);
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  const seconds = `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
  const date = `${v.months ? `${v.months}M` : ""}${v.days ? `${v.days}D` : ""}`;
  const time = micros !== 0n ? `T${seconds}S` : "";
  return `P${date}${time}` === "P" ? "PT0S" : `P${date}${time}`;
}

/**
 * A value of a column given by DuckDB's type name (Probe's minimum, maximum and frequent values):
 * the same representation as `typedValue`, with `fits` decided by the caller.
 */
export function typedByName(value: unknown, typeName: string, fits: boolean): unknown {
  if (value === null || value === undefined) return null;
  const t = typeName.toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|UTINYINT|USMALLINT|UINTEGER)$/.test(t)) return Number(value);
  if (/^(BIGINT|UBIGINT|HUGEINT|UHUGEINT|FLOAT|DOUBLE)$/.test(t) || t.startsWith("DECIMAL"))
    return fits && Number.isFinite(Number(value)) ? Number(value) : String(value);
  if (t.startsWith("TIMESTAMP")) return isoTimestamp(String(value));
  if (t === "BOOLEAN") return value;
  return value;
}

/** Whether a column's extremes (as DuckDB's JSON gives them) fit JSON numbers exactly. */
export function extremesFit(typeName: string, values: unknown[]): boolean {
  const t = typeName.toUpperCase();
  if (/^(BIGINT|UBIGINT|HUGEINT|UHUGEINT)$/.test(t))
    return values.every((v) => v === null || v === undefined || absBig(String(v)) <= MAX_SAFE);
  const decimal = /^DECIMAL\((\d+),\s*(\d+)\)$/.exec(t);
  if (decimal)
    return (
      Number(decimal[1]) <= MAX_EXACT_DECIMAL_DIGITS ||
      values.every(
        (v) => v === null || v === undefined || significantDigits(String(v)) <= MAX_EXACT_DECIMAL_DIGITS,
      )
    );
  if (t === "FLOAT" || t === "DOUBLE")
    return values.every((v) => v === null || v === undefined || Number.isFinite(Number(v)));
  return true;
}
