import type { ColumnProfile, ColumnSpec } from "../sourceEntry.ts";

/** Values of the sample a column needs before its padding is judged. */
const MIN_VALUES = 3;

/**
 * Text columns padded with blanks: every value of the sample ends in a blank (`9899  ,     01  ,
 * 001  , Autauga County  `, the Census Bureau's 1998 county permits file, held-out HV-06). The blanks
 * are the file's layout, not the value: a code read as `'     01  '` matches no `'01'` of the next
 * year's file, and a join on it finds nothing, silently. Such a column is read trimmed. A column
 * whose values only start with blanks (labels indented by level) keeps them: the indent may mean
 * something, a trailing blank never does. So is a field of fixed width whose values are filled out
 * with blanks to one length, the longest with none.
 */
export function markPaddedText(specs: ColumnSpec[], profiles: ColumnProfile[], sample: string[][]): void {
  specs.forEach((spec, i) => {
    if (spec.type !== "VARCHAR") return;
    const values = sample.map((r) => r[i] ?? "").filter((v) => v.trim() !== "");
    if (values.length < MIN_VALUES) return;
    // Or a field of fixed width: every value the same length, the shorter words filled out with
    // blanks (IAEA PRIS's reactor types, `PWR  `, `PHWR `, `HWGCR`; held-out JG-01, where
    // `Type = 'PWR'` matched nothing).
    const fixedWidth =
      values.some((v) => / $/.test(v)) &&
      values.every((v) => v.length === values[0]!.length && !/^\s/.test(v));
    if (!fixedWidth && !values.every((v) => /[ \t]$/.test(v))) return;
    spec.padded = true;
    const profile = profiles[i];
    if (profile) {
      profile.padded = true;
      profile.samples = [...new Set(profile.samples.map((v) => v.trim()))];
    }
  });
}
