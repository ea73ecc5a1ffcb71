import type { Remedy } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { TableInfo } from "../../state/sharedState.ts";

/**
 * The remedy of `union-duplicate-rows`: the union without the copies — a row whose data columns
 * (all but the file column) are identical to a row of an earlier file is dropped, so each is
 * counted from its first file only. Rows repeated within one file are kept: the finding is about
 * rows across files. Rows with every data column NULL are kept, as the check leaves them aside.
 */
export function unionWithoutCopies(table: TableInfo, copies: number): Remedy | undefined {
  const source = (table.provenance.sourceColumn ?? "").toLowerCase();
  const file = table.schema.find((c) => c.name.toLowerCase() === source);
  const data = table.schema.filter((c) => c.name.toLowerCase() !== source).map((c) => sqlIdent(c.name));
  if (!file || data.length === 0) return undefined;
  const f = sqlIdent(file.name);
  return {
    table: table.name,
    sql:
      `SELECT * FROM ${sqlIdent(table.name)} QUALIFY (${data.map((c) => `${c} IS NULL`).join(" AND ")}) ` +
      `OR ${f} IS NOT DISTINCT FROM first_value(${f}) OVER (PARTITION BY ${data.join(", ")} ORDER BY rowid)`,
    says: `the ${copies.toLocaleString("en-US")} row(s) repeated across files kept from their first file only`,
  };
}
