import type { DuckEngine } from "./duckEngine.ts";
import { sqlIdent } from "./duckEngine.ts";

/**
 * A column renamed so that DuckDB's `rowid` keeps naming each row's position in its table.
 *
 * `rowid` is a pseudo-column, and a table column of that name (in any case) shadows it: the
 * previews, evidence and checks that read row positions through `rowid` then read the column's
 * values instead and cite wrong source lines (a surveillance file whose `rowid` held 3420 was cited
 * at line 3420 for its row 234). A table RADAR creates therefore keeps no column of that name.
 */
export interface RenamedRowid {
  from: string;
  to: string;
}

const PSEUDO = "rowid";

/** The rename a table of these columns needs (`rowid` → `rowid_1`, the first free suffix), if any. */
export function rowidRename(columns: readonly { name: string }[]): RenamedRowid | undefined {
  const from = columns.find((c) => c.name.toLowerCase() === PSEUDO)?.name;
  if (from === undefined) return undefined;
  const taken = new Set(columns.map((c) => c.name.toLowerCase()));
  let n = 1;
  while (taken.has(`${from}_${n}`.toLowerCase())) n++;
  return { from, to: `${from}_${n}` };
}

/**
 * Renames a created table's column that shadows `rowid`; returns the rename, if there was one, and
 * the table's columns as they are after it (the caller needs them anyway: one DESCRIBE, not two).
 */
export async function unshadowRowid(
  engine: DuckEngine,
  table: string,
): Promise<{ renamed?: RenamedRowid; schema: { name: string; type: string }[] }> {
  const schema = await engine.describe(`SELECT * FROM ${sqlIdent(table)}`);
  const renamed = rowidRename(schema);
  if (!renamed) return { schema };
  await engine.run(
    `ALTER TABLE ${sqlIdent(table)} RENAME COLUMN ${sqlIdent(renamed.from)} TO ${sqlIdent(renamed.to)}`,
  );
  return { renamed, schema: schema.map((c) => (c.name === renamed.from ? { ...c, name: renamed.to } : c)) };
}

/** A SELECT giving the renamed table (`radar export --sql` rebuilds the table RADAR holds). */
export function renamedSelect(sql: string, rename: RenamedRowid | undefined): string {
  if (!rename) return sql;
  return `SELECT * RENAME (${sqlIdent(rename.from)} AS ${sqlIdent(rename.to)}) FROM (${sql})`;
}

/** The note a call's observation carries for the rename: what the column is now called, and why. */
export function renamedRowidNote(rename: RenamedRowid): string {
  return `column "${rename.from}" is named "${rename.to}" in this table: in DuckDB \`rowid\` is each row's position in its table (0 for the first row); write "${rename.to}" for the column's values`;
}
