import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A correct query that fails because RADAR read the file otherwise than `head` shows it (issue 25,
// class 5): the failure says what RADAR did — the rows it left out and the column's type.

const { lake, stateDir } = tempLake({
  "rainfall.csv":
    "Year,Jan,Feb\n2001,1.5,2.0\n2002,3.1,4.2\n2003,5.0,6.4\nMean,3.2,4.2\nMax,5.0,6.4\nMin,1.5,2.0\n",
  "stations.csv": "Station,Elevation\n1,120\n2,340\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: "rainfall.csv", output: "rain" })).status, "ok");
  assert.equal((await runtime.call({ op: "Scan", file: "stations.csv", output: "st" })).status, "ok");
});
after(() => runtime?.close());

test("NOT IN ('Mean','Max','Min') on a year column: the statistic rows RADAR left out, with their lines", async () => {
  const e = await runtime.call({
    op: "Query",
    sql: "SELECT avg(Jan) AS jan FROM rain WHERE Year NOT IN ('Mean', 'Max', 'Min')",
    inputs: ["rain"],
    output: "q1",
  });
  assert.equal(e.status, "failed");
  const [d] = e.diagnostics;
  assert.equal(d?.code, "query-failed");
  assert.match(d!.message, /Could not convert string 'Mean' to INT64/);
  assert.match(d!.message, /RADAR read rainfall\.csv into the table rain with "Year" as BIGINT/);
  assert.match(d!.message, /"Mean \| 3\.2 \| 4\.2" \(line 5, a statistic row\)/);
  assert.match(d!.message, /"Min \| 1\.5 \| 2\.0" \(line 7, a statistic row\)/);
  assert.match(d!.message, /the condition is not needed/);
});

test("a literal no left-out row holds: the column's type only, no rows invented", async () => {
  const e = await runtime.call({
    op: "Query",
    sql: "SELECT * FROM st WHERE Station = 'North'",
    inputs: ["st"],
    output: "q2",
  });
  assert.equal(e.status, "failed");
  const message = e.diagnostics[0]!.message;
  assert.match(message, /with "Station" as BIGINT; no row of it can be "North"/);
  assert.doesNotMatch(message, /left out/);
});
