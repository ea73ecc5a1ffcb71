import * as vscode from "vscode";
import { join } from "node:path";
import { activationTimes, cpuNow, cpuSince } from "./host/activationClock.ts";
import type { ActivationTimes } from "./host/activationClock.ts";
import { ApiKeyStore, setApiKey } from "./model/apiKeyStore.ts";
import { chatHandler, registerChatParticipant } from "./chat/chatParticipant.ts";
import { ChatSessions } from "./chat/chatSessions.ts";
import { radarTool, registerLmTools } from "./tools/lmTools.ts";
import { registerMcpServer } from "./tools/mcpRegistration.ts";
import { ToolRuntime } from "./tools/toolRuntime.ts";
import { trustPolicy } from "./tools/trustPolicy.ts";
import { viewFeed } from "./run/viewFeed.ts";
import { resolveModel } from "./model/modelResolver.ts";
import { openSource } from "./host/openSource.ts";
import { ProblemsPanel } from "./problems/problemsPanel.ts";
import { RadarLog } from "./host/radarLog.ts";
import { ReportPanel } from "./report/reportPanel.ts";
import { reportOf } from "./report/reportModel.ts";
import { RunController } from "./run/runController.ts";
import type { AskOutcome, AskRequest } from "./run/runController.ts";
import { SourcesTreeProvider } from "./sources/sourcesTree.ts";
import { TraceModel, findCall } from "./trace/traceModel.ts";
import { TraceTreeProvider } from "./trace/traceTree.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import { isLocation } from "../shared/reportProtocol.ts";
import type { ReportState } from "../shared/reportProtocol.ts";
import { callFile } from "./trace/callText.ts";
import { realpathSync } from "node:fs";
import { ensureStateDir, stateDirFor, stateLocationOf } from "./host/stateLocation.ts";
import { applyMemoryLimit } from "./host/memoryLimitSetting.ts";
import { loadRuntime } from "./run/runtimeLoader.ts";
import { registerAuditCommands, watchForStaleRuns } from "./run/auditCommands.ts";
import { RunStaleness } from "./trace/runStaleness.ts";

const WALKTHROUGH = "radar-dev.radar-data#radar.gettingStarted";

/** What the extension exposes to tests and other extensions. */
export interface RadarApi {
  /** RADAR's own activation cost: evaluating its bundle plus `activate()` (activationClock.ts). */
  activationMs: number;
  activation: ActivationTimes;
  /** Where the state (cache, traces) of a workspace folder goes. */
  stateDir(folder: vscode.WorkspaceFolder): string;
  ask(request: AskRequest): Promise<AskOutcome>;
  cancel(): void;
  traceModel: TraceModel;
  traceTree: TraceTreeProvider;
  sources: SourcesTreeProvider;
  reportState(): ReportState;
  reportVisible(): boolean;
  /** Listeners the report holds for its open panel (none once it is closed). */
  reportListeners(): number;
  diagnostics: vscode.DiagnosticCollection;
  /** `@radar`'s request handler, as the chat calls it (tests drive it with a scripted model). */
  chatHandler: vscode.ChatRequestHandler;
  /** An operator as a language model tool, over the window's shared tool runtime. */
  lmTool(op: OperatorName): vscode.LanguageModelTool<Record<string, unknown>>;
  /** Whether DuckDB and the agent have been loaded (they are not at activation). */
  runtimeLoaded(): boolean;
  runtimeLoadedAtActivation: boolean;
}

/**
 * Activation stays cheap: it registers commands, views, the report serializer, the chat
 * participant, the language model tools and the MCP server definition, and nothing else. DuckDB, the `openai` client and the runtime load with the first
 * run or the first Source Map (see runtimeLoader.ts).
 */
export function activate(context: vscode.ExtensionContext): RadarApi {
  const activateStart = performance.now();
  const activateCpu = cpuNow();
  const { phase, phases } = phaseClock(activateStart);
  const log = new RadarLog();
  phase("log");
  const keys = new ApiKeyStore(context.secrets);
  phase("keys");
  const traceModel = new TraceModel();
  // The Trace view marks runs whose files changed since; the folder is watched once one is drawn.
  const staleness = new RunStaleness(() => watchForStaleRuns(context, traceTree));
  const traceTree = new TraceTreeProvider(traceModel, staleness);
  const lake = (): vscode.WorkspaceFolder | undefined => {
    const active = vscode.window.activeTextEditor?.document.uri;
    return (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
  };
  const { stateDir, storageRoots, location } = stateFolders(context, log);
  applyMemoryLimit(vscode.workspace.getConfiguration("radar").get("memoryLimit"), log);
  phase("state");
  const sources = new SourcesTreeProvider({
    lake,
    log,
    stateDir,
    workerPath: join(context.extensionPath, "dist", "mapWorker.cjs"),
  });
  phase("sources");
  const problems = new ProblemsPanel(vscode.Uri.joinPath(context.extensionUri, "docs", "diagnostics.md"));
  phase("problems");
  const isLake = (path: string): boolean =>
    (vscode.workspace.workspaceFolders ?? []).some(
      (f) => f.uri.fsPath === path || realpath(f.uri.fsPath) === path,
    );
  const openInLake = async (lakeRoot: unknown, location: unknown): Promise<unknown> => {
    if (typeof lakeRoot !== "string" || !isLocation(location) || !isLake(lakeRoot)) {
      log.warn("openSource: refused a location outside the workspace");
      return undefined;
    }
    return openSource(lakeRoot, location, { beside: report.visible });
  };
  const report = new ReportPanel(
    context.extensionUri,
    {
      openSource: (lakeRoot, location) => openInLake(lakeRoot, location),
      openTrace: async (path) => vscode.window.showTextDocument(vscode.Uri.file(path), { preview: true }),
      exportSql: async (runId) => vscode.commands.executeCommand("radar.exportSql", runId),
      ask: async () => vscode.commands.executeCommand("radar.ask"),
    },
    log,
  );
  phase("report");
  const runs = new RunController({
    log,
    keys,
    trace: traceTree,
    problems,
    report,
    sources,
    lake,
    stateDir,
    onNoModel: (reason) => {
      log.warn(reason);
      void vscode.window
        .showWarningMessage(`RADAR: ${reason}`, "Set API Key", "Open Settings", "Get Started")
        .then((choice) => {
          if (choice === "Set API Key") void vscode.commands.executeCommand("radar.setApiKey");
          if (choice === "Open Settings") void vscode.commands.executeCommand("radar.openSettings");
          if (choice === "Get Started") void vscode.commands.executeCommand("radar.openWalkthrough");
        });
    },
  });

  phase("models");
  const traceView = vscode.window.createTreeView("radar.trace", {
    treeDataProvider: traceTree,
    showCollapseAll: true,
  });
  const sourcesView = vscode.window.createTreeView("radar.sources", {
    treeDataProvider: sources,
    showCollapseAll: true,
  });
  sources.attach(sourcesView);

  phase("views");
  const refreshModelContext = async (): Promise<void> => {
    const resolved = await resolveModel(keys);
    const ready =
      resolved.choice.kind === "lm" ||
      (resolved.choice.kind === "openai" && (!resolved.choice.needsKey || Boolean(resolved.apiKey)));
    await vscode.commands.executeCommand("setContext", "radar.modelReady", ready);
  };

  registerCommands(context, {
    runs,
    keys,
    log,
    traceModel,
    traceTree,
    problems,
    report,
    sources,
    openInLake,
  });

  context.subscriptions.push(
    log,
    traceTree,
    traceView,
    sources,
    sourcesView,
    problems,
    report,
    keys.onDidChange(() => void refreshModelContext()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("radar")) void refreshModelContext();
      if (e.affectsConfiguration("radar.memoryLimit"))
        applyMemoryLimit(vscode.workspace.getConfiguration("radar").get("memoryLimit"), log);
    }),
    // Runtimes ask for the trust at every call: no reload needed. (Revoking trust restarts the
    // extension host, which starts untrusted.)
    vscode.workspace.onDidGrantWorkspaceTrust(() =>
      log.info("Workspace trusted: Bash is available to the agent from its next call."),
    ),
    { dispose: () => runs.cancel() },
  );
  registerAuditCommands(context, { traceModel, traceTree, staleness, log, runIdOf });
  phase("commands");
  if (vscode.lm?.onDidChangeChatModels)
    context.subscriptions.push(vscode.lm.onDidChangeChatModels(() => void refreshModelContext()));
  const { chatDeps, toolRuntime } = registerAgentSurfaces(context, {
    runs,
    traceModel,
    traceTree,
    problems,
    sources,
    log,
    lake,
    stateDir,
    mcpStateDir: (folder) =>
      location() === "storage"
        ? join(stateDirFor(folder.uri.fsPath, "storage", storageRoots()), "mcp")
        : undefined,
    phase,
  });
  phase("mcp");
  void refreshModelContext();
  phase("model-context");

  const runtimeLoaded = (): boolean =>
    Object.keys(require.cache).some((p) => p.includes("runtimeBundle") || p.includes("@duckdb"));
  const runtimeLoadedAtActivation = runtimeLoaded();
  const activation = activationTimes(activateStart, performance.now(), cpuSince(activateCpu));
  log.info(
    `RADAR activated in ${activation.totalMs} ms (bundle ${activation.loadMs} ms + activate ${activation.activateMs} ms; CPU ${activation.cpuMs} ms; the host's wait in between ${activation.hostWaitMs} ms; activate: ${phases.map(([n, ms, cpu]) => `${n} ${ms}/${cpu}cpu`).join(", ")}; ${vscode.workspace.isTrusted ? "trusted" : "untrusted: Bash off"}; the runtime loads on first use)`,
  );
  return {
    activationMs: activation.totalMs,
    activation,
    stateDir,
    ask: (request) => runs.ask(request),
    cancel: () => runs.cancel(),
    traceModel,
    traceTree,
    sources,
    reportState: () => report.current,
    reportVisible: () => report.visible,
    reportListeners: () => report.panelListeners,
    diagnostics: problems.collection,
    chatHandler: chatHandler(chatDeps),
    lmTool: (op) => radarTool(op, () => toolRuntime.get()),
    runtimeLoaded,
    runtimeLoadedAtActivation,
  };
}

/** Activation's phases, each with its wall and CPU time (logged once activation is done). */
function phaseClock(start: number): { phase: (name: string) => void; phases: [string, number, number][] } {
  const phases: [string, number, number][] = [];
  let lap = start;
  let lapCpu = cpuNow();
  const phase = (name: string): void => {
    const now = performance.now();
    const cpu = cpuSince(lapCpu);
    phases.push([name, Math.round((now - lap) * 10) / 10, Math.round((cpu.user + cpu.system) / 100) / 10]);
    lap = now;
    lapCpu = cpuNow();
  };
  return { phase, phases };
}

/** Where each workspace folder's state goes, said once per folder in the log. */
function stateFolders(
  context: vscode.ExtensionContext,
  log: RadarLog,
): {
  stateDir: (folder: vscode.WorkspaceFolder) => string;
  storageRoots: () => { workspaceStorage?: string; globalStorage: string };
  location: () => ReturnType<typeof stateLocationOf>;
} {
  // Cache, traces and UTF-8 copies go to the extension's storage, not into the workspace, unless
  // radar.stateLocation says "workspace" (stateLocation.ts).
  const storageRoots = (): { workspaceStorage?: string; globalStorage: string } => ({
    ...(context.storageUri ? { workspaceStorage: context.storageUri.fsPath } : {}),
    globalStorage: context.globalStorageUri.fsPath,
  });
  const location = (): ReturnType<typeof stateLocationOf> =>
    stateLocationOf(vscode.workspace.getConfiguration("radar").get("stateLocation"));
  const notedStateDirs = new Set<string>();
  const stateDir = (folder: vscode.WorkspaceFolder): string => {
    const resolved = ensureStateDir(folder.uri.fsPath, location(), storageRoots());
    if (!notedStateDirs.has(resolved.dir)) {
      notedStateDirs.add(resolved.dir);
      if (resolved.note) log.warn(resolved.note);
      log.info(`State for ${folder.uri.fsPath}: ${resolved.dir}`);
    }
    return resolved.dir;
  };
  return { stateDir, storageRoots, location };
}

interface CommandDeps {
  runs: RunController;
  keys: ApiKeyStore;
  log: RadarLog;
  traceModel: TraceModel;
  traceTree: TraceTreeProvider;
  problems: ProblemsPanel;
  report: ReportPanel;
  sources: SourcesTreeProvider;
  openInLake: (lakeRoot: unknown, location: unknown) => Promise<unknown>;
}

/** The palette's and views' commands. */
function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const { runs, keys, log, traceModel, traceTree, problems, report, sources, openInLake } = deps;
  const command = (id: string, run: (...args: unknown[]) => unknown): void => {
    context.subscriptions.push(vscode.commands.registerCommand(id, run));
  };
  command("radar.ask", (question?: unknown) => runs.ask(typeof question === "string" ? { question } : {}));
  command("radar.cancel", () => runs.cancel());
  command("radar.setApiKey", (key?: unknown) => setApiKey(keys, log, key));
  command("radar.clearApiKey", async () => {
    await keys.clear();
    void vscode.window.showInformationMessage("RADAR: API key removed from secret storage.");
  });
  command("radar.showReport", (element?: unknown) => {
    const runId = runIdOf(element);
    const run = runId ? traceModel.run(runId) : traceModel.latest;
    if (run) report.show(reportOf(run));
    else if (report.current.run) report.show(report.current.run);
    else void vscode.window.showInformationMessage("RADAR: no run yet. Use “Ask RADAR”.");
  });
  command("radar.showCall", async (runId?: unknown, key?: unknown) => {
    const run = typeof runId === "string" ? traceModel.run(runId) : undefined;
    const call = run && typeof key === "string" ? findCall(run, key) : undefined;
    if (!run || !call) return;
    report.show(reportOf(run), { focusKey: call.key, preserveFocus: true });
    report.focus(call.key);
    const file = callFile(call.op, call.args);
    if (file) await openInLake(run.lake, { file, line: 1 });
  });
  command("radar.openSource", (lakeRoot?: unknown, location?: unknown) => openInLake(lakeRoot, location));
  command("radar.refreshSources", () => sources.invalidate());
  command("radar.cancelMapping", () => sources.cancel());
  command("radar.clearTrace", () => {
    traceModel.clear();
    traceTree.refresh();
    problems.clear();
  });
  command("radar.dismissRun", (element?: unknown) => {
    const runId = runIdOf(element) ?? traceModel.latest?.runId;
    if (!runId) return;
    if (traceModel.run(runId)?.status === "running") {
      void vscode.window.showInformationMessage("RADAR: this run is still going; cancel it first.");
      return;
    }
    traceModel.dismiss(runId);
    traceTree.refresh();
    problems.dismiss(runId);
    report.dismiss(runId);
  });
  command("radar.exportSql", async (element?: unknown) => {
    const runId = runIdOf(element);
    const run = runId ? traceModel.run(runId) : (traceModel.latest ?? undefined);
    const tracePath = run?.tracePath ?? (run ? undefined : report.current.run?.tracePath);
    if (!tracePath) {
      void vscode.window.showInformationMessage("RADAR: no run with a trace file yet. Use “Ask RADAR”.");
      return;
    }
    const bundle = await loadRuntime();
    const document = await vscode.workspace.openTextDocument({
      language: "sql",
      content: bundle.exportRunSql(tracePath),
    });
    await vscode.window.showTextDocument(document, { preview: false });
  });
  command("radar.showLog", () => log.show());
  command("radar.openSettings", () =>
    vscode.commands.executeCommand("workbench.action.openSettings", "@ext:radar-dev.radar-data"),
  );
  command("radar.openWalkthrough", () =>
    vscode.commands.executeCommand("workbench.action.openWalkthrough", WALKTHROUGH, false),
  );
}

interface AgentSurfaceDeps {
  runs: RunController;
  traceModel: TraceModel;
  traceTree: TraceTreeProvider;
  problems: ProblemsPanel;
  sources: SourcesTreeProvider;
  log: RadarLog;
  lake: () => vscode.WorkspaceFolder | undefined;
  stateDir: (folder: vscode.WorkspaceFolder) => string;
  mcpStateDir: (folder: vscode.WorkspaceFolder) => string | undefined;
  phase: (name: string) => void;
}

/** What other agents reach RADAR through: the `@radar` chat participant, the LM tools, the MCP server. */
function registerAgentSurfaces(
  context: vscode.ExtensionContext,
  deps: AgentSurfaceDeps,
): { chatDeps: Parameters<typeof chatHandler>[0]; toolRuntime: ToolRuntime } {
  const { runs, traceModel, traceTree, problems, sources, log, lake, stateDir, phase } = deps;
  const sessions = new ChatSessions();
  const chatDeps = { ask: (request: AskRequest) => runs.ask(request), sessions, trace: traceModel };
  const chat = registerChatParticipant(chatDeps);
  if (chat) context.subscriptions.push(chat);
  phase("chat");
  // The language model tools share one runtime, fed to the same views as every run.
  const toolRuntime = new ToolRuntime({
    lake,
    allowBash: () => trustPolicy(vscode.workspace.isTrusted).allowBash,
    stateDir,
    prepare: () => sources.mapForRun(() => undefined, new AbortController().signal),
    onEvent: viewFeed({ trace: traceTree, problems, log }),
    log,
  });
  const tools = registerLmTools(() => toolRuntime.get());
  phase("tools");
  if (tools.length === 0) log.info("Language model tools: this editor has no vscode.lm.registerTool.");
  const mcp = registerMcpServer(context.extensionPath, log, deps.mcpStateDir);
  context.subscriptions.push(
    toolRuntime,
    { dispose: () => sessions.dispose() },
    ...tools,
    ...(mcp ? [mcp] : []),
  );
  return { chatDeps, toolRuntime };
}

export function deactivate(): void {
  // Subscriptions dispose everything; a run in flight is cancelled by its disposable.
}

/** The run a Trace view item or command argument names. */
function runIdOf(element: unknown): string | undefined {
  if (typeof element === "string") return element;
  const runId = (element as { runId?: unknown } | undefined)?.runId;
  return typeof runId === "string" ? runId : undefined;
}

function realpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
