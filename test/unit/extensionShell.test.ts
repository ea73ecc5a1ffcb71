import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TraceEvent } from "../../src/core/trace/traceEvents.ts";
import { debounce, isIgnoredChange } from "../../src/extension/host/debounce.ts";
import { isTextFormat, lakeFile } from "../../src/extension/host/lakePaths.ts";
import { lmErrorKind, lmTurns } from "../../src/extension/model/lmMessages.ts";
import { chooseModel, isHttpUrl, pickLm } from "../../src/extension/model/modelChoice.ts";
import { safeEndpoint } from "../../src/core/text.ts";
import type { LmModelInfo, ModelSettings } from "../../src/extension/model/modelChoice.ts";
import { operatorIcon, statusColor } from "../../src/extension/trace/operatorLook.ts";
import { reportHtml } from "../../src/extension/report/reportHtml.ts";
import { TraceModel, allCalls } from "../../src/extension/trace/traceModel.ts";
import { trustPolicy } from "../../src/extension/tools/trustPolicy.ts";
import { isLocation, isReportState, isWebviewToHost } from "../../src/shared/reportProtocol.ts";

/** The VS Code shell's decisions that need no editor: models, paths, messages, trust, pages. */

const COPILOT: LmModelInfo = { id: "copilot-gpt-4o", vendor: "copilot", family: "gpt-4o", name: "GPT-4o" };
const settings = (s: Partial<ModelSettings> = {}): ModelSettings => ({
  provider: "auto",
  model: "",
  baseUrl: "",
  hasKey: false,
  ...s,
});

describe("model choice", () => {
  test("auto: an explicit endpoint, then a VS Code chat model, then OpenAI with a key, else none", () => {
    assert.deepEqual(chooseModel(settings({ baseUrl: "http://localhost:11434/v1" }), [COPILOT]), {
      kind: "openai",
      model: "gpt-4o-mini",
      baseUrl: "http://localhost:11434/v1",
      needsKey: false,
    });
    assert.deepEqual(chooseModel(settings({ hasKey: true }), [COPILOT]), { kind: "lm", model: COPILOT });
    assert.deepEqual(chooseModel(settings({ hasKey: true, model: "gpt-4.1" }), []), {
      kind: "openai",
      model: "gpt-4.1",
      needsKey: true,
    });
    const none = chooseModel(settings(), []);
    assert.equal(none.kind, "none");
  });

  test("a forced provider is honoured, or says what is missing", () => {
    assert.equal(
      chooseModel(settings({ provider: "openai-compatible", hasKey: true }), [COPILOT]).kind,
      "openai",
    );
    assert.match(
      (chooseModel(settings({ provider: "openai-compatible" }), [COPILOT]) as { reason: string }).reason,
      /no API key/,
    );
    assert.equal(
      chooseModel(settings({ provider: "vscode-lm", baseUrl: "http://x/v1" }), [COPILOT]).kind,
      "lm",
    );
    assert.match(
      (chooseModel(settings({ provider: "vscode-lm" }), []) as { reason: string }).reason,
      /Copilot/,
    );
  });

  test("a base URL that is not http(s) is refused; endpoints are logged without credentials", () => {
    assert.equal(chooseModel(settings({ baseUrl: "file:///etc/passwd" }), []).kind, "none");
    assert.ok(isHttpUrl("https://api.example.com/v1") && !isHttpUrl("localhost:8080"));
    assert.equal(safeEndpoint("https://user:pw@host.example/v1?key=abc"), "https://host.example/v1");
  });

  test("radar.model picks a VS Code model by id, family or name, else the first", () => {
    const other = { id: "claude", vendor: "x", family: "claude-sonnet", name: "Claude" };
    assert.equal(pickLm([COPILOT, other], "claude-sonnet"), other);
    assert.equal(pickLm([COPILOT, other], "GPT-4o"), COPILOT);
    assert.equal(pickLm([COPILOT, other], "nothing-like-it"), COPILOT);
    assert.equal(pickLm([], ""), undefined);
  });
});

describe("vscode.lm message mapping", () => {
  test("system and user lead, tool results follow their assistant turn in one user turn", () => {
    const turns = lmTurns([
      { role: "system", content: "rules" },
      { role: "user", content: "question" },
      {
        role: "assistant",
        content: null,
        toolCalls: [
          { id: "a", name: "Scan", arguments: '{"file":"x.csv"}' },
          { id: "b", name: "Scan", arguments: "{not json" },
        ],
      },
      { role: "tool", toolCallId: "a", content: "ok" },
      { role: "tool", toolCallId: "b", content: "error" },
    ]);
    assert.deepEqual(
      turns.map((t) => `${t.role}:${t.parts.map((p) => p.kind).join(",")}`),
      ["user:text,text", "assistant:toolCall,toolCall", "user:toolResult,toolResult"],
    );
    assert.deepEqual(turns[1]!.parts[0], {
      kind: "toolCall",
      callId: "a",
      name: "Scan",
      input: { file: "x.csv" },
    });
    assert.deepEqual(turns[1]!.parts[1], {
      kind: "toolCall",
      callId: "b",
      name: "Scan",
      input: { arguments: "{not json" },
    });
  });

  test("chat model errors map onto the loop's retry classes", () => {
    assert.equal(lmErrorKind({ code: "NoPermissions" }), "auth");
    assert.equal(lmErrorKind({ code: "NotFound" }), "request");
    assert.equal(lmErrorKind({ name: "Canceled" }), "cancelled");
    assert.equal(lmErrorKind({ message: "rate limit exceeded (429)" }), "rate-limit");
    assert.equal(lmErrorKind({ message: "boom" }), "server");
  });
});

describe("trace model edge cases", () => {
  const base = { runId: "r1" };
  const events: TraceEvent[] = [
    { type: "run-start", runId: "r1", lake: "/lake", startedAt: "2026-01-01T00:00:00Z", question: "q" },
    {
      type: "agent-step",
      ...base,
      step: 1,
      model: "m",
      content: null,
      toolCalls: [
        { id: "t1", name: "Scan", arguments: "{broken" },
        { id: "t2", name: "RunSQL", arguments: "{}" },
        { id: "t3", name: "Probe", arguments: '{"table":"x","columns":[]}' },
      ],
      costUsd: null,
      durationMs: 5,
      attempts: 2,
    },
  ];

  test("calls the loop refuses are rejected with its reason; pending calls show as running", () => {
    const model = new TraceModel();
    for (const e of events) model.apply(e);
    const run = model.latest!;
    assert.deepEqual(
      allCalls(run).map((c) => `${c.kind}:${c.status}`),
      ["invalid:running", "invalid:running", "operator:running"],
    );
    model.apply({
      type: "agent-tool-result",
      ...base,
      step: 1,
      toolCallId: "t1",
      name: "Scan",
      status: "rejected",
      content: JSON.stringify({ status: "rejected", error: "Scan: the arguments are not valid JSON" }),
    });
    assert.equal(allCalls(run)[0]!.status, "rejected");
    assert.match(allCalls(run)[0]!.error!, /not valid JSON/);
    // A run that ends with calls still pending marks them skipped, not running forever.
    model.apply({ type: "run-end", ...base, endedAt: "2026-01-01T00:00:01Z", calls: 0, status: "cancelled" });
    assert.equal(run.status, "cancelled");
    assert.ok(
      allCalls(run)
        .slice(1)
        .every((c) => c.status === "skipped"),
    );
  });

  test("events of an unknown run are ignored; the model keeps the last 20 runs", () => {
    const model = new TraceModel();
    assert.equal(
      model.apply({ type: "run-end", runId: "nope", endedAt: "", calls: 0, status: "ok" }),
      undefined,
    );
    for (let i = 0; i < 25; i++)
      model.apply({ type: "run-start", runId: `r${i}`, lake: "/l", startedAt: "2026-01-01T00:00:00Z" });
    assert.equal(model.runs.length, 20);
    assert.equal(model.runs[0]!.runId, "r5");
  });
});

describe("shell helpers", () => {
  test("lake paths stay inside the lake", () => {
    assert.equal(lakeFile("/lake", "climate/rainfall.csv"), "/lake/climate/rainfall.csv");
    for (const bad of ["../etc/passwd", "/etc/passwd", "a/../../x", "", "..", "a\0b"])
      assert.equal(lakeFile("/lake", bad), undefined, bad);
    assert.ok(isTextFormat("a.csv") && !isTextFormat("book.xlsx") && !isTextFormat("t.parquet"));
  });

  test("webview messages and restored state are checked before use", () => {
    assert.ok(isWebviewToHost({ type: "openSource", location: { file: "a.csv", line: 3 } }));
    assert.ok(!isWebviewToHost({ type: "openSource", location: { file: "a.csv", line: 0 } }));
    assert.ok(!isWebviewToHost({ type: "openSource", location: { file: "a.csv", line: 1.5 } }));
    assert.ok(!isWebviewToHost({ type: "runShell", command: "rm -rf /" }));
    assert.ok(!isWebviewToHost(null));
    assert.ok(isLocation({ file: "b.xlsx", line: 2, sheet: "S" }));
    assert.ok(isReportState({ version: 1 }) && !isReportState({ version: 2 }) && !isReportState("x"));
  });

  test("the report page allows only its own nonce'd script and local styles", () => {
    const html = reportHtml({
      cspSource: "vscode-webview://abc",
      nonce: "N0nce",
      scriptUri: "vscode-webview://abc/report.js",
      styleUri: "vscode-webview://abc/report.css",
      codiconUri: "vscode-webview://abc/codicon.css",
    });
    const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-N0nce'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(html, /<script nonce="N0nce" src="vscode-webview:\/\/abc\/report.js">/);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
  });

  test("Bash is off in an untrusted workspace, and the user is told", () => {
    assert.deepEqual(trustPolicy(true), { allowBash: true });
    const untrusted = trustPolicy(false);
    assert.equal(untrusted.allowBash, false);
    assert.match(untrusted.notice!, /Bash operator is off.*Reading and querying/);
  });

  test("file changes are debounced; RADAR's own state and VCS folders are ignored", (t) => {
    // Fake timers: the 30 ms quiet period is stepped through, not slept (a loaded machine would
    // stretch real sleeps past it).
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const batches: string[][] = [];
    const d = debounce<string>(30, (keys) => batches.push(keys));
    d.trigger("a.csv");
    t.mock.timers.tick(20);
    d.trigger("b.csv");
    t.mock.timers.tick(20);
    d.trigger("a.csv");
    t.mock.timers.tick(29);
    assert.deepEqual(batches, [], "each trigger restarts the quiet period");
    t.mock.timers.tick(1);
    assert.deepEqual(batches, [["a.csv", "b.csv"]]);
    t.mock.timers.tick(1000);
    assert.equal(batches.length, 1, "one call per burst");
    d.trigger("c.csv");
    d.dispose();
    t.mock.timers.tick(1000);
    assert.equal(batches.length, 1);
    d.trigger("d.csv");
    d.flush();
    assert.deepEqual(batches[1], ["d.csv"], "flush runs the pending call at once");
    t.mock.timers.tick(1000);
    assert.equal(batches.length, 2);
    assert.ok(isIgnoredChange(".radar/runs/x.jsonl") && isIgnoredChange("sub/.git/HEAD"));
    assert.ok(!isIgnoredChange("data/radar.csv"));
  });

  test("each operator has its icon; statuses have their colours", () => {
    assert.equal(operatorIcon("Query"), "database");
    assert.equal(operatorIcon("Scan"), "table");
    assert.equal(operatorIcon("Nope"), "symbol-event");
    assert.equal(statusColor("rejected"), "problemsErrorIcon.foreground");
    assert.equal(statusColor("warning"), "problemsWarningIcon.foreground");
    assert.equal(statusColor("running"), undefined);
  });
});
