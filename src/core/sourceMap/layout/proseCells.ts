/**
 * Sentences as a column's values: a definitions sheet (`Brand Name` | `First Databank Brand Name
 * of the drug.`), a list of survey questions, notes per row. A first row holding a sentence over a
 * column of sentences is the first definition, not a header: header names are not written as
 * sentences (`Definition`, `Annual Change in Average Cost Per Unit, 2015` end without a stop).
 * Used to tell a header-less list from a headed one (tableLayout.ts).
 */

/** Words at least, and a sentence's closing mark, that make a cell prose. */
const MIN_WORDS = 4;
const CLOSING = /[.!?:;)]["')\]]?$/;
/** Values below the first row needed to judge it. */
const MIN_VALUES = 4;
/** Share of the values below that must be prose. */
const PROSE_SHARE = 0.8;

/** A cell written as a sentence: several words, ending with a sentence's closing mark. */
export function isProse(cell: string): boolean {
  const value = cell.trim();
  if (!CLOSING.test(value)) return false;
  return value.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length >= MIN_WORDS;
}

/** `cell` (a first row's cell) is a sentence over a column whose values below are sentences too. */
export function proseLikeBelow(cell: string, below: string[]): boolean {
  if (!isProse(cell)) return false;
  const values = below.map((v) => v.trim()).filter((v) => v !== "");
  if (values.length < MIN_VALUES) return false;
  return values.filter(isProse).length >= PROSE_SHARE * values.length;
}
