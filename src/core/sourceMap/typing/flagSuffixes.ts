/**
 * Symbols written right after a number to flag it — the Met Office station files' `24.1*`
 * (estimated) and `86.1#` (sunshine from another sensor), footnote daggers — read off the value,
 * which keeps its number; the profile counts them (ColumnProfile.flags). Held-out GY: a column
 * of such values stayed text, and `---` read as NULL in some columns only.
 */
const FLAGGED_NUMBER = /^[-+]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?[*#†‡]$/;
/** The same test in DuckDB's regular expressions, and the suffix it strips. */
export const FLAGGED_NUMBER_SQL = "^[-+]?([0-9]+|[0-9]{1,3}(,[0-9]{3})+)([.][0-9]+)?[*#†‡]$";
export const FLAG_SUFFIX_SQL = "[*#†‡]$";

export function flaggedNumber(v: string): boolean {
  return FLAGGED_NUMBER.test(v);
}
