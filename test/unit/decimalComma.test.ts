import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { decimalCommaColumns } from "../../src/core/sourceMap/typing/decimalComma.ts";
import type { ColumnProfile } from "../../src/core/sourceMap/sourceEntry.ts";

const column = (name: string, samples: string[], type = "VARCHAR"): ColumnProfile => ({
  name,
  type,
  nullFraction: 0,
  samples,
});

describe("decimal commas in a text column's samples", () => {
  test("ratings written 8,79: named with an example no thousands mark could be", () => {
    assert.deepEqual(decimalCommaColumns([column("Rating Average", ["1,05", "10", "7,03", "8,79"])]), [
      { name: "Rating Average", example: "1,05" },
    ]);
  });
  test("points grouping thousands before the comma: 1.234,5", () => {
    assert.deepEqual(decimalCommaColumns([column("amount", ["1.234,5", "12,25"])]), [
      { name: "amount", example: "1.234,5" },
    ]);
  });
  test("commas that may group thousands (1,234) and text columns are not named", () => {
    assert.deepEqual(
      decimalCommaColumns([
        column("population", ["1,234", "12,345", "999"]),
        column("city", ["Bern", "Chur, GR", "Zug"]),
        column("score", ["8,79"], "DOUBLE"),
      ]),
      [],
    );
  });
  test("a column mostly of words with one such number is not one of numbers", () => {
    assert.deepEqual(decimalCommaColumns([column("note", ["about 2,5", "n/a", "see 3,1", "2,5"])]), []);
  });
});

describe("lists written with commas are no decimal numbers", () => {
  test("currency minor units '2,2' beside 0, 2, 3, and footnote lists '11,9,10'", () => {
    assert.deepEqual(
      decimalCommaColumns([
        column("ISO4217-currency_minor_unit", ["0", "2", "2,2", "2,4", "3"]),
        column("Value Footnotes", ["1", "11,9,10", "12", "9,10"]),
      ]),
      [],
    );
  });
});
