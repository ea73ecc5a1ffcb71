import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 27: a 1 MB UNION ALL statement ran past 60 s (DuckDB plans long set-operation chains in
// more than linear time). The gate refuses a chain past its bound before DuckDB parses it.

const { lake, stateDir } = tempLake({ "t.csv": "id,v\n1,2\n3,4\n" });
const chain = (n: number): string =>
  Array.from({ length: n }, (_, i) => `SELECT id, v FROM t WHERE id = ${i}`).join(" UNION ALL ");

describe("a 1 MB UNION ALL statement", () => {
  let runtime: Runtime;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: stateDir });
    await runtime.call({ op: "Scan", file: "t.csv", output: "t" });
  });
  after(() => runtime?.close());

  test("is refused with sql-too-large, naming the limit; nothing is registered", async () => {
    const sql = chain(23_000);
    assert.ok(sql.length > 1_000_000);
    const r = await runtime.call({ op: "Query", sql, inputs: ["t"], output: "u" });
    assert.equal(r.status, "rejected");
    const refusal = r.diagnostics.find((d) => d.code === "sql-too-large");
    assert.ok(refusal, JSON.stringify(r.diagnostics).slice(0, 500));
    assert.match(refusal.message, /at most 1000 set operations/);
    const probe = await runtime.call({
      op: "Query",
      sql: "SELECT 1 AS x FROM u",
      inputs: ["u"],
      output: "p",
    });
    assert.equal(probe.status, "rejected");
  });

  test("a short chain runs as before", async () => {
    const r = await runtime.call({ op: "Query", sql: chain(3), inputs: ["t"], output: "s" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics).slice(0, 500));
  });
});
