import * as vscode from "vscode";
import { Disposable } from "../host/disposable.ts";
import { lakeFile } from "../host/lakePaths.ts";
import { byFile, docsAnchor, problemsOf } from "./problemsModel.ts";
import type { ProblemEntry } from "./problemsModel.ts";
import type { TraceRun } from "../trace/traceModel.ts";

const SEVERITY: Record<ProblemEntry["severity"], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/**
 * The "RADAR" diagnostics in the Problems panel: the latest run's findings at their source rows,
 * one per location and rule (problemsModel.ts). Each run replaces the previous run's set; a click
 * opens the file at the row; dismissing the run clears them.
 */
export class ProblemsPanel extends Disposable {
  readonly collection = this.register(vscode.languages.createDiagnosticCollection("RADAR"));
  /** The run whose findings are shown. */
  runId: string | undefined;

  constructor(private readonly docs: vscode.Uri) {
    super();
  }

  clear(): void {
    this.collection.clear();
    this.runId = undefined;
  }

  /** Clears the panel if it shows this run's findings (the user dismissed the run). */
  dismiss(runId: string): boolean {
    if (this.runId !== runId) return false;
    this.clear();
    return true;
  }

  show(run: TraceRun): number {
    const groups = byFile(problemsOf(run));
    const next: [vscode.Uri, vscode.Diagnostic[]][] = [];
    for (const [file, entries] of groups) {
      const path = lakeFile(run.lake, file);
      if (path) next.push([vscode.Uri.file(path), entries.map((e) => this.diagnostic(run.lake, e))]);
    }
    this.collection.clear();
    this.collection.set(next);
    this.runId = run.runId;
    return next.reduce((n, [, d]) => n + d.length, 0);
  }

  private diagnostic(lake: string, e: ProblemEntry): vscode.Diagnostic {
    const line = Math.max(0, e.line - 1);
    // The whole row: the Problems panel opens at its start, the squiggle marks all of it.
    const range = new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER);
    const where = e.sheet ? ` [sheet ${e.sheet}, row ${e.line}]` : "";
    const d = new vscode.Diagnostic(range, `${e.message}${where} (${e.origin})`, SEVERITY[e.severity]);
    d.source = "RADAR";
    d.code = { value: e.code, target: this.docs.with({ fragment: docsAnchor(e.code) }) };
    const related = e.related.flatMap((r) => {
      const path = lakeFile(lake, r.file);
      if (!path) return [];
      const at = Math.max(0, r.line - 1);
      return [
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(vscode.Uri.file(path), new vscode.Range(at, 0, at, 0)),
          r.message,
        ),
      ];
    });
    if (related.length) d.relatedInformation = related;
    return d;
  }
}
