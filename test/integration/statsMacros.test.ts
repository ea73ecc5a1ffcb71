import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { QueryObservation } from "../../src/core/operators/query/queryObservation.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// The statistical tests RADAR registers as DuckDB macros, run as Queries (so recorded like any
// Query), against values computed apart: test/fixtures/stats/generate.py (Python's standard
// library; p-values by numerical integration of the densities) wrote expected.json.

interface Expected {
  x: number[];
  y: number[];
  x2: number[];
  cells: [string, string, number][];
  pearson: Record<string, number>;
  linreg: Record<string, number>;
  linreg2: Record<string, number>;
  chi2: Record<string, number>;
  sx: number[];
  sy: number[];
  spearman: Record<string, number>;
  t_p: [number, number, number][];
  chi2_p: [number, number, number][];
}
const expected = JSON.parse(
  readFileSync(join(repoRoot, "test/fixtures/stats/expected.json"), "utf8"),
) as Expected;

const pairs = expected.x.map((x, i) => `${x},${expected.y[i]},${expected.x2[i]}`);
// One row per observation for chi2_test; the same counts one row per cell for chi2_test_counts.
const observations = expected.cells.flatMap(([r, c, n]) => Array.from({ length: n }, () => `${r},${c}`));
const { lake, stateDir } = tempLake({
  "xy.csv": `x,y,x2\n${pairs.join("\n")}\n,5.0,1\n13,,2\n`,
  "obs.csv": `grp,answer\n${observations.join("\n")}\n`,
  "ranked.csv": `x,y\n${expected.sx.map((x, i) => `${x},${expected.sy[i]}`).join("\n")}\n`,
  "cells.csv": `grp,answer,n\n${expected.cells.map((c) => c.join(",")).join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const file of ["xy.csv", "obs.csv", "cells.csv", "ranked.csv"])
    await runtime.call({ op: "Scan", file });
});
after(() => runtime?.close());

let made = 0;
async function one(sql: string, inputs: string[]): Promise<Record<string, unknown>> {
  const r = await runtime.call({ op: "Query", sql, inputs, output: `s${made++}` });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  const o = r.observation as QueryObservation;
  return Object.fromEntries(o.records.columns.map((c, i) => [c, o.records.rows[0]![i]]));
}

function close(actual: unknown, want: number, tolerance: number, what: string): void {
  assert.ok(Math.abs(Number(actual) - want) <= tolerance, `${what}: ${String(actual)} vs ${want}`);
}

describe("statistical tests as SQL macros", () => {
  test("t_test_p and chi2_p: two-sided t and upper-tail χ² p-values", async () => {
    for (const [t, df, p] of expected.t_p)
      close((await one(`SELECT t_test_p(${t}, ${df}) AS p`, [])).p, p, 1e-9, `t=${t} df=${df}`);
    for (const [q, df, p] of expected.chi2_p)
      close((await one(`SELECT chi2_p(${q}, ${df}) AS p`, [])).p, p, 1e-9, `χ²=${q} df=${df}`);
    assert.equal((await one("SELECT t_test_p(2.0, 2.5) AS p", [])).p, null, "df not a whole number");
  });

  test("pearson_test over complete pairs (rows with a NULL left out)", async () => {
    const r = (await one("SELECT pearson_test(x, y) AS t FROM xy", ["xy"])).t as Record<string, number>;
    close(r.r, expected.pearson.r!, 1e-12, "r");
    close(r.t, expected.pearson.t!, 1e-8, "t");
    close(r.p, expected.pearson.p!, 1e-12, "p");
    assert.equal(Number(r.n), expected.pearson.n);
  });

  test("linreg: coefficients, R², slope's standard error and p; linreg2 with two predictors", async () => {
    const l = (await one("SELECT linreg(y, x) AS l FROM xy", ["xy"])).l as Record<string, number>;
    for (const k of ["intercept", "slope", "r2", "slope_se"]) close(l[k], expected.linreg[k]!, 1e-10, k);
    close(l.p, expected.linreg.p!, 1e-12, "p");
    const m = (
      await one("SELECT linreg2(y, x, x2) AS m FROM xy WHERE x IS NOT NULL AND y IS NOT NULL", ["xy"])
    ).m as Record<string, number>;
    for (const k of ["b0", "b1", "b2", "r2"]) close(m[k], expected.linreg2[k]!, 1e-9, k);
  });

  test("chi2_test of two categories, and chi2_test_counts of a table of counts, agree with the computation apart", async () => {
    const raw = (await one("SELECT chi2_test(grp, answer) AS c FROM obs", ["obs"])).c as Record<
      string,
      number
    >;
    const counted = (await one("SELECT chi2_test_counts(grp, answer, n) AS c FROM cells", ["cells"]))
      .c as Record<string, number>;
    for (const c of [raw, counted]) {
      close(c.chi2, expected.chi2.chi2!, 1e-9, "χ²");
      assert.equal(Number(c.df), expected.chi2.df);
      close(c.p, expected.chi2.p!, 1e-9, "p");
      assert.equal(Number(c.n), expected.chi2.n);
    }
  });

  test("Spearman as README writes it: pearson_test of average ranks by window functions (ties included)", async () => {
    const s = (
      await one(
        `WITH r AS (SELECT rank() OVER (ORDER BY x) + (count(*) OVER (PARTITION BY x) - 1) / 2 AS rx,
                           rank() OVER (ORDER BY y) + (count(*) OVER (PARTITION BY y) - 1) / 2 AS ry
                    FROM ranked WHERE x IS NOT NULL AND y IS NOT NULL)
         SELECT pearson_test(rx, ry) AS spearman FROM r`,
        ["ranked"],
      )
    ).spearman as Record<string, number>;
    close(s.r, expected.spearman.r!, 1e-12, "ρ");
    close(s.p, expected.spearman.p!, 1e-9, "p");
  });

  test("a test per group, and the Query's trace records the inputs it read", async () => {
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT grp, chi2_test(answer, answer = 'x') AS c FROM obs GROUP BY grp ORDER BY grp",
      inputs: ["obs"],
      output: "per_group",
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    assert.deepEqual(r.inputs, ["obs"]);
    assert.equal((r.observation as QueryObservation).rowCount, 2);
  });
});
