import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  appendUnits,
  groupSpans,
  prefixGroups,
  subHeaderUse,
} from "../../src/core/sourceMap/layout/headerBand.ts";

// Headers as people write them, read from the cells alone: group labels over columns, units and
// notes under the header.

describe("groupSpans: a row of labels over groups of columns", () => {
  const header = ["Site", "Date", "Tag", "Enterococcus", "Tag", "Enterococcus"];

  test("labels spanning blank cells: each up to the next, the last as wide as the others", () => {
    const spans = groupSpans(["", "", "North", "", "South", ""], header);
    assert.deepEqual(spans, [
      { label: "North", first: 2, last: 3 },
      { label: "South", first: 4, last: 5 },
    ]);
    assert.deepEqual(prefixGroups(header, spans!), [
      "Site",
      "Date",
      "North Tag",
      "North Enterococcus",
      "South Tag",
      "South Enterococcus",
    ]);
  });

  test("labels centred over repeated runs of names name the whole run (Census building permits)", () => {
    const names = [
      "Date",
      "State",
      "Name",
      "Bldgs",
      "Units",
      "Value",
      "Bldgs",
      "Units",
      "Value",
      "Bldgs",
      "Units",
      "Value",
    ];
    const spans = groupSpans(
      ["Survey", "FIPS", "County", "", "1-unit", "", "", "2-units", "", "", "5+ units", ""],
      names,
    );
    assert.deepEqual(spans, [
      { label: "Survey", first: 0, last: 0 },
      { label: "FIPS", first: 1, last: 1 },
      { label: "County", first: 2, last: 2 },
      { label: "1-unit", first: 3, last: 5 },
      { label: "2-units", first: 6, last: 8 },
      { label: "5+ units", first: 9, last: 11 },
    ]);
    // Labels over the first column of each run are left as they are.
    assert.deepEqual(
      groupSpans(["", "", "", "1-unit", "", "", "2-units", "", "", "5+ units", "", ""], names)?.map((s) => [
        s.first,
        s.last,
      ]),
      [
        [3, 5],
        [6, 8],
        [9, 11],
      ],
    );
  });

  test("a label repeated across its range (colspan, a filled merge) is one span", () => {
    assert.deepEqual(
      groupSpans(["", "Q1", "Q1", "Q2", "Q2"], ["Region", "Sales", "Units", "Sales", "Units"]),
      [
        { label: "Q1", first: 1, last: 2 },
        { label: "Q2", first: 3, last: 4 },
      ],
    );
  });

  test("years may label groups; other numbers make it a data row", () => {
    assert.deepEqual(
      groupSpans(["", "", "2019", "", "2020", ""], header)?.map((s) => s.label),
      ["2019", "2020"],
    );
    assert.equal(groupSpans(["", "", "North", "", "12.5", ""], header), undefined);
  });

  test("not group labels: a title in the first cell, a line split at its commas, an empty row", () => {
    assert.equal(groupSpans(["Annual report", "", "", "", "", ""], header), undefined);
    assert.equal(groupSpans(["# units: mg/L", " degrees C"], ["a", "b"]), undefined);
    assert.equal(groupSpans(["", "", ""], header), undefined);
    assert.equal(
      groupSpans(["", "", "x".repeat(61), "", "South", ""], header),
      undefined,
      "a label of 61 characters",
    );
  });
});

describe("prefixGroups and appendUnits: the names that result", () => {
  test("a blank name takes the label; a name already led by it (any case) is kept", () => {
    assert.deepEqual(
      prefixGroups(["", "north count", "Tag", "Other"], [{ label: "North", first: 0, last: 2 }]),
      ["North", "north count", "North Tag", "Other"],
    );
  });

  test("units follow the name; a blank name is the unit; no unit leaves the name as written", () => {
    assert.deepEqual(appendUnits(["Total loss ", " ", " Count "], ["(USD)", "(n)"]), [
      "Total loss (USD)",
      "(n)",
      " Count ",
    ]);
  });
});

describe("subHeaderUse: a row under the header that belongs to it", () => {
  const below = [
    ["A", "12", "1,000"],
    ["B", "7", "2,500"],
    ["C", "3", "$4"],
  ];

  test("short words over columns of numbers are units", () => {
    assert.equal(subHeaderUse(["", "(count)", "(USD)"], below), "units");
    assert.equal(subHeaderUse(["", "", "°C"], below), "units");
  });

  test("longer texts over numbers are notes (a survey's questions); one long text alone is not", () => {
    assert.equal(
      subHeaderUse(
        ["", "How many visits did you make last year?", "How much did you spend each visit?"],
        below,
      ),
      "note",
    );
    assert.equal(subHeaderUse(["", "How many visits did you make last year?", ""], below), undefined);
  });

  test("a row whose cells read as its columns' values is data, even over a column of numbers", () => {
    // Held-out HL-09: the first member of a results file, at-large (`AL`) over districts 1, 2, ….
    const members = [
      ["House", "B001289", "Bradley  Byrne", "R", "2/16/1955", "M", "AL", "1"],
      ["House", "R000591", "Martha Roby", "R", "7/27/1976", "F", "AL", "2"],
      ["House", "R000575", "Mike D. Rogers", "R", "7/16/1958", "M", "AL", "3"],
    ];
    assert.equal(
      subHeaderUse(["House", "Y000033", "Don Young", "R", "6/9/1933", "M", "AK", "AL"], members),
      undefined,
    );
    // A copy of the header under it is no data row, though the copy after it repeats its words
    // (Pollock's file_header_multirow_3: the header written three times).
    const header = ["House", "member_id", "name", "party", "born", "gender", "state", "district"];
    assert.notEqual(subHeaderUse(header, [header, ...members]), undefined);
    // Units over the same columns are words no row repeats.
    assert.equal(subHeaderUse(["", "", "", "", "", "", "", "(seat)"], members), "units");
  });

  test("a scale (`1000`, `1,000`) beside unit words is a units row; scales alone, or other numbers, are data", () => {
    // ERS milk production factors (held-out FN-03): `1000` over head counts in thousands.
    assert.equal(subHeaderUse(["", "1000", "Pounds"], below), "units");
    assert.equal(subHeaderUse(["", "1,000", "$ per cwt"], below), "units");
    assert.equal(subHeaderUse(["", "1000", "1000"], below), undefined, "no text over numbers: data");
    assert.equal(subHeaderUse(["", "250", "Pounds"], below), undefined, "250 is no scale");
  });

  test("a year over a column of years is data, even beside text over numbers (held-out FY-07)", () => {
    // The Numbers' ticket prices: the latest year's price is an estimate.
    const prices = [
      ["2018", "$9.11"],
      ["2017", "$8.97"],
      ["2016", "$8.65"],
    ];
    assert.equal(subHeaderUse(["2019", "Est.$9.01"], prices), undefined);
    // A year over a column of other numbers can still be part of a units row (a base year).
    assert.equal(subHeaderUse(["", "2015", "(USD)"], below), "units");
  });

  test("not part of the header: a row with a number, text only over text, too few rows of numbers", () => {
    assert.equal(subHeaderUse(["", "12", "(USD)"], below), undefined);
    assert.equal(subHeaderUse(["(name)", "", ""], below), undefined);
    assert.equal(subHeaderUse(["", "(count)", "(USD)"], below.slice(0, 1)), undefined);
    assert.equal(subHeaderUse(["", "", ""], below), undefined);
  });

  test("fractions written without their leading zero are numbers: such a row is data (held-out HG-05)", () => {
    // The PISA 2018 gender-gap file: `ALB,.769,.743,…` under `CNT,GGGI,Econ,…`; the rows whose
    // values all start with a dot were read as a units line and three countries were lost.
    const gggi = [
      ["ARE", ".655", ".472", "1"],
      ["ARG", ".746", ".623", "1"],
      ["AUS", ".731", ".722", "1"],
      ["AUT", ".744", ".659", "1"],
      ["BEL", ".750", ".714", ".999"],
    ];
    assert.equal(subHeaderUse(["ALB", ".769", ".743", ".999"], gggi), undefined);
    assert.equal(subHeaderUse(["", "(index)", "(index)", "(index)"], gggi), "units");
  });
});
