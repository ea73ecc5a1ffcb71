import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { headerMisfits, namedLike } from "../../src/core/sourceMap/layout/headerFit.ts";

// Header/value fit without DuckDB: the Source Map calls headerMisfits on the rows it sampled.

describe("namedLike: what a column's name promises", () => {
  test("year, date, state and percentage names, any case, spaces trimmed", () => {
    assert.ok(namedLike("year", "Year"));
    assert.ok(namedLike("year", " fiscal year "));
    assert.ok(namedLike("year", "FY"));
    assert.ok(namedLike("date", "Report Date"));
    assert.ok(namedLike("state", "State/Territory"));
    assert.ok(namedLike("percentage", "Share of total"));
    assert.ok(namedLike("percentage", "Rate (%)"));
    assert.ok(namedLike("percentage", "%"));
  });

  test("names that only contain the word, or promise another kind, do not", () => {
    assert.ok(!namedLike("year", "Years of service?"));
    assert.ok(!namedLike("year", "Yearly total"));
    assert.ok(!namedLike("date", "Updated"));
    assert.ok(!namedLike("state", "Statement"));
    assert.ok(!namedLike("percentage", "Shareholder"));
    assert.ok(!namedLike("year", "Date"), "a date name promises a date, not a year");
  });
});

describe("headerMisfits: swapped or shifted headers", () => {
  test("a state column of German Länder beside a country_code of DE is no swap (held-out KB-05)", () => {
    const rows = [
      ["Brandenburg", "DE", "lignite"],
      ["Baden-Württemberg", "DE", "hard_coal"],
      ["Niedersachsen", "DE", "natural_gas"],
    ];
    assert.deepEqual(headerMisfits(["state", "country_code", "fuel"], rows, 2), []);
    // The same values under a column not named for countries still read as a state code column.
    assert.equal(headerMisfits(["state", "code", "fuel"], rows, 2).length, 1);
  });

  test("`Theft Type,Year` over `2020,Bank Account`: Year is the misfit, Theft Type holds its years", () => {
    const rows = [
      ["2020", "Bank Account"],
      ["2021", "Credit Card"],
      ["2022", "Loan"],
    ];
    assert.deepEqual(headerMisfits(["Theft Type", "Year"], rows, 7), [
      {
        column: "Year",
        expected: "year",
        neighbour: "Theft Type",
        samples: ["Bank Account", "Credit Card", "Loan"],
        line: 7,
      },
    ]);
  });

  test("samples are the column's first three distinct values, blanks and n/a left out", () => {
    const rows = [
      ["x", "2019"],
      ["x", "2019"],
      ["n/a", "2020"],
      ["", "2021"],
      ["y", "2022"],
      ["z", "2023"],
      ["w", "2024"],
    ];
    const [misfit] = headerMisfits(["Year", "Count"], rows, 2);
    assert.deepEqual(misfit?.samples, ["x", "y", "z"]);
    assert.equal(misfit?.neighbour, "Count");
  });

  test("a loosely named column alone is never flagged: its values must be found elsewhere", () => {
    const rows = [
      ["Bank Account", "12"],
      ["Credit Card", "7"],
    ];
    assert.deepEqual(headerMisfits(["Year", "Count"], rows, 2), []);
  });

  test("a column whose values fit its name more than a fifth of the time is left alone", () => {
    // 1 of 4 values is a year (25 % > 20 %).
    const rows = [
      ["2020", "2020"],
      ["a", "2021"],
      ["b", "2022"],
      ["c", "2023"],
    ];
    assert.deepEqual(headerMisfits(["Year", "Other"], rows, 2), []);
    // 1 of 5 (20 %) is not more than a fifth: flagged.
    rows.push(["d", "2024"]);
    assert.equal(headerMisfits(["Year", "Other"], rows, 2).length, 1);
  });

  test("the neighbour must fit at least 80 %, and fewer than two values prove nothing", () => {
    const mostly = [
      ["a", "2020"],
      ["b", "2021"],
      ["c", "2022"],
      ["d", "2023"],
      ["e", "text"],
    ];
    assert.equal(headerMisfits(["Year", "Other"], mostly, 2)[0]?.neighbour, "Other", "4 of 5 is 80 %");
    mostly.push(["f", "more text"]);
    assert.deepEqual(headerMisfits(["Year", "Other"], mostly, 2), [], "4 of 6 is not enough");
    assert.deepEqual(headerMisfits(["Year", "Other"], [["a", "2020"]], 2), [], "one row");
  });

  test("the nearest fitting column is named; a column named for the same kind is no neighbour", () => {
    const rows = [
      ["2001", "2019", "x", "2020"],
      ["2002", "2019", "y", "2021"],
    ];
    // `Begin` is two steps from `Year`, `yr` and `When` one: `yr` is itself named for years.
    assert.deepEqual(
      headerMisfits(["Begin", "yr", "Year", "When"], rows, 4).map((m) => [m.column, m.neighbour]),
      [["Year", "When"]],
    );
  });

  test("states by name or code, dates in several spellings, percentages with or without %", () => {
    /** Each misfit as [column, expected kind, neighbour], for a header and its value column beside. */
    const found = (names: string[], values: [string, string][]): string[][] =>
      headerMisfits(names, values, 2).map((m) => [m.column, m.expected, m.neighbour ?? ""]);
    const states: [string, string][] = [
      ["texas", "1"],
      ["NY", "2"],
      ["New  Mexico", "3"],
    ];
    assert.deepEqual(found(["Count", "State"], states), [["State", "state", "Count"]]);
    const dates: [string, string][] = [
      ["12", "2020-01-31"],
      ["13", "3/4/21"],
      ["14", "Jan 5, 2020"],
      ["15", "5-Feb-2020"],
    ];
    assert.deepEqual(found(["Date", "Value"], dates), [["Date", "date", "Value"]]);
    const shares: [string, string][] = [
      ["Ohio", "12.5%"],
      ["Iowa", "-3"],
      ["Utah", "\u22127.25 %"],
    ];
    assert.deepEqual(found(["Percent", "Place"], shares), [["Percent", "percentage", "Place"]]);
  });

  test("compact dates are dates, and a decimal number is no year-and-month", () => {
    // Held-out FD-03: NOAA's billion-dollar list, Begin/End Date as YYYYMMDD beside costs in millions.
    const rows = [
      ["19800410", "19800417", "2685.7"],
      ["19800807", "19800811", "2177.2"],
      ["20050825", "20050830", "200047.3"],
    ];
    assert.deepEqual(headerMisfits(["Begin Date", "End Date", "Cost"], rows, 2), []);
    // A date column holding costs, beside a column of compact dates, is still a misfit.
    assert.deepEqual(
      headerMisfits(
        ["Cost", "Date"],
        rows.map((r) => [r[0]!, r[2]!]),
        2,
      ).map((m) => [m.column, m.neighbour]),
      [["Date", "Cost"]],
    );
  });

  test("a state column of FIPS codes is a state column; one counting 1, 2, 3 beside state names is not", () => {
    // Held-out FH-02: state_fips_master.csv names its FIPS column `state`.
    const fips = [
      ["1", "AL"],
      ["2", "AK"],
      ["4", "AZ"],
      ["5", "AR"],
      ["6", "CA"],
    ];
    assert.deepEqual(headerMisfits(["state", "state_abbr"], fips, 2), []);
    const ranks = [
      ["1", "California"],
      ["2", "Texas"],
      ["3", "Florida"],
      ["4", "New York"],
      ["5", "Ohio"],
    ];
    assert.deepEqual(
      headerMisfits(["State", "Name"], ranks, 2).map((m) => [m.column, m.neighbour]),
      [["State", "Name"]],
    );
  });

  test("dates as a wiki writes them fit a date column: no-break spaces, a year alone, a reference mark", () => {
    // Held-out IP-01: Wikipedia's coaster infobox dates beside a cleaned date column.
    const rows = [
      ["June\u00a016,\u00a01884", "1884-06-16"],
      ["1895", "1895-01-01"],
      ["1930s", "1930-01-01"],
      ["16\u00a0March\u00a01994[1]", "1994-03-16"],
      ["April\u00a013,\u00a01979", "1979-04-13"],
    ];
    assert.deepEqual(headerMisfits(["Opening date", "opening_date_clean"], rows, 2), []);
    // Amounts under the date's name, dates beside them: still swapped (a year alone shows no other
    // column to hold dates: counts between 1500 and 2099 are no dates).
    const swapped = [
      ["2685.7", "June\u00a016,\u00a01884"],
      ["12.5", "May\u00a01,\u00a01895"],
      ["300.1", "April\u00a013,\u00a01979"],
    ];
    assert.deepEqual(
      headerMisfits(["Opening date", "Cost"], swapped, 2).map((m) => [m.column, m.neighbour]),
      [["Opening date", "Cost"]],
    );
    const counts = [
      ["27/02", "1834"],
      ["28/02", "1921"],
      ["29/02", "[z]"],
      ["01/03", "1777"],
    ];
    assert.deepEqual(headerMisfits(["Date", "2023"], counts, 2), []);
  });

  test("a column of marks under a percentage group's name holds no values of another kind", () => {
    // Held-out EW-04: BJS's `Percent` group spreads over the '%' and footnote-sign column beside
    // each estimate, while the confidence bounds are numbers.
    const rows = [
      ["42.8", "%", "40.13"],
      ["42", "", "29.33"],
      ["54.8", "†", "44.67"],
      ["43.7", "‡", "32.86"],
    ];
    assert.deepEqual(headerMisfits(["Percent Estimate", "Percent", "Lower bound"], rows, 13), []);
    // Words under a percentage's name beside numbers are still a shifted header.
    const shifted = rows.map(([a, , c]) => [a!, "yes", c!]);
    assert.deepEqual(
      headerMisfits(["Percent Estimate", "Percent", "Lower bound"], shifted, 13).map((m) => m.column),
      ["Percent"],
    );
  });
});
