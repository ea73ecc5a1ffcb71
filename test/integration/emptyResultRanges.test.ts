import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, stop 29 (EO-food-10): an outlier check — `ratio > 1.3 OR ratio < 0.7` over derived
// ratios — found none, and empty-result warned "check its filters". Values outside a range, or
// beyond a tolerance (`abs(a - b) > 0.5`), are what a consistency check asks for: no rows is its
// answer. A one-sided bound that keeps nothing (`cost > 1000`, the costs being in thousands) is a
// filter that missed, and still warns.

const { lake, stateDir } = tempLake({
  "costs.csv":
    "country,year,cost,people\n" +
    "Chad,2017,3.1,2.0\nChad,2018,3.2,2.1\nMali,2017,2.9,1.9\nMali,2018,3.0,2.0\nNiger,2017,3.3,2.2\nNiger,2018,3.4,2.2\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: "costs.csv", output: "costs" })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const empty = async (sql: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs: ["costs"], output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "empty-result");
};

const ratios = "WITH r AS (SELECT country, year, cost / people AS ratio FROM costs) SELECT * FROM r WHERE ";

describe("empty-result: an outlier or tolerance check is answered by no rows", () => {
  for (const sql of [
    `${ratios}ratio > 1.9 OR ratio < 1.2`,
    `${ratios}1.9 < ratio OR ratio <= 1.2`,
    "SELECT * FROM costs WHERE abs(cost - 3.15) > 0.5",
  ])
    test(sql, async () => assert.deepEqual(await empty(sql), []));
});

describe("empty-result: a one-sided bound, or bounds on two expressions, still warns", () => {
  for (const sql of [
    "SELECT * FROM costs WHERE cost > 1000",
    "SELECT * FROM costs WHERE cost > 1000 OR people < 0.5",
    "SELECT * FROM costs WHERE abs(cost - 3.15) < 0",
  ])
    test(sql, async () => {
      const found = await empty(sql);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]!.severity, "warning");
    });
});

// Held-out HQ-08: a table left empty by an earlier call (its own warning said why), then read by
// the next Query — no condition of that Query is to blame, and its finding says the input is empty.
// An empty table on the optional side of a LEFT JOIN empties nothing: the filter is still named.
describe("empty-result: an input that holds no rows", () => {
  test("a Query over an empty table says so, as an info, and blames no condition", async () => {
    const first = await empty("SELECT * FROM costs WHERE country = 'Togo'");
    assert.equal(first[0]?.severity, "warning");
    const r = await runtime.call({
      op: "Query",
      sql: `SELECT country, count(*) AS n FROM out${n - 1} WHERE year > 2000 GROUP BY country`,
      inputs: [`out${n - 1}`],
      output: "ranked",
    });
    assert.equal(r.status, "ok");
    const found = r.diagnostics.filter((d) => d.code === "empty-result");
    assert.equal(found.length, 1);
    assert.equal(found[0]!.severity, "info");
    assert.match(found[0]!.message, new RegExp(`its input out${n - 1} \\(call #\\d+\\) holds no rows`));
    assert.doesNotMatch(found[0]!.message, /condition/);
  });

  test("an empty table on the right of a LEFT JOIN does not hide the filter that matched nothing", async () => {
    const emptyTable = `out${n - 1}`;
    const r = await runtime.call({
      op: "Query",
      sql: `SELECT c.country FROM costs c LEFT JOIN ${emptyTable} e ON e.country = c.country WHERE c.cost > 1000`,
      inputs: ["costs", emptyTable],
      output: "joined",
    });
    assert.equal(r.status, "ok");
    const found = r.diagnostics.filter((d) => d.code === "empty-result");
    assert.equal(found[0]?.severity, "warning");
    assert.match(found[0]!.message, /"cost" > 1000/);
  });
});
