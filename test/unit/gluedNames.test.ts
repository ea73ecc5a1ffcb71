import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DiscoverIndex } from "../../src/core/discover/discoverIndex.ts";
import { initialismsOf, tokenize } from "../../src/core/discover/discoverTerms.ts";
import { gluedPathWords, lakeVocabulary, splitGlued } from "../../src/core/discover/gluedWords.ts";
import { questionPeriods } from "../../src/core/discover/questionPeriods.ts";
import type { SourceEntry, SourceMap, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";

// How Discover reads names written the way agencies write them: words run together in file names
// (`tasmaniantopbabynames20102015.xlsx`), years against a prefix or a quarter (`FY2022`, `2023Q4`),
// and places by their initials (`sa/`, `nsw/`). Each case is a name from a public lake.

function table(columns: Record<string, string[]>): TableProfile {
  return {
    headerLine: 1,
    titleLines: [],
    rowCount: 100,
    columns: Object.entries(columns).map(([name, samples]) => ({
      name,
      type: "VARCHAR",
      nullFraction: 0,
      samples,
    })),
    read: { kind: "parquet" },
  };
}

function file(path: string, columns: Record<string, string[]>): SourceEntry {
  return { path, bytes: 100, mtimeMs: 0, format: "csv", tables: [table(columns)] };
}

const BABY_PATHS = [
  "qld/top-100-baby-names-2024.csv",
  "qld/20150309_BDM_Top-100-Baby-Names-2010.csv",
  "vic/Top-100-Baby-Names-2024.csv",
  "nsw/popular_baby_names_1952_to_2024.csv",
  "tas/tasmaniantopbabynames20102015.csv",
  "sa/topnames_female_cy2024.csv",
  "sa/femalecy2016top.csv",
];

describe("glued file names read apart with the lake's own words", () => {
  const vocabulary = lakeVocabulary(BABY_PATHS, ["Name", "Number", "Girl Names", "Boy Names"]);

  test("known words are cut off; the subject they leave is a word of its own", () => {
    const pieces = splitGlued("tasmaniantopbabynames", vocabulary);
    assert.ok(pieces, "the run is read apart");
    for (const word of ["top", "baby", "names", "tasmanian"])
      assert.ok(pieces.includes(word), pieces.join(" "));
    assert.deepEqual(splitGlued("topnames", vocabulary), ["top", "names"]);
  });

  test("runs the lake does not explain, short runs and column words stay whole", () => {
    assert.equal(splitGlued("population", vocabulary), undefined, "no two known words spell it");
    assert.equal(splitGlued("femalecy", vocabulary), undefined, "one known word and two letters");
    assert.equal(splitGlued("babynam", vocabulary), undefined, "shorter than a glued name");
    const withColumn = lakeVocabulary(["a/topnames.csv", "b/top_names.csv"], ["topnames"]);
    assert.equal(splitGlued("topnames", withColumn), undefined, "a column spells it: a word");
  });

  test("a path's glued runs, each read apart; separated words add nothing", () => {
    assert.deepEqual(gluedPathWords("qld/top-100-baby-names-2024.csv", vocabulary), []);
    const words = gluedPathWords("tas/tasmaniantopbabynames20102015.csv", vocabulary);
    assert.equal(words.length, 1);
    assert.match(words[0] ?? "", /\btasmanian\b/);
  });
});

describe("years and quarters written against letters", () => {
  test("letters run into digits are also read as their parts", () => {
    assert.deepEqual(tokenize("cy2024 FY2022"), ["cy2024", "cy", "2024", "FY2022", "FY", "2022"]);
    assert.deepEqual(tokenize("2023Q4"), ["2023Q4", "2023", "Q", "4"]);
    assert.deepEqual(tokenize("top-100"), ["top", "100"], "separate words are not repeated");
  });

  test("FY2022 and CY2024 name their years; 2023Q4 and 2021-Q2 their quarters", () => {
    const periods = questionPeriods("Using the FY2022 Budget database, outlays in fiscal year 2020");
    assert.deepEqual(
      periods.map((p) => [p.from, p.to]),
      [
        ["2022-01-01", "2022-12-31"],
        ["2020-01-01", "2020-12-31"],
      ],
    );
    assert.deepEqual(
      questionPeriods("the vintage ending 2023Q4, from 2013Q4 to 2018Q4, and 2021-Q2").map((p) => [
        p.from,
        p.to,
      ]),
      [
        ["2013-10-01", "2018-12-31"],
        ["2023-10-01", "2023-12-31"],
        ["2021-04-01", "2021-06-30"],
      ],
    );
    assert.deepEqual(questionPeriods("FYI 2020Q9 and MY2022"), [], "not a prefix, not a quarter");
  });
});

describe("places by their initials", () => {
  test("capitalised names give their initials; stop words stay out", () => {
    assert.deepEqual(initialismsOf("births in New South Wales and South Australia's lists"), ["nsw", "sa"]);
    assert.deepEqual(initialismsOf("in the United States"), [], "`us` is a stop word");
    assert.deepEqual(initialismsOf("girls and boys"), []);
  });
});

describe("Discover finds what the names say", () => {
  const files: SourceEntry[] = BABY_PATHS.map((path) =>
    file(path, { Name: ["Olivia", "Oliver"], Number: ["512", "498"] }),
  );
  files.push(
    file("budget/BUDGET-2021-DB-1.csv", { Agency: ["Defense"], "2020": ["1,000"] }),
    file("budget/BUDGET-2022-DB-1.csv", { Agency: ["Defense"], "2020": ["1,010"] }),
    file("budget/BUDGET-2023-DB-1.csv", { Agency: ["Defense"], "2020": ["1,012"] }),
  );
  const map: SourceMap = { root: "/lake", builtAt: "2024-01-01T00:00:00.000Z", files };
  const index = new DiscoverIndex(map);

  test("'Tasmanian' finds the file whose name runs it into other words", () => {
    const hits = index.search("Which girls' name led the Tasmanian top baby names workbook?", [], 3);
    assert.equal(hits[0]?.path, "tas/tasmaniantopbabynames20102015.csv", hits.map((h) => h.path).join("\n"));
  });

  test("'South Australia' ranks the sa/ folder's files first", () => {
    const hits = index.search("South Australia name lists", [], 2);
    assert.ok(
      hits.every((h) => h.path.startsWith("sa/")),
      hits.map((h) => h.path).join("\n"),
    );
  });

  test("'FY2022 Budget' selects the 2022 release of a family named by years", () => {
    const hits = index.search("From the FY2022 Budget database, defense outlays in fiscal year 2020", [], 3);
    const family = hits.find((h) => h.family);
    assert.ok(family?.family?.selected, hits.map((h) => h.path).join("\n"));
    assert.deepEqual(family.family.selected.files, ["budget/BUDGET-2022-DB-1.csv"]);
  });
});
