import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  DiscoverIndex,
  isPathPattern,
  matchPattern,
  tokenize,
} from "../../src/core/discover/discoverIndex.ts";
import type { DiscoverHit } from "../../src/core/discover/discoverIndex.ts";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import { buildSourceMap } from "../../src/core/sourceMap/buildSourceMap.ts";
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
    { path: `${CSN}/identity_theft_empty.csv`, bytes: 0, mtimeMs: 0, format: "empty" },
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

  test("binary and empty files are never ranked for words", () => {
    const hits = index.search("identity theft dump empty", [], 50);
    assert.ok(hits.length > 0);
    assert.ok(
      !paths(hits).some((p) => p.endsWith(".bin") || p.endsWith("empty.csv") || p.endsWith(".DS_Store")),
    );
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

// --- the real KramaBench "legal" lake, when it is there ----------------------------------------

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const shared = resolve(repoRoot, "../shared/kramabench-legal");

describe("DiscoverIndex on the KramaBench legal lake", () => {
  test("finds the state rankings of identity theft reports, and the per-state MSA group", async (t) => {
    const lake = join(shared, "lake");
    if (!existsSync(lake)) {
      t.skip("../shared/kramabench-legal is absent");
      return;
    }
    const cacheDir = mkdtempSync(join(tmpdir(), "radar-discover-"));
    try {
      const engine = await DuckEngine.open(lake, { extraReadDirs: [cacheDir] });
      let map: SourceMap;
      try {
        ({ map } = await buildSourceMap(engine, { cacheDir }));
      } finally {
        engine.close();
      }
      const index = new DiscoverIndex(map);
      const hits = index.search("State rankings identity theft reports");
      const target = "csn-data-book-2024-csv/CSVs/2024_CSN_State_Rankings_Identity_Theft_Reports.csv";
      assert.ok(paths(hits).slice(0, 3).includes(target), paths(hits).join("\n"));

      const groups = index.search("identity theft reports for metropolitan areas of all states");
      const group = groups
        .slice(0, 3)
        .find((h) => h.path === "csn-data-book-2024-csv/CSVs/State MSA Identity Theft data/*.csv");
      assert.ok(group, paths(groups).join("\n"));
      assert.equal(group.files, 52);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
