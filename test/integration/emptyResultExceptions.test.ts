import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25: a search for anomalous rows written NULL-aware — `(first_shooter IS NOT NULL AND
// first_shooter NOT IN (home_team, away_team)) OR winner NOT IN (…) OR winner IS NULL` — finds
// none: the empty result is the answer, as for the same test without its `IS NOT NULL` guard. A
// guard beside a filter that matches nothing is still a filter that matched nothing.

const { lake, stateDir } = tempLake({
  "shootouts.csv":
    "date,home_team,away_team,winner,first_shooter\n" +
    "2018-07-01,Spain,Russia,Russia,Spain\n" +
    "2018-07-03,Colombia,England,England,\n" +
    "2022-12-09,Croatia,Brazil,Croatia,Croatia\n" +
    "2022-12-18,Argentina,France,Argentina,France\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: "shootouts.csv", output: "shootouts" })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const empty = async (where: string) => {
  const r = await runtime.call({
    op: "Query",
    sql: `SELECT * FROM shootouts WHERE ${where}`,
    inputs: ["shootouts"],
    output: `out${n++}`,
  });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "empty-result");
};

describe("empty-result: a NULL-aware search for exceptions is answered by no rows", () => {
  for (const where of [
    "(first_shooter IS NOT NULL AND first_shooter NOT IN (home_team, away_team)) OR winner NOT IN (home_team, away_team) OR winner IS NULL",
    "first_shooter IS NOT NULL AND winner IS NOT NULL AND first_shooter <> home_team AND first_shooter <> away_team",
  ])
    test(where, async () => assert.deepEqual(await empty(where), []));
});

describe("empty-result: a filter that matches nothing still warns behind a guard", () => {
  for (const where of [
    "(first_shooter IS NOT NULL AND winner = 'Atlantis') OR winner IS NULL",
    "winner = 'Atlantis'",
  ])
    test(where, async () => {
      const found = await empty(where);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]!.severity, "warning");
    });
});
