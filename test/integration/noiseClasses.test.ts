import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { memoized } from "../../src/core/validation/tableMemo.ts";
import type { TableInfo } from "../../src/core/state/sharedState.ts";
import { tempLake } from "../helpers/tempLake.ts";

// The noise classes the analyst session corpus showed (issue 10), each with a twin that must stay
// flagged: the mechanism is fixed, not the example.

const { lake, stateDir } = tempLake({
  "by_year.csv": "Year,Identity Theft,Fraud\n2005,255000,437000\n2006,246000,423000\n2007,259000,505000\n",
  "by_age.csv": "Age Range,Reports\n19 and Under,1200\n20 - 29,8800\n40 - 49,9100\n50 - 59,7000\n",
  "fraud_top5.csv":
    "Rank,State,Rate\n1,Florida,1522\n2,Georgia,1298\n3,Nevada,1204\n4,Delaware,1153\n5,Maryland,1122\n",
  "idt_top5.csv":
    "Rank,State,Rate\n1,Florida,528\n2,Georgia,517\n3,Nevada,466\n4,Texas,393\n5,Delaware,392\n",
  "beaches.csv":
    "Community,Beach,Code\nFalmouth,Old Silver,01\nFalmouth,Old Silver Beach,01\nFalmouth,Menauhant,01\nBourne,Monument,02\nBourne,Monument Beach,02\n",
  "codes.csv": "Code,County\n01,Barnstable\n02,Barnstable\n03,Plymouth\n",
  "states/Alabama.csv": 'Area,Reports\n"Columbus, GA-AL",1302\nMobile,900\nHuntsville,700\n',
  "states/Georgia.csv": 'Area,Reports\n"Columbus, GA-AL",1302\nAtlanta,9000\nMacon,800\n',
  "names.csv": "Name\nAlabama\nGeorgia\n",
  "readings.csv": `Day,Value\n${Array.from({ length: 30 }, (_, i) => `${i + 1},${(i * 7) % 11}`).join("\n")}\n`,
  "hourly.csv": `Hour,Value\n${Array.from({ length: 400 }, (_, i) => `${i + 1},${(i * 13) % 17}`).join("\n")}\n`,
  // Each year lacks a beach the other has, spelled alike (Menauhant / Menauhant Beach): a loss to
  // warn about, not two lists that merely overlap.
  "y12.csv": "Beach,Rate\nA,0.1\nB,0.2\nC,0.3\nMenauhant,0.4\n",
  "y13.csv": "Beach,Rate\nA,0.2\nB,0.1\nC,0.3\nMenauhant Beach,0.5\n",
  // Each yearly file spells the violation flag one way; 2017 mixes two spellings within the file.
  "yearly/2015.csv":
    "Beach,Organism,Violation\nA,E. coli,YES\nA,E. coli,NO\nA,E. coli,NO\nB,Entero,NO\nB,Entero,YES\nB,Entero,NO\n",
  "yearly/2016.csv":
    "Beach,Organism,Violation\nA,E. coli,yes\nA,E. coli,no\nB,Entero,no\nB,Entero,no\nB,Entero,yes\n",
  "mixed/2017.csv":
    "Beach,Organism,Violation\nA,E. coli,Yes\nA,E. coli,yes\nA,E. coli,no\nB,Entero,no\nB,Entero,No\n",
  // 'New Accounts ' (trailing space) only on a Credit Card row: a filter that also asks for
  // 'Bank Account' never looks at it; one that keeps Credit Card rows misses it.
  "theft.csv":
    "Theft Type,Theft Subtype,Reports\nBank Account,New Accounts,62982\nBank Account,Existing Accounts,50000\n" +
    "Credit Card,New Accounts ,406110\nCredit Card,Existing Accounts,90000\nLoan,New Accounts,3000\n",
  "book.html":
    "<html><body><h2>Reports 2023</h2><table><tr><th>State</th><th>Reports</th></tr><tr><td>Florida</td><td>458012</td></tr><tr><td>Georgia</td><td>219870</td></tr></table>" +
    "<h2>Reports 2024</h2><table><tr><th>State</th><th>Reports</th></tr><tr><td>Florida</td><td>474314</td></tr><tr><td>Georgia</td><td>228132</td></tr></table></body></html>\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["by_year.csv", "typ"],
    ["by_age.csv", "age"],
    ["fraud_top5.csv", "fraud"],
    ["idt_top5.csv", "idt"],
    ["beaches.csv", "beaches"],
    ["codes.csv", "codes"],
    ["names.csv", "names"],
    ["theft.csv", "theft"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
  for (const [files, output] of [
    [["states/*.csv"], "st"],
    [["yearly/*.csv"], "wbt"],
    [["yearly/*.csv", "mixed/*.csv"], "wbt3"],
  ] as const)
    assert.equal(
      (await runtime.call({ op: "UnionScan", files: [...files], output, source_column: "src" })).status,
      "ok",
    );
});
after(() => runtime?.close());

let n = 0;
const query = (sql: string, inputs: string[]) =>
  runtime.call({ op: "Query", sql, inputs, output: `q${n++}` });
const codes = (e: { diagnostics: { code: string; severity: string }[] }, code: string): string[] =>
  e.diagnostics.filter((d) => d.code === code && d.severity !== "info").map((d) => d.severity);

describe("unkeyed-join: a side that holds one row by the data is a scalar, not a ranking", () => {
  test("comma join of CTEs that each select the one row of a unique year passes", async () => {
    const e = await query(
      'WITH a AS (SELECT sum(Reports) AS total FROM age), y AS (SELECT "Identity Theft" AS it2007 FROM typ WHERE Year = 2007), ' +
        'z AS (SELECT "Identity Theft" AS it2005 FROM typ WHERE Year = 2005) SELECT total, it2007, it2005 FROM a, y, z',
      ["age", "typ"],
    );
    assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
  });
  test("the same shape over two rankings (five rows each) is still rejected", async () => {
    const e = await query(
      "WITH f AS (SELECT State, Rate FROM fraud WHERE Rank <= 5), i AS (SELECT State, Rate FROM idt WHERE Rank <= 5) SELECT f.State, i.State FROM f, i",
      ["fraud", "idt"],
    );
    assert.equal(e.status, "rejected");
    assert.equal(e.diagnostics[0]?.code, "unkeyed-join");
  });
});

describe("empty-result: only when a filter or join matched nothing", () => {
  for (const [name, sql] of [
    [
      "a consistency check by HAVING",
      "SELECT Community, count(DISTINCT Code) AS n FROM beaches GROUP BY 1 HAVING count(DISTINCT Code) > 1",
    ],
    [
      "a combination of conditions each of which keeps rows",
      "SELECT * FROM beaches WHERE Community = 'Bourne' AND Code = '01'",
    ],
    [
      "a search for exceptions (NOT regexp)",
      "SELECT * FROM beaches WHERE NOT regexp_matches(Code, '^[0-9]{2}$')",
    ],
    [
      "a search for exceptions (IS NULL OR NOT LIKE)",
      "SELECT * FROM beaches WHERE Beach IS NULL OR Code NOT LIKE '0%'",
    ],
  ] as const)
    test(`quiet: ${name}`, async () => {
      const e = await query(sql, ["beaches"]);
      assert.equal(e.status, "ok");
      assert.deepEqual(codes(e, "empty-result"), []);
    });
  test("flagged: a condition that alone matches no row, named in the message", async () => {
    const e = await query("SELECT * FROM beaches WHERE Community = 'Bourne' AND Code > '05'", ["beaches"]);
    const d = e.diagnostics.find((x) => x.code === "empty-result");
    assert.equal(d?.severity, "warning");
    assert.match(d!.message, /Code > '05'.* alone matches no row/);
  });
  test("flagged: a join whose keys never match", async () => {
    const e = await query("SELECT * FROM beaches b JOIN codes c ON b.Community = c.County", [
      "beaches",
      "codes",
    ]);
    const d = e.diagnostics.find((x) => x.code === "empty-result");
    assert.match(d?.message ?? "", /tables and joins give no row/);
  });
});

describe("join-row-loss and join-fanout: filtering and pairing on purpose", () => {
  test("a SEMI JOIN counts the rows that match; the others are dropped on purpose", async () => {
    const e = await query("SELECT count(*) AS n FROM codes SEMI JOIN beaches USING (Code)", [
      "codes",
      "beaches",
    ]);
    assert.deepEqual(codes(e, "join-row-loss"), []);
  });
  test("the inner join that loses code 03 still warns", async () => {
    const e = await query(
      "SELECT c.County, b.Beach FROM codes c JOIN (SELECT DISTINCT Code, Beach FROM beaches) b ON c.Code = b.Code",
      ["codes", "beaches"],
    );
    assert.ok(
      e.diagnostics.some((d) => d.code === "join-row-loss"),
      JSON.stringify(e.diagnostics),
    );
  });
  test("a self-join listing pairs of names within a community (a.name < b.name) is no fan-out", async () => {
    const e = await query(
      "WITH b AS (SELECT DISTINCT Community, Beach FROM beaches) SELECT a.Community, a.Beach, c.Beach AS other FROM b a JOIN b c ON a.Community = c.Community AND a.Beach < c.Beach",
      ["beaches"],
    );
    assert.deepEqual(codes(e, "join-fanout"), []);
  });
  test("the same self-join without the pair condition is many-to-many and warns", async () => {
    const e = await query(
      "WITH b AS (SELECT DISTINCT Community, Beach FROM beaches) SELECT a.Community, a.Beach, c.Beach AS other FROM b a JOIN b c ON a.Community = c.Community",
      ["beaches"],
    );
    assert.deepEqual(codes(e, "join-fanout"), ["warning"]);
  });
});

describe("value-variants on a GROUP BY with other keys: only spellings that meet in one group split it", () => {
  test("grouped by file and flag, each file spelling the flag one way: no group is split", async () => {
    const e = await query(
      "SELECT src, Violation, Organism, count(*) AS n FROM wbt GROUP BY ALL ORDER BY ALL",
      ["wbt"],
    );
    assert.deepEqual(codes(e, "value-variants"), []);
  });
  test("grouped by organism and flag across the files: 'yes'/'YES' split each organism's count", async () => {
    const e = await query("SELECT Organism, Violation, count(*) AS n FROM wbt GROUP BY 1, 2", ["wbt"]);
    assert.deepEqual(codes(e, "value-variants"), ["warning"]);
  });
  test("grouped by file where one file mixes 'Yes' and 'yes': that file's group is split", async () => {
    const e = await query("SELECT src, Violation, count(*) AS n FROM wbt3 GROUP BY src, Violation", ["wbt3"]);
    const d = e.diagnostics.filter((x) => x.code === "value-variants");
    assert.deepEqual(
      d.map((x) => x.severity),
      ["warning"],
    );
    // Only the spellings that meet within a file are named.
    assert.match(d[0]!.message, /'Yes' \/ 'yes'/);
    assert.doesNotMatch(d[0]!.message, /'YES'/);
  });
  test("a per-file grouping summed across the files by the outer query still warns", async () => {
    const e = await query(
      "WITH per AS (SELECT src, Violation, count(*) AS n FROM wbt GROUP BY ALL) SELECT Violation, sum(n) AS n FROM per GROUP BY Violation",
      ["wbt"],
    );
    assert.deepEqual(codes(e, "value-variants"), ["warning"]);
  });
});

describe("value-variants inside an aggregate's condition: judged on the rows its other conjuncts keep", () => {
  test("FILTER whose other conjunct excludes the only row of the other spelling: no warning", async () => {
    const e = await query(
      "SELECT sum(Reports) AS all_rows, max(Reports) FILTER (WHERE \"Theft Type\" = 'Bank Account' AND \"Theft Subtype\" = 'New Accounts') AS bank_new FROM theft",
      ["theft"],
    );
    assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
    assert.deepEqual(codes(e, "value-variants"), [], JSON.stringify(e.diagnostics));
  });
  test("CASE WHEN whose other conjunct excludes the other spelling's row: no warning", async () => {
    const e = await query(
      "SELECT sum(CASE WHEN \"Theft Type\" = 'Bank Account' AND \"Theft Subtype\" = 'New Accounts' THEN Reports ELSE 0 END) AS bank_new FROM theft",
      ["theft"],
    );
    assert.deepEqual(codes(e, "value-variants"), [], JSON.stringify(e.diagnostics));
  });
  test("FILTER whose other conjunct keeps the Credit Card row spelled 'New Accounts ': warns", async () => {
    const e = await query(
      "SELECT sum(Reports) FILTER (WHERE \"Theft Type\" IN ('Credit Card', 'Loan') AND \"Theft Subtype\" = 'New Accounts') AS card_loan_new FROM theft",
      ["theft"],
    );
    const d = e.diagnostics.filter((x) => x.code === "value-variants");
    assert.deepEqual(
      d.map((x) => x.severity),
      ["warning"],
    );
    assert.match(
      d[0]!.message,
      /'New Accounts ' ×1|'New Accounts' \/ 'New Accounts '|'New Accounts ' \/ 'New Accounts'/,
    );
  });
  test("CASE WHEN whose other conjunct keeps the other spelling's row: warns", async () => {
    const e = await query(
      "SELECT sum(CASE WHEN \"Theft Type\" <> 'Bank Account' AND \"Theft Subtype\" = 'New Accounts' THEN Reports END) AS other_new FROM theft",
      ["theft"],
    );
    assert.deepEqual(codes(e, "value-variants"), ["warning"], JSON.stringify(e.diagnostics));
  });
});

describe("join-row-loss: a loss the session has already looked at", () => {
  const JOIN = "SELECT b.Beach, b.Rate AS r13, a.Rate AS r12 FROM y13 b JOIN y12 a ON b.Beach = a.Beach";
  const open = async (): Promise<Runtime> => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    for (const [file, output] of [
      ["y12.csv", "y12"],
      ["y13.csv", "y13"],
    ])
      assert.equal((await r.call({ op: "Scan", file, output })).status, "ok");
    return r;
  };
  const severities = (e: { diagnostics: { code: string; severity: string }[] }): string[] =>
    e.diagnostics.filter((d) => d.code === "join-row-loss").map((d) => d.severity);
  test("each side's lost beach warns once; the same join again in the session is info", async () => {
    const r = await open();
    try {
      const first = await r.call({ op: "Query", sql: JOIN, inputs: ["y12", "y13"], output: "cmp" });
      assert.deepEqual(severities(first), ["warning", "warning"]);
      const again = await r.call({
        op: "Query",
        sql: `${JOIN} WHERE b.Rate > 0`,
        inputs: ["y12", "y13"],
        output: "cmp2",
      });
      assert.deepEqual(severities(again), ["info", "info"]);
      assert.match(
        again.diagnostics.find((d) => d.code === "join-row-loss")!.message,
        /as reported for an earlier call/,
      );
    } finally {
      r.close();
    }
  });
  test("the unmatched beaches listed by an earlier query: the drop is info naming that listing", async () => {
    const r = await open();
    try {
      const listing = await r.call({
        op: "Query",
        sql: "SELECT Beach FROM y12 WHERE Beach NOT IN (SELECT Beach FROM y13) UNION ALL SELECT Beach FROM y13 WHERE Beach NOT IN (SELECT Beach FROM y12)",
        inputs: ["y12", "y13"],
        output: "only_one_year",
      });
      assert.equal(listing.status, "ok");
      const e = await r.call({ op: "Query", sql: JOIN, inputs: ["y12", "y13"], output: "cmp" });
      assert.deepEqual(severities(e), ["info", "info"]);
      assert.match(e.diagnostics.find((d) => d.code === "join-row-loss")!.message, /only_one_year/);
    } finally {
      r.close();
    }
  });
  test("a FULL JOIN listing that names each side's key on its own (b12, b13): the drop is info", async () => {
    const r = await open();
    try {
      const listing = await r.call({
        op: "Query",
        sql: "SELECT a.Beach AS b12, b.Beach AS b13 FROM y12 a FULL JOIN y13 b ON a.Beach = b.Beach WHERE a.Beach IS NULL OR b.Beach IS NULL",
        inputs: ["y12", "y13"],
        output: "unmatched",
      });
      assert.equal(listing.status, "ok");
      const e = await r.call({ op: "Query", sql: JOIN, inputs: ["y12", "y13"], output: "cmp" });
      assert.deepEqual(severities(e), ["info", "info"]);
      assert.match(e.diagnostics.find((d) => d.code === "join-row-loss")!.message, /unmatched/);
    } finally {
      r.close();
    }
  });
  test("the same FULL JOIN without its WHERE lists matched beaches too: still warns", async () => {
    const r = await open();
    try {
      const all = await r.call({
        op: "Query",
        sql: "SELECT a.Beach AS b12, b.Beach AS b13 FROM y12 a FULL JOIN y13 b ON a.Beach = b.Beach",
        inputs: ["y12", "y13"],
        output: "paired",
      });
      assert.equal(all.status, "ok");
      const e = await r.call({ op: "Query", sql: JOIN, inputs: ["y12", "y13"], output: "cmp" });
      assert.deepEqual(severities(e), ["warning", "warning"]);
    } finally {
      r.close();
    }
  });
  test("an earlier list of every beach, matched or not, is no such listing: still warns", async () => {
    const r = await open();
    try {
      const all = await r.call({
        op: "Query",
        sql: "SELECT Beach FROM y12 UNION SELECT Beach FROM y13",
        inputs: ["y12", "y13"],
        output: "all_beaches",
      });
      assert.equal(all.status, "ok");
      const e = await r.call({ op: "Query", sql: JOIN, inputs: ["y12", "y13"], output: "cmp" });
      assert.deepEqual(severities(e), ["warning", "warning"]);
    } finally {
      r.close();
    }
  });
});

describe("union-duplicate-rows: counts per file, and counts next to distinct counts", () => {
  test("grouped by a name equated with the file column: one file per group", async () => {
    const e = await query(
      "SELECT n.Name, count(st.src) AS rows FROM names n LEFT JOIN st ON n.Name = st.src GROUP BY n.Name",
      ["names", "st"],
    );
    assert.deepEqual(codes(e, "union-duplicate-rows"), []);
  });
  test("rows counted next to the distinct areas: the query measures the repetition", async () => {
    const e = await query("SELECT count(*) AS rows, count(DISTINCT Area) AS areas FROM st", ["st"]);
    assert.deepEqual(codes(e, "union-duplicate-rows"), []);
  });
  test("a sum over the union still counts Columbus twice and warns", async () => {
    const e = await query("SELECT sum(Reports) AS total, count(DISTINCT Area) AS areas FROM st", ["st"]);
    assert.deepEqual(codes(e, "union-duplicate-rows"), ["warning"]);
  });
});

describe("partial-coverage of a file of several tables is judged over the work", () => {
  test("the other table scanned in the same batch: info at the Scan, nothing at the end", async () => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    try {
      const events = await r.runBatch([
        { op: "Scan", file: "book.html", output: "b1" },
        { op: "Scan", file: "book.html", sheet: "table 2", output: "b2" },
      ]);
      assert.deepEqual(
        events.map((e) => e.status),
        ["ok", "ok"],
        JSON.stringify(events.map((e) => e.error)),
      );
      assert.deepEqual(
        events[0]!.diagnostics.filter((d) => d.code === "partial-coverage").map((d) => d.severity),
        ["info"],
      );
      assert.deepEqual(
        (await r.finalChecks()).filter((d) => d.code === "partial-coverage"),
        [],
      );
    } finally {
      r.close();
    }
  });
  test("only the first table read: a warning at the end", async () => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await r.runBatch([{ op: "Scan", file: "book.html", output: "b1" }]);
      const final = (await r.finalChecks()).filter((d) => d.code === "partial-coverage");
      assert.deepEqual(
        final.map((d) => d.severity),
        ["warning"],
      );
      assert.match(final[0]!.message, /None of them was scanned/);
    } finally {
      r.close();
    }
  });
});

describe("partial-coverage counts what Bash printed", () => {
  test("every block printed with cat: the other blocks were seen, nothing at the end", async () => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await r.runBatch([
        { op: "Scan", file: "book.html", output: "b1" },
        { op: "Bash", command: "cat book.html" },
      ]);
      assert.deepEqual(
        (await r.finalChecks()).filter((d) => d.code === "partial-coverage"),
        [],
      );
    } finally {
      r.close();
    }
  });
  test("cat cut by head is not the whole file: still a warning", async () => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await r.runBatch([
        { op: "Scan", file: "book.html", output: "b1" },
        { op: "Bash", command: "cat book.html | head -n 2" },
      ]);
      const final = (await r.finalChecks()).filter((d) => d.code === "partial-coverage");
      assert.equal(final.length, 1);
    } finally {
      r.close();
    }
  });
  test("head and tail of a file never scanned: both views named, in data rows", async () => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await r.runBatch([
        { op: "Bash", command: "head -n 8 readings.csv" },
        { op: "Bash", command: "tail -n 4 readings.csv" },
      ]);
      const final = (await r.finalChecks()).filter((d) => d.code === "partial-coverage");
      assert.equal(final.length, 1, JSON.stringify(final));
      assert.match(final[0]!.message, /`head -n 8 readings.csv` \(the first 8 lines: 7 of 30 data rows\)/);
      assert.match(final[0]!.message, /`tail -n 4 readings.csv` \(the last 4 lines: 4 of 30 data rows\)/);
    } finally {
      r.close();
    }
  });
  test("head -c counts the whole lines its bytes held (held-out GV-08: none of a long header)", async () => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await r.runBatch([
        { op: "Bash", command: "head -c 40 readings.csv | grep -c ," },
        { op: "Bash", command: "head -c 5 readings.csv | wc -c" },
      ]);
      const final = (await r.finalChecks()).filter((d) => d.code === "partial-coverage");
      assert.equal(final.length, 1, JSON.stringify(final));
      // The first 40 bytes hold 8 whole lines (the header and 7 rows); the first 5, part of the header.
      assert.match(
        final[0]!.message,
        /`head -c 40 readings.csv \| grep -c ,` \(the first 8 lines: 7 of 30 data rows\)/,
      );
      assert.match(
        final[0]!.message,
        /`head -c 5 readings.csv \| wc -c` \(part of its first line: none of its 30 data rows\)/,
      );
    } finally {
      r.close();
    }
  });
});

describe("partial-coverage: a glance at a long file's layout is not a part taken for the whole", () => {
  const finalOf = async (commands: string[]) => {
    const r = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await r.runBatch(commands.map((command) => ({ op: "Bash", command })));
      return (await r.finalChecks()).filter((d) => d.code === "partial-coverage");
    } finally {
      r.close();
    }
  };
  test("head and tail printing 7 of 400 data rows, nothing computed from them: no end-of-work finding", async () => {
    assert.deepEqual(
      await finalOf(["head -n 5 hourly.csv", "tail -n 3 hourly.csv", "head -n 4 hourly.csv | tail -n 2"]),
      [],
    );
  });
  test("still a warning: a count computed from the glance, or a view of a real share of the file", async () => {
    const counted = await finalOf(["head -n 5 hourly.csv | grep -c ,3$"]);
    assert.equal(counted.length, 1, JSON.stringify(counted));
    assert.equal(counted[0]!.severity, "warning");
    const share = await finalOf(["head -n 10 hourly.csv", "tail -n 15 hourly.csv"]);
    assert.equal(share.length, 1, JSON.stringify(share));
    assert.match(
      share[0]!.message,
      /the first 10 lines: 9 of 400 data rows\).*the last 15 lines: 15 of 400 data rows\)/,
    );
  });
});

describe("memoized check results", () => {
  test("a call waiting on another call's computation that fails computes for itself", async () => {
    const table = { name: "t" } as unknown as TableInfo;
    let release!: () => void;
    const first = memoized(
      table,
      "k",
      () => new Promise<number>((_, reject) => (release = () => reject(new Error("Interrupted")))),
    );
    const second = memoized(table, "k", async () => 42);
    release();
    await assert.rejects(first, /Interrupted/);
    assert.equal(await second, 42);
  });
});
