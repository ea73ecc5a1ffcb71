import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// blanked-cast (issue 25): a TRY_CAST or try_strptime that turns values holding digits into NULL
// is a finding with the values and their lines; blanking a missing-value marker is not.

const { lake, stateDir } = tempLake({
  "fires.csv":
    'Year,Fires,Acres\n2016,67743,"5,509,995"\n2017,71499,"10,026,086"\n2018,58083,"*8,767,492"\n' +
    '2019,50477,"4,664,364"\n2020,58950,"10,122,336"\n2021,58985,"7,125,643"\n2022,68988,NA\n',
  "rain.csv":
    "Station,Jun,Jul,Obs\nAlbany,3.1,2.9,2024-06-01\nBoston,9.44 2013,M,06/02/2024\nChatham,2.7,3.3,2024-06-03\n" +
    "Dover,M,1.8,2024-06-04\nEssex,3.4,2.2,\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["fires.csv", "fires"],
    ["rain.csv", "rain"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const query = async (sql: string, inputs: string[]) => {
  const e = await runtime.call({ op: "Query", sql, inputs, output: `q${n++}` });
  assert.equal(e.status, "ok");
  return e.diagnostics.filter((d) => d.code === "blanked-cast");
};

describe("blanked-cast", () => {
  test("a footnote mark on a number: the value, its line and the rows corr() skips", async () => {
    const [d, ...rest] = await query(
      "SELECT corr(Fires, TRY_CAST(replace(Acres, ',', '') AS DOUBLE)) AS r FROM fires",
      ["fires"],
    );
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "warning");
    assert.match(d!.message, /turned 1 value\(s\) holding digits into NULL: '\*8,767,492' \(fires\.csv:4\)/);
    // 'NA' is skipped too, but it is a marker: counted among the skipped rows, not named.
    assert.match(
      d!.message,
      /corr\(\) skips 2 of the 7 row\(s\) the query keeps, 1 of them for these values/,
    );
    assert.doesNotMatch(d!.message, /'NA'/);
    assert.deepEqual(d!.locations, [{ file: "fires.csv", line: 4 }]);
  });

  test("a value written with its year is blanked; the 'M' marker alone is not a finding", async () => {
    const [jun] = await query("SELECT avg(TRY_CAST(Jun AS DOUBLE)) AS m FROM rain", ["rain"]);
    assert.match(jun!.message, /'9\.44 2013' \(rain\.csv:3\)/);
    assert.deepEqual(await query("SELECT avg(TRY_CAST(Jul AS DOUBLE)) AS m FROM rain", ["rain"]), []);
  });

  test("judged on the rows the query keeps: a filter that leaves the row out gives no finding", async () => {
    assert.deepEqual(
      await query("SELECT avg(TRY_CAST(Jun AS DOUBLE)) AS m FROM rain WHERE Station <> 'Boston'", ["rain"]),
      [],
    );
  });

  test("try_strptime in a filter drops the rows it blanks: judged on the other conditions' rows", async () => {
    const [d] = await query(
      "SELECT count(*) AS n FROM rain WHERE try_strptime(Obs, '%Y-%m-%d') >= DATE '2024-06-01'",
      ["rain"],
    );
    assert.equal(d?.severity, "warning");
    assert.match(
      d!.message,
      /try_strptime\(\) of rain\.Obs turned 1 value\(s\).*'06\/02\/2024' \(rain\.csv:3\)/,
    );
    assert.match(d!.message, /The WHERE condition drops them/);
  });

  test("a coalesce of two readings of the column reads every date: no finding", async () => {
    assert.deepEqual(
      await query(
        "SELECT count(*) AS n FROM rain WHERE coalesce(try_strptime(Obs, '%Y-%m-%d'), try_strptime(Obs, '%m/%d/%Y')) >= DATE '2024-06-01'",
        ["rain"],
      ),
      [],
    );
  });

  test("a constant fallback still loses the value: warning", async () => {
    const [d] = await query("SELECT Station, coalesce(TRY_CAST(Jun AS DOUBLE), 0) AS jun FROM rain", [
      "rain",
    ]);
    assert.equal(d?.severity, "warning");
  });

  test("a query that lists the values the cast blanks is told so as info", async () => {
    const [d] = await query("SELECT Station, Jun FROM rain WHERE TRY_CAST(Jun AS DOUBLE) IS NULL", ["rain"]);
    assert.equal(d?.severity, "info");
  });
});
