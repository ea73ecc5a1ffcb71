import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { ColumnProfile, ColumnSpec } from "../sourceEntry.ts";
import { positionalName } from "./varcharColumns.ts";

/**
 * An unnamed first column numbering the rows 1…n (or 0…n-1): the row names R's `write.csv` and
 * pandas' `to_csv` write before the data (`"","peakid",…` then `"1","AMAD",…`; held-out HT-02…10).
 * It is a row index, not a field of the data: the map says so, and the header-offset rule does not
 * ask the analyst to find out what it holds. Every row numbered once, no gap, no blank.
 */
export async function markRowIndex(
  engine: DuckEngine,
  from: string,
  specs: ColumnSpec[],
  profiles: ColumnProfile[],
): Promise<void> {
  const spec = specs[0];
  const profile = profiles[0];
  if (!spec || !profile || spec.type !== "BIGINT" || spec.name !== positionalName(0)) return;
  const v = `TRY_CAST(trim(${sqlIdent(positionalName(0))}) AS BIGINT)`;
  const [row] = await engine.all(
    `SELECT min(${v}) AS lo, max(${v}) AS hi, count(DISTINCT ${v}) AS d, count(${v}) AS n, count(*) AS total FROM (${from})`,
  );
  const lo = Number(row?.lo ?? -1);
  const hi = Number(row?.hi ?? -1);
  const n = Number(row?.n ?? 0);
  if (
    n < 2 ||
    n !== Number(row?.total) ||
    Number(row?.d) !== n ||
    (lo !== 0 && lo !== 1) ||
    hi !== lo + n - 1
  )
    return;
  profile.rowIndex = { first: lo, last: hi };
}
