import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { OpenAiChatModel } from "../../src/agent/openAiChatModel.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import { problemsOf } from "../../src/extension/problems/problemsModel.ts";
import { reportOf } from "../../src/extension/report/reportModel.ts";
import { TraceModel, allCalls } from "../../src/extension/trace/traceModel.ts";
import type { TraceRun } from "../../src/extension/trace/traceModel.ts";
import { groupFindings, severityCounts } from "../../src/shared/reportFindings.ts";
import { LONG_RUN_CALLS, LONG_RUN_QUESTION, longRunScript } from "../e2e/longRunScenario.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import { repoRoot } from "../helpers/tempLake.ts";

/**
 * The views' models on a long run (issue 15): 126 calls and 60 findings, most of them repeats at
 * the same rows, from a real runtime and agent loop against the scripted endpoint.
 */
let run: TraceRun;
let runtime: Runtime;

before(async () => {
  const lake = mkdtempSync(join(tmpdir(), "radar-long-lake-"));
  cpSync(join(repoRoot, "examples/lake"), lake, {
    recursive: true,
    filter: (src) => !src.split("/").includes(".radar"),
  });
  const server = await startScriptedServer(longRunScript());
  try {
    runtime = await Runtime.open(lake, {
      radarDir: mkdtempSync(join(tmpdir(), "radar-long-state-")),
      question: LONG_RUN_QUESTION,
    });
    const chat = new OpenAiChatModel({ model: "gpt-4o-mini", baseURL: server.baseURL, apiKey: "sk-test" });
    const result = await runAgent(runtime, chat, LONG_RUN_QUESTION, { maxSteps: 20 });
    assert.equal(result.status, "answered", result.error);
    const model = new TraceModel();
    for (const e of readTrace(runtime.trace.path)) model.apply(e);
    run = model.latest!;
  } finally {
    await server.close();
  }
});

after(() => runtime?.close());

const findingsOf = (r: TraceRun): number =>
  allCalls(r).reduce(
    (n, c) => n + (c.event?.diagnostics.length ?? 0) + (c.answer?.diagnostics.length ?? 0),
    0,
  ) + r.finalDiagnostics.length;

describe("a long run in the views", () => {
  test("has 100+ operator calls and 50+ findings, grouped per step", () => {
    const operators = allCalls(run).filter((c) => c.kind === "operator" && c.step > 0);
    assert.equal(operators.length, LONG_RUN_CALLS);
    assert.ok(findingsOf(run) >= 50, `${findingsOf(run)} findings`);
    assert.equal(run.batches.filter((b) => b.step > 0).length, 15);
  });

  test("Problems holds each finding once per source row, naming the calls that raised it", () => {
    const entries = problemsOf(run);
    const keys = entries.map((e) => `${e.file}:${e.sheet ?? ""}:${e.line}:${e.code}`);
    assert.equal(new Set(keys).size, keys.length, "no two entries at the same row for the same rule");
    assert.ok(entries.length <= 8, `${entries.length} entries: ${keys.join(", ")}`);
    const loss = entries.find((e) => e.code === "join-row-loss")!;
    assert.equal(`${loss.file}:${loss.line}`, "climate/rainfall.csv:5");
    assert.equal(loss.count, 12);
    assert.match(loss.origin, /^#\d+ Query, #\d+ Query, #\d+ Query, #\d+ Query and 8 more$/);
    const unkeyed = entries.find((e) => e.code === "unkeyed-join")!;
    assert.equal(unkeyed.severity, "error");
    assert.equal(unkeyed.count, 12);
  });

  test("the report reads per rule (one line per row) and per step (with the model's note)", () => {
    const report = reportOf(run);
    assert.equal(report.calls.filter((c) => c.step > 0 && c.op !== "Answer").length, LONG_RUN_CALLS);
    const groups = groupFindings(report.diagnostics);
    assert.equal(groups[0]!.severity, "error", "errors first");
    const loss = groups.find((g) => g.code === "join-row-loss")!;
    assert.equal(loss.raised, 12);
    assert.equal(loss.entries.length, 1);
    assert.equal(loss.entries[0]!.origins.length, 12);
    const counts = severityCounts(groups);
    assert.ok(counts.error >= 1 && counts.warning >= 2, JSON.stringify(counts));
    assert.ok(
      groups.reduce((n, g) => n + g.entries.length, 0) < report.diagnostics.length / 5,
      "far fewer lines than findings",
    );
    assert.equal(report.turns?.filter((t) => t.step > 0).length, 15);
    assert.match(report.turns?.find((t) => t.step === 3)?.content ?? "", /^Pass 3:/);
    assert.ok(JSON.stringify(report).length < 2_000_000, "the state stays a size a webview takes");
  });
});
