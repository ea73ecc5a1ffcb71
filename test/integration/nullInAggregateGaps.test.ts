import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, null-in-aggregate where skipping NULLs is the treatment: a daily price series with no
// price on market holidays, averaged per month. The holiday rows hold only their date; a mean of
// the observed prices skips them by design (info). A sum over them, or a NULL in a row whose other
// columns hold data, stays a warning.

const days = Array.from({ length: 40 }, (_, i) => {
  const d = new Date(Date.UTC(2018, 11, 1 + i));
  return d.toISOString().slice(0, 10);
});
const holidays = new Set(["2018-12-24", "2018-12-25", "2019-01-01"]);

const { lake, stateDir } = tempLake({
  "prices.csv": `observation_date,SP500\n${days.map((d, i) => `${d},${holidays.has(d) ? "" : (2500 + i * 3.5).toFixed(2)}`).join("\n")}\n`,
  "readings.csv": `day,station,level\n${days
    .map(
      (d, i) => `${d},${i % 2 ? "North" : "South"},${i === 7 || i === 19 ? "" : (10 + (i % 5)).toFixed(1)}`,
    )
    .join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["prices", "readings"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const nulls = async (sql: string, input: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs: [input], output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "null-in-aggregate");
};

describe("null-in-aggregate: gaps of a time series", () => {
  test("a monthly mean over days with no price (rows holding only their date) is info", async () => {
    const found = await nulls(
      "SELECT date_trunc('month', observation_date) AS month, avg(SP500) AS mean FROM prices GROUP BY 1",
      "prices",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /skips 3 NULL value\(s\) of 40 rows/);
    assert.match(found[0]!.message, /holds only its date or time/);
  });

  test("a sum over the same gaps is still a warning: a missing day makes a total smaller", async () => {
    const found = await nulls(
      "SELECT date_trunc('month', observation_date) AS month, sum(SP500) AS total FROM prices GROUP BY 1",
      "prices",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
  });

  test("a NULL in a row whose other columns hold data is still a warning", async () => {
    const found = await nulls("SELECT avg(level) AS mean FROM readings", "readings");
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
  });
});
