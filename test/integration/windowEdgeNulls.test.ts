import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// null-in-aggregate on the NULLs lag()/lead() itself makes at a window's edge is noise (issue 25,
// class 6); a NULL of the data under the same window is still a finding.

const { lake, stateDir } = tempLake({
  "temps.csv": "station,day,temp\nA,1,10\nA,2,12\nA,3,15\nB,1,5\nB,2,6\nB,3,7\n",
  "gaps.csv": "station,day,temp\nA,1,10\nA,2,\nA,3,15\nB,1,5\nB,2,6\nB,3,7\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["temps.csv", "temps"],
    ["gaps.csv", "gaps"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const nullFindings = async (sql: string, table: string) => {
  const e = await runtime.call({ op: "Query", sql, inputs: [table], output: `q${n++}` });
  assert.equal(e.status, "ok");
  return e.diagnostics.filter((d) => d.code === "null-in-aggregate" || d.code === "validation-error");
};
const change = (table: string) =>
  `WITH d AS (SELECT station, day, temp - lag(temp) OVER (PARTITION BY station ORDER BY day) AS dt FROM ${table}) SELECT avg(dt) AS mean_change FROM d`;

test("the first day of each station has no previous day: no finding", async () => {
  assert.deepEqual(await nullFindings(change("temps"), "temps"), []);
});

test("the same in a FROM-subquery, and lead() with an offset of 2", async () => {
  assert.deepEqual(
    await nullFindings(
      "SELECT avg(dt) AS m FROM (SELECT temp - lag(temp) OVER (PARTITION BY station ORDER BY day) AS dt FROM temps) d",
      "temps",
    ),
    [],
  );
  assert.deepEqual(
    await nullFindings(
      "WITH d AS (SELECT lead(temp, 2) OVER (PARTITION BY station ORDER BY day) AS later FROM temps) SELECT avg(later) AS m FROM d",
      "temps",
    ),
    [],
  );
});

test("a missing temperature makes NULLs of the data too: still a warning", async () => {
  const found = await nullFindings(change("gaps"), "gaps");
  assert.deepEqual(
    found.map((d) => [d.code, d.severity]),
    [["null-in-aggregate", "warning"]],
  );
});
