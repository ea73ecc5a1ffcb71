import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A VALUES list in FROM names its columns in its alias (`AS t(lab, v)`): the checks read it under
// those names, as they read the same list written as a CTE (issue 25, class 6: such calls went
// unchecked). The NULL shares its group with a value, so the group's sum leaves it out: a warning
// (a group holding only NULLs sums to NULL, shown as missing: an info).

const { lake, stateDir } = tempLake({ "fires.csv": "Year,Fires\n2001,100\n2002,120\n" });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: "fires.csv", output: "fires" })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const findings = async (sql: string) => {
  const e = await runtime.call({ op: "Query", sql, inputs: [], output: `q${n++}` });
  assert.equal(e.status, "ok");
  return e.diagnostics.map((d) => [d.code, d.severity]);
};

test("a VALUES list as a FROM-subquery is checked like the same list as a CTE", async () => {
  const asCte = await findings(
    "WITH t(lab, v) AS (VALUES ('a', 1), ('a', NULL), ('b', 2), ('b', NULL)) SELECT t.lab, sum(t.v) AS total FROM t GROUP BY t.lab",
  );
  const asSubquery = await findings(
    "SELECT t.lab, sum(t.v) AS total FROM (VALUES ('a', 1), ('a', NULL), ('b', 2), ('b', NULL)) AS t(lab, v) GROUP BY t.lab",
  );
  assert.deepEqual(asCte, [["null-in-aggregate", "warning"]]);
  assert.deepEqual(asSubquery, asCte);
});
