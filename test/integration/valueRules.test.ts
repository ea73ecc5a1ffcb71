import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { statisticLabelled } from "../../src/core/sourceMap/layout/cellKinds.ts";
import { farBeyond, longCode, ninesForm } from "../../src/core/sourceMap/typing/fillValues.ts";
import { isMarkerToken } from "../../src/core/sourceMap/typing/markerTokens.ts";
import { findTableEnd } from "../../src/core/sourceMap/layout/tableEnd.ts";

// The rules behind statistic rows, markers, sparse data rows and fill values (issue 26);
// test/integration/valueShapes.test.ts maps whole files with them.

describe("statistic rows", () => {
  test("a Max row whose cells give a value and its year is a statistic row", () => {
    assert.ok(statisticLabelled(["Max", "6.53 2023", "5.10 (1998)"]));
    assert.ok(statisticLabelled(["Min", "0.12 1999"]));
    assert.ok(!statisticLabelled(["Max", "high", "low"]));
    assert.ok(!statisticLabelled(["Maxwell", "6.53 2023"]));
  });

  test("Mean, Max and Min after 26 years are left out", () => {
    const rows = [["Year", "Jan", "Feb"]];
    for (let y = 1999; y <= 2024; y++) rows.push([String(y), y === 2024 ? "M" : "1.25", "2.50"]);
    rows.push(["Mean", "1.25", "2.50"], ["Max", "6.53 2023", "7.01 2001"], ["Min", "0.12 1999", "0.40 2010"]);
    const end = findTableEnd(rows, 1, { width: 3 });
    assert.equal(end.dataEnd, 27);
    assert.deepEqual(
      end.footer.map((f) => f.kind),
      ["summary", "summary", "summary"],
    );
  });
});

describe("rows with the table's shape", () => {
  const series = (n: number): string[][] =>
    Array.from({ length: n }, (_, i) => [`2024-05-10 00:${String(i).padStart(2, "0")}:00`, String(i)]);

  test("a timestamp with an empty reading is data; the footnote after it is not", () => {
    const rows = [
      ["time", "density"],
      ...series(10),
      ["2024-05-10 00:10:00", ""],
      ["2024-05-10 00:11:00", ""],
      ["Source: model run 2."],
    ];
    const end = findTableEnd(rows, 1, { width: 2 });
    assert.equal(end.dataEnd, 13);
    assert.deepEqual(end.footer, [{ index: 13, kind: "note" }]);
  });

  test("a lone word or a Source line written with the delimiters stays a footnote", () => {
    for (const note of [
      ["Total", ""],
      ["Source: NOAA", ""],
      ["2024 data are provisional and may change.", ""],
    ]) {
      const rows = [["time", "density"], ...series(10), note];
      assert.equal(findTableEnd(rows, 1, { width: 2 }).dataEnd, 11, note[0]);
    }
  });
});

describe("missing-value markers", () => {
  test("the vocabulary: M and MM in capitals, NA, n/a, dashes, dots, stars, (X), NaN", () => {
    for (const v of ["M", "MM", "NA", "n/a", "N/A", "-", "--", "..", "*", "(X)", "NaN", " NA "])
      assert.ok(isMarkerToken(v), v);
    for (const v of ["m", "mm", "Mm", "A", "B", "F", "low", "II", "Z", "0"]) assert.ok(!isMarkerToken(v), v);
  });
});

describe("fill values", () => {
  test("nines form", () => {
    for (const v of [9999, -9999, 999.9, 99999.99, 9.99e32, 99]) assert.ok(ninesForm(v), String(v));
    for (const v of [1000, 9998, 123.45, 1e20, 0]) assert.ok(!ninesForm(v), String(v));
  });

  test("a number of more than ten significant digits, not nines, is a code, never a fill", () => {
    // Held-out GT-09: a district code joined to a year, read as 9.10000000000962e+17.
    assert.ok(longCode(9.10000000000962e17));
    assert.ok(longCode(9001508602009));
    for (const v of [2147483647, -32768, 1e30, 9.99e32, 999999999999, 65535, -1])
      assert.ok(!longCode(v), String(v));
  });

  test("far beyond: 5× the others' magnitude for nines, 100× otherwise", () => {
    assert.ok(farBeyond(9.99e32, 1e-12, 3e-12));
    assert.ok(farBeyond(-9999, -40, 45));
    assert.ok(farBeyond(999.9, 0.5, 40));
    assert.ok(farBeyond(9999, 250, 1100));
    // A heavy tail's maximum (7.5× the next) is not far enough from the rest; a cap at 100 is inside
    // the range. (A lone value, however far, is no fill either: findFillValues needs it twice.)
    assert.ok(!farBeyond(60_000, 1, 8000));
    assert.ok(!farBeyond(100, 0, 99));
    assert.ok(!farBeyond(1, 0, 0));
    // Not nines: a hundredfold gap is needed.
    assert.ok(!farBeyond(-5555, -40, 45));
    assert.ok(farBeyond(-32768, 0, 100));
    // A nines sentinel of the other sign than every other value, near as it is (Mauna Loa's -99.99
    // among 313–407 ppm); one inside a range that holds both signs is a value.
    assert.ok(farBeyond(-99.99, 313.2, 407.7));
    assert.ok(farBeyond(-9, 1, 50));
    assert.ok(!farBeyond(-99.99, -120, 407.7));
    assert.ok(!farBeyond(-5, 1, 50));
  });
});
