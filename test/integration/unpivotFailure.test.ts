import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Columns of one wide file typed apart by their own values — a year of plain numbers is BIGINT,
// its neighbours holding flagged values stay text — make an UNPIVOT of every year fail. The
// error says how RADAR read the file (stop 30, held-out EQ-tourism-08: "Cannot unpivot columns of
// types VARCHAR and DOUBLE" and nothing about RADAR's reading).

const { lake, stateDir } = tempLake({
  "gdp.csv":
    "geo,2013,2014,2015\nAT11,27400 p,28100,29000 p\nAT12,31000,31500,32900 e\nAT13,48000 p,49100,50200\n",
});
let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  await runtime.call({ op: "Scan", file: "gdp.csv", output: "gdp" });
});
after(() => runtime?.close());

test("an UNPIVOT over columns RADAR typed apart: the error names the types, a text value and the cast", async () => {
  const q = await runtime.call({
    op: "Query",
    sql: "SELECT * FROM (UNPIVOT gdp ON COLUMNS(* EXCLUDE (geo)) INTO NAME yr VALUE v)",
    inputs: ["gdp"],
    output: "long",
  });
  assert.equal(q.status, "failed");
  const message = q.diagnostics.map((d) => d.message).join("\n");
  assert.match(message, /RADAR read gdp\.csv into the table gdp, typing each column by its own values/);
  assert.match(message, /2013, 2015 as VARCHAR \(they hold text such as "27400 p"\)/);
  assert.match(message, /2014 as BIGINT \(every value a number\)/);
  assert.match(message, /CAST\("2014" AS VARCHAR\) AS "2014"/);
});

test("the cast it suggests makes the UNPIVOT run", async () => {
  const q = await runtime.call({
    op: "Query",
    sql: 'SELECT count(*) AS n FROM (UNPIVOT (SELECT * REPLACE (CAST("2014" AS VARCHAR) AS "2014") FROM gdp) ON COLUMNS(* EXCLUDE (geo)) INTO NAME yr VALUE v)',
    inputs: ["gdp"],
    output: "long2",
  });
  assert.equal(q.status, "ok", JSON.stringify(q.diagnostics));
});
