import * as vscode from "vscode";
import type { RunStaleness } from "./runStaleness.ts";
import { Disposable } from "../host/disposable.ts";
import type { ReportCallStatus } from "../../shared/reportProtocol.ts";
import { SEVERITY_ICONS, operatorIcon, statusColor } from "./operatorLook.ts";
import { callDescription, callDetails, callLabel } from "./traceDetails.ts";
import type { TraceDetail } from "./traceDetails.ts";
import { findCall } from "./traceModel.ts";
import type { TraceBatch, TraceCall, TraceModel, TraceRun } from "./traceModel.ts";

/** Tree elements are addresses into the model, so a refresh never holds stale objects. */
export type TraceElement =
  | { kind: "run"; runId: string }
  | { kind: "batch"; runId: string; step: number }
  | { kind: "call"; runId: string; key: string }
  | { kind: "detail"; runId: string; key: string; index: number };

/** The Trace view: runs → batches → operator calls → details, refreshed as events arrive. */
export class TraceTreeProvider extends Disposable implements vscode.TreeDataProvider<TraceElement> {
  private readonly changed = this.register(new vscode.EventEmitter<TraceElement | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    readonly model: TraceModel,
    /** Runs whose files changed since they read them (drawn stale, with "Re-verify"). */
    readonly staleness?: RunStaleness,
  ) {
    super();
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getChildren(element?: TraceElement): TraceElement[] {
    if (!element) return [...this.model.runs].reverse().map((r) => ({ kind: "run", runId: r.runId }));
    const run = this.model.run(element.runId);
    if (!run) return [];
    switch (element.kind) {
      case "run":
        return run.batches.map((b) => ({ kind: "batch", runId: run.runId, step: b.step }));
      case "batch":
        return (run.batches.find((b) => b.step === element.step)?.calls ?? []).map((c) => ({
          kind: "call",
          runId: run.runId,
          key: c.key,
        }));
      case "call": {
        const call = findCall(run, element.key);
        return call
          ? callDetails(call).map((_, index) => ({ kind: "detail", runId: run.runId, key: call.key, index }))
          : [];
      }
      case "detail":
        return [];
    }
  }

  getParent(element: TraceElement): TraceElement | undefined {
    const run = this.model.run(element.runId);
    switch (element.kind) {
      case "run":
        return undefined;
      case "batch":
        return { kind: "run", runId: element.runId };
      case "call": {
        const step = run ? findCall(run, element.key)?.step : undefined;
        return step === undefined ? undefined : { kind: "batch", runId: element.runId, step };
      }
      case "detail":
        return { kind: "call", runId: element.runId, key: element.key };
    }
  }

  getTreeItem(element: TraceElement): vscode.TreeItem {
    const run = this.model.run(element.runId);
    if (!run) return new vscode.TreeItem("(gone)");
    switch (element.kind) {
      case "run":
        return this.runItem(run);
      case "batch":
        return batchItem(
          run,
          run.batches.find((b) => b.step === element.step),
        );
      case "call": {
        const call = findCall(run, element.key);
        return call ? callItem(run, call) : new vscode.TreeItem("(gone)");
      }
      case "detail": {
        const call = findCall(run, element.key);
        const detail = call ? callDetails(call)[element.index] : undefined;
        return detail ? detailItem(run, call!, detail, element.index) : new vscode.TreeItem("(gone)");
      }
    }
  }

  private runItem(run: TraceRun): vscode.TreeItem {
    const latest = this.model.latest?.runId === run.runId;
    const item = new vscode.TreeItem(
      run.question || run.runId,
      latest ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = run.runId;
    const stale = this.staleness?.changed(run) ?? [];
    item.contextValue =
      run.status === "running" ? "radarRunRunning" : stale.length ? "radarRun.stale" : "radarRun";
    const calls = run.batches.reduce((n, b) => n + b.calls.length, 0);
    const findings = runFindings(run);
    item.description = [
      stale.length ? `stale: ${stale.length} file${stale.length === 1 ? "" : "s"} changed` : undefined,
      run.status,
      `${calls} call${calls === 1 ? "" : "s"}`,
      findings ? `${findings} finding${findings === 1 ? "" : "s"}` : undefined,
      run.model,
    ]
      .filter(Boolean)
      .join(" · ");
    item.iconPath = stale.length
      ? new vscode.ThemeIcon("history", new vscode.ThemeColor("list.warningForeground"))
      : run.status === "running"
        ? new vscode.ThemeIcon("loading~spin")
        : run.status === "answered"
          ? new vscode.ThemeIcon("pass", new vscode.ThemeColor("testing.iconPassed"))
          : new vscode.ThemeIcon("error", new vscode.ThemeColor("problemsErrorIcon.foreground"));
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**${escape(run.question)}**\n\n`);
    tooltip.appendMarkdown(`status: ${run.status}${run.end?.error ? ` — ${escape(run.end.error)}` : ""}\n\n`);
    tooltip.appendMarkdown(`run ${run.runId} · started ${run.startedAt}\n\n`);
    if (stale.length)
      tooltip.appendMarkdown(
        `changed since the run read them: ${stale.map((f) => `\`${escape(f)}\``).join(", ")} — “Re-verify” re-runs its reads and queries\n\n`,
      );
    if (run.tracePath) tooltip.appendMarkdown(`trace: \`${run.tracePath}\``);
    item.tooltip = tooltip;
    item.command = { command: "radar.showReport", title: "Show Report", arguments: [run.runId] };
    item.accessibilityInformation = { label: `RADAR run: ${run.question}, ${item.description}` };
    return item;
  }
}

/**
 * One model turn. In a long run most turns are routine: a turn starts expanded only when it holds
 * a call that was rejected, failed or warned, or is the turn under way — the rest are one line
 * each, with their counts, so a run of a hundred calls still reads at a glance. (VS Code keeps
 * what the user expands or collapses.)
 */
function batchItem(run: TraceRun, batch: TraceBatch | undefined): vscode.TreeItem {
  if (!batch) return new vscode.TreeItem("(gone)");
  const label = batch.step === 0 ? "Preparation" : `Step ${batch.step}`;
  const counts = statusCounts(batch.calls);
  const notable = counts.rejected + counts.failed + counts.warning > 0;
  const current = run.status === "running" && run.batches.at(-1) === batch;
  const item = new vscode.TreeItem(
    label,
    notable || current || run.batches.length <= 3
      ? vscode.TreeItemCollapsibleState.Expanded
      : vscode.TreeItemCollapsibleState.Collapsed,
  );
  // A turn under way has its own id: once it is done VS Code takes it as a new item and opens or
  // closes it by what it holds, instead of keeping it open because it was open while running.
  item.id = `${run.runId}/step${batch.step}${current ? "/live" : ""}`;
  const parts = [
    `${batch.calls.length} call${batch.calls.length === 1 ? "" : "s"}`,
    counts.rejected ? `${counts.rejected} rejected` : undefined,
    counts.failed ? `${counts.failed} failed` : undefined,
    counts.warning ? `${counts.warning} warned` : undefined,
    batch.tokens ? `${batch.tokens.input} in / ${batch.tokens.output} out tokens` : undefined,
    batch.durationMs !== undefined ? `${batch.durationMs} ms` : undefined,
    batch.attempts && batch.attempts > 1 ? `${batch.attempts} attempts` : undefined,
  ];
  item.description = parts.filter(Boolean).join(" · ");
  item.iconPath = new vscode.ThemeIcon(
    batch.step === 0 ? "debug-start" : "hubot",
    counts.rejected || counts.failed
      ? new vscode.ThemeColor("problemsErrorIcon.foreground")
      : counts.warning
        ? new vscode.ThemeColor("problemsWarningIcon.foreground")
        : undefined,
  );
  if (batch.content) item.tooltip = batch.content;
  item.accessibilityInformation = { label: `${label}: ${item.description}` };
  return item;
}

function statusCounts(calls: TraceCall[]): Record<"rejected" | "failed" | "warning", number> {
  const counts = { rejected: 0, failed: 0, warning: 0 };
  for (const c of calls)
    if (c.status === "rejected" || c.status === "failed" || c.status === "warning") counts[c.status]++;
  return counts;
}

/** Findings of the run's calls and final checks (as reported, before Problems merges them). */
function runFindings(run: TraceRun): number {
  let n = run.finalDiagnostics.length;
  for (const b of run.batches)
    for (const c of b.calls) n += (c.event?.diagnostics.length ?? 0) + (c.answer?.diagnostics.length ?? 0);
  return n;
}

function callItem(run: TraceRun, call: TraceCall): vscode.TreeItem {
  const item = new vscode.TreeItem(callLabel(call), vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `${run.runId}/${call.key}`;
  item.description = callDescription(call);
  item.iconPath = statusIcon(call.op, call.status);
  item.contextValue = `radarCall.${call.status}`;
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(`**${call.op}** ${call.event ? `#${call.event.index} ` : ""}— ${call.status}\n\n`);
  const sql = typeof call.args.sql === "string" ? call.args.sql : undefined;
  if (sql) tooltip.appendCodeblock(sql, "sql");
  else tooltip.appendCodeblock(JSON.stringify(call.args, null, 2), "json");
  for (const d of [...(call.event?.diagnostics ?? []), ...(call.answer?.diagnostics ?? [])])
    tooltip.appendMarkdown(`\n\n$(${SEVERITY_ICONS[d.severity]}) **${d.code}** ${escape(d.message)}`);
  item.tooltip = tooltip;
  item.command = { command: "radar.showCall", title: "Show Call", arguments: [run.runId, call.key] };
  item.accessibilityInformation = { label: `${callLabel(call)}, ${item.description}` };
  return item;
}

function detailItem(run: TraceRun, call: TraceCall, detail: TraceDetail, index: number): vscode.TreeItem {
  const item = new vscode.TreeItem(detail.label, vscode.TreeItemCollapsibleState.None);
  item.id = `${run.runId}/${call.key}/${index}`;
  if (detail.description) item.description = detail.description;
  if (detail.tooltip) item.tooltip = detail.tooltip;
  item.iconPath =
    detail.icon === "args"
      ? new vscode.ThemeIcon("symbol-parameter")
      : detail.icon === "fact"
        ? new vscode.ThemeIcon("symbol-field")
        : detail.icon === "error" || detail.icon === "warning" || detail.icon === "info"
          ? new vscode.ThemeIcon(
              detail.icon,
              new vscode.ThemeColor(
                detail.icon === "info"
                  ? "problemsInfoIcon.foreground"
                  : `problems${cap(detail.icon)}Icon.foreground`,
              ),
            )
          : undefined;
  if (detail.location)
    item.command = {
      command: "radar.openSource",
      title: "Open Source Row",
      arguments: [run.lake, detail.location],
    };
  return item;
}

export function statusIcon(op: string, status: ReportCallStatus): vscode.ThemeIcon {
  if (status === "running") return new vscode.ThemeIcon("loading~spin");
  const color = statusColor(status);
  return new vscode.ThemeIcon(operatorIcon(op), color ? new vscode.ThemeColor(color) : undefined);
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, "\\$&");
}
