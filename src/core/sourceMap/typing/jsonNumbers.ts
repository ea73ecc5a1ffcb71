import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";

/**
 * JSON fields holding numbers and blank strings (`"production": 1223` beside `"production": ""`):
 * DuckDB types such a field JSON, and a query then reads `""` as text, casts it to 0, or drops it
 * with TRY_CAST — held-out EY-09 averaged 61 blanks as zeros (720.0 instead of 800.0). A blank
 * string there stands for no value: the field is read as numbers, each blank as NULL, and the map
 * says how many there were. Only when every value is a JSON number or a blank string and at least
 * MIN_NUMBERS are numbers; a field with other text stays JSON.
 */
const MIN_NUMBERS = 2;

/** The SQL reading the JSON field `column` as `type`, a blank string as NULL. */
export function jsonNumberSql(column: string, type: "BIGINT" | "DOUBLE"): string {
  return `CASE WHEN json_type(${column}) = 'VARCHAR' AND trim(${column} ->> '$') = '' THEN NULL ELSE CAST(${column} AS ${type}) END`;
}

/** The JSON-typed columns of `from` that hold only numbers and blank strings, with their number type. */
export async function jsonNumberFields(
  engine: DuckEngine,
  from: string,
  columns: { name: string; type: string }[],
): Promise<{ name: string; type: "BIGINT" | "DOUBLE"; blanks: number }[]> {
  const json = columns.filter((c) => c.type === "JSON");
  if (json.length === 0) return [];
  const parts = json.map((c, i) => {
    const v = sqlIdent(c.name);
    return (
      `count(${v}) FILTER (WHERE json_type(${v}) <> 'NULL') AS present${i}, ` +
      `count(${v}) FILTER (WHERE json_type(${v}) IN ('BIGINT', 'UBIGINT')) AS ints${i}, ` +
      `count(${v}) FILTER (WHERE json_type(${v}) = 'DOUBLE') AS doubles${i}, ` +
      `count(${v}) FILTER (WHERE json_type(${v}) = 'VARCHAR' AND trim(${v} ->> '$') = '') AS blanks${i}`
    );
  });
  const [row = {}] = await engine.all(`SELECT ${parts.join(", ")} FROM ${from}`);
  const out: { name: string; type: "BIGINT" | "DOUBLE"; blanks: number }[] = [];
  json.forEach((c, i) => {
    const n = (k: string): number => Number(row[`${k}${i}`] ?? 0);
    const numbers = n("ints") + n("doubles");
    if (numbers < MIN_NUMBERS || n("blanks") === 0 || numbers + n("blanks") !== n("present")) return;
    out.push({ name: c.name, type: n("doubles") > 0 ? "DOUBLE" : "BIGINT", blanks: n("blanks") });
  });
  return out;
}

/** The table's note on the fields read as numbers. */
export function jsonNumbersNote(numbers: { name: string; blanks: number }[]): string {
  return `${numbers.map((n) => `"${n.name}" (${n.blanks} blank string${n.blanks === 1 ? "" : "s"})`).join(", ")} ${numbers.length === 1 ? "holds" : "hold"} numbers and blank strings: read as numbers, each blank string as NULL`;
}
