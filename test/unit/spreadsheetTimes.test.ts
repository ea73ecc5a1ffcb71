import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { serialToText, showsSecondFractions } from "../../src/core/sourceMap/readers/spreadsheetValues.ts";

// Held-out HN-04 (stop 41): the 1989–2000 sheets of Australia's road-deaths workbooks store crash
// times as day fractions of six digits (0.708333 for 17:00); read to the millisecond they were
// 16:59:59.971, and a count by hour put 2,148 crashes in the hour before their own.
describe("spreadsheet times read as the sheet shows them", () => {
  test("a time shown to the second is rounded to the second", () => {
    assert.equal(serialToText(0.708333, "time", false), "17:00:00");
    assert.equal(serialToText(0.666667, "time", false), "16:00:00");
    assert.equal(serialToText(32874.708333, "datetime", false), "1990-01-01 17:00:00");
    // Rounding up past midnight carries into the next day.
    assert.equal(serialToText(32874.9999999, "datetime", false), "1990-01-02 00:00:00");
  });

  test("a format showing fractions of a second keeps the milliseconds", () => {
    assert.equal(serialToText(0.708333, "time", false, true), "16:59:59.971");
    assert.equal(serialToText(0.5 + 1.5 / 86400, "time", false, true), "12:00:01.500");
  });

  test("formats that show fractions of a second", () => {
    assert.equal(showsSecondFractions("mm:ss.0", 164), true);
    assert.equal(showsSecondFractions("[h]:mm:ss.000", 165), true);
    assert.equal(showsSecondFractions("h:mm", 166), false);
    assert.equal(showsSecondFractions('h:mm "s.0"', 167), false);
    assert.equal(showsSecondFractions(undefined, 47), true);
    assert.equal(showsSecondFractions(undefined, 21), false);
  });
});
