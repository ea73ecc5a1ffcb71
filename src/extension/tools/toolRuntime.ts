import type * as vscode from "vscode";
import type { Runtime } from "../../core/runtime.ts";
import type { TraceEvent } from "../../core/trace/traceEvents.ts";
import type { RadarLog } from "../host/radarLog.ts";
import { loadRuntime } from "../run/runtimeLoader.ts";

export interface ToolRuntimeDeps {
  lake: () => vscode.WorkspaceFolder | undefined;
  /** Asked at every call: trust granted mid-session turns Bash on for the next call. */
  allowBash: () => boolean;
  /** Where the runtime keeps its cache and trace (see stateLocation.ts). */
  stateDir: (folder: vscode.WorkspaceFolder) => string;
  /** A complete Source Map in the cache first, built out of the extension host. */
  prepare?: (folder: vscode.WorkspaceFolder) => Promise<void>;
  /** Where the runtime's events go: the Trace view, Problems and the log. */
  onEvent: (event: TraceEvent) => void;
  log: RadarLog;
}

/**
 * The one runtime behind the language model tools of a window: opened on the first tool call,
 * then shared, so tables a Scan registers are there for the next Query — one state and one trace
 * for every tool call, as an MCP session has.
 */
export class ToolRuntime implements vscode.Disposable {
  private opening: Promise<Runtime> | undefined;
  private runtime: Runtime | undefined;

  constructor(private readonly deps: ToolRuntimeDeps) {}

  get(): Promise<Runtime> {
    this.opening ??= this.open().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async open(): Promise<Runtime> {
    const folder = this.deps.lake();
    if (!folder) throw new Error("open a folder with data files first");
    const [bundle] = await Promise.all([loadRuntime(), this.deps.prepare?.(folder)]);
    this.runtime = await bundle.openRuntime(
      folder.uri.fsPath,
      {
        allowBash: this.deps.allowBash,
        question: "Language model tool calls",
        radarDir: this.deps.stateDir(folder),
      },
      this.deps.onEvent,
    );
    this.deps.log.info(
      `Tools: runtime opened over ${folder.uri.fsPath} (run ${this.runtime.runId}; trace ${this.runtime.trace.path})`,
    );
    return this.runtime;
  }

  dispose(): void {
    this.runtime?.close();
    this.runtime = undefined;
    this.opening = undefined;
  }
}
