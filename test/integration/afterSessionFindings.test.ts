import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Findings that analysts met in real sessions on the new build (issue 10), each reduced to its
// shape: checks that broke on a query (validation-error), warnings on checks meant to come back
// empty, a rejection of one-row sides, a self-join's pairs, and a ranking that put a Total row
// first without a word.

const { lake, stateDir } = tempLake({
  "costs.csv": "year,state,cost\n2021,NH,578761\n2021,WY,235772336\n2020,NH,50\n2021,SD,1200\n",
  "acres.csv":
    "Year,State,Acres\n2021,New Hampshire,508\n2021,Wyoming,214488\n2020,New Hampshire,4\n2021,South Dakota,3\n",
  "labels.csv": "label,value\nAll,40\nFraud,25\nIdentity Theft,10\nOther,5\n",
  "top5a.csv": "rank,state\n1,CA\n2,TX\n3,NY\n4,FL\n5,PA\n",
  "top5b.csv": "rank,city\n1,NYC\n2,LA\n3,CHI\n4,HOU\n5,PHX\n",
  "beaches.csv":
    "town,beach,samples\nFalmouth,Menauhant,10\nFalmouth,Menauhant Beach,12\nFalmouth,Surf Drive,9\nBourne,Monument,7\nBourne,Monument Beach,8\n",
  "agency.csv":
    "Agency,Fires,Acres\nBIA,1000,500\nBLM,2000,900\nNPS,300,3654\nST/OT,50000,4855\nTotal,53300,9909\n",
  "report.csv":
    "Report Type,# of Reports,\nFraud,2600678,40.2% of total reports\nOther,2759963,42.6% of total reports\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["costs", "acres", "labels", "top5a", "top5b", "beaches", "agency"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
async function query(sql: string, inputs: string[]): Promise<{ status: string; diagnostics: Diagnostic[] }> {
  const e = await runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
  return { status: e.status, diagnostics: e.diagnostics };
}
const codes = (ds: Diagnostic[]): string[] => ds.map((d) => `${d.code}:${d.severity}`);

const CODES =
  "WITH codes(code, name) AS (VALUES ('NH', 'New Hampshire'), ('WY', 'Wyoming'), ('SD', 'South Dakota'))";

describe("checks never break on a query shape", () => {
  test("a join keyed on columns of two earlier tables: no validation-error", async () => {
    const r = await query(
      `${CODES} SELECT s.state, c.name, s.cost / a.Acres AS per_acre FROM costs s JOIN codes c ON c.code = s.state JOIN acres a ON a.State = c.name AND a.Year = s.year WHERE s.year = 2021`,
      ["costs", "acres"],
    );
    assert.equal(r.status, "ok");
    assert.deepEqual(codes(r.diagnostics), []);
  });
});

describe("empty-result stays quiet where no rows is the answer", () => {
  test("unmatched on either side of full joins", async () => {
    const r = await query(
      `${CODES} SELECT c.code, s.n, a.m FROM codes c FULL JOIN (SELECT state, count(*) AS n FROM costs GROUP BY state) s ON s.state = c.code FULL JOIN (SELECT State, count(*) AS m FROM acres GROUP BY State) a ON a.State = c.name WHERE s.state IS NULL OR a.State IS NULL OR c.code IS NULL`,
      ["costs", "acres"],
    );
    assert.deepEqual(codes(r.diagnostics), []);
  });
  test("groups where two counts disagree, and keys that repeat", async () => {
    for (const sql of [
      "SELECT state, count(*) AS n FROM costs GROUP BY state, year HAVING count(*) <> count(DISTINCT cost)",
      "SELECT state, year FROM costs GROUP BY state, year HAVING count(*) > 1",
      "SELECT * FROM costs WHERE cost <> cost",
    ])
      assert.deepEqual(codes((await query(sql, ["costs"])).diagnostics), [], sql);
  });
  test("groups that lack what every group should have, and missing values looked for", async () => {
    for (const [sql, input] of [
      [
        "SELECT label, count(*) AS n FROM labels GROUP BY label HAVING count(*) <> 1 OR count(DISTINCT value) <> 1",
        "labels",
      ],
      ["SELECT * FROM costs WHERE state = '' OR state IS NULL", "costs"],
    ] as const) {
      const r = await runtime.call({ op: "Query", sql, inputs: [input], output: `out${n++}` });
      assert.equal((r.observation as { rowCount: number }).rowCount, 0, sql);
      assert.deepEqual(codes(r.diagnostics), [], sql);
    }
  });
  test("a filter that matches nothing still warns", async () => {
    const r = await query("SELECT * FROM costs WHERE cost > 1e12", ["costs"]);
    assert.deepEqual(codes(r.diagnostics), ["empty-result:warning"]);
  });
});

describe("unkeyed-join: one-row sides pass, rankings side by side do not", () => {
  test("a total and two single filtered rows, cross joined", async () => {
    const r = await query(
      "SELECT t.total, f.value AS fraud, i.value AS theft FROM (SELECT sum(value) AS total FROM labels WHERE label <> 'All') t CROSS JOIN (SELECT value FROM labels WHERE label = 'Fraud') f CROSS JOIN (SELECT value FROM labels WHERE label = 'Identity Theft') i",
      ["labels"],
    );
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  });
  test("CTEs that each pick one row, cross joined", async () => {
    const r = await query(
      "WITH f AS (SELECT value AS fraud FROM labels WHERE label = 'Fraud'), i AS (SELECT value AS theft FROM labels WHERE label = 'Identity Theft') SELECT fraud, theft, fraud / theft AS ratio FROM f, i",
      ["labels"],
    );
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  });
  test("two Top-5 rankings, as tables or as subqueries, are still rejected", async () => {
    for (const sql of [
      "SELECT a.state, b.city FROM top5a a, top5b b",
      "SELECT a.state, b.city FROM (SELECT * FROM top5a LIMIT 5) a CROSS JOIN (SELECT * FROM top5b WHERE rank <= 5) b",
    ]) {
      const r = await query(sql, ["top5a", "top5b"]);
      assert.equal(r.status, "rejected", sql);
      assert.deepEqual(codes(r.diagnostics), ["unkeyed-join:error"]);
    }
  });
});

describe("join-fanout on a self-join", () => {
  test("pairing the rows of each town lists pairs on purpose: quiet", async () => {
    const r = await query(
      "SELECT x.town, x.beach, y.beach AS other FROM beaches x JOIN beaches y ON x.town = y.town WHERE x.beach < y.beach",
      ["beaches"],
    );
    assert.deepEqual(codes(r.diagnostics), []);
  });
  test("the same pairing over two identical DISTINCT subqueries (fresh session DW-water-04): quiet", async () => {
    const sub = "(SELECT DISTINCT town, beach FROM beaches)";
    const r = await query(
      `SELECT a.town, a.beach, b.beach AS other FROM ${sub} a JOIN ${sub} b ON a.town = b.town AND a.beach < b.beach`,
      ["beaches"],
    );
    assert.deepEqual(codes(r.diagnostics), []);
  });
  test("two different subqueries paired the same way are not one relation: warned", async () => {
    const r = await query(
      "SELECT a.town, a.beach, b.beach AS other FROM (SELECT DISTINCT town, beach FROM beaches) a " +
        "JOIN (SELECT town, beach FROM beaches) b ON a.town = b.town AND a.beach < b.beach",
      ["beaches"],
    );
    assert.ok(codes(r.diagnostics).includes("join-fanout:warning"), JSON.stringify(r.diagnostics));
  });
  test("summing over the pairs counts each row once per partner: warned", async () => {
    const r = await query(
      "SELECT x.town, sum(x.samples) AS samples FROM beaches x JOIN beaches y ON x.town = y.town GROUP BY x.town",
      ["beaches"],
    );
    assert.ok(codes(r.diagnostics).includes("join-fanout:warning"), JSON.stringify(r.diagnostics));
  });
});

describe("summary-row on a ranking", () => {
  test("ORDER BY … DESC LIMIT 1 returns the Total row: warned, with its line", async () => {
    const r = await query("SELECT Agency, Acres FROM agency ORDER BY Acres DESC LIMIT 1", ["agency"]);
    const d = r.diagnostics.find((x) => x.code === "summary-row");
    assert.ok(d, JSON.stringify(r.diagnostics));
    assert.match(d.message, /'Total' \(Acres 9909\)/);
    assert.deepEqual(
      d.locations.map((l) => l.line),
      [6],
    );
  });
  test("with the Total row excluded, or ranked from the bottom: quiet", async () => {
    for (const sql of [
      "SELECT Agency, Acres FROM agency WHERE Agency <> 'Total' ORDER BY Acres DESC LIMIT 1",
      "SELECT Agency, Acres FROM agency ORDER BY Acres ASC LIMIT 2",
    ])
      assert.deepEqual(codes((await query(sql, ["agency"])).diagnostics), [], sql);
  });
});

describe("header-offset on a column the header does not name", () => {
  test("an info that names the column and shows a value, not a warning", async () => {
    const scan = await runtime.call({ op: "Scan", file: "report.csv", output: "report" });
    const d = scan.diagnostics.find((x) => x.code === "header-offset" && /no name/.test(x.message));
    assert.ok(d, JSON.stringify(scan.diagnostics));
    assert.equal(d.severity, "info");
    assert.match(d.message, /column2 \(e\.g\. "40\.2% of total reports"\)/);
  });
});
