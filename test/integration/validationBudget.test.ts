import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { OverBudget } from "../../src/core/engine/duckEngine.ts";
import type { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

/**
 * After-execution checks stay within a budget (the larger of a floor and a share of the call's
 * own time): a statement running at the limit is interrupted on the checks' own connection, the
 * checks not run are named, and the call itself is unaffected.
 */
const { lake, stateDir } = tempLake({
  "rain.csv": "year,mm\n2017,812\n2018,774\n2019,901\n2020,655\n2021,842\n",
  "crop.csv": "year,yield\n2017,7.9\n2018,7.4\n2019,8.6\n2021,8.1\n",
});
const LOSSY = "SELECT r.year, r.mm, c.yield FROM rain r JOIN crop c ON r.year = c.year";

/** A runtime over the lake with rain and crop scanned. */
async function scanned(options: Omit<Parameters<typeof Runtime.open>[1], "radarDir"> = {}): Promise<Runtime> {
  const runtime = await Runtime.open(lake, { radarDir: stateDir, ...options });
  for (const [file, output] of [
    ["rain.csv", "rain"],
    ["crop.csv", "crop"],
  ])
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
  return runtime;
}

describe("validation budget", () => {
  let runtime: Runtime;
  before(async () => {
    runtime = await scanned();
  });
  after(() => runtime?.close());

  test("the default budget lets every check run on ordinary data", async () => {
    const r = await runtime.call({ op: "Query", sql: LOSSY, inputs: ["rain", "crop"], output: "joined" });
    assert.equal(r.status, "ok");
    assert.ok(r.diagnostics.some((d) => d.code === "join-row-loss" && d.severity === "warning"));
    assert.ok(!r.diagnostics.some((d) => d.code === "validation-budget"), JSON.stringify(r.diagnostics));
  });

  test("a spent budget skips checks and says which, without failing the call", async () => {
    // Every check after execution: checks begun alongside the query may finish before the budget
    // starts (the next test covers that mode).
    const strict = await scanned({
      validationBudget: { fraction: 0, floorMs: 0, aboveRows: 0 },
      checksAlongside: false,
    });
    try {
      const r = await strict.call({ op: "Query", sql: LOSSY, inputs: ["rain", "crop"], output: "joined" });
      assert.equal(r.status, "ok");
      assert.equal((r.observation as { rowCount: number }).rowCount, 4, "the query itself ran");
      const note = r.diagnostics.find((d) => d.code === "validation-budget");
      assert.ok(note, JSON.stringify(r.diagnostics));
      assert.equal(note.severity, "info");
      assert.match(note.message, /Not checked: .*join-row-loss/);
      assert.ok(!r.diagnostics.some((d) => d.severity !== "info"), "no finding is invented");
    } finally {
      strict.close();
    }
  });

  test("with checks alongside the query, the budget counts from the end of its execution", async () => {
    const strict = await scanned({ validationBudget: { fraction: 0, floorMs: 0, aboveRows: 0 } });
    try {
      const r = await strict.call({ op: "Query", sql: LOSSY, inputs: ["rain", "crop"], output: "joined" });
      assert.equal(r.status, "ok");
      const note = r.diagnostics.find((d) => d.code === "validation-budget");
      assert.ok(note, JSON.stringify(r.diagnostics));
      // The checks that read the result can only start once it exists: with no budget left, they never run.
      assert.match(note.message, /Not checked: .*empty-result.*value-variants/);
      assert.match(note.message, /stops 0 ms after the call ran/);
      // An input-only check either finished alongside the query (and reports) or is named as not checked.
      const lossReported = r.diagnostics.some((d) => d.code === "join-row-loss");
      assert.notEqual(lossReported, /join-row-loss/.test(note.message));
    } finally {
      strict.close();
    }
  });

  test("the wall-clock ceiling applies to very long SQL only: ordinary calls keep every check on a busy machine", async (t) => {
    // A ceiling of 0 ms stands for a machine so busy that no check finishes in time; a stopped clock
    // makes the call's own time 0 ms too, so the long SQL's budget is spent before its first check
    // whatever this machine's speed.
    const busy = await scanned({
      validationBudget: {
        fraction: 0.2,
        floorMs: 200,
        aboveRows: 1_000_000,
        ceilingMs: 0,
        ceilingSqlChars: 20_000,
      },
      checksAlongside: false,
    });
    const stopped = performance.now();
    t.mock.method(performance, "now", () => stopped);
    try {
      const ordinary = await busy.call({
        op: "Query",
        sql: LOSSY,
        inputs: ["rain", "crop"],
        output: "joined",
      });
      assert.ok(ordinary.diagnostics.some((d) => d.code === "join-row-loss" && d.severity === "warning"));
      assert.ok(
        !ordinary.diagnostics.some((d) => d.code === "validation-budget"),
        JSON.stringify(ordinary.diagnostics),
      );
      // The same join, padded past the ceiling's SQL length with a long IN list.
      const years = Array.from({ length: 4_000 }, (_, i) => 1000 + i).join(", ");
      const long = await busy.call({
        op: "Query",
        sql: `${LOSSY} WHERE r.year IN (${years})`,
        inputs: ["rain", "crop"],
        output: "joined_long",
      });
      assert.equal(long.status, "ok");
      const note = long.diagnostics.find((d) => d.code === "validation-budget");
      assert.ok(note, JSON.stringify(long.diagnostics));
      assert.match(note.message, /characters of SQL/);
    } finally {
      busy.close();
    }
  });

  test("no budget (false) runs every check", async () => {
    const free = await scanned({ validationBudget: false });
    try {
      const r = await free.call({ op: "Query", sql: LOSSY, inputs: ["rain", "crop"], output: "joined" });
      assert.ok(r.diagnostics.some((d) => d.code === "join-row-loss"));
      assert.ok(!r.diagnostics.some((d) => d.code === "validation-budget"));
    } finally {
      free.close();
    }
  });

  test("the limit interrupts a running statement of the checks' connection only", async (t) => {
    const fork: DuckEngine = await runtime.engine.fork();
    // The limit's clock is stepped by hand (its timer and performance.now()), so the interrupt
    // comes when the test says the limit is reached, never early or late on a busy machine.
    t.mock.timers.enable({ apis: ["setTimeout"] });
    let now = performance.now();
    t.mock.method(performance, "now", () => now);
    try {
      const limit = fork.limit(100);
      let settled = false;
      // Minutes of work if not interrupted.
      const long = fork.all("SELECT sum(hash(range)) AS s FROM range(100000000000)");
      void long.then(
        () => (settled = true),
        () => (settled = true),
      );
      // The runtime's own connection keeps working meanwhile.
      const [row] = await runtime.engine.all("SELECT count(*) AS n FROM rain");
      assert.equal(Number(row!.n), 5);
      assert.equal(settled, false, "the statement runs until the limit");
      assert.equal(limit.expired(), false);
      now += 100;
      t.mock.timers.tick(100);
      await assert.rejects(long, /interrupt/i);
      assert.ok(limit.expired());
      await assert.rejects(fork.all("SELECT 1"), OverBudget);
      limit.clear();
      const [one] = await fork.all("SELECT 1 AS x");
      assert.equal(Number(one!.x), 1, "usable again once the limit is cleared");
    } finally {
      fork.close();
    }
  });
});
