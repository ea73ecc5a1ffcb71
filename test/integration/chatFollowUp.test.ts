import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { OpenAiChatModel } from "../../src/agent/openAiChatModel.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import { answerValues, chatEvidence } from "../../src/extension/chat/chatEvidence.ts";
import { TraceModel, allCalls } from "../../src/extension/trace/traceModel.ts";
import type { TraceRun } from "../../src/extension/trace/traceModel.ts";
import { E2E_API_KEY } from "../e2e/askScenario.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import type { ScriptStep } from "../helpers/scriptedOpenAiServer.ts";
import { repoRoot } from "../helpers/tempLake.ts";

/**
 * A chat conversation as `@radar` holds it, without the editor: one runtime kept across two
 * questions (`Runtime.nextRun`), the follow-up told about the tables already registered and
 * querying one of them without scanning again, and the evidence of its answer — records, chain,
 * a source row per value — read off both runs' traces.
 */

const FIRST: ScriptStep[] = [
  {
    toolCalls: [
      { name: "Scan", arguments: { file: "rankings/fraud_top5.csv", output: "fraud" } },
      { name: "Scan", arguments: { file: "rankings/identity_theft_top5.csv", output: "idt" } },
      {
        name: "Query",
        arguments: {
          sql: 'SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state, f."Reports per 100K" AS fraud_rate, i."Reports per 100K" AS idt_rate FROM fraud f JOIN idt i ON f.Rank = i.Rank ORDER BY f.Rank',
          inputs: ["fraud", "idt"],
          output: "by_rank",
        },
      },
    ],
  },
  { toolCalls: [{ name: "Answer", arguments: { answer: ["Florida", 1522, 528], evidence: ["by_rank"] } }] },
];

const FOLLOW_UP: ScriptStep[] = [
  {
    toolCalls: [
      {
        name: "Query",
        arguments: {
          sql: "SELECT idt_state, idt_rate FROM by_rank WHERE Rank = 2",
          inputs: ["by_rank"],
          output: "second",
        },
      },
    ],
  },
  { toolCalls: [{ name: "Answer", arguments: { answer: ["Georgia", 517], evidence: ["second"] } }] },
];

let runtime: Runtime;
const model = new TraceModel();
let first: TraceRun;
let second: TraceRun;
let followUpPrompt = "";

before(async () => {
  const lake = mkdtempSync(join(tmpdir(), "radar-chat-lake-"));
  cpSync(join(repoRoot, "examples/lake"), lake, {
    recursive: true,
    filter: (src) => !src.split("/").includes(".radar"),
  });
  runtime = await Runtime.open(lake, { radarDir: mkdtempSync(join(tmpdir(), "radar-chat-state-")) });
  for (const e of readTrace(runtime.trace.path)) model.apply(e);
  runtime.onEvent((e) => model.apply(e));
  const server = await startScriptedServer([...FIRST, ...FOLLOW_UP]);
  try {
    const chat = new OpenAiChatModel({ model: "gpt-4o-mini", baseURL: server.baseURL, apiKey: E2E_API_KEY });
    const a = await runAgent(runtime, chat, "Which state ranks first in both?", { maxSteps: 4 });
    assert.equal(a.status, "answered", a.error);
    first = model.latest!;
    runtime.nextRun("And which state is second for identity theft?");
    const b = await runAgent(runtime, chat, "And which state is second for identity theft?", { maxSteps: 4 });
    assert.equal(b.status, "answered", b.error);
    second = model.latest!;
    followUpPrompt = String(server.requests[2]?.messages[1]?.content ?? "");
  } finally {
    await server.close();
  }
});

after(() => runtime?.close());

describe("a follow-up question over a kept runtime", () => {
  test("is a new run with its own trace, naming the run it continues", () => {
    assert.notEqual(first.runId, second.runId);
    const events = readTrace(runtime.trace.path);
    assert.equal(events[0]?.type, "run-start");
    assert.equal((events[0] as { continues?: string }).continues, first.runId);
    assert.match(events.at(-1)?.type ?? "", /run-end/);
  });

  test("its prompt lists the tables already registered", () => {
    assert.match(followUpPrompt, /Tables already registered by earlier questions/);
    assert.match(followUpPrompt, /- by_rank \(5 rows, from Query over fraud, idt\)/);
    assert.match(followUpPrompt, /- fraud \(5 rows, from Scan of rankings\/fraud_top5\.csv\)/);
  });

  test("queries a table of the first run without scanning again", () => {
    const ops = allCalls(second).map((c) => `${c.op}:${c.status}`);
    assert.deepEqual(ops, ["Discover:ok", "Query:ok", "Answer:accepted"]);
  });

  test("its evidence reaches the source rows through the first run's tables", () => {
    const evidence = chatEvidence([first, second])!;
    assert.equal(evidence.answer, "Georgia, 517");
    assert.deepEqual(
      evidence.values.map((v) => `${v.value}@${v.location.file}:${v.location.line}`),
      ["Georgia@rankings/fraud_top5.csv:5", "517@rankings/identity_theft_top5.csv:5"],
    );
    assert.match(evidence.markdown, /\*\*Evidence table `second`\*\*/);
    assert.match(evidence.markdown, /\| Georgia \| 517 \|/);
    assert.match(
      evidence.markdown,
      /- \*\*second\*\*[\s\S]*- \*\*by_rank\*\*[\s\S]*`rankings\/fraud_top5\.csv`/,
    );
    assert.deepEqual(
      evidence.files.map((f) => `${f.file}:${f.line}`),
      ["rankings/fraud_top5.csv:3", "rankings/identity_theft_top5.csv:3"],
    );
    // Alone, the follow-up's run does not know where `by_rank` came from.
    assert.deepEqual(chatEvidence([second])!.files, []);
  });

  test("the first answer's values sit at their rows", () => {
    const evidence = chatEvidence([first])!;
    assert.deepEqual(
      evidence.values.map((v) => `${v.value}@${v.location.file}:${v.location.line}`),
      [
        "Florida@rankings/fraud_top5.csv:4",
        "1522@rankings/fraud_top5.csv:4",
        "528@rankings/identity_theft_top5.csv:4",
      ],
    );
  });
});

describe("answer values", () => {
  test("a list gives its items; a sentence its numbers", () => {
    assert.deepEqual(answerValues(["Florida", 1522]), ["Florida", "1522"]);
    assert.deepEqual(answerValues("Florida, with 1,522 and 528.5 reports"), ["1522", "528.5"]);
    assert.deepEqual(answerValues(42), ["42"]);
  });
});
