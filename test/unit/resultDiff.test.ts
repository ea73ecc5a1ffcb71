import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { diffResults } from "../../src/core/validation/effect/resultDiff.ts";

const num = (name: string) => ({ name, type: "DOUBLE" });
const text = (name: string) => ({ name, type: "VARCHAR" });

describe("what a remedy changes in a result", () => {
  test("a one-row result: each changed column, before → after, with the digits that tell them apart", () => {
    const d = diffResults([num("corr"), num("n")], [[0.51912, 41]], [[0.51487, 42]]);
    assert.equal(d.changed, true);
    assert.equal(d.text, "corr 0.5191 → 0.5149, n 41 → 42");
  });

  test("numbers that differ only past 10 significant digits are the same (parallel float sums)", () => {
    assert.equal(diffResults([num("s")], [[0.1 + 0.2]], [[0.3]]).changed, false);
    assert.equal(
      diffResults([num("s")], [["1234"]], [[1234]]).changed,
      false,
      "a BIGINT as text is the number",
    );
  });

  test("a keyed result pairs rows by their text columns: changed, gone and new rows", () => {
    const d = diffResults(
      [text("state"), num("total")],
      [
        ["CA", 10],
        ["NV", 3],
        ["OR", 4],
      ],
      [
        ["CA", 12],
        ["OR", 4],
        ["WA", 1],
      ],
    );
    assert.equal(d.changed, true);
    assert.equal(
      d.text,
      "3 of 3 rows change: 'CA': total 10 → 12; 'NV' no longer in the result; 'WA' new in the result",
    );
  });

  test("large amounts are grouped; more changes than shown are counted", () => {
    const before = [1, 2, 3, 4, 5].map((i) => [`k${i}`, 1_000_000 * i]);
    const after = before.map(([k, v]) => [k, Number(v) + 1]);
    const d = diffResults([text("k"), num("v")], before, after);
    assert.equal(
      d.text,
      "5 of 5 rows change: 'k1': v 1,000,000 → 1,000,001; 'k2': v 2,000,000 → 2,000,001; 'k3': v 3,000,000 → 3,000,001; 2 more",
    );
  });

  test("without a key, rows are compared as a multiset; the same rows in another order are no change", () => {
    const before = [
      [1, 2],
      [3, 4],
    ];
    assert.equal(diffResults([num("a"), num("b")], before, [...before].reverse()).changed, false);
    const d = diffResults([num("a"), num("b")], before, [[1, 2]]);
    assert.equal(d.text, "rows 2 → 1; 1 row(s) no longer in the result, 0 new");
  });
});
