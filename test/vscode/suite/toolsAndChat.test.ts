/// <reference types="mocha" />
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import * as vscode from "vscode";
import { mcpLaunch } from "../../../src/extension/tools/mcpLaunch.ts";
import type { RadarApi } from "../../../src/extension/extension.ts";
import { allCalls } from "../../../src/extension/trace/traceModel.ts";
import type { TraceRun } from "../../../src/extension/trace/traceModel.ts";

/**
 * Issue 6 inside a real extension host: RADAR's operators as language model tools (invoked through
 * `vscode.lm.invokeTool`, landing in the Trace view and Problems), and `@radar`'s request handler
 * driven with a scripted chat model (a test double of the model only), a recording response
 * stream, and a follow-up question that goes on over the first answer's tables; and `radar mcp`
 * started from the installed extension exactly as its MCP server definition says.
 */

const EXTENSION_ID = "radar-dev.radar-data";
const TOOL_RUN_QUESTION = "Language model tool calls";

async function api(): Promise<RadarApi> {
  const ext = vscode.extensions.getExtension<RadarApi>(EXTENSION_ID);
  assert.ok(ext, "the extension is installed");
  return ext.activate();
}

function lakeFile(path: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder);
  return vscode.Uri.joinPath(folder.uri, path);
}

const token = new vscode.CancellationTokenSource().token;

function textOf(result: vscode.LanguageModelToolResult | null | undefined): string {
  assert.ok(result, "the tool returned a result");
  return result.content.map((p) => String((p as { value?: unknown }).value ?? "")).join("");
}

/** Through the editor's own tool service, as Copilot's agent mode calls them. */
async function invoke(name: string, input: object): Promise<string> {
  assert.equal(typeof vscode.lm.invokeTool, "function", "this editor has vscode.lm.invokeTool");
  return textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token));
}

function toolRun(radar: RadarApi): TraceRun | undefined {
  return radar.traceModel.runs.find((r) => r.question === TOOL_RUN_QUESTION);
}

describe("RADAR's language model tools", () => {
  it("are registered with the operators' schemas", async () => {
    await api();
    const tools = vscode.lm.tools.filter((t) => t.name.startsWith("radar_"));
    assert.deepEqual(tools.map((t) => t.name).sort(), [
      "radar_bash",
      "radar_discover",
      "radar_probe",
      "radar_query",
      "radar_scan",
      "radar_union_scan",
    ]);
    const scan = tools.find((t) => t.name === "radar_scan")!;
    assert.deepEqual((scan.inputSchema as { required?: string[] }).required, ["file"]);
    assert.ok(scan.tags.includes("radar"));
  });

  it("say what they do before they run, and Bash asks first", async () => {
    const radar = await api();
    const scan = await radar.lmTool("Scan").prepareInvocation!(
      { input: { file: "climate/rainfall.csv" } },
      token,
    );
    assert.equal(scan?.invocationMessage, "Scanning climate/rainfall.csv");
    assert.equal(scan?.confirmationMessages, undefined);
    const bash = await radar.lmTool("Bash").prepareInvocation!(
      { input: { command: "head -n 3 climate/rainfall.csv" } },
      token,
    );
    assert.equal(bash?.invocationMessage, "Running `head -n 3 climate/rainfall.csv`");
    assert.ok(bash?.confirmationMessages, "Bash asks for confirmation");
    assert.match(String((bash.confirmationMessages.message as vscode.MarkdownString).value), /head -n 3/);
  });

  it("scan, refuse an unkeyed join and run a keyed one over one shared state", async () => {
    const radar = await api();
    const fraud = await invoke("radar_scan", {
      file: "rankings/fraud_top5.csv",
      output: "t_fraud",
    });
    assert.match(fraud, /"status":"ok"/);
    assert.match(fraud, /rankings\/fraud_top5\.csv:4/);
    const idt = await invoke("radar_scan", {
      file: "rankings/identity_theft_top5.csv",
      output: "t_idt",
    });
    assert.match(idt, /"status":"ok"/);
    const unkeyed = await invoke("radar_query", {
      sql: "SELECT f.State, i.State AS other FROM t_fraud f, t_idt i",
      inputs: ["t_fraud", "t_idt"],
      output: "t_merged",
    });
    assert.match(unkeyed, /"status":"rejected"/);
    assert.match(unkeyed, /unkeyed-join/);
    // Problems shows the refusal at the files it read, like a run's.
    const fraudProblems = vscode.languages.getDiagnostics(lakeFile("rankings/fraud_top5.csv"));
    assert.ok(
      fraudProblems.some((d) => typeof d.code === "object" && d.code.value === "unkeyed-join"),
      fraudProblems.map((d) => d.message).join(" | "),
    );
    const keyed = await invoke("radar_query", {
      sql: "SELECT f.Rank, f.State, i.State AS idt_state FROM t_fraud f JOIN t_idt i ON f.Rank = i.Rank",
      inputs: ["t_fraud", "t_idt"],
      output: "t_by_rank",
    });
    assert.match(keyed, /"status":"ok"/);
    assert.match(keyed, /t_by_rank: 5 rows/);

    const run = toolRun(radar);
    assert.ok(run, "the tool calls form a run in the Trace model");
    assert.deepEqual(
      allCalls(run).map((c) => `${c.op}:${c.status}`),
      ["Scan:ok", "Scan:ok", "Query:rejected", "Query:ok"],
    );
    const tree = radar.traceTree;
    const node = tree.getChildren().find((n) => n.kind === "run" && n.runId === run.runId);
    assert.ok(node, "the Trace view lists the tool run");
    const labels = tree
      .getChildren(node)
      .flatMap((b) => tree.getChildren(b))
      .map((c) => `${String(tree.getTreeItem(c).label)} ${String(tree.getTreeItem(c).description)}`);
    assert.ok(
      labels.some((l) => /t_merged/.test(l) && /unkeyed-join/.test(l)),
      labels.join(" | "),
    );
  });
});

interface ScriptedCall {
  name: string;
  input: object;
}

/** A chat model that plays a script of tool calls and records the prompts it gets. */
function scriptedModel(turns: ScriptedCall[][]): { model: vscode.LanguageModelChat; prompts: string[] } {
  const prompts: string[] = [];
  let n = 0;
  const model = {
    id: "scripted-model",
    name: "Scripted",
    vendor: "radar-test",
    family: "scripted",
    version: "1",
    maxInputTokens: 100_000,
    countTokens: async () => 0,
    sendRequest: async (messages: vscode.LanguageModelChatMessage[]) => {
      prompts.push(
        messages
          .flatMap((m) => m.content)
          .map((p) => String((p as { value?: unknown }).value ?? ""))
          .join("\n"),
      );
      const parts = (turns.shift() ?? []).map(
        (c) => new vscode.LanguageModelToolCallPart(`call_${++n}`, c.name, c.input),
      );
      return {
        stream: (async function* () {
          yield* parts;
        })(),
        text: (async function* () {})(),
      };
    },
  };
  return { model: model as unknown as vscode.LanguageModelChat, prompts };
}

/** Records what the handler streams; methods the handler does not use do nothing. */
function recordingStream(): {
  stream: vscode.ChatResponseStream;
  progress: string[];
  markdown: string[];
  anchors: { location: vscode.Location; title?: string }[];
  references: vscode.Location[];
} {
  const rec = {
    progress: [] as string[],
    markdown: [] as string[],
    anchors: [] as { location: vscode.Location; title?: string }[],
    references: [] as vscode.Location[],
  };
  const methods: Record<string, (...args: unknown[]) => void> = {
    progress: (v) => void rec.progress.push(String(v)),
    markdown: (v) => void rec.markdown.push(typeof v === "string" ? v : (v as vscode.MarkdownString).value),
    anchor: (v, title) => void rec.anchors.push({ location: v as vscode.Location, title: title as string }),
    reference: (v) => void rec.references.push(v as vscode.Location),
  };
  const stream = new Proxy(methods, { get: (t, p: string) => t[p] ?? (() => undefined) });
  return { stream: stream as unknown as vscode.ChatResponseStream, ...rec };
}

function chatRequest(prompt: string, model: vscode.LanguageModelChat): vscode.ChatRequest {
  return {
    prompt,
    command: undefined,
    references: [],
    toolReferences: [],
    toolInvocationToken: undefined,
    model,
  } as unknown as vscode.ChatRequest;
}

describe("@radar in the chat", () => {
  let firstResult: vscode.ChatResult | undefined;

  it("answers with the chat's model, progress per operator, evidence and anchors to source rows", async () => {
    const radar = await api();
    const { model, prompts } = scriptedModel([
      [
        { name: "Scan", input: { file: "rankings/fraud_top5.csv", output: "fraud" } },
        { name: "Scan", input: { file: "rankings/identity_theft_top5.csv", output: "idt" } },
        {
          name: "Query",
          input: {
            sql: 'SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state, f."Reports per 100K" AS fraud_rate, i."Reports per 100K" AS idt_rate FROM fraud f JOIN idt i ON f.Rank = i.Rank ORDER BY f.Rank',
            inputs: ["fraud", "idt"],
            output: "by_rank",
          },
        },
      ],
      [{ name: "Answer", input: { answer: ["Florida", 1522, 528], evidence: ["by_rank"] } }],
    ]);
    const out = recordingStream();
    const question = "Which state ranks first in both Top 5 rankings, with its two rates?";
    firstResult = (await radar.chatHandler(
      chatRequest(question, model),
      { history: [] } as unknown as vscode.ChatContext,
      out.stream,
      token,
    )) as vscode.ChatResult;
    assert.equal(prompts.length, 2);
    const progress = out.progress.join(" | ");
    // The scans note the title rows above the header (header-offset, an info finding).
    assert.ok(progress.includes("Scanning rankings/fraud_top5.csv into fraud: ok (header-offset)"), progress);
    assert.ok(progress.includes("Querying fraud, idt into by_rank: ok"), progress);
    assert.ok(progress.includes("Checking the answer against its evidence: accepted"), progress);
    const markdown = out.markdown.join("");
    assert.match(markdown, /\*\*Answer:\*\* Florida, 1522, 528/);
    assert.match(markdown, /\*\*Evidence table `by_rank`\*\*/);
    assert.match(markdown, /\| 1 \| Florida \| Florida \| 1522 \| 528 \|/);
    const anchor = out.anchors.find((a) => a.location.uri.path.endsWith("rankings/fraud_top5.csv"));
    assert.ok(anchor, out.anchors.map((a) => a.title).join(", "));
    assert.equal(anchor.location.range.start.line, 3, "Florida's row: line 4 of the file");
    assert.equal(anchor.title, "rankings/fraud_top5.csv:4");
    assert.ok(out.anchors.some((a) => a.title === "rankings/identity_theft_top5.csv:4"));
    assert.ok(out.references.some((r) => r.uri.path.endsWith("rankings/identity_theft_top5.csv")));
    const metadata = firstResult.metadata as { radarSession?: string; runId?: string };
    assert.ok(metadata.radarSession);
    const run = radar.traceModel.run(metadata.runId!);
    assert.equal(run?.status, "answered");
    assert.equal(run?.model, "scripted-model");
  });

  it("answers a follow-up over the first answer's tables, without scanning again", async () => {
    const radar = await api();
    assert.ok(firstResult, "the first question ran");
    const { model, prompts } = scriptedModel([
      [
        {
          name: "Query",
          input: {
            sql: "SELECT idt_state, idt_rate FROM by_rank WHERE Rank = 2",
            inputs: ["by_rank"],
            output: "second",
          },
        },
      ],
      [{ name: "Answer", input: { answer: ["Georgia", 517], evidence: ["second"] } }],
    ]);
    const out = recordingStream();
    const history = [
      {
        participant: "radar.chat",
        prompt: "Which state ranks first in both Top 5 rankings?",
        references: [],
      },
      { participant: "radar.chat", response: [], result: firstResult },
    ];
    const result = (await radar.chatHandler(
      chatRequest("And which state is second for identity theft, with its rate?", model),
      { history } as unknown as vscode.ChatContext,
      out.stream,
      token,
    )) as vscode.ChatResult;
    assert.equal(
      (result.metadata as { radarSession?: string }).radarSession,
      (firstResult.metadata as { radarSession?: string }).radarSession,
    );
    assert.match(prompts[0] ?? "", /Tables already registered by earlier questions/);
    assert.match(prompts[0] ?? "", /- by_rank \(5 rows/);
    const run = radar.traceModel.run((result.metadata as { runId: string }).runId)!;
    assert.equal(run.status, "answered");
    const firstBatch = run.batches.find((b) => b.step === 1)!;
    assert.deepEqual(
      firstBatch.calls.map((c) => `${c.op}:${c.status}`),
      ["Query:ok"],
    );
    assert.ok(!allCalls(run).some((c) => c.op === "Scan"), "no Scan in the follow-up");
    const markdown = out.markdown.join("");
    assert.match(markdown, /\*\*Answer:\*\* Georgia, 517/);
    // The follow-up's values still reach the source rows, through the first run's scans.
    assert.ok(out.anchors.some((a) => a.title === "rankings/identity_theft_top5.csv:5"));
  });
});

describe("radar mcp as the editor starts it", () => {
  it("serves the operators from the installed extension over stdio", async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const lake = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const launch = mcpLaunch(process.execPath, ext.extensionPath, lake);
    const client = new Client({ name: "radar-ext-host", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: launch.command,
        args: launch.args,
        env: { ...(process.env as Record<string, string>), ...launch.env },
        stderr: "ignore",
      }),
    );
    try {
      const { tools } = await client.listTools();
      // The six operators and the session's own tools (show, tables, drop, reset).
      assert.deepEqual(tools.map((t) => t.name).sort(), [
        "radar_bash",
        "radar_discover",
        "radar_drop",
        "radar_probe",
        "radar_query",
        "radar_reset",
        "radar_scan",
        "radar_show",
        "radar_tables",
        "radar_union_scan",
      ]);
      const result = (await client.callTool({
        name: "radar_scan",
        arguments: { file: "climate/rainfall.csv", output: "rain" },
      })) as { isError?: boolean; structuredContent?: { status?: string } };
      assert.ok(!result.isError, JSON.stringify(result).slice(0, 500));
      assert.equal(result.structuredContent?.status, "ok");
    } finally {
      await client.close();
    }
  });
});
