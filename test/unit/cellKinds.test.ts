import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  MISSING_MARKER,
  filledCount,
  headerLike,
  holdsNumbers,
  isBlankCell,
  isFilled,
  isNumberLike,
  isNumeric,
  statisticLabelled,
  summaryLabelled,
  usedWidthOf,
} from "../../src/core/sourceMap/layout/cellKinds.ts";

// What a cell of an exported table holds, judged from its text: the layout engine's vocabulary.

describe("numbers and missing markers in cells", () => {
  test("numbers as tables write them: thousands, parentheses, signs, currency, percent", () => {
    for (const cell of ["1,234.5", "(12)", "\u22123.2%", "$ 1,000", " 42 ", "+0.5", ".769", "-.5"]) {
      assert.ok(isNumeric(cell), cell);
      assert.ok(isNumberLike(cell), cell);
    }
    for (const cell of ["1,23", "12K", "abc", "", "1.2.3", "€", ".", "..", ".5.", "1."])
      assert.ok(!isNumeric(cell), cell);
  });

  test("report numbers also take K/M/B suffixes and a decimal comma", () => {
    for (const cell of ["12K", "$2,952M", "$1.2B", "3bn", "1,5", "45 %"]) assert.ok(isNumberLike(cell), cell);
    for (const cell of ["12KB", "K12", "n/a", "12 apples"]) assert.ok(!isNumberLike(cell), cell);
  });

  test("missing markers of published tables, any case; numbers and words are not", () => {
    for (const cell of [
      "*",
      "--",
      "—",
      "n/a",
      "NA",
      "(D)",
      "(x)",
      "[x]",
      "[z]",
      "[c]",
      "x",
      "...",
      "NULL",
      " none ",
    ])
      assert.ok(MISSING_MARKER.test(cell), cell);
    for (const cell of ["0", "-5", "nan", "***", "n.a.", "xx", ""])
      assert.ok(!MISSING_MARKER.test(cell), cell);
  });
});

describe("filled cells and row widths", () => {
  test("whitespace, a no-break space included, is not a filled cell", () => {
    assert.ok(isFilled("a"));
    assert.ok(isFilled(" a"));
    assert.ok(!isFilled("   "));
    assert.ok(!isFilled("\u00a0"));
    assert.ok(isFilled("\u00e9"));
    assert.ok(isBlankCell(undefined));
    assert.ok(isBlankCell("\t"));
    assert.ok(!isBlankCell("0"));
  });

  test("filledCount and usedWidthOf", () => {
    assert.equal(filledCount(["a", " ", "", "b"]), 2);
    assert.equal(usedWidthOf(["a", "", "b", " "]), 3);
    assert.equal(usedWidthOf(["", " "]), 0);
    assert.equal(usedWidthOf([]), 0);
  });
});

describe("rows: headers, numbers, summaries", () => {
  test("a header has several cells and no number but years", () => {
    assert.ok(headerLike(["Year", "2019", "2020"]));
    assert.ok(headerLike(["Name", "", "Value"]));
    assert.ok(!headerLike(["Name", "12.5"]));
    assert.ok(!headerLike(["Name"]));
  });

  test("a row holds numbers when one is not a year", () => {
    assert.ok(!holdsNumbers(["2019", "abc"]));
    assert.ok(holdsNumbers(["2019", "12K"]));
    assert.ok(!holdsNumbers(["", " "]));
  });

  test("summary rows: a total, statistic or report count in the first or second cell, with a number", () => {
    assert.ok(summaryLabelled(["Total", "", "1,234"]));
    assert.ok(summaryLabelled(["", "Grand total", "5"]));
    assert.ok(summaryLabelled(["Number of Fraud Reports", "1,234"]));
    assert.ok(summaryLabelled(["Mean temperature", "5"]));
    assert.ok(!summaryLabelled(["", "", "Total", "5"]), "third cell");
    assert.ok(!summaryLabelled(["Total", "n/a"]), "no number");
    assert.ok(!summaryLabelled(["Totally Fit", "5"]));
  });

  test("statistic rows: the whole first cell names the statistic; a value with its year counts", () => {
    assert.ok(statisticLabelled(["Mean", "5.2"]));
    assert.ok(statisticLabelled(["Total:", "12"]));
    assert.ok(statisticLabelled(["Max.", "6.53 2023"]));
    assert.ok(statisticLabelled(["Min", "-1.5 (1987)"]));
    assert.ok(!statisticLabelled(["Mean temperature", "5"]));
    assert.ok(!statisticLabelled([" ", "Mean", "5"]));
    assert.ok(!statisticLabelled(["Mean", "high"]));
  });
});
