import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25: a cross join whose sides the query's own WHERE filters to one row each (`FROM y a, y b
// WHERE a.year = 2000 AND b.year = 2024`) pairs one row with one row — it cannot multiply rows, so
// it is no unkeyed merge. The same product over sides that keep several rows each is still rejected.

const { lake, stateDir } = tempLake({
  "fuels.csv":
    "year,fuel,mt\n2000,coal,10\n2000,oil,12\n2012,coal,14\n2012,oil,13\n2024,coal,15\n2024,oil,16\n",
  "fraud_top5.csv":
    "Rank,State,Rate\n1,Florida,1522\n2,Georgia,1298\n3,Nevada,1204\n4,Delaware,1153\n5,Maryland,1122\n",
  "idt_top5.csv":
    "Rank,State,Rate\n1,Florida,528\n2,Georgia,517\n3,Nevada,466\n4,Texas,393\n5,Delaware,392\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["fuels.csv", "fb"],
    ["fraud_top5.csv", "fraud"],
    ["idt_top5.csv", "idt"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const query = (sql: string, inputs: string[]) =>
  runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
const totals = "WITH y AS (SELECT year, sum(mt) AS total FROM fb GROUP BY year) ";

describe("unkeyed-join: sides the query filters to one row", () => {
  for (const [what, sql, inputs] of [
    [
      "a CTE paired with itself, each side filtered to one year",
      totals +
        "SELECT a.total AS t0, b.total AS t1, b.total - a.total AS change FROM y a, y b WHERE a.year = 2000 AND b.year = 2024",
      ["fb"],
    ],
    [
      "a CROSS JOIN of two filtered subqueries",
      "SELECT b.s - a.s AS change FROM (SELECT year, sum(mt) AS s FROM fb GROUP BY year) a CROSS JOIN (SELECT year, sum(mt) AS s FROM fb GROUP BY year) b WHERE a.year = 2000 AND b.year = (SELECT max(year) FROM fb)",
      ["fb"],
    ],
  ] as const)
    test(what, async () => {
      const r = await query(sql, [...inputs]);
      assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
      assert.deepEqual(
        r.diagnostics.filter((d) => d.code === "unkeyed-join"),
        [],
      );
    });
});

describe("unkeyed-join still rejects products that multiply rows", () => {
  for (const [what, sql, inputs] of [
    [
      "a CTE paired with itself, both sides filtered to two years",
      totals + "SELECT a.total, b.total FROM y a, y b WHERE a.year >= 2012 AND b.year >= 2012",
      ["fb"],
    ],
    [
      "the paper's Top-5 × Top-5 merge, filtered ranks",
      "WITH f AS (SELECT * FROM fraud), i AS (SELECT * FROM idt) SELECT f.State, f.Rate, i.State AS s2, i.Rate AS r2 FROM f, i WHERE f.Rank <= 5 AND i.Rank <= 5",
      ["fraud", "idt"],
    ],
  ] as const)
    test(what, async () => {
      const r = await query(sql, [...inputs]);
      assert.equal(r.status, "rejected", JSON.stringify(r.diagnostics));
      assert.ok(
        r.diagnostics.some((d) => d.code === "unkeyed-join" && d.severity === "error"),
        JSON.stringify(r.diagnostics),
      );
    });
});
