import * as vscode from "vscode";
import type { HostToWebview, ReportLocation, ReportRun, ReportState } from "../../shared/reportProtocol.ts";
import { isReportState, isWebviewToHost } from "../../shared/reportProtocol.ts";
import { Disposable, DisposableStore } from "../host/disposable.ts";
import type { RadarLog } from "../host/radarLog.ts";
import { makeNonce, reportHtml } from "./reportHtml.ts";
import { errorText } from "../../core/text.ts";

export const REPORT_VIEW_TYPE = "radar.report";
const UPDATE_INTERVAL_MS = 200;

export interface ReportHandlers {
  openSource(lake: string, location: ReportLocation): Promise<unknown>;
  openTrace(path: string): Promise<unknown>;
  exportSql(runId: string): Promise<unknown>;
  ask(): Promise<unknown>;
}

/**
 * The report webview: one panel, reused for every run. It renders a `ReportState` sent over the
 * shared protocol; the page keeps the state itself (`setState`), and the serializer hands it back
 * after a window reload. Live updates during a run are coalesced to a few per second.
 */
export class ReportPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private state: ReportState = { version: 1 };
  private ready = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The open panel's own listeners, freed when it closes (the serializer lives as long as RADAR). */
  private readonly panelSubscriptions = this.register(new DisposableStore());

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly handlers: ReportHandlers,
    private readonly log: RadarLog,
  ) {
    super();
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.register({ dispose: () => this.panel?.dispose() });
    this.register(
      vscode.window.registerWebviewPanelSerializer(REPORT_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, saved: unknown) => {
          this.adopt(panel, isReportState(saved) ? saved : { version: 1 });
          this.log.info("Report restored after reload");
        },
      }),
    );
  }

  get current(): ReportState {
    return this.state;
  }

  get visible(): boolean {
    return this.panel?.visible ?? false;
  }

  /** Shows a run, opening the panel if needed. */
  show(run: ReportRun, options: { preserveFocus?: boolean; focusKey?: string } = {}): void {
    this.state = { version: 1, run, ...(options.focusKey ? { focusKey: options.focusKey } : {}) };
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(
        REPORT_VIEW_TYPE,
        "RADAR Report",
        { viewColumn: vscode.ViewColumn.Active, preserveFocus: options.preserveFocus ?? false },
        this.options(),
      );
      this.adopt(panel, this.state);
      return;
    }
    this.panel.reveal(undefined, options.preserveFocus ?? false);
    this.post({ type: "show", state: this.state });
  }

  /** A live update of the run on show; ignored when the panel shows another run or is closed. */
  update(run: ReportRun): void {
    if (!this.panel || (this.state.run && this.state.run.runId !== run.runId)) return;
    this.state = { ...this.state, run };
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.post({ type: "show", state: this.state });
    }, UPDATE_INTERVAL_MS);
  }

  /** Closes the report if it shows this run (the user dismissed the run). */
  dismiss(runId: string): boolean {
    if (this.state.run?.runId !== runId) return false;
    this.state = { version: 1 };
    this.panel?.dispose();
    return true;
  }

  focus(key: string): void {
    this.state = { ...this.state, focusKey: key };
    this.post({ type: "focus", key });
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableFindWidget: true,
      localResourceRoots: [
        vscode.Uri.joinPath(this.extensionUri, "dist", "webview"),
        vscode.Uri.joinPath(this.extensionUri, "media"),
      ],
    };
  }

  /** Listeners held for the open panel: two while it is open, none once it is closed. */
  get panelListeners(): number {
    return this.panelSubscriptions.size;
  }

  private adopt(panel: vscode.WebviewPanel, state: ReportState): void {
    // A restored panel may replace one still open: the old one's listeners go with it.
    this.panelSubscriptions.clear();
    this.panel = panel;
    this.state = state;
    this.ready = false;
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, "media", "radar.svg");
    const asset = (...path: string[]): string =>
      panel.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    panel.webview.html = reportHtml({
      cspSource: panel.webview.cspSource,
      nonce: makeNonce(),
      scriptUri: asset("dist", "webview", "report.js"),
      styleUri: asset("media", "report.css"),
      codiconUri: asset("dist", "webview", "codicon.css"),
    });
    this.panelSubscriptions.add(
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
    );
    this.panelSubscriptions.add(
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        this.panel = undefined;
        this.panelSubscriptions.clear();
      }),
    );
  }

  private async receive(message: unknown): Promise<void> {
    if (!isWebviewToHost(message)) {
      this.log.warn("Report: ignored a message of unknown shape");
      return;
    }
    try {
      switch (message.type) {
        case "ready":
          this.ready = true;
          this.post({ type: "show", state: this.state });
          break;
        case "openSource":
          // The lake comes from the host's own state, never from the message.
          if (this.state.run) await this.handlers.openSource(this.state.run.lake, message.location);
          break;
        case "openTrace":
          if (this.state.run?.tracePath) await this.handlers.openTrace(this.state.run.tracePath);
          break;
        case "exportSql":
          if (this.state.run) await this.handlers.exportSql(this.state.run.runId);
          break;
        case "ask":
          await this.handlers.ask();
          break;
      }
    } catch (error) {
      this.log.error(`Report: ${message.type} failed: ${errorText(error)}`);
    }
  }

  private post(message: HostToWebview): void {
    // Before "ready" the page renders its saved state and asks for the current one itself.
    if (this.panel && this.ready) void this.panel.webview.postMessage(message);
  }
}
