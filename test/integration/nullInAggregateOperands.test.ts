import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, null-in-aggregate inside an aggregate's expression: `avg(after - before)` skips every
// row where one operand is blank, exactly as `avg(before)` would. A ratings file written the way a
// published CSV is: two rating columns, a few clubs founded after the first year with it blank.

const clubs = [
  ["Alder FC", "North", "1510", "1544"],
  ["Birch United", "North", "1480", "1502"],
  ["Cedar Town", "North", "", "1390"],
  ["Dunmore", "North", "1602", "1588"],
  ["Elm Rovers", "South", "1455", "1470"],
  ["Fenwick", "South", "", "1366"],
  ["Glenside", "South", "1530", "1541"],
  ["Harrow Vale", "South", "1499", "1511"],
  ["Ivybridge", "West", "1420", "1437"],
  ["Juniper", "West", "1388", "1402"],
];

const { lake, stateDir } = tempLake({
  "ratings.csv": `club,region,rating_2000,rating_2020\n${clubs.map((c) => c.join(",")).join("\n")}\n`,
  "complete.csv": `club,region,rating_2000,rating_2020\n${clubs
    .map((c) => [c[0], c[1], c[2] || "1400", c[3]].join(","))
    .join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["ratings", "complete"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const nulls = async (sql: string, input: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs: [input], output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "null-in-aggregate");
};

describe("null-in-aggregate: a NULL operand inside the aggregate's expression", () => {
  test("avg(a - b) skips the rows where b is blank, with their lines", async () => {
    const found = await nulls("SELECT avg(rating_2020 - rating_2000) AS change FROM ratings", "ratings");
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.equal(found[0]!.severity, "warning");
    assert.match(found[0]!.message, /avg\(rating_2020 - rating_2000\) over ratings/);
    assert.match(found[0]!.message, /skips the 2 row\(s\) of 10 where rating_2000 is NULL/);
    assert.deepEqual(
      found[0]!.locations.map((l) => l.line),
      [4, 7],
    );
  });

  test("only the rows the query keeps count", async () => {
    const found = await nulls(
      "SELECT avg(rating_2020 - rating_2000) AS change FROM ratings WHERE region = 'West'",
      "ratings",
    );
    assert.deepEqual(found, []);
    const north = await nulls(
      "SELECT sum(rating_2020 * 1.0 / rating_2000) AS s FROM ratings WHERE region = 'North'",
      "ratings",
    );
    assert.match(north[0]!.message, /skips the 1 row\(s\) of 4 where rating_2000 is NULL/);
    assert.deepEqual(
      north[0]!.locations.map((l) => l.line),
      [4],
    );
  });

  test("an operand whose NULLs are replaced, or a file without blanks, stays silent", async () => {
    assert.deepEqual(
      await nulls(
        "SELECT region, avg(rating_2020 - coalesce(rating_2000, rating_2020)) AS change FROM ratings GROUP BY region",
        "ratings",
      ),
      [],
    );
    assert.deepEqual(
      await nulls(
        "SELECT region, avg(rating_2020 - rating_2000) AS change FROM complete GROUP BY region",
        "complete",
      ),
      [],
    );
  });
});
