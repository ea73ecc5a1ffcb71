import * as vscode from "vscode";
import type { AgentStatus } from "../../agent/agentEvents.ts";
import type { ChatModel } from "../../agent/chatModel.ts";
import type { Runtime } from "../../core/runtime.ts";
import type { TraceEvent } from "../../core/trace/traceEvents.ts";
import { DisposableStore } from "../host/disposable.ts";
import type { ApiKeyStore } from "../model/apiKeyStore.ts";
import { LmChatModel } from "../model/lmChatModel.ts";
import { resolveModel } from "../model/modelResolver.ts";
import type { ProblemsPanel } from "../problems/problemsPanel.ts";
import type { RadarLog } from "../host/radarLog.ts";
import type { ReportPanel } from "../report/reportPanel.ts";
import { answerText, reportOf } from "../report/reportModel.ts";
import { loadRuntime } from "./runtimeLoader.ts";
import { coverageOf, formatBytes } from "../sources/sourcesModel.ts";
import { viewFeed } from "./viewFeed.ts";
import type { SourcesTreeProvider } from "../sources/sourcesTree.ts";
import type { TraceTreeProvider } from "../trace/traceTree.ts";
import type { TraceRun } from "../trace/traceModel.ts";
import { trustPolicy } from "../tools/trustPolicy.ts";
import { errorText, safeEndpoint } from "../../core/text.ts";

export interface AskRequest {
  question?: string;
  /** A chat model chosen by the caller (the chat participant's), instead of the settings. */
  lm?: vscode.LanguageModelChat;
  /** Cancels the run, besides the progress notification's button. */
  token?: vscode.CancellationToken;
  /** Every trace event of the run, for a caller streaming its own view (the chat). */
  onEvent?: (event: TraceEvent, run: TraceRun | undefined) => void;
  /** No progress notification and no report tab (the chat shows its own). */
  quiet?: boolean;
  /**
   * A runtime kept from an earlier run (a chat follow-up): the run goes on over its shared state,
   * as a new run with its own trace, instead of opening a fresh runtime.
   */
  runtime?: Runtime;
  /** Leave the runtime open and return it in the outcome, for a follow-up to reuse. */
  keepRuntime?: boolean;
}

export interface AskOutcome {
  status: AgentStatus | "not-started";
  runId?: string;
  answer?: string;
  error?: string;
  /** The run's runtime, still open, when the request asked to keep it. */
  runtime?: Runtime;
}

export interface RunDeps {
  log: RadarLog;
  keys: ApiKeyStore;
  trace: TraceTreeProvider;
  problems: ProblemsPanel;
  report: ReportPanel;
  sources: SourcesTreeProvider;
  lake: () => vscode.WorkspaceFolder | undefined;
  /** Where a run keeps its cache and trace (see stateLocation.ts). */
  stateDir: (folder: vscode.WorkspaceFolder) => string;
  /** Asks the user to set up a model (welcome, settings, walkthrough). */
  onNoModel: (reason: string) => void;
}

/**
 * One "Ask RADAR" run from question to report: choose the model, load the runtime, open it over the
 * workspace folder, run the agent under a cancellable progress notification, and feed every trace
 * event to the views. One run at a time.
 */
export class RunController {
  private running: AbortController | undefined;
  private trustNoticeShown = false;

  constructor(private readonly deps: RunDeps) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  cancel(): void {
    this.running?.abort();
  }

  async ask(request: AskRequest = {}): Promise<AskOutcome> {
    const { log } = this.deps;
    if (this.running) {
      const choice = await vscode.window.showWarningMessage(
        "RADAR is already answering a question.",
        "Cancel It",
      );
      if (choice === "Cancel It") this.cancel();
      return { status: "not-started", error: "a run is in progress" };
    }
    const folder = this.deps.lake();
    if (!folder) {
      void vscode.window.showWarningMessage("RADAR: open a folder with data files first.");
      return { status: "not-started", error: "no workspace folder" };
    }
    const question =
      request.question?.trim() ||
      (
        await vscode.window.showInputBox({
          title: "Ask RADAR",
          prompt: `A question about the data files in ${folder.name}`,
          placeHolder: "e.g. Which state ranks first in both rankings, and with what rates?",
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() === "" ? "Ask a question about the data." : undefined),
        })
      )?.trim();
    if (!question) return { status: "not-started", error: "no question" };

    let model: ChatModel;

    let endpoint: string | undefined;
    let apiKey: string | undefined;
    const resolved = await resolveModel(this.deps.keys);
    const maxSteps = resolved.settings.maxSteps;
    if (request.lm) model = new LmChatModel(request.lm);
    else if (resolved.choice.kind === "lm" && resolved.lm) model = new LmChatModel(resolved.lm);
    else if (resolved.choice.kind === "openai") {
      if (resolved.choice.needsKey && !resolved.apiKey) {
        this.deps.onNoModel("OpenAI's endpoint needs an API key: run “RADAR: Set API Key”.");
        return { status: "not-started", error: "no API key" };
      }
      const runtime = await loadRuntime();
      apiKey = resolved.apiKey;
      endpoint = resolved.choice.baseUrl;
      model = runtime.openAiModel({
        model: resolved.choice.model,
        ...(resolved.choice.baseUrl ? { baseURL: resolved.choice.baseUrl } : {}),
        ...(apiKey ? { apiKey } : {}),
      });
    } else {
      const reason =
        resolved.choice.kind === "none" ? resolved.choice.reason : "No language model is available.";
      this.deps.onNoModel(reason);
      return { status: "not-started", error: reason };
    }
    log.setSecrets(apiKey ? [apiKey] : []);
    log.info(
      `Model: ${resolved.choice.kind === "openai" ? `OpenAI-compatible ${resolved.choice.model} at ${resolved.choice.baseUrl ? safeEndpoint(resolved.choice.baseUrl) : "OpenAI's endpoint (radar.baseUrl is empty)"}${apiKey ? ", with the stored key" : ", no key"}` : `VS Code chat model ${model.name}`} (radar.provider: ${resolved.settings.provider})`,
    );

    const policy = trustPolicy(vscode.workspace.isTrusted);
    if (policy.notice) {
      log.warn(policy.notice);
      if (!this.trustNoticeShown) {
        this.trustNoticeShown = true;
        void vscode.window.showWarningMessage(`RADAR: ${policy.notice}`);
      }
    }

    const abort = new AbortController();
    this.running = abort;
    // The tokens outlive the run (a chat request's lives as long as its turn): their listeners go with the run.
    const listeners = new DisposableStore();
    if (request.token) listeners.add(request.token.onCancellationRequested(() => abort.abort()));
    const work = (progress?: vscode.Progress<{ message?: string }>): Promise<AskOutcome> =>
      this.run(folder, question, model, {
        maxSteps,
        bashAtStart: policy.allowBash,
        endpoint,
        abort,
        request,
        progress,
      });
    try {
      if (request.quiet) return await work();
      return await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: "RADAR", cancellable: true },
        (progress, token) => {
          listeners.add(token.onCancellationRequested(() => abort.abort()));
          return work(progress);
        },
      );
    } finally {
      listeners.dispose();
      this.running = undefined;
      void vscode.commands.executeCommand("setContext", "radar.running", false);
    }
  }

  private async run(
    folder: vscode.WorkspaceFolder,
    question: string,
    model: ChatModel,
    o: {
      maxSteps: number;
      bashAtStart: boolean;
      endpoint: string | undefined;
      abort: AbortController;
      request: AskRequest;
      progress: vscode.Progress<{ message?: string }> | undefined;
    },
  ): Promise<AskOutcome> {
    const { log, trace, problems, report, sources } = this.deps;
    const say = (message: string): void => o.progress?.report({ message });
    void vscode.commands.executeCommand("setContext", "radar.running", true);
    log.info(
      `Ask: “${question}” over ${folder.uri.fsPath} with ${model.name}${o.endpoint ? ` at ${safeEndpoint(o.endpoint)}` : ""}, at most ${o.maxSteps} steps${o.bashAtStart ? "" : ", Bash off until the workspace is trusted"}`,
    );
    say("loading the runtime…");
    const started = Date.now();
    const bundle = await loadRuntime();
    let runId: string | undefined;
    const feed = viewFeed({ trace, problems, log });
    const onEvent = (event: TraceEvent): void => {
      const run = feed(event);
      if (event.type === "run-start") {
        runId = event.runId;
        if (!o.request.quiet && run) report.show(reportOf(run), { preserveFocus: true });
      }
      if (run) report.update(reportOf(run));
      const line = progressLine(event);
      if (line) say(line);
      o.request.onEvent?.(event, run);
    };
    let runtime: Runtime | undefined;
    let detach: (() => void) | undefined;
    try {
      if (o.request.runtime) {
        runtime = o.request.runtime;
        detach = runtime.onEvent(onEvent);
        runtime.nextRun(question);
      } else {
        // The Source Map is built out of the extension host (the Sources view's mapping, shared
        // if one is under way); the runtime then finds every file in the cache.
        say("mapping the data files…");
        await sources.mapForRun(
          (p) =>
            say(
              `mapping ${p.filesDone} of ${p.filesTotal} files (${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)})`,
            ),
          o.abort.signal,
        );
        if (o.abort.signal.aborted)
          return { status: "cancelled", error: "cancelled while mapping the data files" };
        runtime = await bundle.openRuntime(
          folder.uri.fsPath,
          {
            // Asked at every call: trust granted during the run turns Bash on for the next call.
            allowBash: () => trustPolicy(vscode.workspace.isTrusted).allowBash,
            question,
            radarDir: this.deps.stateDir(folder),
            onMapProgress: (p) => say(`mapping ${p.filesDone}/${p.filesTotal}: ${p.path}`),
          },
          onEvent,
        );
        const opened = runtime;
        detach = () => opened.offEvent(onEvent);
      }
      const run = trace.model.run(runtime.runId);
      if (run) run.tracePath = runtime.trace.path;
      const result = await bundle.askAgent(runtime, model, question, {
        maxSteps: o.maxSteps,
        signal: o.abort.signal,
        ...(o.endpoint ? { endpoint: o.endpoint } : {}),
        // Chat models in VS Code are not billed per token to the user here: no price.
        ...(model instanceof LmChatModel ? { price: null } : {}),
      });
      sources.showRun(runtime.map, coverageOf(runtime.state));
      const finished = trace.model.run(runtime.runId);
      if (finished) {
        const count = problems.show(finished);
        if (!o.request.quiet) report.show(reportOf(finished));
        log.info(
          `Run ${runtime.runId} ${result.status} in ${Date.now() - started} ms, ${result.steps} step(s), ${count} problem(s); trace ${result.trace}`,
        );
      }
      if (result.status !== "answered" && !o.request.quiet) {
        void vscode.window
          .showWarningMessage(
            `RADAR: no answer (${result.status}): ${result.error ?? ""}`,
            "Show Report",
            "Show Log",
          )
          .then((choice) => {
            if (choice === "Show Report") void vscode.commands.executeCommand("radar.showReport");
            if (choice === "Show Log") log.show();
          });
      }
      return {
        status: result.status,
        runId: runtime.runId,
        ...(result.answer !== undefined ? { answer: answerText(result.answer) } : {}),
        ...(result.error ? { error: result.error } : {}),
        ...(o.request.keepRuntime ? { runtime } : {}),
      };
    } catch (error) {
      const message = errorText(error);
      log.error(`Run failed: ${message}`);
      if (!o.request.quiet) void vscode.window.showErrorMessage(`RADAR: the run failed: ${message}`);
      return {
        status: "failed",
        ...(runId ? { runId } : {}),
        error: message,
        ...(o.request.keepRuntime && runtime ? { runtime } : {}),
      };
    } finally {
      // A kept runtime — or one the caller passed in, and so owns — stays open, without this
      // run's listener.
      if (o.request.keepRuntime || o.request.runtime) detach?.();
      else runtime?.close();
    }
  }
}

function progressLine(event: TraceEvent): string | undefined {
  switch (event.type) {
    case "call":
      return `#${event.index} ${event.op} ${event.status}`;
    case "agent-step":
      return `step ${String(event.step)}: asking the model…`;
    case "agent-answer":
      return `checking the answer: ${String(event.status)}`;
    default:
      return undefined;
  }
}
