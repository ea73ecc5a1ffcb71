import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { DuckEngine } from "../../src/core/engine/duckEngine.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import {
  FAST_RETRY,
  QUESTION,
  eventsOf,
  modelFor,
  openRun,
  scanBoth,
  traceOf,
} from "../helpers/agentFixtures.ts";

const SLOW_ROWS = "range(50000000000)";

/** Tens of billions of generated rows: minutes of work for DuckDB, unless interrupted. */
const slowQuery = {
  name: "Query",
  arguments: {
    sql: `SELECT count(*) AS n FROM ${SLOW_ROWS} t(i) WHERE hash(i) % 1000 = 7`,
    inputs: [],
    output: "slow",
  },
};

describe("cancellation", () => {
  test("aborting mid-query interrupts DuckDB and ends the run as cancelled", async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    let sentAt = 0;
    const server = await startScriptedServer([{ toolCalls: [...scanBoth, slowQuery] }]);
    const runtime = await openRun();
    // The abort waits on the slow statement reaching DuckDB (a pass-through spy on the engine),
    // not on a guessed delay after the scans: on a loaded machine the query may start late.
    const run = DuckEngine.prototype.run;
    const slowSent = new Promise<void>((resolve) => {
      DuckEngine.prototype.run = function (this: DuckEngine, sql: string, params?: unknown[]) {
        if (sql.includes(SLOW_ROWS)) {
          sentAt = Date.now();
          resolve();
        }
        return run.call(this, sql, params);
      };
    });
    // A moment inside DuckDB before the abort, so the interrupt meets a running statement.
    void slowSent.then(() =>
      setTimeout(() => {
        abortedAt = Date.now();
        controller.abort();
      }, 300),
    );
    try {
      const result = await runAgent(runtime, modelFor(server), QUESTION, {
        signal: controller.signal,
        retry: FAST_RETRY,
      });
      assert.equal(result.status, "cancelled");
      assert.ok(sentAt > 0 && abortedAt >= sentAt, "the abort came while the query was in DuckDB");
      const events = traceOf(runtime);
      const query = events.find((e) => e.type === "call" && e.op === "Query") as
        { status: string; error?: string; durationMs: number } | undefined;
      assert.equal(query?.status, "failed");
      assert.equal(query?.error, "cancelled");
      assert.ok((query?.durationMs ?? 0) > 200, "the query was running when the abort came");
      assert.equal(eventsOf(events, "agent-end")[0]!.status, "cancelled");
      assert.deepEqual(
        [events.at(-1)!.type, (events.at(-1) as { status: string }).status],
        ["run-end", "cancelled"],
      );
      // The engine is usable after the interrupt.
      assert.equal((await runtime.call({ op: "Probe", table: "fraud", columns: ["State"] })).status, "ok");
    } finally {
      DuckEngine.prototype.run = run;
      runtime.close();
      await server.close();
    }
  });

  test("aborting while the model is answering stops the HTTP request at once", async () => {
    const controller = new AbortController();
    const server = await startScriptedServer([{ delayMs: 30_000, toolCalls: scanBoth }]);
    const runtime = await openRun();
    try {
      const started = Date.now();
      const running = runAgent(runtime, modelFor(server, { timeoutMs: 60_000 }), QUESTION, {
        signal: controller.signal,
        retry: FAST_RETRY,
      });
      // The abort waits on the request reaching the model, not on a guessed delay.
      let settled = false;
      const done = (): boolean => (settled = true);
      void running.then(done, done);
      while (server.requests.length === 0 && !settled) await new Promise((r) => setImmediate(r));
      controller.abort();
      const result = await running;
      assert.equal(result.status, "cancelled");
      // The scripted reply comes after 30 s and the model's timeout is 60 s: ending well before
      // either can only be the abort closing the request.
      const took = Date.now() - started;
      assert.ok(took < 15_000, `took ${took} ms`);
      assert.equal(result.steps, 1);
      assert.equal(eventsOf(traceOf(runtime), "agent-step").length, 0);
    } finally {
      runtime.close();
      await server.close();
    }
  });
});
