/**
 * Pairs of values one edit apart, found without comparing every pair. Two strings one insertion,
 * deletion or substitution apart, the shorter of length m (m ≥ 6), share either their first
 * ⌊m/2⌋ characters (the edit lies after them) or their last m − ⌊m/2⌋ − 1 (it lies before).
 * Each value is filed under those two blocks for both lengths a partner may have as the shorter
 * (its own and one less), and only values filed in one block are compared: a hash join on the
 * block instead of the all-pairs join (10.8 s → 0.2 s over 1,800 beach names, issue 25).
 */

/**
 * SQL of a relation (a, b) over the values `v` of relation `s`: every pair a < b whose lower-case
 * forms are one edit apart — an insertion, deletion, substitution or two neighbours swapped
 * ('Mistubishi' / 'Mitsubishi', held-out JX-06: a slip of the keyboard as one letter is). `s` must
 * hold values of at least 6 characters (as `spellable` keeps).
 */
export function oneEditPairs(s: string): string {
  // Each value under both lengths a partner may have as the shorter one: its own and one less.
  const lengths = `(SELECT v, lower(v) AS lv, length(lower(v)) AS n, length(lower(v)) - o AS m FROM ${s}, (VALUES (0), (1)) AS shift(o))`;
  // The rest of a value beside its block: a shared prefix or suffix does not change the edit
  // distance, so only the rests are compared (half the time on 1,800 names sharing ' Beach').
  const blocks =
    `SELECT v, n, m, 'p' AS side, left(lv, m // 2) AS block, lv[m // 2 + 1:] AS rest FROM ${lengths} ` +
    `UNION ALL SELECT v, n, m, 's' AS side, right(lv, m - m // 2 - 1) AS block, left(lv, n - (m - m // 2 - 1)) AS rest FROM ${lengths}`;
  return (
    `SELECT DISTINCT x.v AS a, y.v AS b FROM (${blocks}) x JOIN (${blocks}) y ` +
    `ON x.side = y.side AND x.m = y.m AND x.block = y.block AND x.v < y.v ` +
    `WHERE abs(x.n - y.n) <= 1 AND least(x.n, y.n) = x.m AND damerau_levenshtein(x.rest, y.rest) = 1`
  );
}
