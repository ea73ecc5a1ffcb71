import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";

// An incident log saved from a sheet with its empty grid (held-out IM-03): 30 incidents, then 25
// rows holding a case number '0' and the sheet's running number.
const INCIDENTS = Array.from(
  { length: 30 },
  (_, i) =>
    `2017.0${1 + (i % 9)}.${10 + i},${2017 - (i % 3)},Unprovoked,${["USA", "BRAZIL"][i % 2]},Beach ${i},${i + 1}`,
);
const PADDING = Array.from({ length: 25 }, (_, i) => `0,,,,,${31 + i}`);
const { lake, stateDir } = tempLake({
  "attacks.csv":
    ["Case Number,Year,Type,Country,Location,original order", ...INCIDENTS, ...PADDING].join("\n") + "\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const padding = (call: { diagnostics: Diagnostic[] }): Diagnostic[] =>
  call.diagnostics.filter((d) => d.code === "padding-rows");

describe("a table that ends with padding rows", () => {
  test("the Scan says where the block is and what it holds; queries that keep none of it say nothing", async () => {
    const scan = await runtime.call({ op: "Scan", file: "attacks.csv", output: "a" });
    const [said] = padding(scan);
    assert.equal(said?.severity, "warning");
    assert.match(
      said!.message,
      /^a ends with 25 rows \(lines 32–56 of attacks\.csv\) that hold at most 2 of its 6 columns' values, where its fuller rows hold 6: the first that holds anything has Case Number '0', original order '31' and nothing else\. They follow its 30 rows of data/,
    );
    assert.deepEqual(said!.locations, [{ file: "attacks.csv", line: 32 }]);
    const byYear = await runtime.call({
      op: "Query",
      sql: "SELECT Year, count(*) AS n FROM a WHERE Year >= 2015 GROUP BY Year",
      inputs: ["a"],
      output: "by_year",
    });
    assert.deepEqual(padding(byYear), []);
    // Rows listed are in sight: no aggregate, no finding.
    const listed = await runtime.call({
      op: "Query",
      sql: "SELECT * FROM a",
      inputs: ["a"],
      output: "all_rows",
    });
    assert.deepEqual(padding(listed), []);
  });

  test("a count that keeps the block, after the Scan said so: an info that says it was said", async () => {
    const counted = await runtime.call({
      op: "Query",
      sql: "SELECT count(*) AS incidents FROM a",
      inputs: ["a"],
      output: "n",
    });
    const [said] = padding(counted);
    assert.equal(said?.severity, "info");
    assert.match(
      said!.message,
      /^\(As said earlier in this session\.\) a ends with 25 rows .* the query keeps 25 of them/,
    );
  });

  test("in a later process of the session (the CLI), the first count is a warning with its measured effect", async () => {
    const first = await Runtime.open(lake, { stateDir: `${stateDir}-cli`, session: "im-03" });
    await first.call({ op: "Scan", file: "attacks.csv", output: "k" });
    first.close();
    const second = await Runtime.open(lake, { stateDir: `${stateDir}-cli`, session: "im-03" });
    try {
      const counted = await second.call({
        op: "Query",
        sql: "SELECT Country, count(*) AS incidents FROM k GROUP BY Country ORDER BY Country",
        inputs: ["k"],
        output: "by_country",
      });
      const [said] = padding(counted);
      assert.equal(said?.severity, "warning");
      assert.match(
        said!.message,
        /^k ends with 25 rows .* the query keeps 25 of them, so count\(\*\) counts them and GROUP BY gives them a group/,
      );
      assert.equal(said!.effect?.measured, true);
      assert.equal(said!.effect?.changed, true);
      assert.match(said!.effect!.text, /with the 25 padding rows \(lines 32–56 of attacks\.csv\) left out/);
    } finally {
      second.close();
    }
  });
  test("a query the block does not change is told in an info, and the next that it changes hears it as new", async () => {
    // A later process: the Scan's warning is not in this process's memory.
    const first = await Runtime.open(lake, { stateDir: `${stateDir}-settle`, session: "im-03" });
    await first.call({ op: "Scan", file: "attacks.csv", output: "s" });
    first.close();
    const second = await Runtime.open(lake, { stateDir: `${stateDir}-settle`, session: "im-03" });
    try {
      // The padding rows hold no Year: the latest year is the same without them.
      const latest = await second.call({
        op: "Query",
        sql: "SELECT max(Year) AS latest, count(Year) AS dated FROM s",
        inputs: ["s"],
        output: "latest",
      });
      const [unchanged] = padding(latest);
      assert.equal(unchanged?.severity, "info");
      assert.equal(unchanged!.effect?.changed, false);
      const counted = await second.call({
        op: "Query",
        sql: "SELECT count(*) AS incidents FROM s",
        inputs: ["s"],
        output: "counted",
      });
      const [said] = padding(counted);
      assert.equal(said?.severity, "warning");
      assert.doesNotMatch(said!.message, /As said earlier/);
      // Said now, also to a query that reads the table through a CTE (the checks see it as a view).
      const again = await second.call({
        op: "Query",
        sql: "WITH t AS (SELECT * FROM s) SELECT Country, count(*) AS n FROM t GROUP BY Country",
        inputs: ["s"],
        output: "again",
      });
      const [repeated] = padding(again);
      assert.equal(repeated?.severity, "info");
      assert.match(repeated!.message, /^\(As said earlier in this session\.\)/);
    } finally {
      second.close();
    }
  });
});
