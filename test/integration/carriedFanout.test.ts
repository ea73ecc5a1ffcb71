import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// join-fanout across a Query boundary (issue 25): one Query joins stations to a table where a
// station matches two rows (the station is now listed twice), the next Query averages a station
// column over that table. Distinct keys, a mean per station and a count are quiet.

const { lake, stateDir } = tempLake({
  "stations.csv": "station,name,elev\nA,Alpha,100\nB,Bravo,200\nC,Charlie,300\nD,Delta,400\n",
  // C was moved to another network: listed twice.
  "networks.csv": "station,network\nA,north\nB,north\nC,north\nC,coast\nD,south\n",
  "owners.csv": "station,owner\nA,state\nB,state\nC,city\nD,county\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["stations.csv", "stations"],
    ["networks.csv", "networks"],
    ["owners.csv", "owners"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

const query = async (sql: string, inputs: string[], output: string) => {
  const e = await runtime.call({ op: "Query", sql, inputs, output });
  assert.equal(e.status, "ok", JSON.stringify(e.diagnostics));
  return e.diagnostics.filter((d) => d.code === "join-fanout" && d.severity !== "info");
};

describe("join-fanout across queries", () => {
  test("a station listed twice by one Query is averaged in the next: the key, its rows and its line", async () => {
    assert.deepEqual(
      await query(
        "SELECT s.station, s.elev, n.network FROM stations s JOIN networks n ON s.station = n.station",
        ["stations", "networks"],
        "listed",
      ),
      [],
    );
    const [d, ...rest] = await query("SELECT avg(elev) AS mean_elev FROM listed", ["listed"], "q1");
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /avg\(elev\) over listed: listed was made by a join on stations\.station = networks\.station/,
    );
    assert.match(d!.message, /'C': 2 rows \(stations\.csv:4\)/);
    assert.deepEqual(d!.locations, [{ file: "stations.csv", line: 4 }]);
    // A total per station still counts C's value twice; a mean per station is its value.
    assert.equal(
      (await query("SELECT station, sum(elev) AS e FROM listed GROUP BY station", ["listed"], "q2")).length,
      1,
    );
    assert.deepEqual(
      await query("SELECT station, avg(elev) AS e FROM listed GROUP BY station", ["listed"], "q3"),
      [],
    );
    assert.deepEqual(await query("SELECT count(*) AS n, max(elev) AS m FROM listed", ["listed"], "q4"), []);
  });

  test("quiet: a one-to-one join, and a table made by aggregating", async () => {
    await query(
      "SELECT s.station, s.elev, o.owner FROM stations s JOIN owners o ON s.station = o.station",
      ["stations", "owners"],
      "owned",
    );
    assert.deepEqual(await query("SELECT avg(elev) AS m FROM owned", ["owned"], "q5"), []);
    await query(
      "SELECT s.station, any_value(s.elev) AS elev FROM stations s JOIN networks n ON s.station = n.station GROUP BY s.station",
      ["stations", "networks"],
      "once",
    );
    assert.deepEqual(await query("SELECT avg(elev) AS m FROM once", ["once"], "q6"), []);
  });
});
