/// <reference types="mocha" />
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import * as vscode from "vscode";
import type { RadarApi } from "../../../src/extension/extension.ts";
import { allCalls } from "../../../src/extension/trace/traceModel.ts";
import type { TraceElement } from "../../../src/extension/trace/traceTree.ts";
import { E2E_API_KEY, E2E_QUESTION, askScript } from "../../e2e/askScenario.ts";
import { startScriptedServer } from "../../helpers/scriptedOpenAiServer.ts";
import type { ScriptStep, ScriptedServer } from "../../helpers/scriptedOpenAiServer.ts";

/**
 * RADAR inside a real extension host: activation, commands, a whole "Ask RADAR" run against a
 * scripted OpenAI-compatible endpoint on 127.0.0.1, and what the run leaves in the Trace tree,
 * the Problems panel, the report and the Sources view.
 */

const EXTENSION_ID = "radar-dev.radar-data";

function lake(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, "the suite runs with the fixture lake open");
  return folder.uri;
}

function lakeFile(path: string): vscode.Uri {
  return vscode.Uri.joinPath(lake(), path);
}

async function api(): Promise<RadarApi> {
  const ext = vscode.extensions.getExtension<RadarApi>(EXTENSION_ID);
  assert.ok(ext, "the extension is installed");
  return ext.activate();
}

async function withEndpoint<T>(
  script: ScriptStep[],
  body: (server: ScriptedServer) => Promise<T>,
): Promise<T> {
  const server = await startScriptedServer(script);
  const config = vscode.workspace.getConfiguration("radar");
  await config.update("baseUrl", server.baseURL, vscode.ConfigurationTarget.Global);
  await config.update("provider", "openai-compatible", vscode.ConfigurationTarget.Global);
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

describe("RADAR in the extension host", () => {
  it("activates lazily: DuckDB and the agent are not loaded at activation", async () => {
    const radar = await api();
    assert.ok(
      radar.activationMs > 0 && radar.activationMs < 2000,
      `activation took ${radar.activationMs} ms`,
    );
    assert.equal(radar.runtimeLoadedAtActivation, false);
    console.log(`      activation: ${radar.activationMs} ms`);
  });

  it("registers its commands", async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of [
      "radar.ask",
      "radar.setApiKey",
      "radar.cancel",
      "radar.showReport",
      "radar.refreshSources",
      "radar.exportAudit",
      "radar.verifyRun",
    ])
      assert.ok(commands.includes(id), id);
  });

  it("answers through “Ask RADAR” and feeds the trace, Problems and the report", async () => {
    const radar = await api();
    await vscode.commands.executeCommand("radar.setApiKey", E2E_API_KEY);
    const outcome = await withEndpoint(askScript(), async (server) => {
      const result = await radar.ask({ question: E2E_QUESTION });
      assert.equal(server.requests.length, 3);
      assert.ok(server.authorizations.every((a) => a === `Bearer ${E2E_API_KEY}`));
      return result;
    });
    assert.equal(outcome.status, "answered", outcome.error);
    assert.match(outcome.answer ?? "", /Florida, 1522, 528/);
    assert.ok(radar.runtimeLoaded(), "the run loaded the runtime bundle");

    // The trace: the unkeyed merge rejected, the revised call ok, the climate join warned.
    const run = radar.traceModel.latest!;
    assert.equal(run.status, "answered");
    const byLabel = new Map(
      allCalls(run).map((c) => [`${c.op}:${String(c.args.output ?? c.args.file ?? "")}`, c]),
    );
    assert.equal(byLabel.get("Query:merged")?.status, "rejected");
    assert.equal(byLabel.get("Query:merged")?.event?.diagnostics[0]?.code, "unkeyed-join");
    assert.equal(byLabel.get("Query:by_rank")?.status, "ok");
    assert.equal(byLabel.get("Query:rain_vs_yield")?.status, "warning");
    assert.equal(allCalls(run).find((c) => c.op === "Answer")?.status, "accepted");

    // The tree: runs → batches → calls → details, with an icon per operator coloured by status.
    const tree = radar.traceTree;
    const [runNode] = tree.getChildren();
    assert.ok(runNode);
    const batches = tree.getChildren(runNode);
    assert.deepEqual(
      batches.map((b) => (tree.getTreeItem(b).label as string) ?? ""),
      ["Preparation", "Step 1", "Step 2", "Step 3"],
    );
    const step1 = tree.getChildren(batches[1]);
    const merged = step1.map((c) => tree.getTreeItem(c)).find((i) => String(i.label).includes("merged"))!;
    assert.match(String(merged.description), /^rejected · unkeyed-join/);
    const icon = merged.iconPath as vscode.ThemeIcon;
    assert.equal(icon.id, "database");
    assert.equal(icon.color?.id, "problemsErrorIcon.foreground");
    const details = tree.getChildren(
      step1.find((c) => String(tree.getTreeItem(c).label).includes("merged")) as TraceElement,
    );
    assert.ok(details.some((d) => tree.getTreeItem(d).label === "unkeyed-join"));

    // Problems: join-row-loss at rainfall.csv line 5, linked to its docs, with the other side related.
    const rainfall = vscode.languages.getDiagnostics(lakeFile("climate/rainfall.csv"));
    const loss = rainfall.find((d) => typeof d.code === "object" && d.code.value === "join-row-loss");
    assert.ok(loss, `diagnostics at rainfall.csv: ${rainfall.map((d) => d.message).join(" | ")}`);
    assert.equal(loss.range.start.line, 4);
    assert.equal(loss.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(loss.source, "RADAR");
    const code = loss.code as { value: string; target: vscode.Uri };
    assert.match(code.target.path, /docs\/diagnostics\.md$/);
    assert.equal(code.target.fragment, "join-row-loss");
    assert.ok(loss.relatedInformation?.some((r) => r.location.uri.path.endsWith("climate/crop_yield.csv")));
    // The refused merge names no row: it sits at the header of the files it read.
    const fraud = vscode.languages.getDiagnostics(lakeFile("rankings/fraud_top5.csv"));
    const unkeyed = fraud.find((d) => typeof d.code === "object" && d.code.value === "unkeyed-join");
    assert.ok(unkeyed);
    assert.equal(unkeyed.range.start.line, 2);
    assert.ok(
      unkeyed.relatedInformation?.some((r) => r.location.uri.path.endsWith("identity_theft_top5.csv")),
    );

    // The report: question, answer, evidence chain down to the files.
    const report = radar.reportState().run!;
    assert.equal(report.question, E2E_QUESTION);
    assert.equal(report.answer, "Florida, 1522, 528");
    const chain = JSON.stringify(report.evidence);
    for (const part of ["by_rank", "rankings/fraud_top5.csv", "rankings/identity_theft_top5.csv"])
      assert.ok(chain.includes(part), part);
    const scan = report.calls.find((c) => c.op === "Scan" && c.file === "climate/rainfall.csv")!;
    assert.deepEqual(scan.tables[0]?.origins[3], { file: "climate/rainfall.csv", line: 5 });
    assert.ok(radar.reportVisible());

    // The trace file is complete and free of the key.
    assert.ok(report.tracePath);
    const trace = readFileSync(report.tracePath, "utf8");
    assert.ok(!trace.includes(E2E_API_KEY));
    assert.match(trace.trim().split("\n").at(-1)!, /"type":"run-end"/);
  });

  it("exports the run's audit, marks the run stale when a file it read changes, and Re-verify says what moved", async () => {
    const radar = await api();
    const run = radar.traceModel.latest!;
    assert.equal(run.status, "answered");
    const target = vscode.Uri.joinPath(lake(), "..", `radar-audit-${run.runId}.html`);
    const written = await vscode.commands.executeCommand<vscode.Uri>("radar.exportAudit", run.runId, target);
    assert.equal(written?.fsPath, target.fsPath);
    const html = readFileSync(target.fsPath, "utf8");
    assert.match(html, /^<!DOCTYPE html>/);
    assert.ok(html.includes("Florida"), "the answer is in the audit");
    assert.ok(html.includes("<code>join-row-loss</code>"), "the finding is in the audit");

    const tree = radar.traceTree;
    const item = (): vscode.TreeItem =>
      tree.getTreeItem(tree.getChildren().find((n) => tree.getTreeItem(n).id === run.runId)!);
    assert.equal(item().contextValue, "radarRun");
    const rainfall = lakeFile("climate/rainfall.csv").fsPath;
    const original = readFileSync(rainfall, "utf8");
    writeFileSync(rainfall, original.replace("2020,655", "2020,656"));
    try {
      assert.equal(item().contextValue, "radarRun.stale");
      assert.match(String(item().description), /^stale: 1 file changed/);
      const moved = await vscode.commands.executeCommand<{ holds: boolean; lines: string[] }>(
        "radar.verifyRun",
        run.runId,
      );
      assert.equal(moved?.holds, false);
      assert.ok(
        moved.lines.some((l) => /changed +rainfall .*655 → 656.*climate\/rainfall\.csv/.test(l)),
        moved.lines.join("\n"),
      );
    } finally {
      writeFileSync(rainfall, original);
    }
    // The same bytes again: still drawn stale (the file's time moved) until re-verified unchanged.
    const again = await vscode.commands.executeCommand<{ holds: boolean; lines: string[] }>(
      "radar.verifyRun",
      run.runId,
    );
    assert.equal(again?.holds, true, again?.lines.join("\n"));
    assert.equal(item().contextValue, "radarRun");
  });

  it("shows the Source Map with the run's coverage in the Sources view", async () => {
    const radar = await api();
    const nodes = await radar.sources.ready();
    const rainfall = nodes.find((n) => n.path === "climate/rainfall.csv");
    assert.ok(rainfall, nodes.map((n) => n.path).join(", "));
    assert.equal(rainfall.coverage, "scanned");
    assert.match(rainfall.description, /csv · 6 rows × 2 cols · scanned/);
    const fraud = nodes.find((n) => n.path === "rankings/fraud_top5.csv")!;
    assert.match(fraud.tooltip, /header at line 3/);
  });

  it("replaces the previous run's diagnostics with each run", async () => {
    const radar = await api();
    const outcome = await withEndpoint(
      [
        {
          toolCalls: [{ name: "Scan", arguments: { file: "climate/crop_yield.csv", output: "crop_yield" } }],
        },
        { toolCalls: [{ name: "Answer", arguments: { answer: 2017, evidence: ["crop_yield"] } }] },
      ],
      () => radar.ask({ question: "Which is the first year of the crop yield series?" }),
    );
    assert.equal(outcome.status, "answered", outcome.error);
    assert.deepEqual(vscode.languages.getDiagnostics(lakeFile("climate/rainfall.csv")), []);
    assert.deepEqual(vscode.languages.getDiagnostics(lakeFile("rankings/fraud_top5.csv")), []);
    assert.equal(radar.traceModel.runs.length, 2);
  });

  it("frees a run's cancellation listeners and a closed report's listeners", async () => {
    const radar = await api();
    // A real token source; the wrapper only counts the listeners RADAR adds and frees.
    const source = new vscode.CancellationTokenSource();
    let added = 0;
    let live = 0;
    const token: vscode.CancellationToken = {
      get isCancellationRequested() {
        return source.token.isCancellationRequested;
      },
      onCancellationRequested: (listener, thisArgs, disposables) => {
        added++;
        live++;
        const inner = source.token.onCancellationRequested(listener, thisArgs, disposables);
        let freed = false;
        return {
          dispose: () => {
            if (!freed) live--;
            freed = true;
            inner.dispose();
          },
        };
      },
    };
    const outcome = await withEndpoint(
      [
        {
          toolCalls: [{ name: "Scan", arguments: { file: "climate/crop_yield.csv", output: "crop_yield" } }],
        },
        { toolCalls: [{ name: "Answer", arguments: { answer: 2017, evidence: ["crop_yield"] } }] },
      ],
      () => radar.ask({ question: "Which is the first year of the crop yield series?", token }),
    );
    source.dispose();
    assert.equal(outcome.status, "answered", outcome.error);
    assert.ok(added >= 1, "the run listened to its token");
    assert.equal(live, 0, `${live} cancellation listener(s) left after the run`);

    // Each open of the report holds its panel's two listeners; closing the panel frees them.
    const reportTabs = (): vscode.Tab[] =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter(
          (t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith("radar.report"),
        );
    const until = async (done: () => boolean): Promise<void> => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 100));
    };
    for (let round = 1; round <= 3; round++) {
      await vscode.commands.executeCommand("radar.showReport");
      assert.ok(radar.reportVisible(), `round ${round}: the report is open`);
      assert.equal(radar.reportListeners(), 2, `round ${round}: listeners while open`);
      // The workbench lists a new panel's tab a moment after the panel opens.
      await until(() => reportTabs().length > 0);
      assert.equal(reportTabs().length, 1, `round ${round}: the report's tab`);
      await vscode.window.tabGroups.close(reportTabs());
      await until(() => radar.reportListeners() === 0);
      assert.equal(radar.reportListeners(), 0, `round ${round}: listeners after the panel closed`);
    }
  });

  it("cancels a run in flight", async () => {
    const radar = await api();
    const outcome = await withEndpoint([{ delayMs: 20_000, content: "slow" }], async (server) => {
      const running = radar.ask({ question: "How many rows has rainfall.csv?" });
      // The cancel waits on the request reaching the model (its reply is 20 s away), not on a
      // guessed delay; the wait also ends if the run ends first.
      let settled = false;
      const done = (): boolean => (settled = true);
      void running.then(done, done);
      while (server.requests.length === 0 && !settled) await new Promise((r) => setImmediate(r));
      radar.cancel();
      return running;
    });
    assert.equal(outcome.status, "cancelled");
    assert.equal(radar.traceModel.latest?.status, "cancelled");
  });

  it("opens a source row, and refuses a path outside the lake", async () => {
    await vscode.commands.executeCommand("radar.openSource", lake().fsPath, {
      file: "climate/rainfall.csv",
      line: 5,
    });
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.path.endsWith("climate/rainfall.csv"));
    assert.equal(editor.selection.active.line, 4);
    assert.equal(editor.document.lineAt(4).text, "2020,655");
    const refused = await vscode.commands.executeCommand("radar.openSource", lake().fsPath, {
      file: "../outside.txt",
      line: 1,
    });
    assert.equal(refused, undefined);
    assert.ok(vscode.window.activeTextEditor?.document.uri.path.endsWith("climate/rainfall.csv"));
  });

  it("keeps the key out of settings", () => {
    const config = vscode.workspace.getConfiguration("radar");
    for (const key of ["provider", "baseUrl", "model", "maxSteps"])
      assert.ok(!JSON.stringify(config.inspect(key) ?? {}).includes(E2E_API_KEY), key);
  });
});
