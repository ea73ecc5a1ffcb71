import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec, JsonDateField } from "../sourceEntry.ts";
import { dateCastSql, detectDateFormats } from "./dateFormats.ts";

/**
 * JSON text fields of dates written day or month first (`"born": "24.12.1987"`): DuckDB's JSON
 * reader types only ISO dates, so these stay text, and min/max or ORDER BY over them compares
 * characters (held-out HS-02: an athletes file's birth dates, `dd.mm.yyyy`, probed and sorted as
 * text). The text-file path's detection (dateFormats.ts) runs over the field's every value; a field
 * it reads whole becomes DATE (or TIMESTAMP), and the map notes the format.
 */
export async function jsonDateFields(
  engine: DuckEngine,
  from: string,
  columns: ColumnProfile[],
): Promise<JsonDateField[]> {
  const text = columns.filter((c) => c.type === "VARCHAR" && c.samples.length > 0);
  if (text.length === 0) return [];
  const fromSql = `SELECT ${text.map((c, i) => `CAST(${sqlIdent(c.name)} AS VARCHAR) AS ${sqlIdent(`column${i}`)}`).join(", ")} FROM ${from}`;
  const specs: ColumnSpec[] = text.map((c) => ({
    name: c.name,
    sourceName: c.name,
    type: "VARCHAR",
    thousands: false,
  }));
  const profiles = text.map((c) => ({ ...c }));
  await detectDateFormats(engine, fromSql, specs, profiles);
  return specs.flatMap((spec) =>
    spec.dateFormat && (spec.type === "DATE" || spec.type === "TIMESTAMP")
      ? [
          {
            name: spec.name,
            type: spec.type,
            format: spec.dateFormat,
            ...(spec.centuryAfter !== undefined ? { centuryAfter: spec.centuryAfter } : {}),
          },
        ]
      : [],
  );
}

/** The SQL reading the JSON text field `column` as the dates it writes (a blank as NULL). */
export function jsonDateSql(column: string, field: JsonDateField): string {
  return dateCastSql(`trim(CAST(${column} AS VARCHAR))`, {
    name: field.name,
    sourceName: field.name,
    type: field.type,
    thousands: false,
    dateFormat: field.format,
    ...(field.centuryAfter !== undefined ? { centuryAfter: field.centuryAfter } : {}),
  });
}

/** The table's note on the fields read as dates. */
export function jsonDatesNote(dates: JsonDateField[]): string {
  return `${dates.map((d) => `"${d.name}" (${d.format})`).join(", ")} ${dates.length === 1 ? "holds" : "hold"} dates written as text: read as ${dates.every((d) => d.type === "DATE") ? "dates" : "dates and times"} with that format`;
}
