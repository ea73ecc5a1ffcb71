import type { SourceEntry, TableProfile } from "../sourceMap/sourceEntry.ts";

/** The profile of the table a Scan read from a file: the named sheet's, else the file's first table. */
export function sheetProfile(
  entry: SourceEntry | undefined,
  sheet: string | undefined,
): TableProfile | undefined {
  return sheet === undefined ? entry?.tables?.[0] : entry?.tables?.find((t) => t.sheet === sheet);
}
