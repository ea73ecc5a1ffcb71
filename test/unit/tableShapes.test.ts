import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { codeLikeBelow } from "../../src/core/sourceMap/layout/codeCells.ts";
import { proseLikeBelow } from "../../src/core/sourceMap/layout/proseCells.ts";
import { numberedFieldLists } from "../../src/core/sourceMap/crawl/describedFields.ts";
import { detectWhitespaceTable } from "../../src/core/sourceMap/sniff/whitespaceTable.ts";
import { analyzeTable } from "../../src/core/sourceMap/layout/tableLayout.ts";

describe("whitespace-aligned tables", () => {
  test("right-aligned numbers with one or more spaces between them, no header", () => {
    const text = "2024 132  0 90\n2024 132  3 47\n2024 132  6 33\n2024 132  9 20\n";
    assert.deepEqual(detectWhitespaceTable(text, true), {
      headerLine: null,
      dataLine: 0,
      width: 4,
      names: [],
    });
  });

  test("a header of words over the numbers, a title line above", () => {
    const text = "Station 12 readings\n\nyear temp\n2020 12.5\n2021 13.1\n2022 -0.5\n";
    assert.deepEqual(detectWhitespaceTable(text, true), {
      headerLine: 2,
      dataLine: 3,
      width: 2,
      names: ["year", "temp"],
    });
  });

  test("not a table: prose, text values, ragged lines, commas", () => {
    assert.equal(detectWhitespaceTable("This file holds\nthe 2023 data\nfor 12 stations\n", true), undefined);
    assert.equal(detectWhitespaceTable("1 NEW YORK 3\n2 BOSTON 4\n3 MIAMI 5\n", true), undefined);
    assert.equal(detectWhitespaceTable("1 2 3\n4 5\n6 7 8\n9 1 2\n", true), undefined);
    assert.equal(detectWhitespaceTable("1 2,5\n3 4,5\n5 6,5\n", true), undefined);
  });

  test("the Met Office's station files: notes with commas, units under part of the header, flagged values, a note word, a footer", () => {
    const text = [
      "Southampton",
      "Location: 442100E 113100N, Lat 50.898 Lon -1.408, 3 metres amsl",
      "Estimated data is marked with a * after the value.",
      "   yyyy  mm   tmax    tmin      af    rain     sun",
      "              degC    degC    days      mm   hours",
      "   1855   1    5.0     0.5      16     ---     ---",
      "   1855   2    2.1*   -3.3      24    11.5     ---",
      "   1999  12    9.1     3.5       6   129.0    66.4#",
      "   2000   1    8.9     2.6       5    40.2    61.3   Provisional",
      "Site Closed",
      "",
    ].join("\n");
    assert.deepEqual(detectWhitespaceTable(text, true), {
      headerLine: 3,
      unitsLine: 4,
      dataLine: 5,
      width: 8,
      names: ["yyyy", "mm", "tmax", "tmin", "af", "rain", "sun"],
      footerLines: [9],
    });
    // A comma inside the data is still a delimited file's, not this reader's.
    assert.equal(detectWhitespaceTable(text.replace("11.5", "11,5"), true), undefined);
  });

  test("a cut sample leaves its last, partial line out", () => {
    assert.equal(detectWhitespaceTable("1 2 3\n4 5 6\n7 8 9\n10 1", false)?.width, 3);
  });
});

describe("numbered field lists", () => {
  test("Fortran formats and fill values before the name; a wide gap ends it", () => {
    const text = [
      "WORD  FORMAT  Fill Value   MEANING        UNITS",
      " 1      I4              Year            1963, 1964, etc.",
      " 2      I4              Decimal Day     January 1 = Day 1",
      "                        (continued)",
      " 3      F6.1   999.9    Field magnitude average   nT",
      "",
      "Spacecraft:",
      " 1  IMP 8",
      " 2  Wind",
    ].join("\n");
    assert.deepEqual(
      numberedFieldLists(text).map((l) => l.fields.map((f) => `${f.line}:${f.name}`)),
      [
        ["2:Year", "3:Decimal Day", "5:Field magnitude average"],
        ["8:IMP 8", "9:Wind"],
      ],
    );
  });
});

describe("codes as the first row of a column", () => {
  const genes = ["PLK1", "AURKA", "MYC", "EZH2", "CDK4", "TP53"];
  test("a code written like the codes below is one of them", () => {
    assert.equal(codeLikeBelow("BRD8", genes), true);
  });
  test("header words are not codes: no digit, another shape or length", () => {
    assert.equal(codeLikeBelow("Gene", genes), false);
    assert.equal(codeLikeBelow("ICD10", ["E11", "I10", "J45", "K21"]), false);
    assert.equal(codeLikeBelow("BRD8", ["PLK1", "EZH2", "some text"]), false);
  });
});

describe("sentences as the first row of a column", () => {
  const definitions = [
    "First Databank Generic Name of the drug.",
    "Number of Medicare Part D Prescription Drug Events.",
    "Aggregate drug spending for the Part D program during the benefit year.",
    "Total dosage units of medication dispensed.",
    "Total Spending divided by the number of unique beneficiaries.",
  ];
  test("a definition over definitions is one of them", () => {
    assert.equal(proseLikeBelow("First Databank Brand Name of the drug.", definitions), true);
  });
  test("header names are not sentences, and a sentence over names is no definition list", () => {
    assert.equal(proseLikeBelow("Definition", definitions), false);
    assert.equal(proseLikeBelow("Annual Change in Average Cost Per Unit, 2015", definitions), false);
    assert.equal(proseLikeBelow("See the notes.", definitions), false);
    assert.equal(
      proseLikeBelow("First Databank Brand Name of the drug.", ["Alabama", "Alaska", "Arizona", "Arkansas"]),
      false,
    );
    assert.equal(proseLikeBelow("First Databank Brand Name of the drug.", definitions.slice(0, 3)), false);
  });
});

describe("a header over an index column (a data frame's CSV export)", () => {
  const rows = (header: string[]): string[][] => [
    header,
    ["1820", "8385"],
    ["1821", "9127"],
    ["1822", "6911"],
    ["1823", "6354"],
  ];

  test("`,LPR` over two columns of numbers names the second column (DHS yearbook, held-out GF-05)", () => {
    const layout = analyzeTable(rows(["", "LPR"]), { width: 2 });
    assert.equal(layout.headerRow, 0);
    assert.deepEqual(layout.names, ["", "LPR"]);
    assert.equal(layout.dataStart, 1);
  });

  test("a title in the first cell is no header; neither is a number in the second", () => {
    assert.equal(analyzeTable(rows(["Table 1", ""]), { width: 2 }).headerRow, null);
    assert.equal(analyzeTable(rows(["", "1819"]), { width: 2 }).headerRow, null);
  });
});
