import * as vscode from "vscode";
import { loadStartedAt } from "./activationClock.ts";
import { ApiKeyStore, setApiKey } from "./apiKeyStore.ts";
import { chatHandler, registerChatParticipant } from "./chatParticipant.ts";
import { ChatSessions } from "./chatSessions.ts";
import { radarTool, registerLmTools } from "./lmTools.ts";
import { registerMcpServer } from "./mcpRegistration.ts";
import { ToolRuntime } from "./toolRuntime.ts";
import { trustPolicy } from "./trustPolicy.ts";
import { viewFeed } from "./viewFeed.ts";
import { resolveModel } from "./modelResolver.ts";
import { openSource } from "./openSource.ts";
import { ProblemsPanel } from "./problemsPanel.ts";
import { RadarLog } from "./radarLog.ts";
import { ReportPanel } from "./reportPanel.ts";
import { reportOf } from "./reportModel.ts";
import { RunController } from "./runController.ts";
import type { AskOutcome, AskRequest } from "./runController.ts";
import { SourcesTreeProvider } from "./sourcesTree.ts";
import { TraceModel, findCall } from "./traceModel.ts";
import { TraceTreeProvider } from "./traceTree.ts";
import type { OperatorName } from "../core/operators/operator.ts";
import { isLocation } from "../shared/reportProtocol.ts";
import type { ReportState } from "../shared/reportProtocol.ts";
import { callFile } from "./callText.ts";
import { realpathSync } from "node:fs";

const WALKTHROUGH = "radar-dev.radar-data#radar.gettingStarted";

/** What the extension exposes to tests and other extensions. */
export interface RadarApi {
  /** Milliseconds from the bundle starting to load to the end of `activate`. */
  activationMs: number;
  ask(request: AskRequest): Promise<AskOutcome>;
  cancel(): void;
  traceModel: TraceModel;
  traceTree: TraceTreeProvider;
  sources: SourcesTreeProvider;
  reportState(): ReportState;
  reportVisible(): boolean;
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
  const log = new RadarLog();
  const keys = new ApiKeyStore(context.secrets);
  const traceModel = new TraceModel();
  const traceTree = new TraceTreeProvider(traceModel);
  const lake = (): vscode.WorkspaceFolder | undefined => {
    const active = vscode.window.activeTextEditor?.document.uri;
    return (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
  };
  const sources = new SourcesTreeProvider(lake, log);
  const problems = new ProblemsPanel(vscode.Uri.joinPath(context.extensionUri, "docs", "diagnostics.md"));
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
      ask: async () => vscode.commands.executeCommand("radar.ask"),
    },
    log,
  );
  const runs = new RunController({
    log,
    keys,
    trace: traceTree,
    problems,
    report,
    sources,
    lake,
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

  const traceView = vscode.window.createTreeView("radar.trace", {
    treeDataProvider: traceTree,
    showCollapseAll: true,
  });
  const sourcesView = vscode.window.createTreeView("radar.sources", {
    treeDataProvider: sources,
    showCollapseAll: true,
  });
  sources.attach(sourcesView);

  const refreshModelContext = async (): Promise<void> => {
    const resolved = await resolveModel(keys);
    const ready =
      resolved.choice.kind === "lm" ||
      (resolved.choice.kind === "openai" && (!resolved.choice.needsKey || Boolean(resolved.apiKey)));
    await vscode.commands.executeCommand("setContext", "radar.modelReady", ready);
  };

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
  command("radar.showReport", (runId?: unknown) => {
    const run = typeof runId === "string" ? traceModel.run(runId) : traceModel.latest;
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
  command("radar.clearTrace", () => {
    traceModel.clear();
    traceTree.refresh();
    problems.clear();
  });
  command("radar.showLog", () => log.show());
  command("radar.openSettings", () =>
    vscode.commands.executeCommand("workbench.action.openSettings", "@ext:radar-dev.radar-data"),
  );
  command("radar.openWalkthrough", () =>
    vscode.commands.executeCommand("workbench.action.openWalkthrough", WALKTHROUGH, false),
  );

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
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() =>
      log.info("Workspace trusted: Bash is available to the agent."),
    ),
    { dispose: () => runs.cancel() },
  );
  if (vscode.lm?.onDidChangeChatModels)
    context.subscriptions.push(vscode.lm.onDidChangeChatModels(() => void refreshModelContext()));
  const sessions = new ChatSessions();
  const chatDeps = { ask: (request: AskRequest) => runs.ask(request), sessions, trace: traceModel };
  const chat = registerChatParticipant(chatDeps);
  if (chat) context.subscriptions.push(chat);
  // The language model tools share one runtime, fed to the same views as every run.
  const toolRuntime = new ToolRuntime({
    lake,
    allowBash: () => trustPolicy(vscode.workspace.isTrusted).allowBash,
    onEvent: viewFeed({ trace: traceTree, problems, log }),
    log,
  });
  const tools = registerLmTools(() => toolRuntime.get());
  if (tools.length === 0) log.info("Language model tools: this editor has no vscode.lm.registerTool.");
  const mcp = registerMcpServer(context.extensionPath, log);
  context.subscriptions.push(
    toolRuntime,
    { dispose: () => sessions.dispose() },
    ...tools,
    ...(mcp ? [mcp] : []),
  );
  void refreshModelContext();

  const activationMs = Math.round((performance.now() - loadStartedAt()) * 10) / 10;
  const runtimeLoaded = (): boolean =>
    Object.keys(require.cache).some((p) => p.includes("runtimeBundle") || p.includes("@duckdb"));
  const runtimeLoadedAtActivation = runtimeLoaded();
  log.info(
    `RADAR activated in ${activationMs} ms (${vscode.workspace.isTrusted ? "trusted" : "untrusted: Bash off"}; the runtime loads on first use)`,
  );
  return {
    activationMs,
    ask: (request) => runs.ask(request),
    cancel: () => runs.cancel(),
    traceModel,
    traceTree,
    sources,
    reportState: () => report.current,
    reportVisible: () => report.visible,
    diagnostics: problems.collection,
    chatHandler: chatHandler(chatDeps),
    lmTool: (op) => radarTool(op, () => toolRuntime.get()),
    runtimeLoaded,
    runtimeLoadedAtActivation,
  };
}

export function deactivate(): void {
  // Subscriptions dispose everything; a run in flight is cancelled by its disposable.
}

function realpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
