import assert from "node:assert/strict";
import { describe, test } from "node:test";
import picomatch from "picomatch";
import { DiscoverIndex } from "../../src/core/discover/discoverIndex.ts";
import type { DiscoverHit } from "../../src/core/discover/discoverIndex.ts";
import { tokenize } from "../../src/core/discover/discoverTerms.ts";
import { findFileFamilies } from "../../src/core/discover/fileFamilies.ts";
import type { FileFamily } from "../../src/core/discover/fileFamilies.ts";
import { isPathPattern, matchPattern } from "../../src/core/discover/pathPattern.ts";
import { questionPeriods } from "../../src/core/discover/questionPeriods.ts";
import type {
  SourceEntry,
  SourceFormat,
  SourceMap,
  TableProfile,
} from "../../src/core/sourceMap/sourceEntry.ts";

// --- a small Source Map, written by hand (no DuckDB) --------------------------------------------

function table(titleLines: string[], columns: Record<string, string[]>): TableProfile {
  return {
    headerLine: titleLines.length + 1,
    titleLines,
    rowCount: 10,
    columns: Object.entries(columns).map(([name, samples]) => ({
      name,
      type: "VARCHAR",
      nullFraction: 0,
      samples,
    })),
    read: { kind: "parquet" },
  };
}

function file(path: string, tables: TableProfile[], format: SourceFormat = "csv"): SourceEntry {
  return { path, bytes: 100, mtimeMs: 0, format, tables };
}

const CSN = "csn/CSVs";
const IDT = `${CSN}/State MSA Identity Theft data`;
const FRAUD = `${CSN}/State MSA Fraud and Other data`;

function msa(folder: string, title: string, state: string, areas: string[]): SourceEntry {
  return file(`${folder}/${state}.csv`, [
    table([title], { "Metropolitan Area": areas, "# of Reports": ["1,204", "877"] }),
  ]);
}

function handMap(): SourceMap {
  const idtTitle = "Metropolitan Areas: Identity Theft Reports";
  const fraudTitle = "Metropolitan Areas: Fraud and Other Reports";
  const areas: Record<string, string[]> = {
    Florida: [
      "Miami-Fort Lauderdale-West Palm Beach, FL Metropolitan Statistical Area",
      "Tampa, FL Metropolitan Statistical Area",
    ],
    Texas: [
      "Houston-Pasadena-The Woodlands, TX Metropolitan Statistical Area",
      "Austin, TX Metropolitan Statistical Area",
    ],
    NewHampshire: [
      "Manchester-Nashua, NH Metropolitan Statistical Area",
      "Concord, NH Micropolitan Statistical Area",
    ],
    Ohio: ["Columbus, OH Metropolitan Statistical Area", "Akron, OH Metropolitan Statistical Area"],
  };
  const files: SourceEntry[] = [
    { path: ".DS_Store", bytes: 6148, mtimeMs: 0, format: "binary", error: "binary content" },
    file(`${CSN}/2024_CSN_State_Rankings_Identity_Theft_Reports.csv`, [
      table(["State Rankings: Identity Theft Reports"], {
        Rank: ["1", "2"],
        State: ["Georgia", "Nevada", "Florida"],
        "Reports per 100K Population": ["528", "466"],
        "# of Reports": ["12,055", "9,876"],
      }),
    ]),
    file(`${CSN}/2024_CSN_State_Rankings_Fraud_and_Other_Reports.csv`, [
      table(["State Rankings: Fraud and Other Reports"], {
        Rank: ["1", "2"],
        State: ["Delaware", "Florida", "Georgia"],
        "Reports per 100K Population": ["1,506", "1,469"],
        "# of Reports": ["31,560", "16,226"],
      }),
    ]),
    file(`${CSN}/2024_CSN_Fraud_Reports_by_Payment_Method.csv`, [
      table(["Fraud Reports by Payment Method"], {
        "Payment Method": ["Gift Card or Reload Card", "Bank Transfer or Payment", "Cryptocurrency"],
        "# of Reports": ["76,285", "46,899"],
        "Total $ Loss": ["$2,089M", "$212M"],
      }),
    ]),
    file(`${CSN}/2024_CSN_Report_Count.csv`, [
      table(["Number of Fraud, Identity Theft and Other Reports by Year"], {
        Year: ["2001", "2012", "2024"],
        "# of Reports": ["325,519", "2,115,079"],
      }),
    ]),
    file(`${CSN}/identity_theft_dump.bin`, [], "binary"),
    {
      path: `${CSN}/identity_theft_empty.csv`,
      bytes: 0,
      mtimeMs: 0,
      format: "empty",
      error: "the file is empty (0 bytes): nothing to read",
    },
    {
      path: "notes/how_the_data_was_collected.txt",
      bytes: 300,
      mtimeMs: 0,
      format: "text",
      firstLines: [
        "The Consumer Sentinel Network collects complaints from consumers.",
        "Contributors send reports monthly.",
      ],
    },
    // Three files in one folder, but not of the same shape: no group.
    file("mixed/a.csv", [table([], { City: ["Boston"], Population: ["650,000"] })]),
    file("mixed/b.csv", [table([], { Country: ["France"], Capital: ["Paris"] })]),
    file("mixed/c.csv", [table([], { City: ["Lyon"], Population: ["500,000"] })]),
    file("new_england_states.csv", [table([], { Name: ["Connecticut", "Maine", "New Hampshire"] })]),
  ];
  for (const [state, list] of Object.entries(areas)) files.push(msa(IDT, idtTitle, state, list));
  for (const state of ["Florida", "Texas", "NewHampshire"])
    files.push(msa(FRAUD, fraudTitle, state, areas[state] ?? []));
  return { root: "/lake", builtAt: "2024-01-01T00:00:00.000Z", files };
}

const paths = (hits: DiscoverHit[]): string[] => hits.map((h) => h.path);

function rankOf(hits: DiscoverHit[], path: string): number {
  return paths(hits).indexOf(path);
}

describe("tokenize", () => {
  test("splits paths on / _ - . and spaces, and camelCase words", () => {
    assert.deepEqual(
      tokenize("2024_CSN_State_Rankings_Identity_Theft_Reports.csv").map((t) => t.toLowerCase()),
      ["2024", "csn", "state", "rankings", "identity", "theft", "reports", "csv"],
    );
    assert.deepEqual(tokenize("State MSA data/NewHampshire.csv"), [
      "State",
      "MSA",
      "data",
      "New",
      "Hampshire",
      "csv",
    ]);
    assert.deepEqual(tokenize("csn-data-book/CSVs/x"), ["csn", "data", "book", "csvs", "x"]);
  });

  test("a final question mark does not make a question a pattern", () => {
    assert.equal(isPathPattern("Which state has the most identity theft reports?"), false);
    assert.equal(isPathPattern("*.csv"), true);
    assert.equal(isPathPattern("data/"), true);
    assert.equal(isPathPattern("report_202?.csv"), true);
    assert.equal(isPathPattern("reports [2024]"), true);
  });
});

describe("DiscoverIndex ranking", () => {
  const index = new DiscoverIndex(handMap());

  test("ranks the file whose name and title say the query first, with reasons", () => {
    const hits = index.search("State rankings identity theft reports");
    const top = hits[0];
    assert.ok(top);
    assert.equal(top.path, `${CSN}/2024_CSN_State_Rankings_Identity_Theft_Reports.csv`);
    assert.ok(top.score > (hits[1]?.score ?? 0));
    const path = top.reasons.find((r) => r.startsWith("path: "));
    assert.ok(path, top.reasons.join(" | "));
    for (const word of ["state", "rankings", "identity", "theft", "reports"])
      assert.ok(path.includes(word), path);
    assert.ok(top.reasons.includes("title: State Rankings: Identity Theft Reports"), top.reasons.join(" | "));
    const columns = top.reasons.find((r) => r.startsWith("columns: "));
    assert.ok(columns?.includes("State") && columns.includes("# of Reports"), columns);
  });

  test("sample values and stemming find a file its name does not describe", () => {
    const hits = index.search("How much was lost with gift cards?");
    assert.equal(hits[0]?.path, `${CSN}/2024_CSN_Fraud_Reports_by_Payment_Method.csv`);
    assert.ok(
      hits[0]?.reasons.some((r) => r.startsWith("values: ") && r.includes("Gift Card or Reload Card")),
    );
  });

  test("first lines of text files are searched", () => {
    const hits = index.search("how were complaints collected from consumers");
    assert.equal(hits[0]?.path, "notes/how_the_data_was_collected.txt");
    assert.ok(hits[0]?.reasons.some((r) => r.startsWith("text: ")));
  });

  test("junk files are never ranked for words; an unreadable data file is, by its name, with its error", () => {
    const hits = index.search("identity theft dump empty", [], 50);
    assert.ok(hits.length > 0);
    assert.ok(
      !paths(hits).some((p) => p.endsWith(".bin") || p.endsWith(".DS_Store")),
      paths(hits).join("\n"),
    );
    const empty = hits.find((h) => h.path === `${CSN}/identity_theft_empty.csv`);
    assert.ok(empty, paths(hits).join("\n"));
    assert.equal(empty.error, "the file is empty (0 bytes): nothing to read");
    assert.ok(
      empty.reasons.some((r) => r.startsWith("unreadable: the file is empty")),
      empty.reasons.join(" | "),
    );
  });

  test("a workbook that failed to map is still found by its name, its error in the hit", () => {
    const map = handMap();
    map.files.push(
      {
        path: "census/Population Estimates by County 2020-2024.xlsx",
        bytes: 90_000,
        mtimeMs: 0,
        format: "xlsx",
        error: "could not read as xlsx: Cannot read properties of undefined (reading 'trim')",
      },
      {
        path: "archaeology/radiocarbon dates.xls",
        bytes: 40_000,
        mtimeMs: 0,
        format: "binary",
        error: "not a data format RADAR reads: binary content (first bytes d0cf11e0a1b11ae1)",
      },
    );
    const idx = new DiscoverIndex(map);
    const hits = idx.search("county population estimates");
    assert.equal(
      hits[0]?.path,
      "census/Population Estimates by County 2020-2024.xlsx",
      paths(hits).join("\n"),
    );
    assert.match(hits[0]?.error ?? "", /could not read as xlsx/);
    const xls = idx.search("radiocarbon dates of the samples");
    assert.equal(xls[0]?.path, "archaeology/radiocarbon dates.xls");
    assert.match(xls[0]?.error ?? "", /binary content/);
  });

  test("ordering is by score then path, deterministic, and limited", () => {
    const a = index.search("reports of fraud by state", [], 50);
    const b = new DiscoverIndex(handMap()).search("reports of fraud by state", [], 50);
    assert.deepEqual(a, b);
    for (let i = 1; i < a.length; i++) {
      const prev = a[i - 1];
      const cur = a[i];
      assert.ok(prev && cur);
      assert.ok(
        prev.score > cur.score || (prev.score === cur.score && prev.path < cur.path),
        `${prev.path} / ${cur.path}`,
      );
    }
    assert.equal(index.search("reports of fraud by state", [], 3).length, 3);
    assert.equal(index.search("reports").length <= 10, true);

    assert.deepEqual(index.search("the of and"), []);
  });
});

describe("DiscoverIndex groups", () => {
  const index = new DiscoverIndex(handMap());
  const idtGroup = `${IDT}/*.csv`;
  const fraudGroup = `${FRAUD}/*.csv`;

  test("a folder of same-shaped files is one hit, its glob with the number of files", () => {
    const hits = index.search("identity theft reports for metropolitan areas of all states");
    const rank = rankOf(hits, idtGroup);
    assert.ok(rank >= 0 && rank < 3, paths(hits).join("\n"));
    assert.equal(hits[rank]?.files, 4);
    assert.ok(
      hits[rank]?.reasons.some((r) => r.startsWith("title: Metropolitan Areas: Identity Theft Reports")),
    );
    // Its members do not crowd the results.
    assert.ok(
      paths(hits).filter((p) => p.startsWith(`${IDT}/`) && p !== idtGroup).length <= 2,
      paths(hits).join("\n"),
    );
    assert.deepEqual(index.filesOf(idtGroup).sort(), [
      `${IDT}/Florida.csv`,
      `${IDT}/NewHampshire.csv`,
      `${IDT}/Ohio.csv`,
      `${IDT}/Texas.csv`,
    ]);
    assert.equal(index.filesOf(fraudGroup).length, 3);
    assert.deepEqual(index.filesOf(`${CSN}/2024_CSN_Report_Count.csv`), [`${CSN}/2024_CSN_Report_Count.csv`]);
  });

  test("the group's folder acronym reads as spelled out by its content (MSA)", () => {
    const hits = index.search("metropolitan statistical areas");
    const group = hits.find((h) => h.path === idtGroup);
    assert.ok(group, paths(hits).join("\n"));
    assert.ok(
      group.reasons.some((r) => r.startsWith("path: ") && r.includes("metropolitan")),
      group.reasons.join(" | "),
    );
  });

  test("a member the query names is listed, next to its group", () => {
    const hits = index.search("Florida metropolitan areas identity theft");
    const member = rankOf(hits, `${IDT}/Florida.csv`);
    assert.ok(member >= 0 && member < 3, paths(hits).join("\n"));
    assert.ok(hits[member]?.reasons.some((r) => r.startsWith("path: ") && r.includes("florida")));
    assert.ok(hits[member]?.reasons.includes(`one of 4 files of ${idtGroup}`));
    assert.ok(rankOf(hits, idtGroup) >= 0);
    // "New Hampshire" names NewHampshire.csv; "new" alone does not name it.
    assert.ok(
      paths(index.search("New Hampshire identity theft metropolitan")).includes(`${IDT}/NewHampshire.csv`),
    );
  });

  test("a member holding a value few others hold is listed below its group", () => {
    const hits = index.search("Houston identity theft metropolitan area");
    const group = rankOf(hits, idtGroup);
    const member = rankOf(hits, `${IDT}/Texas.csv`);
    assert.ok(group >= 0 && member > group, paths(hits).join("\n"));
  });

  test("no group for files of different shapes", () => {
    const hits = index.search("city population", [], 50);
    assert.ok(!paths(hits).some((p) => p.includes("*")));
    assert.ok(paths(hits).includes("mixed/a.csv"));
  });
});

describe("DiscoverIndex path patterns", () => {
  const index = new DiscoverIndex(handMap());
  const all = handMap().files.map((f) => f.path);

  test("a bare pattern matches base names anywhere; dot files are left out", () => {
    const hits = index.search("*.csv");
    const expected = all.filter((p) => p.endsWith(".csv")).sort();
    assert.deepEqual(paths(hits), expected);
    assert.ok(hits.every((h) => h.score === 1 && h.reasons[0] === "matches pattern *.csv"));
    assert.deepEqual(paths(index.search("*")).includes(".DS_Store"), false);
    // Binary files are found by patterns.
    assert.deepEqual(paths(index.search("*.bin")), [`${CSN}/identity_theft_dump.bin`]);
  });

  test("a folder ends with /, and paths match without regard to case", () => {
    assert.deepEqual(paths(index.search(`${IDT}/`)), matchPattern(`${IDT}/`, all).sort());
    assert.equal(index.search(`${IDT}/`).length, 4);
    assert.deepEqual(paths(index.search("**/FLORIDA.CSV")), [`${FRAUD}/Florida.csv`, `${IDT}/Florida.csv`]);
    assert.deepEqual(paths(index.search("mixed/?.csv")), ["mixed/a.csv", "mixed/b.csv", "mixed/c.csv"]);
  });

  test("a pattern below the lake root is tried under any folder", () => {
    assert.equal(index.search("State MSA Fraud and Other data/*.csv").length, 3);
    assert.equal(index.search("state msa identity theft data/").length, 4);
    // A pattern that matches no file but folders stands for their files.
    assert.equal(index.search("**/State MSA *").length, 7);
  });

  test("a group's glob designates exactly its files, even with glob characters in the folder name", () => {
    const map: SourceMap = {
      root: "/lake",
      builtAt: "",
      files: ["a", "b", "c"].map((n) =>
        file(`data (2024)/${n}.csv`, [table(["Sales by store"], { Store: [n], Sales: ["1"] })]),
      ),
    };
    const idx = new DiscoverIndex(map);
    const hits = idx.search("sales by store");
    assert.equal(hits[0]?.path, "data \\(2024\\)/*.csv");
    assert.equal(hits[0]?.files, 3);
    assert.deepEqual(paths(idx.search(hits[0]?.path ?? "")), [
      "data (2024)/a.csv",
      "data (2024)/b.csv",
      "data (2024)/c.csv",
    ]);
  });
});

describe("DiscoverIndex excluded", () => {
  const index = new DiscoverIndex(handMap());
  const idtGroup = `${IDT}/*.csv`;
  const query = "identity theft reports for metropolitan areas of all states";

  test("an excluded file is left out", () => {
    const target = `${CSN}/2024_CSN_State_Rankings_Identity_Theft_Reports.csv`;
    assert.ok(paths(index.search("State rankings identity theft reports")).includes(target));
    const hits = index.search("State rankings identity theft reports", [target]);
    assert.ok(!paths(hits).includes(target));
    assert.ok(hits.length > 0);
  });

  test("excluding a group's glob removes the group and its members", () => {
    const hits = index.search(query, [idtGroup], 50);
    assert.ok(!paths(hits).some((p) => p.startsWith(`${IDT}/`)), paths(hits).join("\n"));
  });

  test("a group overlapping an exclusion goes; patterns and folders exclude", () => {
    const one = index.search(query, [`${IDT}/Ohio.csv`], 50);
    assert.ok(!paths(one).includes(idtGroup));
    assert.ok(!paths(one).includes(`${IDT}/Ohio.csv`));
    const folder = index.search(query, [`${IDT}/`], 50);
    assert.ok(!paths(folder).some((p) => p.startsWith(`${IDT}/`)));
    const pattern = index.search(query, ["**/State MSA *"], 50);
    assert.ok(!paths(pattern).some((p) => p.includes("State MSA")), paths(pattern).join("\n"));
    const glob = index.search("**/Florida.csv", [`${FRAUD}/`]);
    assert.deepEqual(paths(glob), [`${IDT}/Florida.csv`]);
  });
});

// --- families of files, the question's periods, the limit, copies ------------------------------

/** The beach lake of issue 12, by hand: 22 yearly files at the root among unrelated files. */
function waterMap(): SourceMap {
  const files: SourceEntry[] = [];
  const base = {
    "Community Code": ["BOS0", "LYN1"],
    Community: ["Boston", "Lynn"],
    County: ["Suffolk", "Essex"],
    "Beach Name": ["Constitution Beach", "Kings Beach"],
    "Sample Date": ["2019-06-01"],
    Enterococcus: ["10", "230"],
    Violation: ["no", "yes"],
  };
  for (let year = 2002; year <= 2023; year++) {
    const columns: Record<string, string[]> =
      year >= 2016 ? { ...base, "Indicator Level": ["1", "2"] } : base;
    files.push(file(`water-body-testing-${year}.csv`, [table([], columns)]));
  }
  // The 2015 export is unreadable; a browser download of 2019 sits next to it.
  const unreadable = files.find((f) => f.path === "water-body-testing-2015.csv");
  if (unreadable) {
    delete unreadable.tables;
    unreadable.error = "could not read as csv: Invalid unicode (byte sequence mismatch) at line 12";
  }
  files.push(file("water-body-testing-2019 (1).csv", [table([], base)]));
  for (const site of [
    "constitution",
    "kings",
    "pleasure-bay",
    "carson",
    "wollaston",
    "revere",
    "malibu",
    "crane",
  ])
    files.push(
      file(`beach-datasheet-${site}.csv`, [
        table([`${site} beach sampling datasheet`], {
          Date: ["2024-06-01"],
          "1-Day Rain": ["0.1"],
          Tag: [">"],
          Enterococcus: ["52"],
        }),
      ]),
    );
  files.push(
    file("precipitation/boston-logan-monthly.csv", [
      table([], { Year: ["1995", "Mean"], Jan: ["3.1"], Jul: ["2.9"] }),
    ]),
  );
  // A family in a folder holding other files, its year in a folder name, and a family by month.
  for (let year = 2019; year <= 2023; year++)
    files.push(
      file(`visits/${year}/visits.csv`, [
        table([], { Month: ["2019-01"], Branch: ["Harbor"], Visitors: ["4000"] }),
      ]),
    );
  files.push(file("visits/README.md", [], "text"));
  for (let m = 1; m <= 12; m++) {
    const mm = String(m).padStart(2, "0");
    files.push(
      file(`logs/web-traffic-2024-${mm}.csv`, [
        table([], { Date: [`2024-${mm}-01`], Page: ["/shop"], "Page Views": ["40"] }),
      ]),
    );
  }
  files.push(file("logs/errors.csv", [table([], { Date: ["2024-01-02"], Error: ["timeout"] })]));
  // Quarterly files: the quarter and the year vary.
  for (const year of [2023, 2024])
    for (let q = 1; q <= 4; q++)
      files.push(
        file(`inventory_q${q}_${year}.csv`, [table([], { Product: ["Widget"], "Stock On Hand": ["12"] })]),
      );
  return { root: "/lake", builtAt: "", files };
}

const YEARLY = "water-body-testing-[0-9][0-9][0-9][0-9].csv";

describe("file families", () => {
  const map = waterMap();
  const all = map.files.map((f) => f.path);
  const families = findFileFamilies(map.files);
  const family = (glob: string): FileFamily => {
    const found = families.find((f) => f.glob === glob);
    assert.ok(found, families.map((f) => f.glob).join("\n"));
    return found;
  };

  test("22 yearly files at the lake root, among other files, are one family whose glob matches exactly them", () => {
    const water = family(YEARLY);
    assert.equal(water.members.length, 22);
    assert.equal(water.template, "water-body-testing-{year}.csv");
    assert.deepEqual(water.varying, ["year"]);
    assert.equal(water.first, "2002");
    assert.equal(water.last, "2023");
    assert.deepEqual(water.gaps, []);
    // UnionScan reads the glob as it is: it matches the members and nothing else (not the "(1)" copy).
    const isMatch = picomatch(water.glob, { nocase: true, dot: false });
    assert.deepEqual(all.filter((p) => isMatch(p)).sort(), water.members.map((m) => m.path).sort());
    assert.ok(!isMatch("water-body-testing-2019 (1).csv"));
  });

  test("the family knows its shared columns and names the members that differ", () => {
    const water = family(YEARLY);
    assert.deepEqual(water.columns, [
      "Community Code",
      "Community",
      "County",
      "Beach Name",
      "Sample Date",
      "Enterococcus",
      "Violation",
    ]);
    const added = water.differing.filter((d) => d.extra.includes("Indicator Level")).map((d) => d.key);
    assert.deepEqual(added, ["2016", "2017", "2018", "2019", "2020", "2021", "2022", "2023"]);
    const broken = water.differing.find((d) => d.key === "2015");
    assert.match(broken?.error ?? "", /Invalid unicode/);
  });

  test("families in folders: a year folder, months in a folder with other files, quarter and year", () => {
    const visits = family("visits/[0-9][0-9][0-9][0-9]/visits.csv");
    assert.equal(visits.members.length, 5);
    const traffic = family("logs/web-traffic-[0-9][0-9][0-9][0-9]-[0-9][0-9].csv");
    assert.deepEqual(traffic.varying, ["date"]);
    assert.equal(traffic.first, "2024-01");
    assert.equal(traffic.last, "2024-12");
    const inventory = family("inventory_q[0-9]_[0-9][0-9][0-9][0-9].csv");
    assert.deepEqual(inventory.varying, ["number", "year"]);
    assert.deepEqual(
      inventory.members.map((m) => m.key),
      ["q1_2023", "q2_2023", "q3_2023", "q4_2023", "q1_2024", "q2_2024", "q3_2024", "q4_2024"],
    );
    // Names that differ by a word are not a family: the datasheets are eight files.
    assert.ok(!families.some((f) => f.members.some((m) => m.path.startsWith("beach-datasheet"))));
  });

  test("files with incompatible columns are not members; a folder holding only the family is named dir/*.ext", () => {
    const files = [2020, 2021, 2022].map((y) =>
      file(`sales/sales_${y}.csv`, [table([], { Region: ["North"], Revenue: ["1"], Units: ["2"] })]),
    );
    files.push(file("sales/sales_2023.csv", [table([], { Manager: ["Ana"], Target: ["100"] })]));
    const [sales] = findFileFamilies(files);
    assert.ok(sales);
    assert.deepEqual(
      sales.members.map((m) => m.key),
      ["2020", "2021", "2022"],
    );
    assert.equal(sales.glob, "sales/sales_{2020,2021,2022}.csv");
    const only = findFileFamilies(files.slice(0, 3));
    assert.equal(only[0]?.glob, "sales/*.csv");
    // Short codes need three members; two files are no family of codes.
    const codes = findFileFamilies([
      file("pop_CA.csv", [table([], { County: ["x"], Population: ["1"] })]),
      file("pop_NY.csv", [table([], { County: ["x"], Population: ["1"] })]),
    ]);
    assert.deepEqual(codes, []);
  });
});

describe("Discover ranks a family as one entry, and the question's years select its members", () => {
  const map = waterMap();
  const index = new DiscoverIndex(map);
  const all = map.files.map((f) => f.path);
  const years = (from: number, to: number): string[] =>
    Array.from({ length: to - from + 1 }, (_, i) => `water-body-testing-${from + i}.csv`);

  function familyHit(query: string): DiscoverHit {
    const hits = index.search(query);
    const hit = hits.find((h) => h.path === YEARLY);
    assert.ok(hit, paths(hits).join("\n"));
    // One entry: no member of the family is listed besides it.
    assert.ok(!paths(hits).some((p) => /^water-body-testing-\d{4}\.csv$/.test(p)), paths(hits).join("\n"));
    return hit;
  }

  function selected(query: string): string[] {
    const hit = familyHit(query);
    const selection = hit.family?.selected;
    assert.ok(selection, hit.reasons.join(" | "));
    // The offered glob matches exactly the selected files.
    if (selection.glob) {
      const isMatch = picomatch(selection.glob, { nocase: true, dot: false });
      assert.deepEqual(all.filter((p) => isMatch(p)).sort(), [...selection.files].sort(), selection.glob);
    }
    return selection.files;
  }

  test("the family hit carries its glob, member count, range, shared columns and differing members", () => {
    const hit = familyHit("Between 2002 and 2023, which years had the most beach violations?");
    assert.equal(hit.kind, "family");
    assert.equal(hit.files, 22);
    assert.equal(hit.family?.first, "2002");
    assert.equal(hit.family?.last, "2023");
    assert.ok(hit.family?.columns.includes("Violation"));
    assert.ok(hit.family?.differing.some((d) => d.key === "2015" && d.error));
    assert.equal(
      hit.score,
      index.search("Between 2002 and 2023, which years had the most beach violations?")[0]?.score,
    );
    assert.ok(
      hit.reasons[0]?.startsWith("family: 22 files water-body-testing-{year}.csv"),
      hit.reasons.join(" | "),
    );
  });

  test("ranges and lists of years select the members in range", () => {
    assert.deepEqual(
      selected("Between 2002 and 2023, which years had the most beach violations?"),
      years(2002, 2023),
    );
    assert.deepEqual(
      selected("For 2019–2023, what share of beach samples were violations?"),
      years(2019, 2023),
    );
    assert.deepEqual(
      selected("From 2010 to 2014 inclusive, how many beach samples were taken?"),
      years(2010, 2014),
    );
    assert.deepEqual(selected("Since 2018, which county had the most beach violations?"), years(2018, 2023));
    assert.deepEqual(selected("Which beaches were sampled since 2000?"), years(2002, 2023));
    assert.deepEqual(selected("Compare beach violations in 2019, 2021 and 2023"), [
      "water-body-testing-2019.csv",
      "water-body-testing-2021.csv",
      "water-body-testing-2023.csv",
    ]);
    const hit = familyHit("For 2019–2023, what share of beach samples were violations?");
    assert.equal(hit.family?.selected?.glob, "water-body-testing-{2019,2020,2021,2022,2023}.csv");
    assert.deepEqual(hit.family?.selected?.said, ["2019–2023"]);
    assert.ok(
      hit.reasons.some((r) => r.startsWith("selected: 5 of 22")),
      hit.reasons.join(" | "),
    );
  });

  test("months and dates select the members of a monthly family", () => {
    const hits = index.search("page views of web traffic between March 2024 and June 2024");
    const traffic = hits.find((h) => h.kind === "family" && h.path.startsWith("logs/"));
    assert.ok(traffic, paths(hits).join("\n"));
    assert.deepEqual(traffic.family?.selected?.files, [
      "logs/web-traffic-2024-03.csv",
      "logs/web-traffic-2024-04.csv",
      "logs/web-traffic-2024-05.csv",
      "logs/web-traffic-2024-06.csv",
    ]);
    const q = index.search("stock on hand of inventory in every quarter of 2024")[0];
    assert.equal(q?.path, "inventory_q[0-9]_[0-9][0-9][0-9][0-9].csv");
    assert.deepEqual(
      q?.family?.selected?.files,
      [1, 2, 3, 4].map((n) => `inventory_q${n}_2024.csv`),
    );
  });

  test("a question without years selects nothing and offers the whole family; folder groups stay", () => {
    const hit = familyHit("which beach had the most violations");
    assert.equal(hit.family?.selected, undefined);
    const hand = new DiscoverIndex(handMap());
    assert.ok(
      paths(hand.search("identity theft reports for metropolitan areas of all states")).includes(
        `${IDT}/*.csv`,
      ),
    );
  });

  test("a family counts as one entry against the limit; the limit is not capped at 10", () => {
    const few = index.search("beach", [], 3);
    assert.equal(few.length, 3);
    const many = index.search("beach datasheet water testing visits traffic inventory", [], 40);
    assert.ok(many.length > 10, `${many.length}`);
    assert.equal(index.search("beach datasheet water testing visits traffic inventory").length, 10);
    // Every member is reachable from the entry that stands for it.
    assert.deepEqual(index.filesOf(YEARLY).length, 22);
  });
});

describe("copies give way to the file they copy", () => {
  function copiesMap(): SourceMap {
    const summary = (rows: number): TableProfile => ({
      ...table([], {
        "Sample ID": ["S-1001"],
        "Beach Name": ["Kings Beach"],
        Enterococcus: ["40"],
      }),
      rowCount: rows,
    });
    const files: SourceEntry[] = [
      {
        ...file("downloads/beach-monitoring-summary-2024.csv", [summary(37)]),
        relations: [
          {
            kind: "prefix-of",
            path: "reports/beach-monitoring-summary-2024.csv",
            bytes: 2100,
            checked: "all-bytes",
            lines: 38,
          },
        ],
      },
      {
        ...file("reports/beach-monitoring-summary-2024.csv", [summary(50)]),
        relations: [
          {
            kind: "has-prefix",
            path: "downloads/beach-monitoring-summary-2024.csv",
            bytes: 1500,
            checked: "all-bytes",
            lines: 38,
          },
        ],
      },
      {
        ...file("exports/june (1).csv", [table([], { Date: ["2024-06-01"], Closures: ["2"] })]),
        relations: [{ kind: "identical", path: "exports/june.csv", bytes: 300, checked: "all-bytes" }],
      },
      {
        ...file("exports/june.csv", [table([], { Date: ["2024-06-01"], Closures: ["2"] })]),
        relations: [{ kind: "identical", path: "exports/june (1).csv", bytes: 300, checked: "all-bytes" }],
      },
      file("notes/beach monitoring protocol.csv", [table([], { Step: ["Collect"], Detail: ["sample"] })]),
    ];
    return { root: "/lake", builtAt: "", files };
  }

  test("a truncated copy is left out in favour of the complete file, and the hit says why", () => {
    const index = new DiscoverIndex(copiesMap());
    const hits = index.search("beach monitoring summary 2024 enterococcus");
    assert.equal(hits[0]?.path, "reports/beach-monitoring-summary-2024.csv", paths(hits).join("\n"));
    assert.ok(!paths(hits).includes("downloads/beach-monitoring-summary-2024.csv"));
    const copy = hits[0]?.copies?.[0];
    assert.equal(copy?.kind, "truncated");
    assert.match(
      copy?.note ?? "",
      /its 37 rows are the first 37 of the 50 rows of reports\/beach-monitoring-summary-2024\.csv/,
    );
    assert.ok(hits[0]?.reasons.some((r) => r.startsWith("preferred to a copy: downloads/")));
    // The copy's own words still find the complete file.
    assert.equal(
      index.search("downloads beach monitoring")[0]?.path,
      "reports/beach-monitoring-summary-2024.csv",
    );
  });

  test("of identical files, the one without a copy mark in its name is listed", () => {
    const index = new DiscoverIndex(copiesMap());
    const hits = index.search("june closures export");
    assert.equal(hits[0]?.path, "exports/june.csv", paths(hits).join("\n"));
    assert.ok(!paths(hits).includes("exports/june (1).csv"));
    assert.equal(hits[0]?.copies?.[0]?.kind, "identical");
    // A path pattern still lists every file.
    assert.deepEqual(paths(index.search("exports/*.csv")), ["exports/june (1).csv", "exports/june.csv"]);
  });
});

describe("question periods", () => {
  const said = (q: string): [string, string][] => questionPeriods(q).map((p) => [p.from, p.to]);
  test("years, ranges, open ranges, lists, months, days and decades", () => {
    assert.deepEqual(said("Between 2002 and 2023, which years"), [["2002-01-01", "2023-12-31"]]);
    assert.deepEqual(said("For 2019–2023, what share"), [["2019-01-01", "2023-12-31"]]);
    assert.deepEqual(said("2019-23 totals"), [["2019-01-01", "2023-12-31"]]);
    assert.deepEqual(said("from 2020 to 2024 inclusive"), [["2020-01-01", "2024-12-31"]]);
    assert.deepEqual(said("since 2000"), [["2000-01-01", "9999-12-31"]]);
    assert.deepEqual(said("before 2010"), [["0000-01-01", "2009-12-31"]]);
    assert.deepEqual(said("after 2015"), [["2016-01-01", "9999-12-31"]]);
    assert.deepEqual(said("2019, 2021 and 2023"), [
      ["2019-01-01", "2019-12-31"],
      ["2021-01-01", "2021-12-31"],
      ["2023-01-01", "2023-12-31"],
    ]);
    assert.deepEqual(said("between March and June 2024"), [["2024-03-01", "2024-06-30"]]);
    assert.deepEqual(said("on March 5, 2024"), [["2024-03-05", "2024-03-05"]]);
    assert.deepEqual(said("in 2024-02"), [["2024-02-01", "2024-02-29"]]);
    assert.deepEqual(said("in Q2 2024"), [["2024-04-01", "2024-06-30"]]);
    assert.deepEqual(said("in the 1990s"), [["1990-01-01", "1999-12-31"]]);
    assert.deepEqual(said("from 1,000 to 2,000 people"), []);
  });
});

describe("a specific word of the question brings in the table whose first rows hold it", () => {
  function reportsMap(): SourceMap {
    const files: SourceEntry[] = [];
    for (const topic of [
      "Fraud",
      "Identity Theft",
      "Imposter Scams",
      "Online Shopping",
      "Auto Related",
      "Military",
    ])
      files.push({
        ...file(`reports/${topic.replace(/ /g, "_")}_Reports_by_Category.csv`, [
          table([`${topic} Reports by Category`], { Category: [topic], "# of Reports": ["1,204"] }),
        ]),
        headTerms: ["Reports", "Category", topic, "2024"],
      });
    files.push({
      ...file("reports/Report_Count.csv", [
        table(["Number of Reports by Year"], { Year: ["2001", "2002", "2003"], "# of Reports": ["325,519"] }),
      ]),
      headTerms: [
        "Number",
        "Reports",
        "Year",
        "2001",
        "2002",
        "2003",
        "2004",
        "2005",
        "2006",
        "2007",
        "2008",
        "2024",
      ],
    });
    files.push({
      ...file("reports/Reports_by_Age.csv", [
        table(["Reports by Age"], { "Age Range": ["19 and Under"], "50 - 59": ["3"] }),
      ]),
      headTerms: ["Reports", "Age", "Range", "Under", "50", "59"],
    });
    return { root: "/lake", builtAt: "", files };
  }

  test("a year only one table holds rows for is covered within the limit, and the hit says why", () => {
    const index = new DiscoverIndex(reportsMap());
    const hits = index.search("How many fraud reports by category were there in 2007?", [], 6);
    const count = hits.find((h) => h.path === "reports/Report_Count.csv");
    assert.ok(count, paths(hits).join("\n"));
    assert.ok(count.reasons.includes("first rows hold: 2007"), count.reasons.join(" | "));
  });

  test("a number that is no year brings nothing in", () => {
    const index = new DiscoverIndex(reportsMap());
    const hits = index.search("Which categories of fraud reports make up at least 50% of reports?", [], 6);
    assert.ok(
      !hits.some((h) => h.reasons.some((r) => r.startsWith("first rows hold"))),
      paths(hits).join("\n"),
    );
  });
});

describe("a column named in full by the question's words", () => {
  // Five files whose paths and titles say "fraud", and one whose only "fraud" is a whole column: the
  // yearly table that splits every year's reports into Fraud, Identity Theft and Other.
  function byTypeMap(): SourceMap {
    const files: SourceEntry[] = [];
    for (const topic of ["Contact Method", "Payment Method", "Amount Lost", "Age", "State"])
      files.push(
        file(`reports/Fraud_Reports_by_${topic.replace(/ /g, "_")}.csv`, [
          table([`Fraud Reports by ${topic}`], {
            [topic]: ["a", "b"],
            "# of Reports": ["1,204"],
            "Percentage of all Fraud Reports with a dollar loss reported": ["11%"],
          }),
        ]),
      );
    files.push(
      file("reports/Number_of_Reports_by_Type.csv", [
        table(["Number of Reports by Type"], {
          Year: ["2001", "2002", "2003"],
          Fraud: ["137,306"],
          "Identity Theft": ["86,250"],
          Other: ["101,963"],
        }),
      ]),
      file("reports/Theft_Victims.csv", [
        table(["Victims"], { "Identity of the victim": ["x"], "Theft date": ["2020-01-01"] }),
      ]),
    );
    return { root: "/lake", builtAt: "", files };
  }

  test("a column named by a word of the question ranks its table among the first, and the hit says so", () => {
    const index = new DiscoverIndex(byTypeMap());
    const hits = index.search("In which years were fraud reports at least half of all reports?", [], 3);
    const byType = hits.find((h) => h.path === "reports/Number_of_Reports_by_Type.csv");
    assert.ok(byType, paths(hits).join("\n"));
    assert.ok(
      byType.reasons.some((r) => r.startsWith("column named: ") && r.includes("Fraud")),
      byType.reasons.join(" | "),
    );
  });

  test("a run of the question's words matches a column of those words, not the words apart", () => {
    const index = new DiscoverIndex(byTypeMap());
    const hits = index.search("identity theft");
    const byType = hits.find((h) => h.path === "reports/Number_of_Reports_by_Type.csv");
    const apart = hits.find((h) => h.path === "reports/Theft_Victims.csv");
    assert.ok(byType && apart, paths(hits).join("\n"));
    assert.ok(byType.reasons.includes("column named: Identity Theft"), byType.reasons.join(" | "));
    assert.ok(!apart.reasons.some((r) => r.startsWith("column named")), apart.reasons.join(" | "));
    assert.ok(byType.score > apart.score);
  });
});
