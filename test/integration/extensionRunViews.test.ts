import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { OpenAiChatModel } from "../../src/agent/openAiChatModel.ts";
import { Runtime } from "../../src/core/runtime.ts";
import type { TraceEvent } from "../../src/core/trace/traceEvents.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import { byFile, docsAnchor, problemsOf } from "../../src/extension/problems/problemsModel.ts";
import { reportOf } from "../../src/extension/report/reportModel.ts";
import { coverageOf, sourceNodes } from "../../src/extension/sources/sourcesModel.ts";
import { callDescription, callDetails, callLabel } from "../../src/extension/trace/traceDetails.ts";
import { TraceModel, allCalls } from "../../src/extension/trace/traceModel.ts";
import type { TraceRun } from "../../src/extension/trace/traceModel.ts";
import type { EvidenceNode } from "../../src/shared/reportProtocol.ts";
import { E2E_API_KEY, E2E_QUESTION, askScript } from "../e2e/askScenario.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import { repoRoot } from "../helpers/tempLake.ts";

/**
 * The editor views' models fed by a real run: the runtime over a copy of examples/lake, the agent
 * against the scripted endpoint (the same conversation as the end-to-end tests), every trace
 * event folded into the Trace model, then the Problems entries, the report and the Sources nodes
 * read off it — no editor involved.
 */

let run: TraceRun;
let runtime: Runtime;

before(async () => {
  const lake = mkdtempSync(join(tmpdir(), "radar-ext-lake-"));
  cpSync(join(repoRoot, "examples/lake"), lake, {
    recursive: true,
    filter: (src) => !src.split("/").includes(".radar"),
  });
  const server = await startScriptedServer(askScript());
  const model = new TraceModel();
  try {
    runtime = await Runtime.open(lake, {
      radarDir: mkdtempSync(join(tmpdir(), "radar-ext-state-")),
      question: E2E_QUESTION,
    });
    const chat = new OpenAiChatModel({ model: "gpt-4o-mini", baseURL: server.baseURL, apiKey: E2E_API_KEY });
    const result = await runAgent(runtime, chat, E2E_QUESTION, { maxSteps: 6 });
    assert.equal(result.status, "answered", result.error);
    // run-start is emitted inside Runtime.open, before a listener can attach (the shell replays it).
    const events: TraceEvent[] = readTrace(runtime.trace.path);
    for (const e of events) model.apply(e);
    run = model.latest!;
  } finally {
    await server.close();
  }
});

after(() => runtime?.close());

describe("Trace model from a real run", () => {
  test("runs → batches → calls, with statuses as a glance reads them", () => {
    assert.equal(run.status, "answered");
    assert.equal(run.question, E2E_QUESTION);
    assert.equal(run.model, "gpt-4o-mini");
    assert.deepEqual(
      run.batches.map((b) => `${b.step}:${b.calls.length}`),
      ["0:1", "1:5", "2:2", "3:1"],
    );
    assert.deepEqual(
      allCalls(run).map((c) => `${c.op}:${c.status}`),
      [
        "Discover:ok",
        "Scan:ok",
        "Scan:ok",
        "Scan:ok",
        "Scan:ok",
        "Query:rejected",
        "Query:ok",
        "Query:warning",
        "Answer:accepted",
      ],
    );
    // Every planned tool call was matched to its runtime event in order.
    assert.deepEqual(
      allCalls(run)
        .filter((c) => c.event)
        .map((c) => c.event!.index),
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
    assert.deepEqual(run.batches[1]!.tokens, { input: 100, output: 20 });
  });

  test("labels, descriptions and details of calls", () => {
    const merged = allCalls(run).find((c) => c.args.output === "merged")!;
    assert.equal(callLabel(merged), "Query → merged");
    assert.match(callDescription(merged), /^rejected · unkeyed-join: A cross\/comma join/);
    const details = callDetails(merged);
    assert.equal(details[0]!.label, "arguments");
    assert.match(details[0]!.description!, /^merged ← SELECT/);
    assert.ok(details.some((d) => d.label === "unkeyed-join" && d.icon === "error"));
    const rain = allCalls(run).find((c) => c.args.output === "rain_vs_yield")!;
    const loss = callDetails(rain).find((d) => d.label === "join-row-loss")!;
    assert.deepEqual(loss.location, { file: "climate/rainfall.csv", line: 5 });
    assert.ok(callDetails(rain).some((d) => d.label === "rows" && d.description === "5"));
  });
});

describe("Problems entries", () => {
  test("join-row-loss at the dropped row, with the other side of the join as related information", () => {
    const entries = problemsOf(run);
    const loss = entries.find((e) => e.code === "join-row-loss")!;
    assert.equal(loss.file, "climate/rainfall.csv");
    assert.equal(loss.line, 5);
    assert.equal(loss.severity, "warning");
    assert.equal(loss.origin, "#7 Query");
    assert.deepEqual(
      loss.related.map((r) => `${r.file}:${r.line}`),
      ["climate/crop_yield.csv:1"],
    );
  });

  test("a rejection that names no row sits at the header of the files its call read", () => {
    const unkeyed = problemsOf(run).find((e) => e.code === "unkeyed-join")!;
    assert.equal(unkeyed.file, "rankings/fraud_top5.csv");
    assert.equal(unkeyed.line, 3);
    assert.equal(unkeyed.severity, "error");
    assert.deepEqual(
      unkeyed.related.map((r) => `${r.file}:${r.line}`),
      ["rankings/identity_theft_top5.csv:3"],
    );
  });

  test("grouped by file, each code with its docs anchor", () => {
    const groups = byFile(problemsOf(run));
    assert.deepEqual([...groups.keys()].sort(), [
      "climate/rainfall.csv",
      "rankings/fraud_top5.csv",
      "rankings/identity_theft_top5.csv",
    ]);
    assert.equal(docsAnchor("join-row-loss"), "join-row-loss");
    assert.equal(docsAnchor("Unkeyed Join!"), "unkeyedjoin");
  });
});

describe("Report of a run", () => {
  const flatten = (n: EvidenceNode): EvidenceNode[] => [n, ...n.children.flatMap(flatten)];

  test("question, answer, and the evidence chain answer ← query ← tables ← files", () => {
    const report = reportOf(run);
    assert.equal(report.status, "answered");
    assert.equal(report.answer, "Florida, 1522, 528");
    assert.equal(report.explanation, "Florida is rank 1 in both rankings, paired by rank.");
    assert.equal(report.steps, 3);
    assert.deepEqual(report.tokens, { input: 300, output: 60 });
    const chain = flatten(report.evidence[0]!);
    assert.deepEqual(
      chain.map((n) => `${n.kind}:${n.label}`),
      [
        "answer:Florida, 1522, 528",
        "query:by_rank",
        "table:fraud",
        "file:rankings/fraud_top5.csv",
        "table:idt",
        "file:rankings/identity_theft_top5.csv",
      ],
    );
    const file = chain.find((n) => n.kind === "file")!;
    assert.deepEqual(file.location, { file: "rankings/fraud_top5.csv", line: 3 });
    assert.match(file.detail!, /header at line 3, rows from line 4 \(5 rows\)/);
  });

  test("observations as tables whose rows keep their source lines", () => {
    const report = reportOf(run);
    const scan = report.calls.find((c) => c.op === "Scan" && c.file === "climate/rainfall.csv")!;
    const table = scan.tables[0]!;
    assert.deepEqual(table.columns, ["year", "rainfall_mm"]);
    assert.deepEqual(table.rows[3], ["2020", "655"]);
    assert.deepEqual(table.origins[3], { file: "climate/rainfall.csv", line: 5 });
    assert.equal(table.totalRows, 6);
    assert.ok(scan.facts.some((f) => f.label === "schema" && /year BIGINT/.test(f.value)));
    const query = report.calls.find((c) => c.argText.startsWith("rain_vs_yield"))!;
    assert.equal(query.status, "warning");
    assert.ok(
      query.tables[0]!.origins.every((o) => o === null),
      "derived rows have no origin",
    );
    assert.deepEqual(report.diagnostics.map((d) => d.code).sort(), [
      "header-offset",
      "header-offset",
      "join-row-loss",
      "unkeyed-join",
    ]);
    const discover = report.calls[0]!;
    assert.equal(discover.op, "Discover");
    assert.ok(discover.tables[0]!.rows.length > 0);
  });

  test("the state is plain JSON: it survives setState and the panel serializer", () => {
    const report = reportOf(run);
    assert.deepEqual(JSON.parse(JSON.stringify(report)), report);
  });
});

describe("Sources nodes", () => {
  test("every file with its format and shape, and what the run scanned", () => {
    const nodes = sourceNodes(runtime.map, coverageOf(runtime.state));
    const rainfall = nodes.find((n) => n.path === "climate/rainfall.csv")!;
    assert.equal(rainfall.description, "csv · 6 rows × 2 cols · scanned");
    assert.equal(rainfall.coverage, "scanned");
    assert.deepEqual(
      rainfall.tables[0]!.columns.map((c) => c.label),
      ["year", "rainfall_mm"],
    );
    const readme = nodes.find((n) => n.path === "README.md")!;
    assert.equal(readme.coverage, "unread");
    assert.match(nodes.find((n) => n.path === "rankings/fraud_top5.csv")!.tooltip, /header at line 3/);
  });
});
