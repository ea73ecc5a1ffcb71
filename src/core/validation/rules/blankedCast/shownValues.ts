import type { DuckEngine } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import type { SourceLocation } from "../../../diagnostic.ts";
import { at, locate, present, quote } from "../../evidence.ts";

/**
 * The values a conversion lost, as a message lists them — `'*8,097,880' (fires.csv:12), '9.44 2013'
 * ×2 (rain.csv:31)` and `, …` when `total` rows hold more than those shown — with their locations.
 * `values` are rows of `v` (the value), `n` (its rows) and `r` (its first rowid).
 */
export async function shownValues(
  engine: DuckEngine,
  table: TableInfo,
  values: Record<string, unknown>[],
  total: number,
): Promise<{ shown: string; locations: SourceLocation[] }> {
  const found = await locate(
    engine,
    table,
    values.map((v) => Number(v.r)),
  );
  const listed = values
    .map((v, i) => `${quote(v.v)}${Number(v.n) > 1 ? ` ×${Number(v.n)}` : ""}${at(found[i])}`)
    .join(", ");
  const more = total > values.reduce((s, v) => s + Number(v.n), 0) ? ", …" : "";
  return { shown: `${listed}${more}`, locations: present(found) };
}
