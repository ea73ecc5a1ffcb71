import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// `unknown-column` in a query of several SELECTs says which one lacks the column (a CTE, a
// subquery in FROM, a subquery in an expression) and what that SELECT's FROM has in scope.

const { lake, stateDir } = tempLake({
  "odp.csv": 'year,"(see note) ODP 967 wet-dry index",code\n2001,0.5,AB-12\n2002,0.7,CD-9\n',
  "rain.csv": "year,mm\n2001,300\n2002,410\n",
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const file of ["odp.csv", "rain.csv"]) await runtime.call({ op: "Scan", file });
});
after(() => runtime?.close());

async function missing(sql: string): Promise<string> {
  const r = await runtime.call({ op: "Query", sql, inputs: ["odp", "rain"], output: "x" });
  assert.equal(r.status, "rejected");
  const d = r.diagnostics.find((x) => x.code === "unknown-column");
  assert.ok(d, JSON.stringify(r.diagnostics));
  return d.message;
}

describe("unknown-column names the part of the query that lacks the column", () => {
  test("in a CTE: the CTE, and the columns of the CTE it reads", async () => {
    const m = await missing(
      "WITH a AS (SELECT year, code FROM odp),\n     b AS (SELECT yr FROM a WHERE code <> 'x')\nSELECT * FROM b JOIN rain USING (year)",
    );
    assert.match(
      m,
      /^Query\.sql, in CTE "b": column "yr" is not in scope there; its FROM reads a \(year, code\)/,
    );
    assert.match(m, /Nearest: year/);
  });

  test("in a subquery in FROM: its alias, and the registered table's columns, quoted where needed", async () => {
    const m = await missing("SELECT * FROM rain r JOIN (SELECT year AS y, idx FROM odp) s ON r.year = s.y");
    assert.match(
      m,
      /in subquery "s": column "idx" is not in scope there; its FROM reads odp \(year, "\(see note\) ODP 967 wet-dry index", code\)/,
    );
  });

  test("in an IN subquery, and in the outer SELECT of a query with a CTE", async () => {
    assert.match(
      await missing("SELECT year FROM rain WHERE year IN (SELECT yeer FROM odp)"),
      /in a subquery \(IN, EXISTS or scalar\): column "yeer" .* its FROM reads odp/,
    );
    assert.match(
      await missing("WITH a AS (SELECT year FROM odp)\nSELECT mm2 FROM a JOIN rain USING (year)"),
      /in the outer SELECT: column "mm2" is not in scope there; its FROM reads a \(year\), rain \(year, mm\)\. Nearest: mm/,
    );
  });

  test("a query of one SELECT keeps the message it had", async () => {
    assert.match(
      await missing("SELECT yeer FROM rain"),
      /^Query\.sql: column "yeer" is not in the input tables|^Query\.sql: column "yeer" is not in table/,
    );
  });
});
