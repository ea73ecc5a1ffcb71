import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { runAgent } from "../../src/agent/agentLoop.ts";
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

/** Tens of billions of generated rows: minutes of work for DuckDB, unless interrupted. */
const slowQuery = {
  name: "Query",
  arguments: {
    sql: "SELECT count(*) AS n FROM range(50000000000) t(i) WHERE hash(i) % 1000 = 7",
    inputs: [],
    output: "slow",
  },
};

describe("cancellation", () => {
  test("aborting mid-query interrupts DuckDB and ends the run within a second", async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const server = await startScriptedServer([{ toolCalls: [...scanBoth, slowQuery] }]);
    const runtime = await openRun();
    // Abort once the batch is well into the slow query: 600 ms after the scans before it are done
    // (calls of a batch may run at once, so the query may have started earlier — never later).
    runtime.onEvent((event) => {
      if (event.type === "call" && event.op === "Scan" && event.index === 1)
        setTimeout(() => {
          abortedAt = Date.now();
          controller.abort();
        }, 600);
    });
    try {
      const result = await runAgent(runtime, modelFor(server), QUESTION, {
        signal: controller.signal,
        retry: FAST_RETRY,
      });
      const stoppedIn = Date.now() - abortedAt;
      assert.equal(result.status, "cancelled");
      assert.ok(abortedAt > 0);
      assert.ok(stoppedIn < 1000, `stopped ${stoppedIn} ms after the abort`);
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
      runtime.close();
      await server.close();
    }
  });

  test("aborting while the model is answering stops the HTTP request at once", async () => {
    const controller = new AbortController();
    const server = await startScriptedServer([{ delayMs: 30_000, toolCalls: scanBoth }]);
    const runtime = await openRun();
    try {
      setTimeout(() => controller.abort(), 300);
      const started = Date.now();
      const result = await runAgent(runtime, modelFor(server, { timeoutMs: 60_000 }), QUESTION, {
        signal: controller.signal,
        retry: FAST_RETRY,
      });
      assert.equal(result.status, "cancelled");
      assert.ok(Date.now() - started < 1300, `took ${Date.now() - started} ms`);
      assert.equal(result.steps, 1);
      assert.equal(eventsOf(traceOf(runtime), "agent-step").length, 0);
    } finally {
      runtime.close();
      await server.close();
    }
  });
});
