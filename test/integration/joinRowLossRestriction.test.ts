import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 25, join-row-loss on an intended restriction: the other side of the join is a list of
// keys selected out of a table by a condition on the key (the economies among codes that also
// hold aggregates), so the keys the join drops are the ones that condition excludes. That is info;
// a dropped key the condition would keep, or a side filtered only on another column (the year a
// panel is sliced at), is still a loss.

const rows = (codes: string[], years: number[]): string =>
  codes.flatMap((c, i) => years.map((y) => `${c},${y},${(i + 1) * 100 + (y % 100)}`)).join("\n");

const { lake, stateDir } = tempLake({
  "pop.csv": `code,year,value\n${rows(["AAA", "BBB", "CCC", "EEE", "FFF", "GGG", "WLD", "HIC"], [2000, 2024])}\n`,
  "codes.csv": "iso3,name\nAAA,Aland\nBBB,Bora\nCCC,Cora\nDDD,Dora\nEEE,Eora\nFFF,Fora\nGGG,Gora\n",
  "gdp.csv": `code,year,value\n${rows(["AAA", "BBB", "EEE", "FFF", "GGG", "WLD"], [2000, 2024])}\n`,
  "gdp2.csv": `code,year,value\n${rows(["AAA", "BBB", "EEE", "FFF", "GGG"], [2000, 2024])}\n${rows(["CCC"], [2000])}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["pop", "codes", "gdp", "gdp2"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
const rowLoss = async (sql: string, inputs: string[]) => {
  const r = await runtime.call({ op: "Query", sql, inputs, output: `out${n++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "join-row-loss");
};

describe("join-row-loss: a join that applies the other side's key condition", () => {
  test("a CTE of keys chosen by a WHERE on the key: the keys it rejects are info", async () => {
    const found = await rowLoss(
      "WITH econ AS (SELECT DISTINCT code FROM pop WHERE code IN (SELECT iso3 FROM codes)), " +
        "p0 AS (SELECT code, value FROM pop WHERE year = 2000) " +
        "SELECT econ.code, p0.value FROM econ JOIN p0 ON p0.code = econ.code",
      ["pop", "codes"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /2 of 8 row\(s\) of p0/);
    assert.match(found[0]!.message, /'WLD'.*'HIC'|'HIC'.*'WLD'/);
    assert.match(
      found[0]!.message,
      /econ \(CTE over pop, codes\) selects from pop with the condition .*codes.* in its WHERE, which rejects all 2 dropped key value\(s\)/,
    );
  });

  test("an earlier query's list of keys counts as such a side too", async () => {
    const made = await runtime.call({
      op: "Query",
      sql: "SELECT DISTINCT code FROM pop WHERE code IN (SELECT iso3 FROM codes)",
      inputs: ["pop", "codes"],
      output: "econ_list",
    });
    assert.equal(made.status, "ok");
    const found = await rowLoss(
      "SELECT p.code, p.value, e.code AS listed FROM pop p JOIN econ_list e ON p.code = e.code WHERE p.year = 2024",
      ["pop", "econ_list"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /econ_list selects from pop/);
  });

  test("a side filtered only on another column (a panel's year) is no key condition: the loss is measured, info for a ratio", async () => {
    const found = await rowLoss(
      "WITH g AS (SELECT code, value FROM gdp WHERE year = 2000), p0 AS (SELECT code, value FROM pop WHERE year = 2000) " +
        "SELECT p0.code, p0.value / g.value AS ratio FROM p0 JOIN g ON p0.code = g.code",
      ["pop", "gdp"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /'CCC'/);
    assert.match(found[0]!.effect?.text ?? "", /changes none of the|nothing the query returns reads them/);
  });

  test("a dropped key the other side's condition would keep, its partner absent: the ratio cannot use it, info", async () => {
    const found = await rowLoss(
      "WITH g AS (SELECT code, value FROM gdp WHERE code <> 'WLD' AND year = 2000), p0 AS (SELECT code, value FROM pop WHERE year = 2000) " +
        "SELECT p0.code, p0.value / g.value AS ratio FROM p0 JOIN g ON p0.code = g.code",
      ["pop", "gdp"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
      JSON.stringify(found.map((d) => d.message)),
    );
    assert.match(found[0]!.message, /3 of 8 row\(s\) of p0/);
    assert.match(found[0]!.effect?.text ?? "", /changes none of the|nothing the query returns reads them/);
  });

  test("the same loss where the dropped rows' own values reach the result (a sum of one side): a warning", async () => {
    const found = await rowLoss(
      "WITH g AS (SELECT code, value FROM gdp WHERE code <> 'WLD' AND year = 2000), p0 AS (SELECT code, value FROM pop WHERE year = 2000) " +
        "SELECT sum(p0.value) AS population, sum(g.value) AS gdp FROM p0 JOIN g ON p0.code = g.code",
      ["pop", "gdp"],
    );
    assert.deepEqual(
      found.map((d) => d.severity),
      ["warning"],
      JSON.stringify(found.map((d) => d.message)),
    );
    assert.match(found[0]!.effect?.text ?? "", /population/);
  });

  test("the other side's own WHERE drops more keys: both figures are given", async () => {
    const found = await rowLoss(
      "SELECT c.iso3, g.value FROM codes c JOIN gdp2 g ON c.iso3 = g.code WHERE g.year = 2024",
      ["codes", "gdp2"],
    );
    // The dropped codes have no value to list: the WHERE on gdp2 drops them again (info).
    assert.deepEqual(
      found.map((d) => d.severity),
      ["info"],
    );
    assert.match(found[0]!.message, /dropped 1 of 7 row\(s\) of codes/);
    assert.match(
      found[0]!.message,
      /counting only the rows of gdp2 that WHERE \(g\."year" = 2024\) keeps, 2 of 7 row\(s\) \(2 key value\(s\)\) find no partner/,
    );
  });
});
