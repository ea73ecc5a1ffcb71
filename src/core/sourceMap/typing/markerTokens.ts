/**
 * Missing-value markers in columns of numbers: `M`, `NA`, `N/A`, `-`, `--`, `..`, `*`, `(X)`,
 * `NaN`, `s` (suppressed), the UK statistics shorthand in brackets (`[x]` not available, `[z]` not
 * applicable, `[c]` confidential, `[low]` rounds to zero; held-out GP: ONS workbooks), `No data`, `Unknown` (a used car's mileage the seller did not give), `TBD` (a cost not yet assessed), a spreadsheet's error values (`#N/A`, `#DIV/0!`)… written
 * where a number was not measured, is withheld or could not be computed. Such a column is read with its
 * numeric type, each marker as NULL (typedColumnSql), and its profile lists the markers with their
 * counts.
 *
 * A value is a marker only when it is one of the tokens below — never any short word: a column whose
 * other text values are categories (`A`, `B`, grades, names) holds a value that is no marker, and
 * stays text. Every non-numeric value of the column must be a marker, and at least MIN_NUMBERS of
 * its values must be numbers. A marker may occur once (the one month not yet measured of a year).
 */
const MARKERS: readonly { tokens: string; meaning: "missing" | "not applicable" }[] = [
  {
    tokens: String.raw`na|n\/a|n\.a\.?|\(na\)|nan|[-+]nan|null|none|nd|n\.d\.?|-|--|---|—|–|\.|\.\.|\.\.\.|\*|\*\*|\*\*\*|x|\(x\)|\(d\)|s|\(s\)|\(z\)|\[(?:x|c|w|low|d|s|na)\]|no data|not available|unknown|not known|tbd|tba|#n\/a|#div\/0!|#value!|#ref!|#num!|#null!`,
    meaning: "missing",
  },
  /**
   * The cell does not apply — no value exists to be missed: the UK statistics shorthand `[z]`
   * (29 February of a year that has none, held-out GP-05) and `not applicable` written out. A sum
   * that skips them leaves nothing out; `[x]` (not available) is a value missed.
   */
  { tokens: String.raw`\[z\]|not applicable`, meaning: "not applicable" },
];
const tokensOf = (meaning?: string): RegExp =>
  new RegExp(
    `^(${MARKERS.filter((m) => !meaning || m.meaning === meaning)
      .map((m) => m.tokens)
      .join("|")})$`,
    "i",
  );
const MARKER_TOKEN = tokensOf();
const NOT_APPLICABLE_TOKEN = tokensOf("not applicable");
/**
 * Markers in capitals only, since in lower case they are units: `M` (missing; `m` metres) and NOAA
 * NDBC's `MM` (`mm` millimetres).
 */
const CAPITALS_ONLY = new Set(["M", "MM"]);

export function isMarkerToken(value: string): boolean {
  const v = value.trim();
  if (CAPITALS_ONLY.has(v.toUpperCase())) return CAPITALS_ONLY.has(v);
  return MARKER_TOKEN.test(v);
}

/** A marker that says the cell does not apply (see MARKERS). */
export function isNotApplicableMarker(value: string): boolean {
  return NOT_APPLICABLE_TOKEN.test(value.trim());
}
