/**
 * Short codes (gene symbols `BRD8`, `TP53`; station ids `K2P10`; part numbers) as a column's values.
 * A first row holding such a code over a column of codes of the same make is a value, not a
 * header: header words hold no digits (`Gene`, `Symbol`), or are written unlike the codes below
 * (`ICD10` over `E11`, `I10`). Used to tell a header-less list from a headed one (tableLayout.ts).
 */

/** Letters and digits (and `.`, `_`, `:`, `-` inside), no spaces, at most 16 characters. */
const CODE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,15}$/;
/** Values below the first row needed to judge it. */
const MIN_VALUES = 4;

/** How a code is written: runs of capitals, small letters and digits (`BRD8` → `A9`, `C1orf112` → `A9a9`). */
export function codeShape(value: string): string {
  return value
    .replace(/[A-Z]+/g, "A")
    .replace(/[a-z]+/g, "a")
    .replace(/\d+/g, "9");
}

/**
 * `cell` (a first row's cell) is a code written as the column's values below it are: it holds a
 * letter and a digit, every value below is a code, a quarter or more of them (two at least) have
 * its shape, and its length is within theirs.
 */
export function codeLikeBelow(cell: string, below: string[]): boolean {
  const value = cell.trim();
  if (!CODE.test(value) || !/\d/.test(value) || !/[A-Za-z]/.test(value)) return false;
  const values = below.map((v) => v.trim()).filter((v) => v !== "");
  if (values.length < MIN_VALUES || !values.every((v) => CODE.test(v))) return false;
  const shape = codeShape(value);
  const same = values.filter((v) => codeShape(v) === shape).length;
  if (same < Math.max(2, values.length / 4)) return false;
  const lengths = values.map((v) => v.length);
  return value.length >= Math.min(...lengths) && value.length <= Math.max(...lengths);
}

/** How a text's letters are written: all capitals, all small, or mixed. */
function letterCase(value: string): "upper" | "lower" | "mixed" | undefined {
  if (!/\p{L}/u.test(value)) return undefined;
  if (value === value.toUpperCase()) return "upper";
  if (value === value.toLowerCase()) return "lower";
  return "mixed";
}

/**
 * `cell` (a first row's text cell, beside a code cell of that row) is written as the column's
 * values below it are: in their letter case — all capitals over capitals (`CAPE COD` over `SUMMER
 * COTTAGE`), mixed over mixed — as nine in ten of them are, and no longer than the longest. A code
 * list's first entry (`A0  CAPE COD` over `A1  TWO STORIES - DETACHED SM OR MID`, NYC's building
 * class codes, held-out HP) is data; a header word written otherwise (`Description` over capitals)
 * stays a header. Only asked where another cell of the row is a code (codeLikeBelow), which header
 * names are not.
 */
export function writtenLikeBelow(cell: string, below: string[]): boolean {
  const value = cell.trim();
  const style = letterCase(value);
  const values = below.map((v) => v.trim()).filter((v) => v !== "");
  if (style === undefined || values.length < MIN_VALUES) return false;
  const same = values.filter((v) => letterCase(v) === style).length;
  return same >= 0.9 * values.length && value.length <= Math.max(...values.map((v) => v.length));
}
