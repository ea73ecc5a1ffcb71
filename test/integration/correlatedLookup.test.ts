import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// null-in-aggregate on a NULL of a lookup row that no result uses (issue 25, class 4): a correlated
// subquery reads only the stations an outer row points at. A used station's NULL still warns.

const { lake, stateDir } = tempLake({
  "fires.csv": "fire,station,acres\nf1,S1,10\nf2,S2,20\nf3,S1,5\n",
  "fires_s3.csv": "fire,station,acres\nf1,S1,10\nf4,S3,7\n",
  "stations.csv": "station,elev\nS1,100\nS2,200\nS3,\nS4,50\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["fires.csv", "fires"],
    ["fires_s3.csv", "fires_s3"],
    ["stations.csv", "st"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const nulls = async (fires: string) => {
  const e = await runtime.call({
    op: "Query",
    sql: `SELECT f.fire, (SELECT avg(elev) FROM st s WHERE s.station = f.station) AS elev FROM ${fires} f`,
    inputs: [fires, "st"],
    output: `q${n++}`,
  });
  assert.equal(e.status, "ok");
  return e.diagnostics.filter((d) => d.code === "null-in-aggregate");
};

test("the station with no elevation is one no fire points at: no finding", async () => {
  assert.deepEqual(await nulls("fires"), []);
});

test("a fire at that station: its NULL is read, a warning with the station's line", async () => {
  const [d, ...rest] = await nulls("fires_s3");
  assert.equal(rest.length, 0);
  assert.equal(d?.severity, "warning");
  assert.match(d!.message, /skips 1 NULL value\(s\).*stations\.csv:4/);
});
