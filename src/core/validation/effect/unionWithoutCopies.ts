import type { Remedy } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { TableInfo } from "../../state/sharedState.ts";

/**
 * The remedy of `union-duplicate-rows`: the union without the copies — a row whose compared
 * columns (all data columns, or those every file holds) are identical to a row of another file is
 * dropped, so each is counted once: from the row holding the most values (the release with the
 * added year column), then the first. Rows repeated within one file are kept: the finding is about
 * rows across files. Rows with every compared column NULL are kept, as the check leaves them aside.
 */
export function unionWithoutCopies(table: TableInfo, copies: number, compared: string[]): Remedy | undefined {
  const source = (table.provenance.sourceColumn ?? "").toLowerCase();
  const file = table.schema.find((c) => c.name.toLowerCase() === source);
  const keep = new Set(compared);
  const all = table.schema.filter((c) => c.name.toLowerCase() !== source).map((c) => c.name);
  const data = all.filter((c) => keep.has(c)).map(sqlIdent);
  if (!file || data.length === 0) return undefined;
  const f = sqlIdent(file.name);
  // Only the columns left out of the comparison differ among a row's copies: the copy holding
  // most of them is kept.
  const held = all
    .filter((c) => !keep.has(c))
    .map((c) => `(${sqlIdent(c)} IS NOT NULL)::INTEGER`)
    .join(" + ");
  const order = held ? `${held} DESC, rowid` : "rowid";
  return {
    table: table.name,
    sql:
      `SELECT * FROM ${sqlIdent(table.name)} QUALIFY (${data.map((c) => `${c} IS NULL`).join(" AND ")}) ` +
      `OR ${f} IS NOT DISTINCT FROM first_value(${f}) OVER (PARTITION BY ${data.join(", ")} ORDER BY ${order})`,
    says: `the ${copies.toLocaleString("en-US")} row(s) repeated across files kept once`,
  };
}
