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
  unkeyedMerge,
} from "../helpers/agentFixtures.ts";

async function run(script: ScriptStep[], options: { maxSteps?: number; stream?: boolean } = {}) {
  const server = await startScriptedServer(script);
  const runtime = await openRun();
  try {
    const result = await runAgent(
      runtime,
      modelFor(server, options.stream === false ? { stream: false } : {}),
      QUESTION,
      { retry: FAST_RETRY, ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}) },
    );
    return { result, server, runtime, events: traceOf(runtime) };
  } finally {
    runtime.close();
    await server.close();
  }
}

/** The tool messages the model was sent with its n-th request (0-based). */
function toolResults(
  server: { requests: { messages: { role: string; content?: string | null }[] }[] },
  n: number,
) {
  return server.requests[n]!.messages.filter((m) => m.role === "tool").map((m) =>
    JSON.parse(String(m.content)),
  );
}

describe("agent loop over the real openai client and a scripted endpoint", () => {
  test("unkeyed merge of two rankings is rejected; the agent pairs them by rank and answers with evidence", async () => {
    const { result, server, events } = await run([
      { toolCalls: [...scanBoth, unkeyedMerge] },
      { toolCalls: [byRank] },
      { toolCalls: [goodAnswer] },
    ]);
    assert.equal(result.status, "answered", result.error);
    assert.deepEqual(result.answer, ["Florida", 1522, 528]);
    assert.deepEqual(result.evidence, ["by_rank"]);
    assert.equal(result.steps, 3);

    // The first request: the question, a query-aware map summary, and exactly the seven tools.
    const first = server.requests[0]!;
    assert.deepEqual(
      first.tools!.map((t) => t.function.name),
      ["Discover", "Bash", "Scan", "UnionScan", "Probe", "Query", "Answer"],
    );
    const scanTool = first.tools!.find((t) => t.function.name === "Scan")!;
    assert.deepEqual((scanTool.function.parameters as { required: string[] }).required, ["file"]);
    const prompt = String(first.messages[1]!.content);
    assert.match(prompt, /Question: Which state ranks first/);
    assert.match(prompt, /rankings\/fraud_top5\.csv/);
    assert.match(prompt, /Reports per 100K/);
    assert.match(prompt, /title rows above the header/);

    // One result per call; the unkeyed merge comes back rejected with its rule and nothing ran.
    const batch1 = toolResults(server, 1);
    assert.equal(batch1.length, 3);
    assert.deepEqual(
      batch1.map((r) => r.status),
      ["ok", "ok", "rejected"],
    );
    assert.match(batch1[2].diagnostics[0], /^error unkeyed-join:/);
    assert.equal(batch1[0].observation.rowCount, 5);
    assert.ok(batch1[0].observation.preview.rows.length <= 10);
    const batch2 = toolResults(server, 2).slice(3);
    assert.equal(batch2[0].status, "ok");
    assert.equal(batch2[0].observation.rowCount, 5);

    // The trace keeps everything: calls, steps with tokens, the answer, the end; never the key.
    const calls = events.filter((e) => e.type === "call");
    assert.deepEqual(
      calls.map((c) => `${c.op}:${c.status}`),
      ["Discover:ok", "Scan:ok", "Scan:ok", "Query:rejected", "Query:ok"],
    );
    const steps = eventsOf(events, "agent-step");
    assert.equal(steps.length, 3);
    assert.deepEqual(steps[0]!.usage, { inputTokens: 100, outputTokens: 20 });
    assert.equal(eventsOf(events, "agent-answer")[0]!.status, "accepted");
    assert.equal(eventsOf(events, "agent-tool-result").length, 5);
    assert.equal(events.at(-1)!.type, "run-end");
    assert.equal((events.at(-1) as { status: string }).status, "ok");
    assert.equal(result.usage.inputTokens, 300);
    assert.equal(result.usage.outputTokens, 60);
    assert.ok(Math.abs(result.usage.costUsd! - (300 * 0.15 + 60 * 0.6) / 1e6) < 1e-12);
    assert.ok(result.usage.wallMs > 0);
    assert.ok(!readFileSync(result.trace, "utf8").includes(API_KEY));
    assert.ok(server.authorizations.every((a) => a === `Bearer ${API_KEY}`));
  });

  test("an answer citing a number no evidence table holds is rejected as unsupported-answer", async () => {
    const { result, server, events } = await run([
      { toolCalls: [...scanBoth, byRank] },
      {
        toolCalls: [
          { name: "Answer", arguments: { answer: "Florida, 1,600 and 528", evidence: ["by_rank"] } },
        ],
      },
      { toolCalls: [{ name: "Answer", arguments: { answer: "Florida", evidence: [] } }] },
      { toolCalls: [{ name: "Answer", arguments: { answer: "Ohio", evidence: ["by_rank", "fraud"] } }] },
      {
        toolCalls: [
          { name: "Answer", arguments: { answer: "Florida, 1,522 and 528", evidence: ["by_rank"] } },
        ],
      },
    ]);
    assert.equal(result.status, "answered", result.error);
    assert.equal(result.answer, "Florida, 1,522 and 528");
    const answers = eventsOf(events, "agent-answer");
    assert.deepEqual(
      answers.map((a) => a.status),
      ["rejected", "rejected", "rejected", "accepted"],
    );
    const codes = answers.slice(0, 3).map((a) => (a.diagnostics as { code: string }[])[0]!.code);
    assert.deepEqual(codes, ["unsupported-answer", "unsupported-answer", "unsupported-answer"]);
    const [wrongNumber, noEvidence, wrongValue] = [2, 3, 4].map((n) => toolResults(server, n).at(-1));
    assert.match(wrongNumber.diagnostics[0], /"1,600" is not in the records of by_rank/);
    assert.doesNotMatch(wrongNumber.diagnostics[0], /528/);
    assert.match(noEvidence.diagnostics[0], /cites no evidence/);
    assert.match(wrongValue.diagnostics[0], /"Ohio"/);
    assert.equal(wrongValue.status, "rejected");
  });

  test("bad JSON, unknown tools, schema violations and bad Answer arguments go back to the model as errors", async () => {
    const { result, server, events } = await run([
      {
        toolCalls: [
          { name: "Scan", arguments: '{"file": "rankings/fraud_top5.csv", "output": "fraud"' },
          { name: "RunSQL", arguments: { sql: "SELECT 1" } },
          { name: "Scan", arguments: { path: "rankings/fraud_top5.csv" } },
          { name: "Answer", arguments: { answer: "Florida" } },
          { name: "Probe", arguments: "[1, 2]" },
        ],
      },
      { toolCalls: [...scanBoth, byRank] },
      { toolCalls: [goodAnswer] },
    ]);
    assert.equal(result.status, "answered", result.error);
    const results = toolResults(server, 1);
    assert.equal(results.length, 5);
    assert.ok(results.every((r) => r.status === "rejected"));
    assert.match(results[0].error, /not valid JSON/);
    assert.match(
      results[1].error,
      /Unknown tool "RunSQL"\. The tools are Discover, Bash, Scan, UnionScan, Probe, Query, Answer/,
    );
    assert.match(results[2].diagnostics[0], /invalid-argument: Scan: /);
    assert.match(results[3].error, /Answer: evidence/);
    assert.match(results[4].error, /one JSON object/);
    // The malformed calls stay in the trace as the model wrote them.
    const step1 = eventsOf(events, "agent-step")[0]!;
    assert.equal(
      (step1.toolCalls as { arguments: string }[])[0]!.arguments,
      '{"file": "rankings/fraud_top5.csv", "output": "fraud"',
    );
  });

  test("a run that reaches the step limit says so, with the last diagnostics; a message without tool calls gets a reminder", async () => {
    const { result, server, events } = await run(
      [{ content: "I think it is Florida." }, { toolCalls: [...scanBoth, unkeyedMerge] }],
      { maxSteps: 2 },
    );
    assert.equal(result.status, "step-limit");
    assert.match(result.error ?? "", /no accepted answer after 2 steps/);
    assert.equal(result.lastDiagnostics[0]?.code, "unkeyed-join");
    assert.match(String(server.requests[1]!.messages.at(-1)!.content), /called no tool/);
    assert.equal(eventsOf(events, "agent-end")[0]!.status, "step-limit");
    assert.equal((events.at(-1) as { status: string }).status, "failed");
  });

  test("works with a non-streaming endpoint too", async () => {
    const { result, server } = await run([{ toolCalls: [...scanBoth, byRank, goodAnswer] }], {
      stream: false,
    });
    assert.equal(result.status, "answered", result.error);
    assert.equal(server.requests[0]!.stream, false);
    assert.equal(result.usage.inputTokens, 100);
  });
});
