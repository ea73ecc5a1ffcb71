import {
  DEC_THOUSANDS,
  INT,
  INT_THOUSANDS,
  LONG_DIGITS,
  withoutGroupMarks,
  yearFirst,
} from "./varcharColumns.ts";

/** The candidate type tests of a text column as DuckDB SQL, for the pass over every row. */

/** Whether a trimmed, non-empty value `v` keeps the column's candidate type (same tests as chooseType). */
export function keepsType(type: string, thousands: boolean, v: string): string {
  const noLeadingZero = `NOT regexp_full_match(${v}, '0\\d+')`;
  const dated = yearFirst(v);
  switch (type) {
    case "BIGINT":
      return thousands
        ? `regexp_full_match(${v}, '${INT}|${INT_THOUSANDS}') AND TRY_CAST(${withoutGroupMarks(v)} AS BIGINT) IS NOT NULL AND ${noLeadingZero}`
        : // [-+]?\d+ without a leading zero: the integer test and the leading-zero test in one pattern.
          `regexp_full_match(${v}, '[-+]\\d+|0|[1-9]\\d*') AND TRY_CAST(${v} AS BIGINT) IS NOT NULL`;
    case "DOUBLE":
      return thousands
        ? `regexp_full_match(${v}, '${DEC_THOUSANDS}') AND ${noLeadingZero}`
        : `TRY_CAST(${v} AS DOUBLE) IS NOT NULL AND ${noLeadingZero} AND NOT regexp_full_match(${v}, '${LONG_DIGITS}')`;
    case "DATE":
      return `${dated} AND NOT contains(${v}, ':') AND TRY_CAST(${v} AS DATE) IS NOT NULL`;
    case "TIME":
      return `regexp_full_match(${v}, '\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?') AND TRY_CAST(${v} AS TIME) IS NOT NULL`;
    case "TIMESTAMP":
      return `${dated} AND TRY_CAST(${v} AS TIMESTAMP) IS NOT NULL`;
    case "BOOLEAN":
      return `lower(${v}) IN ('true', 'false')`;
    default:
      return "true";
  }
}

/**
 * A cheaper test than keepsType, on the cell as read (`c`, untrimmed): where it holds, keepsType holds
 * on the trimmed value, so only the cells it fails need keepsType's trim and patterns (brokenSql).
 * undefined where no cheaper test is known. Why each implies keepsType:
 * - BIGINT: the cell is exactly the text DuckDB writes for its BIGINT value — `0` or `-?[1-9]\d*`, in
 *   range, no spaces — which the integer pattern (with or without thousands) and the cast accept.
 * - DOUBLE: no edge spaces (so trim is a no-op), the cast accepts it, and no `0\d+` (it does not start
 *   with `0`, or starts with `0.`, or is `0`).
 * - DATE, TIMESTAMP, TIME: no edge spaces, then keepsType itself on the cell (only the trims are saved).
 * - BOOLEAN: one of six exact spellings.
 */
export function surelyKeeps(type: string, thousands: boolean, c: string): string | undefined {
  const noEdgeSpace = `NOT starts_with(${c}, ' ') AND NOT ends_with(${c}, ' ')`;
  switch (type) {
    case "BIGINT":
      return `CAST(TRY_CAST(${c} AS BIGINT) AS VARCHAR) = ${c}`;
    case "DOUBLE":
      return thousands
        ? undefined
        : `TRY_CAST(${c} AS DOUBLE) IS NOT NULL AND ${noEdgeSpace} AND (NOT starts_with(${c}, '0') OR starts_with(${c}, '0.') OR ${c} = '0') AND NOT regexp_full_match(${c}, '${LONG_DIGITS}')`;
    case "DATE":
    case "TIMESTAMP":
    case "TIME":
      return `${noEdgeSpace} AND ${keepsType(type, thousands, c)}`;
    case "BOOLEAN":
      return `${c} IN ('true', 'false', 'TRUE', 'FALSE', 'True', 'False')`;
    default:
      return undefined;
  }
}

/**
 * Whether the cell `c` breaks the candidate: a non-empty trimmed value failing keepsType. The cheap
 * test (surelyKeeps) settles most cells first; CASE evaluates the rest only on the cells it leaves.
 */
export function brokenSql(type: string, thousands: boolean, c: string): string {
  const v = `trim(${c})`;
  const exact = `NULLIF(${v}, '') IS NOT NULL AND NOT (${keepsType(type, thousands, v)})`;
  const cheap = surelyKeeps(type, thousands, c);
  return cheap === undefined ? exact : `CASE WHEN ${cheap} THEN false ELSE ${exact} END`;
}
