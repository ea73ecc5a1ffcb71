import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import type { ScriptStep } from "../helpers/scriptedOpenAiServer.ts";
import {
  API_KEY,
  FAST_RETRY,
  QUESTION,
  byRank,
  eventsOf,
  goodAnswer,
  modelFor,
  openRun,
  scanBoth,
  traceOf,
} from "../helpers/agentFixtures.ts";

const answerInOneStep: ScriptStep = { toolCalls: [...scanBoth, byRank, goodAnswer] };

async function run(script: ScriptStep[], timeoutMs = 2000) {
  const server = await startScriptedServer(script);
  const runtime = await openRun();
  try {
    const result = await runAgent(runtime, modelFor(server, { timeoutMs }), QUESTION, { retry: FAST_RETRY });
    return { result, server, events: traceOf(runtime) };
  } finally {
    runtime.close();
    await server.close();
  }
}

describe("model faults: retried with backoff, or failed loudly with the trace intact", () => {
  const transient: [string, ScriptStep, string][] = [
    ["HTTP 429", { fault: "status", status: 429, retryAfterSeconds: 0 }, "rate-limit"],
    ["HTTP 500", { fault: "status", status: 500 }, "server"],
    ["HTTP 503", { fault: "status", status: 503 }, "server"],
    ["a response that never starts", { fault: "hang" }, "timeout"],
    ["a stream cut mid-message", { fault: "cut" }, "connection"],
    ["a stream that stalls", { fault: "stall" }, "timeout"],
    ["a stream that ends without finishing the message", { fault: "truncate" }, "bad-response"],
  ];
  for (const [name, fault, kind] of transient)
    test(`${name} is retried (${kind})`, async () => {
      const { result, server, events } = await run([fault, answerInOneStep], 400);
      assert.equal(result.status, "answered", result.error);
      assert.equal(server.requests.length, 2);
      const errors = eventsOf(events, "agent-model-error");
      assert.equal(errors.length, 1);
      assert.equal(errors[0]!.kind, kind);
      assert.equal(typeof errors[0]!.retryInMs, "number");
      assert.equal(eventsOf(events, "agent-step")[0]!.attempts, 2);
      // The half-written tool call of a cut stream never reached the runtime.
      assert.equal(events.filter((e) => e.type === "call" && e.op === "Scan").length, 2);
    });

  test("a persistent 500 fails the run after the retries, loudly, with the trace intact", async () => {
    const down: ScriptStep = { fault: "status", status: 500 };
    const failing = await run([down, down, down, answerInOneStep]);
    assert.equal(failing.result.status, "failed");
    assert.match(failing.result.error ?? "", /model request failed after 3 attempts: server \(HTTP 500\)/);
    assert.equal(failing.server.requests.length, 3);
    const errors = eventsOf(failing.events, "agent-model-error");
    assert.deepEqual(
      errors.map((e) => e.retryInMs === undefined),
      [false, false, true],
    );
    const end = eventsOf(failing.events, "agent-end")[0]!;
    assert.equal(end.status, "failed");
    assert.equal(end.error, failing.result.error);
    const last = failing.events.at(-1) as { type: string; status: string };
    assert.deepEqual([last.type, last.status], ["run-end", "failed"]);
    assert.equal(failing.server.remaining(), 1);
  });

  test("an authentication error is not retried, and the key never reaches the trace", async () => {
    const { result, server } = await run([{ fault: "status", status: 401 }, answerInOneStep]);
    assert.equal(result.status, "failed");
    assert.match(result.error ?? "", /auth \(HTTP 401\)/);
    assert.equal(server.requests.length, 1);
    assert.ok(!readFileSync(result.trace, "utf8").includes(API_KEY));
  });
});
