import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { calendarDays } from "../../src/core/discover/calendarSlots.ts";
import {
  lastDayOfMonth,
  monthNumber,
  monthSpan,
  overlaps,
  pointSpan,
  questionPeriods,
  yearSpan,
} from "../../src/core/discover/questionPeriods.ts";

// The calendar arithmetic under Discover's family selection, without a lake: which numbers in file
// names are days, and which days a question's words name.

describe("calendarDays: numbers in file names read as days", () => {
  test("three digits after a year in the path: the day of that year", () => {
    assert.deepEqual(calendarDays(["001", "045", "365"], [2019, 2019, 2019]), {
      reading: "day-of-year",
      days: ["2019-01-01", "2019-02-14", "2019-12-31"],
    });
  });

  test("day 366 exists only in a leap year, day 000 never", () => {
    assert.deepEqual(calendarDays(["366"], [2020])?.days, ["2020-12-31"]);
    assert.equal(calendarDays(["366"], [2019]), undefined);
    assert.equal(calendarDays(["366"], [1900]), undefined, "1900 is no leap year");
    assert.deepEqual(calendarDays(["366"], [2000])?.days, ["2000-12-31"], "2000 is");
    assert.equal(calendarDays(["000", "001"], [2019, 2019]), undefined);
  });

  test("seven digits carry their own year; one year out of 1800–2100 spoils the family", () => {
    assert.deepEqual(calendarDays(["2020060", "2021060"], [undefined, undefined]), {
      reading: "day-of-year",
      days: ["2020-02-29", "2021-03-01"],
    });
    assert.equal(calendarDays(["2020060", "1799060"], [undefined, undefined]), undefined);
  });

  test("four digits with the year elsewhere: month and day, checked against the month's length", () => {
    assert.deepEqual(calendarDays(["0228", "0229", "1231"], [2020, 2020, 2020]), {
      reading: "month-day",
      days: ["2020-02-28", "2020-02-29", "2020-12-31"],
    });
    assert.equal(calendarDays(["0228", "0229"], [2019, 2019]), undefined);
    assert.equal(calendarDays(["0132"], [2019]), undefined);
    assert.equal(calendarDays(["1301"], [2019]), undefined);
  });

  test("no year in a member's path, mixed widths or no values: no reading", () => {
    assert.equal(calendarDays(["045", "046"], [2019, undefined]), undefined);
    assert.equal(calendarDays(["045", "0309"], [2019, 2019]), undefined);
    assert.equal(calendarDays(["45"], [2019]), undefined);
    assert.equal(calendarDays([], []), undefined);
  });

  test("each member takes its own year", () => {
    assert.deepEqual(calendarDays(["060", "060"], [2019, 2020])?.days, ["2019-03-01", "2020-02-29"]);
  });
});

describe("months, spans and overlaps", () => {
  test("monthNumber reads full names and three-letter abbreviations, any case, a final dot", () => {
    assert.equal(monthNumber("January"), 1);
    assert.equal(monthNumber("SEP"), 9);
    assert.equal(monthNumber("Sept."), 9);
    assert.equal(monthNumber("dec."), 12);
    assert.equal(monthNumber("ju"), 0, "two letters are no month");
    assert.equal(monthNumber("janu"), 0, "a longer prefix is no abbreviation");
    assert.equal(monthNumber("monday"), 0);
  });

  test("month lengths, leap years included", () => {
    assert.equal(lastDayOfMonth(2024, 2), 29);
    assert.equal(lastDayOfMonth(2023, 2), 28);
    assert.equal(lastDayOfMonth(2100, 2), 28);
    assert.equal(lastDayOfMonth(2023, 4), 30);
    assert.equal(lastDayOfMonth(2023, 12), 31);
    assert.deepEqual(monthSpan(2024, 2), { from: "2024-02-01", to: "2024-02-29" });
    assert.deepEqual(yearSpan(987), { from: "0987-01-01", to: "0987-12-31" });
  });

  test("intervals overlap when they share a day, the ends included", () => {
    const march = monthSpan(2024, 3);
    assert.ok(overlaps(march, { from: "2024-03-31", to: "2024-04-02" }));
    assert.ok(overlaps(march, { from: "2024-01-01", to: "2024-03-01" }));
    assert.ok(overlaps(march, { from: "2024-03-10", to: "2024-03-11" }), "inside");
    assert.ok(!overlaps(march, { from: "2024-04-01", to: "2024-04-30" }));
    assert.ok(!overlaps(march, { from: "2024-02-01", to: "2024-02-29" }));
  });
});

describe("pointSpan: one point in time as a question writes it", () => {
  test("a day in ISO or slashes, spelled out either way round, with ordinals", () => {
    const day = (iso: string): { from: string; to: string } => ({ from: iso, to: iso });
    assert.deepEqual(pointSpan("2018-10-4"), day("2018-10-04"));
    assert.deepEqual(pointSpan("2018/10/04"), day("2018-10-04"));
    assert.deepEqual(pointSpan("October 4th, 2018"), day("2018-10-04"));
    assert.deepEqual(pointSpan("Oct. 4 2018"), day("2018-10-04"));
    assert.deepEqual(pointSpan("4th of October 2018"), day("2018-10-04"));
    assert.deepEqual(pointSpan("29 Feb, 2024"), day("2024-02-29"));
  });

  test("a month, a quarter, a year", () => {
    assert.deepEqual(pointSpan("2024-02"), { from: "2024-02-01", to: "2024-02-29" });
    assert.deepEqual(pointSpan("September of 2023"), { from: "2023-09-01", to: "2023-09-30" });
    assert.deepEqual(pointSpan("Q4 2023"), { from: "2023-10-01", to: "2023-12-31" });
    assert.deepEqual(pointSpan("third quarter of 2023"), { from: "2023-07-01", to: "2023-09-30" });
    assert.deepEqual(pointSpan(" 1999 "), { from: "1999-01-01", to: "1999-12-31" });
  });

  test("days that do not exist and words that are no month read as nothing", () => {
    assert.equal(pointSpan("2019-02-29"), undefined);
    assert.equal(pointSpan("February 30, 2024"), undefined);
    assert.equal(pointSpan("2024-13-01"), undefined);
    assert.equal(pointSpan("Monday 2024"), undefined);
    assert.equal(pointSpan("twenty twenty"), undefined);
  });
});

describe("questionPeriods: open ends and what is not a period", () => {
  const said = (q: string): [string, string, string][] =>
    questionPeriods(q).map((p) => [p.from, p.to, p.said]);

  test("open ends take the day before or after the point named", () => {
    assert.deepEqual(said("prior to March 2020"), [["0000-01-01", "2020-02-29", "prior to March 2020"]]);
    assert.deepEqual(said("after Q1 2021"), [["2021-04-01", "9999-12-31", "after Q1 2021"]]);
    assert.deepEqual(said("up to 2005"), [["0000-01-01", "2005-12-31", "up to 2005"]]);
    assert.deepEqual(said("from 2018 onwards"), [["2018-01-01", "9999-12-31", "from 2018 onwards"]]);
  });

  test("a range written backwards is no range: its points stand alone", () => {
    assert.deepEqual(said("between 2023 and 2019"), [
      ["2023-01-01", "2023-12-31", "2023"],
      ["2019-01-01", "2019-12-31", "2019"],
    ]);
  });

  test("numbers that are no years, and years inside longer numbers, name no period", () => {
    assert.deepEqual(said("the top 1500 rows"), []);
    assert.deepEqual(said("code 120195"), []);
    assert.deepEqual(said("the 2010s"), [["2010-01-01", "2019-12-31", "the 2010s"]]);
  });
});
