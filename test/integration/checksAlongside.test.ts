import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A Query's input-only checks start while it executes (on the checks' own connection). The
// findings must be exactly those of checking after execution, a failed call must leave nothing
// behind, and a Query that replaces one of its own inputs must be checked after it ran.
const { lake, stateDir } = tempLake({
  "rain.csv": "year,mm\n2017,812\n2018,774\n2019,901\n2020,655\n2021,842\n",
  "crop.csv": "year,yield\n2017,7.9\n2018,7.4\n2019,8.6\n2021,8.1\n",
  "by_region.csv": "region,reports\nNorth,120\nSouth,80\nEast,95\nWest,60\nTotal,355\n",
  "survey.csv": "answer,score\nyes,3\nYes,4\nno,\nNO,2\nno,5\nyes,1\n",
});

const QUERIES: { sql: string; inputs: string[] }[] = [
  {
    sql: "SELECT r.year, r.mm, c.yield FROM rain r JOIN crop c ON r.year = c.year",
    inputs: ["rain", "crop"],
  },
  {
    sql: "WITH r AS (SELECT year, mm FROM rain) SELECT r.year, avg(c.yield) AS y FROM r LEFT JOIN crop c ON r.year = c.year GROUP BY r.year",
    inputs: ["rain", "crop"],
  },
  { sql: "SELECT sum(reports) AS total FROM by_region", inputs: ["by_region"] },
  { sql: "SELECT answer, avg(score) AS s FROM survey GROUP BY answer", inputs: ["survey"] },
  { sql: "SELECT * FROM rain WHERE year = 2030", inputs: ["rain"] },
];

async function open(checksAlongside: boolean): Promise<Runtime> {
  const runtime = await Runtime.open(lake, { radarDir: stateDir, checksAlongside });
  for (const name of ["rain", "crop", "by_region", "survey"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
  return runtime;
}

const temporaryViews = async (runtime: Runtime): Promise<number> => {
  const [row] = await runtime.checksEngine.all(
    "SELECT count(*) AS n FROM duckdb_views() WHERE temporary AND NOT internal",
  );
  return Number(row!.n);
};

let alongside: Runtime;
let afterwards: Runtime;
before(async () => {
  alongside = await open(true);
  afterwards = await open(false);
});
after(() => {
  alongside?.close();
  afterwards?.close();
});

describe("checks begun alongside a Query's execution", () => {
  test("find exactly what checking after execution finds", async () => {
    const codes = new Set<string>();
    for (const [i, { sql, inputs }] of QUERIES.entries()) {
      const a = await alongside.call({ op: "Query", sql, inputs, output: `q${i}` });
      const b = await afterwards.call({ op: "Query", sql, inputs, output: `q${i}` });
      assert.equal(a.status, "ok");
      const found = (e: typeof a) => e.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`);
      assert.deepEqual(found(a), found(b), sql);
      for (const d of a.diagnostics) codes.add(d.code);
    }
    // The queries exercise input-only rules and result rules alike.
    for (const code of [
      "join-row-loss",
      "null-in-aggregate",
      "summary-row",
      "value-variants",
      "empty-result",
    ])
      assert.ok(codes.has(code), `no ${code} among ${[...codes].join(", ")}`);
  });

  test("a call that fails while executing leaves no views behind and the next call is checked", async () => {
    const failed = await alongside.call({
      op: "Query",
      sql: "WITH r AS (SELECT year, mm FROM rain) SELECT CAST('x' || r.year AS INTEGER) AS bad FROM r JOIN crop c ON r.year = c.year",
      inputs: ["rain", "crop"],
      output: "bad",
    });
    assert.equal(failed.status, "failed");
    assert.match(failed.error ?? "", /Conversion|convert/i);
    assert.equal(await temporaryViews(alongside), 0);
    const next = await alongside.call({
      op: "Query",
      sql: QUERIES[0]!.sql,
      inputs: ["rain", "crop"],
      output: "next",
    });
    assert.ok(next.diagnostics.some((d) => d.code === "join-row-loss"));
  });

  for (const mode of [true, false])
    test(`a Query that replaces one of its inputs is checked against the table it read (checksAlongside: ${mode})`, async () => {
      const rt = await open(mode);
      try {
        // The lossy join of QUERIES[0], written over its own input.
        const r = await rt.call({ ...QUERIES[0]!, op: "Query", output: "rain" });
        assert.equal(r.status, "ok");
        const loss = r.diagnostics.find((d) => d.code === "join-row-loss");
        assert.ok(loss, JSON.stringify(r.diagnostics));
        assert.match(loss.message, /1 of 5 row\(s\) of rain/);
        assert.ok(!r.diagnostics.some((d) => d.code === "validation-error"), JSON.stringify(r.diagnostics));
      } finally {
        rt.close();
      }
    });
});
