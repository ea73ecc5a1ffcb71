import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Held-out noise of stop 27 (issue 25), each class at its cause:
// - a mean over values the data writes as markers of no value ('No data', '#N/A', 's'), turned
//   into NULL by the analyst's own TRY_CAST or by the map: the mean of the observed values is the
//   treatment, coalesce would invent a value — info; an empty cell (a blank amount can mean none)
//   and a sum stay warnings;
// - ORDER BY a text column of years and labels without LIMIT ('2006 Aug' listed after '2006'):
//   every row is returned, the numbers are in order — nothing to warn about; with LIMIT the labels
//   decide which rows come back — a warning.

const days = (marker: string) =>
  `date,station,nox\n${Array.from({ length: 30 }, (_, d) => `2021-01-${String(d + 1).padStart(2, "0")},S1,${d % 6 === 2 ? marker : (20 + ((d * 7) % 13)).toFixed(1)}`).join("\n")}\n`;

const { lake, stateDir } = tempLake({
  "air/station.csv": days("No data"),
  "air/blank.csv": days(""),
  "cohorts.csv":
    "cohort,grads\n2001,10\n2002,12\n2003,14\n2004,15\n2005,17\n2006,19\n2006 Aug,21\n2007,22\n2008,25\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["air/station.csv", "station"],
    ["air/blank.csv", "blank"],
    ["cohorts.csv", "cohorts"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
  for (const [sql, output, input] of [
    [
      "SELECT date, station, nox AS raw, TRY_CAST(nox AS DOUBLE) AS value FROM station",
      "cast_markers",
      "station",
    ],
    ["SELECT date, station, nox AS raw, TRY_CAST(nox AS DOUBLE) AS value FROM blank", "cast_blanks", "blank"],
  ] as const) {
    const r = await runtime.call({ op: "Query", sql, inputs: [input], output });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  }
});
after(() => runtime?.close());

let n = 0;
const findings = async (sql: string, inputs: string[], code: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === code);
};

describe("null-in-aggregate: NULLs the data wrote as markers of no value", () => {
  test("avg over a TRY_CAST that turned 'No data' into NULL: info, naming the marker", async () => {
    const found = await findings(
      "SELECT avg(value) AS mean FROM cast_markers",
      ["cast_markers"],
      "null-in-aggregate",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /'No data'/);
  });

  test("the same avg where the cells were left empty: a warning", async () => {
    const found = await findings(
      "SELECT avg(value) AS mean FROM cast_blanks",
      ["cast_blanks"],
      "null-in-aggregate",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
  });

  test("a sum over the 'No data' NULLs: a warning (the total covers fewer days)", async () => {
    const found = await findings(
      "SELECT sum(value) AS total FROM cast_markers",
      ["cast_markers"],
      "null-in-aggregate",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
  });
});

describe("numeric-as-text: ORDER BY a text column of years and labels", () => {
  test("without LIMIT every row is listed, the years in order: no finding", async () => {
    const found = await findings(
      "SELECT cohort, grads FROM cohorts ORDER BY cohort",
      ["cohorts"],
      "numeric-as-text",
    );
    assert.deepEqual(found, []);
  });

  test("held-out HQ-01: ids as text listed by id without LIMIT, '13901516' before '1708287': an info", async () => {
    const text = await runtime.call({
      op: "Query",
      sql: "SELECT CAST(CASE WHEN grads % 2 = 0 THEN grads * 1000003 ELSE grads * 100003 END AS VARCHAR) AS id, cohort FROM cohorts",
      inputs: ["cohorts"],
      output: "ids",
    });
    assert.equal(text.status, "ok");
    const listed = await findings("SELECT id, cohort FROM ids ORDER BY id", ["ids"], "numeric-as-text");
    assert.deepEqual(
      listed.map((d) => d.severity),
      ["info"],
    );
    const top = await findings(
      "SELECT id, cohort FROM ids ORDER BY id DESC LIMIT 2",
      ["ids"],
      "numeric-as-text",
    );
    assert.deepEqual(
      top.map((d) => d.severity),
      ["warning"],
    );
  });

  test("with LIMIT the label decides which rows come back: a warning", async () => {
    const found = await findings(
      "SELECT cohort, grads FROM cohorts ORDER BY cohort DESC LIMIT 3",
      ["cohorts"],
      "numeric-as-text",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
  });
});
