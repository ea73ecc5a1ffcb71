import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, class 2: join-row-loss warned when two series cover different periods (fires
// 1983–2024 joined to costs 2001–2023): the inner join keeps the overlap the question asks about.
// A key missing inside the other side's span is the real loss and stays a warning; ids and names,
// which are no period, keep today's behaviour.

const series = (from: number, to: number, skip: number[] = []): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)
    .filter((y) => !skip.includes(y))
    .map(String);

const { lake, stateDir } = tempLake({
  "fires.csv": `year,fires\n${series(1983, 2024)
    .map((y) => `${y},${(Number(y) * 37) % 900}`)
    .join("\n")}\n`,
  "costs.csv": `year,cost\n${series(2001, 2023)
    .map((y) => `${y},${(Number(y) * 13) % 500}`)
    .join("\n")}\n`,
  "costs_gap.csv": `year,cost\n${series(2001, 2023, [2012])
    .map((y) => `${y},${(Number(y) * 13) % 500}`)
    .join("\n")}\n`,
  "daily.csv": "day,rain\n2024-01-01,1.2\n2024-01-02,0\n2024-01-03,3.1\n2024-01-04,0.4\n2024-01-05,0\n",
  "flow.csv": "day,flow\n2024-01-02,10\n2024-01-03,12\n2024-01-04,9\n",
  "orders.csv": "customer,amount\n40001,5\n40002,7\n40003,9\n40004,2\n40005,4\n",
  "customers.csv": "customer,region\n40001,N\n40002,S\n40003,E\n",
  "sites.csv": "site,score\nAlder,1\nBirch,2\nCedar,3\nElm,4\n",
  "site_info.csv": "site,town\nAlder,X\nBirch,Y\nCedar,Z\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of [
    "fires",
    "costs",
    "costs_gap",
    "daily",
    "flow",
    "orders",
    "customers",
    "sites",
    "site_info",
  ])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const rowLoss = async (sql: string, inputs: string[]) => {
  const r = await runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "join-row-loss");
};

describe("join-row-loss: the overlap of two periods is no loss", () => {
  test("years outside the other series' span are info, with both spans", async () => {
    const found = await rowLoss(
      "SELECT f.year, f.fires, c.cost FROM fires f JOIN costs c ON f.year = c.year",
      ["fires", "costs"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /fires runs 1983–2024, costs 2001–2023/);
    assert.match(found[0]!.message, /19 of 42 row\(s\) of fires/);
  });

  test("dates outside the other series' span are info", async () => {
    const found = await rowLoss("SELECT d.day, d.rain, f.flow FROM daily d JOIN flow f ON d.day = f.day", [
      "daily",
      "flow",
    ]);
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
  });

  test("a year missing inside the other side's span is still a warning", async () => {
    const found = await rowLoss(
      "SELECT f.year, f.fires, c.cost FROM fires f JOIN costs_gap c ON f.year = c.year",
      ["fires", "costs_gap"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
    );
    assert.match(
      found[0]!.message,
      /1 of these key value\(s\) lie inside the span costs_gap covers \(2001–2023\), missing there: 2012\./,
    );
  });

  test("ids above the last one a table holds are no period: no overlap, the loss is measured (info: a listing)", async () => {
    const found = await rowLoss(
      "SELECT o.customer, o.amount, c.region FROM orders o JOIN customers c ON o.customer = c.customer",
      ["orders", "customers"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.effect?.text ?? "", /changes none of the|nothing the query returns reads them/);
  });

  test("names are unordered: no overlap, the loss is measured (info: a listing)", async () => {
    const found = await rowLoss(
      "SELECT s.site, s.score, i.town FROM sites s JOIN site_info i ON s.site = i.site",
      ["sites", "site_info"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.effect?.text ?? "", /changes none of the|nothing the query returns reads them/);
  });
});
