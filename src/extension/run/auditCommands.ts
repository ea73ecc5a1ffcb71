import { dirname } from "node:path";
import * as vscode from "vscode";
import { verifyText } from "../../core/audit/verifyText.ts";
import type { RadarLog } from "../host/radarLog.ts";
import type { RunStaleness } from "../trace/runStaleness.ts";
import type { TraceModel, TraceRun } from "../trace/traceModel.ts";
import type { TraceTreeProvider } from "../trace/traceTree.ts";
import { loadRuntime } from "./runtimeLoader.ts";

interface AuditDeps {
  traceModel: TraceModel;
  traceTree: TraceTreeProvider;
  staleness: RunStaleness;
  log: RadarLog;
  runIdOf: (element: unknown) => string | undefined;
}

/** The outcome of "Re-verify" (also what the command returns, for tests and other extensions). */
export interface VerifyOutcome {
  holds: boolean;
  lines: string[];
}

/**
 * "RADAR: Export Audit" (a run's audit as one HTML or Markdown file) and "RADAR: Re-verify Run"
 * (its reads and queries again on the lake as it is now). The runtime bundle loads on first use.
 */
export function registerAuditCommands(context: vscode.ExtensionContext, deps: AuditDeps): void {
  const { traceModel, traceTree, staleness, log, runIdOf } = deps;
  const runOf = (element: unknown): TraceRun | undefined => {
    const runId = runIdOf(element);
    return runId ? traceModel.run(runId) : (traceModel.latest ?? undefined);
  };
  const finished = (run: TraceRun | undefined): (TraceRun & { tracePath: string }) | undefined => {
    if (!run?.tracePath) {
      void vscode.window.showInformationMessage("RADAR: no run with a trace file yet. Use “Ask RADAR”.");
      return undefined;
    }
    if (run.status === "running") {
      void vscode.window.showInformationMessage("RADAR: this run is still going; wait for it to end.");
      return undefined;
    }
    return run as TraceRun & { tracePath: string };
  };

  context.subscriptions.push(
    vscode.commands.registerCommand("radar.exportAudit", async (element?: unknown, target?: unknown) => {
      const run = finished(runOf(element));
      if (!run) return undefined;
      const uri =
        target instanceof vscode.Uri
          ? target
          : await vscode.window.showSaveDialog({
              defaultUri: vscode.Uri.file(`${dirname(dirname(run.tracePath))}/radar-audit-${run.runId}.html`),
              filters: { "HTML audit": ["html"], "Markdown audit": ["md"] },
              title: "Export the run's audit",
            });
      if (!uri) return undefined;
      const bundle = await loadRuntime();
      const format = uri.path.toLowerCase().endsWith(".md") ? "md" : "html";
      const text = await bundle.exportRunAudit(
        run.tracePath,
        run.lake,
        dirname(dirname(run.tracePath)),
        format,
      );
      await vscode.workspace.fs.writeFile(uri, Buffer.from(text, "utf8"));
      log.info(`audit of run ${run.runId} written to ${uri.fsPath} (${text.length} bytes)`);
      if (!(target instanceof vscode.Uri))
        void vscode.window
          .showInformationMessage(`RADAR: audit written to ${uri.fsPath}.`, "Open")
          .then((choice) => (choice === "Open" ? vscode.env.openExternal(uri) : undefined));
      return uri;
    }),
    vscode.commands.registerCommand(
      "radar.verifyRun",
      async (element?: unknown): Promise<VerifyOutcome | undefined> => {
        const run = finished(runOf(element));
        if (!run) return undefined;
        const bundle = await loadRuntime();
        const report = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: "RADAR: re-verifying the run…" },
          () => bundle.verifyRunTrace(run.tracePath, run.lake, dirname(dirname(run.tracePath))),
        );
        const lines = verifyText(report);
        for (const line of lines) log.info(line);
        if (report.holds) {
          staleness.markVerified(run);
          void vscode.window.showInformationMessage(`RADAR: ${lines[0]}`);
        } else
          void vscode.window
            .showWarningMessage(`RADAR: ${lines.slice(0, 3).join(" · ")}`, "Show Log")
            .then((c) => (c ? log.show() : undefined));
        traceTree.refresh();
        return { holds: report.holds, lines };
      },
    ),
  );
}

/** Redraws the Trace view when files of the folder change (runs that read them turn stale). */
export function watchForStaleRuns(context: vscode.ExtensionContext, traceTree: TraceTreeProvider): void {
  const watcher = vscode.workspace.createFileSystemWatcher("**/*");
  let timer: NodeJS.Timeout | undefined;
  const redraw = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => traceTree.refresh(), 300);
  };
  context.subscriptions.push(
    watcher,
    watcher.onDidChange(redraw),
    watcher.onDidCreate(redraw),
    watcher.onDidDelete(redraw),
    { dispose: () => clearTimeout(timer) },
  );
}
