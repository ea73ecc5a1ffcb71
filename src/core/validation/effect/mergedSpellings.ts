import type { Remedy } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { TableInfo } from "../../state/sharedState.ts";
import { quote } from "../evidence.ts";

/** The spellings of one value the finding names, and the one they are merged into. */
export interface Merge {
  variants: string[];
  /** The spelling every variant becomes. */
  into: string;
}

/**
 * The spelling a group of variants is merged into: one the query itself names (it counts that
 * one), else the spelling most rows of the table use (ties: the first in sort order). The counts
 * are read in one statement over the table, for the variants only.
 */
export async function mergesOf(
  engine: DuckEngine,
  table: TableInfo,
  column: string,
  groups: string[][],
  named: ReadonlySet<string> = new Set(),
): Promise<Merge[]> {
  const all = [...new Set(groups.flat())];
  const rows = await engine.all(
    `SELECT ${sqlIdent(column)} AS v, count(*) AS n FROM ${sqlIdent(table.name)} ` +
      `WHERE ${sqlIdent(column)} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]'))) GROUP BY 1`,
    [JSON.stringify(all)],
  );
  const count = new Map(rows.map((r) => [String(r.v), Number(r.n)] as const));
  return groups.map((variants) => {
    const candidates = variants.some((v) => named.has(v)) ? variants.filter((v) => named.has(v)) : variants;
    const into = [...candidates].sort(
      (a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
    )[0]!;
    return { variants, into };
  });
}

/**
 * The remedy of `value-variants`: the table with each variant replaced by the spelling it is
 * merged into — "'Yes'/'YES' counted as 'yes'". Only the spellings the rule found are touched.
 */
export function mergedSpellings(table: TableInfo, column: string, merges: Merge[]): Remedy | undefined {
  const changed = merges
    .map((m) => ({ ...m, from: m.variants.filter((v) => v !== m.into) }))
    .filter((m) => m.from.length > 0);
  if (changed.length === 0) return undefined;
  const c = sqlIdent(column);
  const cases = changed
    .map((m) => `WHEN ${c} IN (${m.from.map(sqlString).join(", ")}) THEN ${sqlString(m.into)}`)
    .join(" ");
  return {
    table: table.name,
    sql: `SELECT * REPLACE (CASE ${cases} ELSE ${c} END AS ${c}) FROM ${sqlIdent(table.name)}`,
    says: changed.map((m) => `${m.from.map(quote).join("/")} counted as ${quote(m.into)}`).join("; "),
  };
}
