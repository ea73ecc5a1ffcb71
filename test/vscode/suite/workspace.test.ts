/// <reference types="mocha" />
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as vscode from "vscode";
import type { RadarApi } from "../../../src/extension/extension.ts";
import { allCalls } from "../../../src/extension/trace/traceModel.ts";
import { E2E_API_KEY, E2E_QUESTION, askScript } from "../../e2e/askScenario.ts";
import { LONG_RUN_CALLS, LONG_RUN_QUESTION, longRunScript } from "../../e2e/longRunScenario.ts";
import { startScriptedServer } from "../../helpers/scriptedOpenAiServer.ts";
import type { ScriptStep } from "../../helpers/scriptedOpenAiServer.ts";

/**
 * Issue 15 inside a real extension host: RADAR's state kept out of the workspace (a run leaves it
 * byte-identical; the trace and SQL export still work), `radar.stateLocation: workspace`, a file
 * changed on disk mapped again alone, families and unreadable files in Sources, and a long run of
 * 126 calls and 60 findings in the Trace view, the report and Problems — one diagnostic per row
 * and rule, replaced per run, cleared when the run is dismissed.
 */
const EXTENSION_ID = "radar-dev.radar-data";

async function api(): Promise<RadarApi> {
  const ext = vscode.extensions.getExtension<RadarApi>(EXTENSION_ID);
  assert.ok(ext, "the extension is installed");
  return ext.activate();
}

function folder(): vscode.WorkspaceFolder {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, "the suite runs with the fixture lake open");
  return f;
}

/** Every file of the workspace with its size, hash and modification time. */
function listing(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else
        out[relative(dir, full)] =
          `${st.size} ${createHash("sha256").update(readFileSync(full)).digest("hex")} ${st.mtimeMs}`;
    }
  };
  walk(dir);
  return out;
}

async function ask(radar: RadarApi, script: ScriptStep[], question: string, maxSteps = 30) {
  const server = await startScriptedServer(script);
  const config = vscode.workspace.getConfiguration("radar");
  await config.update("baseUrl", server.baseURL, vscode.ConfigurationTarget.Global);
  await config.update("provider", "openai-compatible", vscode.ConfigurationTarget.Global);
  await config.update("maxSteps", maxSteps, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand("radar.setApiKey", E2E_API_KEY);
  try {
    return await radar.ask({ question });
  } finally {
    await server.close();
  }
}

async function until(what: string, test: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("RADAR's state stays out of the workspace", () => {
  it("a run leaves the workspace byte-identical; its trace is in the extension's storage", async function () {
    this.timeout(300_000);
    const radar = await api();
    const lake = folder().uri.fsPath;
    const before = listing(lake);
    const outcome = await ask(radar, askScript(), E2E_QUESTION, 6);
    assert.equal(outcome.status, "answered", outcome.error);
    assert.deepEqual(listing(lake), before, "no file of the workspace was added, changed or touched");
    assert.ok(!existsSync(join(lake, ".radar")));
    const stateDir = radar.stateDir(folder());
    assert.ok(!stateDir.startsWith(lake), stateDir);
    assert.match(stateDir, /workspaceStorage|globalStorage/);
    const tracePath = radar.reportState().run?.tracePath;
    assert.ok(tracePath && tracePath.startsWith(stateDir) && existsSync(tracePath), tracePath);
    assert.ok(existsSync(join(stateDir, "sourcemap.json")), "the Source Map cache is there too");
  });

  it("“Open trace file” and “Export Run as SQL” read the run from the storage", async () => {
    const radar = await api();
    const run = radar.traceModel.latest!;
    await vscode.window.showTextDocument(vscode.Uri.file(run.tracePath!), { preview: true });
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? "", /"type":"run-start"/);
    await vscode.commands.executeCommand("radar.exportSql", run.runId);
    const sql = vscode.window.activeTextEditor?.document;
    assert.equal(sql?.languageId, "sql");
    assert.match(sql?.getText() ?? "", /read_csv/);
    assert.match(sql?.getText() ?? "", new RegExp(`RADAR run ${run.runId}`));
    await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
  });

  it("radar.stateLocation “workspace” keeps the state beside the data", async function () {
    this.timeout(300_000);
    const radar = await api();
    const lake = folder().uri.fsPath;
    const config = vscode.workspace.getConfiguration("radar");
    await config.update("stateLocation", "workspace", vscode.ConfigurationTarget.Global);
    try {
      assert.equal(radar.stateDir(folder()), join(lake, ".radar"));
      const outcome = await ask(radar, oneScan(), "How many years of rainfall?", 6);
      assert.equal(outcome.status, "answered", outcome.error);
      assert.ok(radar.traceModel.latest?.tracePath?.startsWith(join(lake, ".radar", "runs")));
    } finally {
      await config.update("stateLocation", undefined, vscode.ConfigurationTarget.Global);
      rmSync(join(lake, ".radar"), { recursive: true, force: true });
    }
    assert.ok(!radar.stateDir(folder()).startsWith(lake));
  });
});

function oneScan(): ScriptStep[] {
  return [
    { toolCalls: [{ name: "Scan", arguments: { file: "climate/rainfall.csv", output: "rain" } }] },
    {
      toolCalls: [
        {
          name: "Query",
          arguments: { sql: "SELECT count(*) AS years FROM rain", inputs: ["rain"], output: "years" },
        },
      ],
    },
    { toolCalls: [{ name: "Answer", arguments: { answer: 6, evidence: ["years"] } }] },
  ];
}

describe("the Sources view on a changing folder", () => {
  it("maps a file changed on disk again, alone", async function () {
    this.timeout(240_000);
    const radar = await api();
    await vscode.commands.executeCommand("radar.sources.focus");
    await radar.sources.ready();
    const builds = radar.sources.builds;
    const file = join(folder().uri.fsPath, "climate", "rainfall.csv");
    const original = readFileSync(file);
    try {
      writeFileSync(file, `${original.toString("utf8").trimEnd()}\n2023,801\n`);
      await until(
        "the Sources view to map the change",
        () => radar.sources.builds > builds && !radar.sources.mappingInProgress,
        120_000,
      );
      assert.deepEqual(radar.sources.lastProfiled, ["climate/rainfall.csv"]);
      assert.equal(radar.sources.lastStats?.profiled, 1);
      const node = radar.sources.sourceNodes()?.find((n) => n.path === "climate/rainfall.csv");
      assert.match(node?.description ?? "", /7 rows × 2 cols/);
    } finally {
      writeFileSync(file, original);
    }
  });

  it("shows a family of files as one node and an unreadable file as such", async function () {
    this.timeout(240_000);
    const radar = await api();
    const lake = folder().uri.fsPath;
    const added = [
      "yearly/visits-2019.csv",
      "yearly/visits-2020.csv",
      "yearly/visits-2021.csv",
      "yearly/visits-2023.csv",
      "raw/export.xlsx",
    ];
    const builds = radar.sources.builds;
    try {
      mkdirSync(join(lake, "yearly"), { recursive: true });
      mkdirSync(join(lake, "raw"), { recursive: true });
      for (const path of added.slice(0, 4)) {
        const year = /\d{4}/.exec(path)![0];
        writeFileSync(join(lake, path), `month,visits\n${year}-06,12\n${year}-07,30\n`);
      }
      writeFileSync(
        join(lake, "raw", "export.xlsx"),
        Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(300, 9)]),
      );
      await until(
        "the Sources view to map the new files",
        () =>
          radar.sources.builds > builds &&
          !radar.sources.mappingInProgress &&
          radar.sources.sourceNodes()?.some((n) => n.path === "raw/export.xlsx") === true,
        120_000,
      );
      const family = radar.sources.familyNodes().find((f) => f.label === "yearly/visits-{year}.csv");
      assert.ok(
        family,
        radar.sources
          .familyNodes()
          .map((f) => f.label)
          .join(", "),
      );
      assert.equal(family.description, "family · 4 files · 2019–2023 · 2022 missing");
      const broken = radar.sources.sourceNodes()!.find((n) => n.path === "raw/export.xlsx")!;
      assert.equal(broken.unreadable, true);
      assert.match(broken.description, /^unreadable · /);
    } finally {
      rmSync(join(lake, "yearly"), { recursive: true, force: true });
      rmSync(join(lake, "raw"), { recursive: true, force: true });
    }
  });
});

describe("a long run in the views", () => {
  let runId = "";

  it("126 calls and 60 findings: the Trace view reads per step, Problems once per row and rule", async function () {
    this.timeout(600_000);
    const radar = await api();
    const outcome = await ask(radar, longRunScript(), LONG_RUN_QUESTION, 30);
    assert.equal(outcome.status, "answered", outcome.error);
    runId = outcome.runId!;
    const run = radar.traceModel.run(runId)!;
    assert.equal(allCalls(run).filter((c) => c.kind === "operator" && c.step > 0).length, LONG_RUN_CALLS);
    const findings = allCalls(run).reduce((n, c) => n + (c.event?.diagnostics.length ?? 0), 0);
    assert.ok(findings >= 50, `${findings} findings`);

    // Problems: one diagnostic per row and rule, naming the calls.
    const all = vscode.languages.getDiagnostics().filter(([, ds]) => ds.some((d) => d.source === "RADAR"));
    const keys = all.flatMap(([uri, ds]) =>
      ds.map(
        (d) => `${uri.path}:${d.range.start.line}:${typeof d.code === "object" ? d.code.value : d.code}`,
      ),
    );
    assert.equal(new Set(keys).size, keys.length, keys.join("\n"));
    assert.ok(keys.length <= 8, `${keys.length} diagnostics for ${findings} findings`);
    const rainfall = vscode.languages.getDiagnostics(
      vscode.Uri.joinPath(folder().uri, "climate/rainfall.csv"),
    );
    const loss = rainfall.find((d) => typeof d.code === "object" && d.code.value === "join-row-loss")!;
    assert.match(loss.message, /and 8 more\)$/);

    // The Trace view: the run says how many findings; routine steps start closed, others open.
    const tree = radar.traceTree;
    const runNode = tree.getChildren().find((e) => e.kind === "run" && e.runId === runId)!;
    assert.match(String(tree.getTreeItem(runNode).description), /answered · \d+ calls · \d+ findings/);
    const steps = tree.getChildren(runNode).map((b) => tree.getTreeItem(b));
    const step3 = steps.find((i) => i.label === "Step 3")!;
    const step13 = steps.find((i) => i.label === "Step 13")!;
    assert.equal(step3.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    assert.match(String(step3.description), /10 calls · 1 rejected · 2 warned/);
    assert.equal(step13.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);

    // The report: every call, the model's turns for the step groups.
    const report = radar.reportState().run!;
    assert.equal(report.runId, runId);
    assert.ok(report.calls.length > LONG_RUN_CALLS);
    assert.equal(report.turns?.filter((t) => t.step > 0).length, 15);
  });

  it("the next run replaces the findings; dismissing a run clears them", async function () {
    this.timeout(300_000);
    const radar = await api();
    const long = radar.traceModel.run(runId)!;
    assert.ok(long);
    const outcome = await ask(radar, oneScan(), "How many years of rainfall?", 6);
    assert.equal(outcome.status, "answered", outcome.error);
    const radarDiagnostics = (): number =>
      vscode.languages
        .getDiagnostics()
        .reduce((n, [, ds]) => n + ds.filter((d) => d.source === "RADAR").length, 0);
    assert.equal(radarDiagnostics(), 0, "the quiet run replaced the long run's findings");
    // Back to a run with findings, then dismiss it from the Trace view.
    const again = await ask(radar, askScript(), E2E_QUESTION, 6);
    assert.equal(again.status, "answered", again.error);
    assert.ok(radarDiagnostics() > 0);
    await vscode.commands.executeCommand("radar.dismissRun", { kind: "run", runId: again.runId });
    assert.equal(radarDiagnostics(), 0, "dismissing the run cleared its findings");
    assert.equal(radar.traceModel.run(again.runId!), undefined);
    assert.ok(!radar.reportVisible(), "its report closed");
  });
});
