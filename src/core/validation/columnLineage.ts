import type { OperatorContext } from "../operators/operator.ts";
import type { ColumnProfile } from "../sourceMap/sourceEntry.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { sheetProfile } from "./sheetProfile.ts";

/**
 * How many Query steps back a derived table's column is followed to the file it was read from:
 * the same bound for every check that traces a column to its file (fill values, missing markers).
 */
export const LINEAGE_DEPTH = 4;

/** A column's profile in one file a table was read from. */
export interface FileColumnProfile {
  file: string;
  profile: ColumnProfile;
}

/**
 * The Source Map's profiles of `column` (matched without regard to case) in the files and sheets
 * `table` was read from, in the order it read them; a file whose profile lacks the column gives
 * none. For a table a Scan, UnionScan or Bash made — a Query's table is followed back by the
 * caller, which knows how its column was derived.
 */
export function fileColumnProfiles(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
): FileColumnProfile[] {
  const name = column.toLowerCase();
  const out: FileColumnProfile[] = [];
  for (const file of table.provenance.files) {
    const profile = sheetProfile(ctx.entry(file.path), file.sheet)?.columns.find(
      (c) => c.name.toLowerCase() === name,
    );
    if (profile) out.push({ file: file.path, profile });
  }
  return out;
}
