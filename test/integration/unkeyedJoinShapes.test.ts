import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 10, false alarm 3: unkeyed-join rejects the paper's case — two tables of entity rows
// combined without a key, their attributes side by side — and not a one-row side, a correlated
// LATERAL (also a VALUES unpivot whose columns are the other side's, unqualified), or a product of
// duplicate-free sets of dimension values used as a scaffold.

const { lake, stateDir } = tempLake({
  "fraud_top5.csv":
    "Rank,State,Rate\n1,Florida,1522\n2,Georgia,1298\n3,Nevada,1204\n4,Delaware,1153\n5,Maryland,1122\n",
  "idt_top5.csv":
    "Rank,State,Rate\n1,Florida,528\n2,Georgia,517\n3,Nevada,466\n4,Texas,393\n5,Delaware,392\n",
  "occurrence.csv":
    "Region,Month,Cause,Fires\nAlaska,May,Human,7\nAlaska,Jun,Lightning,23\nSouthwest,May,Human,40\nSouthwest,Jun,Lightning,61\nNorthwest,Jul,Human,12\n",
  "datasheet.csv":
    "Date,Tide,Tag,Enterococcus,Tag_1,Enterococcus_1\n2024-06-03,Low,,11,<,10\n2024-06-06,Ebb,>,2420,,33\n",
  "rates.csv": "yr,rate\n2019,0.04\n2020,0.07\n2021,0.05\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["fraud_top5.csv", "fraud"],
    ["idt_top5.csv", "idt"],
    ["occurrence.csv", "occ"],
    ["datasheet.csv", "ds"],
    ["rates.csv", "yr"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const query = (sql: string, inputs: string[]) =>
  runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });

describe("unkeyed-join passes legitimate products", () => {
  for (const [what, sql, inputs] of [
    [
      "a comma join with a one-row CTE",
      "WITH m AS (SELECT avg(rate) AS mean_rate FROM yr) SELECT yr.yr, yr.rate - m.mean_rate AS above FROM yr, m",
      ["yr"],
    ],
    [
      "a one-row CTE joined after other joins",
      "WITH t AS (SELECT sum(Fires) AS total FROM occ), r AS (SELECT Region, sum(Fires) AS n FROM occ GROUP BY Region) " +
        "SELECT o.Region, o.Fires, r.n, t.total FROM occ o JOIN r ON r.Region = o.Region, t",
      ["occ"],
    ],
    [
      "a LATERAL VALUES unpivot over the other side's unqualified columns",
      "SELECT d.Date, v.point, v.tag, v.val FROM ds d, LATERAL (VALUES ('North', Tag, Enterococcus), ('South', Tag_1, Enterococcus_1)) AS v(point, tag, val)",
      ["ds"],
    ],
    [
      "a grid of distinct regions × distinct months left-joined to the facts",
      "WITH grid AS (SELECT r.Region, m.Month FROM (SELECT DISTINCT Region FROM occ) r CROSS JOIN (SELECT DISTINCT Month FROM occ) m) " +
        "SELECT g.Region, g.Month, coalesce(sum(o.Fires), 0) AS fires FROM grid g LEFT JOIN occ o ON o.Region = g.Region AND o.Month = g.Month GROUP BY ALL",
      ["occ"],
    ],
    [
      "a grid of GROUP BY sets and a generated series",
      "SELECT c.Cause, m.month_no FROM (SELECT Cause FROM occ GROUP BY Cause) c, range(1, 13) AS m(month_no)",
      ["occ"],
    ],
  ] as const)
    test(what, async () => {
      const r = await query(sql, [...inputs]);
      assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
      assert.deepEqual(
        r.diagnostics.filter((d) => d.severity !== "info"),
        [],
      );
    });
});

describe("unkeyed-join still rejects entity tables paired without a key", () => {
  for (const sql of [
    "SELECT f.State, i.State FROM fraud f, idt i",
    "SELECT * FROM fraud f JOIN idt i ON TRUE",
    "SELECT f.State, i.State FROM fraud f CROSS JOIN idt i",
    // Distinct rows of two columns are still entity rows with an attribute.
    "SELECT f.State, f.Rate, i.State, i.Rate FROM (SELECT DISTINCT State, Rate FROM fraud) f CROSS JOIN (SELECT DISTINCT State, Rate FROM idt) i",
    "WITH a AS (SELECT State, Rate FROM fraud), b AS (SELECT State, Rate FROM idt) SELECT a.State, b.State FROM a, b",
  ])
    test(sql, async () => {
      const r = await query(sql, ["fraud", "idt"]);
      assert.equal(r.status, "rejected");
      assert.equal(r.diagnostics[0]?.code, "unkeyed-join");
    });
});
