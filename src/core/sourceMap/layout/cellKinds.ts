/** What a cell of an exported table holds, judged from its text alone (layout decisions only). */

// Signs include U+2212 (the minus of typeset tables, e.g. Wikipedia's "−1.2%"). A fraction may
// drop its leading zero (`.769`: R and Stata exports; held-out HG-05's gender-gap index, whose
// first rows were read as a units line).
export const NUMERIC_CELL = /^\s*\(?[-+\u2212]?[$€£]?\s*((\d{1,3}(,\d{3})+|\d+)(\.\d+)?|\.\d+)\s*%?\)?\s*$/;
/** Numbers as report tables write them: also `$2,952M`, `$1.2B`, `12K`, `45 %`. */
const NUMBER_LIKE =
  /^\s*\(?[-+\u2212]?[$€£]?\s*((\d{1,3}(,\d{3})+|\d+)([.,]\d+)?|\.\d+)\s*([%KMB]|bn|mn)?\)?\s*$/i;
/** Markers that stand for a suppressed or missing number in published tables. */
export const MISSING_MARKER =
  /^\s*(\*|-|--|—|–|n\/?a|\(na\)|\(d\)|\(x\)|\(s\)|\[(?:x|z|c|w|low)\]|null|none|x|\.\.?\.?)\s*$/i;
export const YEAR_CELL = /^\s*(1[5-9]|20)\d\d\s*$/;
/**
 * A statistic's cell that gives a value and the year it was reached (`6.53 2023`, `6.53 (2023)`):
 * climate summaries write their Max and Min rows so.
 */
const VALUE_AND_YEAR = /^\s*[-+\u2212]?(\d+(\.\d+)?|\.\d+)\s+\(?(1[5-9]|20)\d\d\)?\s*$/;

export function isNumeric(cell: string): boolean {
  return NUMERIC_CELL.test(cell);
}

export function isNumberLike(cell: string): boolean {
  return NUMBER_LIKE.test(cell);
}

export function isBlankCell(cell: string | undefined): boolean {
  return cell === undefined || !isFilled(cell);
}

/**
 * `cell.trim() !== ""`, without trimming the (usual) cell that starts with a printable ASCII
 * character: the layout asks this of every cell of every row, several times.
 */
export function isFilled(cell: string): boolean {
  const first = cell.charCodeAt(0);
  return (first > 32 && first < 127) || cell.trim() !== "";
}

/** Non-empty cells of a row. */
export function filledCount(row: string[]): number {
  let n = 0;
  for (let i = 0; i < row.length; i++) if (isFilled(row[i]!)) n++;
  return n;
}

/** Index of the last non-empty cell + 1 (0 for a blank row). */
export function usedWidthOf(row: string[]): number {
  for (let i = row.length - 1; i >= 0; i--) if (isFilled(row[i]!)) return i + 1;
  return 0;
}

/** A header row: several cells, none of them a number (years may name columns). */
export function headerLike(row: string[]): boolean {
  return filledCount(row) >= 2 && row.every((c) => c.trim() === "" || YEAR_CELL.test(c) || !isNumeric(c));
}

/** A row holding at least one number that is not a year. */
export function holdsNumbers(row: string[]): boolean {
  return row.some((c) => c.trim() !== "" && !YEAR_CELL.test(c) && isNumberLike(c));
}

/**
 * Labels of rows that sum up or describe the rows above them rather than being one of them:
 * totals and statistics (`Total`, `Mean`, `Max`…) and report trailers (`Number of Fraud Reports`,
 * `# of Reports with Payment Method`, `Total $ Loss`, `Median $ Loss`).
 */
const SUMMARY_LABEL =
  /^\s*((grand\s+|sub-?)?totals?|sum|all|overall|mean|average|avg\.?|median|max(imum)?|min(imum)?|std\.?( ?dev\.?)?|stdev|standard deviation|count|range)\b|^\s*(number of|# of|no\. of|percent(age)? of|% of|share of)\s/i;

/** The whole label is a statistic's name (`Mean`, `Max.`, `Total:`), nothing else. */
const STATISTIC_LABEL =
  /^\s*((grand\s+|sub-?)?totals?|sum|mean|average|avg|median|max(imum)?|min(imum)?|std( ?dev)?|stdev|standard deviation|count|range)\s*[.:]?\s*$/i;

/** The row's first cell names a total, a statistic or a report-level count, and it holds a number. */
export function summaryLabelled(row: string[]): boolean {
  const first = row.findIndex((c) => c.trim() !== "");
  return (
    first >= 0 &&
    first <= 1 &&
    SUMMARY_LABEL.test(row[first]!) &&
    row.some((c, i) => i > first && isNumberLike(c))
  );
}

export function statisticLabelled(row: string[]): boolean {
  // The first non-empty cell must be the row's first cell.
  const first = row[0];
  return (
    first !== undefined &&
    isFilled(first) &&
    STATISTIC_LABEL.test(first) &&
    row.some((c, i) => i > 0 && (isNumberLike(c) || VALUE_AND_YEAR.test(c)))
  );
}
