import type { SourceLocation } from "../diagnostic.ts";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { gridLineLookup, outputLineLookup } from "../operators/preview.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { originsOf } from "../state/sharedState.ts";
import { isNumericType } from "../engine/numericTypes.ts";

/**
 * Source locations of a table's rows (by row id), for diagnostics that point at source lines: lake
 * files only (a row that is a line of a Bash command's output has no file to point at).
 */
export async function locate(
  engine: DuckEngine,
  table: TableInfo,
  rowids: number[],
): Promise<(SourceLocation | null)[]> {
  const found = await originsOf(table.origin, rowids, gridLineLookup(engine), outputLineLookup(engine));
  return found.map((l) => (l?.command !== undefined ? null : l));
}

export function at(location: SourceLocation | null | undefined): string {
  return location ? ` (${location.file}:${location.line})` : "";
}

export function present(locations: (SourceLocation | null)[]): SourceLocation[] {
  return locations.filter((l): l is SourceLocation => l !== null);
}

export function quote(value: unknown): string {
  return value === null || value === undefined
    ? "NULL"
    : typeof value === "string"
      ? `'${value}'`
      : String(value);
}

/** A value as SQL would write it for a column of `type`: numbers bare, text quoted. */
export function literal(value: unknown, type: string | undefined): string {
  if (value !== null && value !== undefined && type && isNumericType(type)) return String(value);
  return quote(value);
}

export function typeOf(
  table: { schema: { name: string; type: string }[] },
  column: string,
): string | undefined {
  return table.schema.find((c) => c.name === column)?.type;
}
