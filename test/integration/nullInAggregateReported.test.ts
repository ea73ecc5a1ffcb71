import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Stop 28, a held-out lake (hate crimes by state): `avg(x)` beside `count(x)` and `count(*)`, and
// a list of the states where x IS NULL, in one SELECT — the result itself says which values the
// mean skipped. A warning asking to "decide what they mean" told the analyst what the query
// already showed; a plain mean over the same NULLs still warns.

const states = ["Alabama", "Alaska", "Arizona", "Arkansas", "Colorado", "Delaware", "Florida", "Georgia"];
const { lake, stateDir } = tempLake({
  "rates.csv": `state,rate\n${states.map((s, i) => `${s},${i % 3 === 2 ? "" : (0.1 * (i + 1)).toFixed(2)}`).join("\n")}\n`,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: "rates.csv", output: "r" })).status, "ok");
});
after(() => runtime?.close());

let n = 0;
async function nullFindings(sql: string): Promise<Diagnostic[]> {
  const call = await runtime.call({ op: "Query", sql, inputs: ["r"], output: `q${n++}` });
  assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
  return call.diagnostics.filter((d) => d.code === "null-in-aggregate");
}

describe("null-in-aggregate when the query reports its NULLs itself", () => {
  test("count(x) beside count(*) makes the finding info, saying so", async () => {
    const [d, ...rest] = await nullFindings(
      "SELECT count(*) AS n, count(rate) AS with_rate, avg(rate) AS mean FROM r",
    );
    assert.equal(rest.length, 0);
    assert.equal(d?.severity, "info");
    assert.match(
      d?.message ?? "",
      /^avg\(rate\) over r skips 2 NULL value\(s\) of 8 rows.*the query reports them itself \(count\(rate\) beside count\(\*\)\)/,
    );
  });

  test("a list of the rows where x IS NULL does too", async () => {
    const [d] = await nullFindings(
      "SELECT avg(rate) AS mean, string_agg(CASE WHEN rate IS NULL THEN state END, ', ') AS missing FROM r",
    );
    assert.equal(d?.severity, "info");
    assert.match(d?.message ?? "", /rate IS NULL in its select list/);
  });

  test("a mean alone, or with count(*) only, still warns", async () => {
    for (const sql of ["SELECT avg(rate) AS mean FROM r", "SELECT count(*) AS n, avg(rate) AS mean FROM r"]) {
      const [d] = await nullFindings(sql);
      assert.equal(d?.severity, "warning", sql);
    }
  });
});
