import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// min/max over text holding numbers picks within each group of a grouped query, and within its
// FILTER: one row per group picks the same cell as text or as a number (stop 30, held-out
// EQ-tourism-07: `max(raw) FILTER (WHERE geo='EL') … GROUP BY year`, one series' cell per year,
// was warned on because ': ' sorts above '27211268 ' across years).

// One series per region, a cell per year; ':' where Eurostat has no value.
const lines = ["geo,year,raw"];
const cells: Record<string, string[]> = {
  EL: ["27211268 ", ": ", "9811000 ", ": "],
  EL3: ["8800000 ", "900000 ", "10500000 ", "7000000 "],
};
for (const [geo, values] of Object.entries(cells))
  values.forEach((v, i) => lines.push(`${geo},${2009 + i},${v}`));

const { lake, stateDir } = tempLake({ "arrivals.csv": `${lines.join("\n")}\n` });
const runtime = await Runtime.open(lake, { radarDir: stateDir });
after(() => runtime.close());
await runtime.call({ op: "Scan", file: "arrivals.csv", output: "arn0" });
// The cells as the analyst split them from Eurostat's `value flag` text: still text, ':' kept.
await runtime.call({
  op: "Query",
  sql: "SELECT geo, year, CASE WHEN raw IS NULL THEN ': ' ELSE CAST(raw AS VARCHAR) || ' ' END AS raw FROM arn0",
  inputs: ["arn0"],
  output: "arn",
});

let calls = 0;
async function textFindings(sql: string): Promise<string[]> {
  const q = await runtime.call({ op: "Query", sql, inputs: ["arn"], output: `q${++calls}` });
  assert.deepEqual(
    q.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return q.diagnostics.filter((d) => d.code === "numeric-as-text").map((d) => d.severity);
}

describe("numeric-as-text: min/max judged within groups", () => {
  test("one row per group (FILTER on a series, GROUP BY year): quiet", async () => {
    assert.deepEqual(
      await textFindings(
        "SELECT year, max(raw) FILTER (WHERE geo = 'EL') AS shown FROM arn GROUP BY year ORDER BY year",
      ),
      [],
    );
    assert.deepEqual(await textFindings("SELECT geo, year, max(raw) FROM arn GROUP BY geo, year"), []);
  });

  test("several rows in a group, where text and numbers pick differently: warning", async () => {
    // Within EL3, '900000 ' sorts above '10500000 ' as text.
    assert.deepEqual(await textFindings("SELECT geo, max(raw) FROM arn GROUP BY geo"), ["warning"]);
    assert.deepEqual(await textFindings("SELECT max(raw) FILTER (WHERE geo = 'EL3') FROM arn"), ["warning"]);
  });

  test("no grouping: judged over the rows the query keeps, as before", async () => {
    assert.deepEqual(await textFindings("SELECT max(raw) FROM arn WHERE geo = 'EL'"), ["warning"]);
  });
});
