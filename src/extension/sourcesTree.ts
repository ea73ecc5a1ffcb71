import * as vscode from "vscode";
import type { SourceMap } from "../core/sourceMap/sourceEntry.ts";
import { debounce, isIgnoredChange } from "./debounce.ts";
import type { Debouncer } from "./debounce.ts";
import { formatIcon } from "./operatorLook.ts";
import type { RadarLog } from "./radarLog.ts";
import { loadRuntime } from "./runtimeLoader.ts";
import { sourceNodes } from "./sourcesModel.ts";
import type { LakeCoverage, SourceNode } from "./sourcesModel.ts";

export type SourceElement =
  | { kind: "file"; path: string }
  | { kind: "table"; path: string; table: number }
  | { kind: "column"; path: string; table: number; column: number };

const REFRESH_DELAY_MS = 1000;

/**
 * The Sources view: the lake's Source Map with the latest run's coverage. The map is built on
 * first display (that loads DuckDB) or taken from a run, and rebuilt — from the cache for
 * unchanged files — a moment after files change, only while the view is visible.
 */
export class SourcesTreeProvider implements vscode.TreeDataProvider<SourceElement>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SourceElement | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private nodes: SourceNode[] | undefined;
  private map: SourceMap | undefined;
  private coverage: LakeCoverage = new Map();
  private building: Promise<void> | undefined;
  private stale = false;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly refresher: Debouncer<string>;
  view: vscode.TreeView<SourceElement> | undefined;
  /** How many times the map was (re)built, for tests and logs. */
  builds = 0;

  constructor(
    private readonly lake: () => vscode.WorkspaceFolder | undefined,
    private readonly log: RadarLog,
  ) {
    this.refresher = debounce(REFRESH_DELAY_MS, (paths) => {
      this.log.info(`Sources: ${paths.length} file change(s), refreshing the Source Map`);
      this.invalidate();
    });
    const watcher = vscode.workspace.createFileSystemWatcher("**/*");
    const onChange = (uri: vscode.Uri): void => {
      const folder = this.lake();
      if (!folder) return;
      const rel = vscode.workspace.asRelativePath(uri, false);
      if (!isIgnoredChange(rel)) this.refresher.trigger(rel);
    };
    this.disposables.push(
      watcher,
      watcher.onDidCreate(onChange),
      watcher.onDidChange(onChange),
      watcher.onDidDelete(onChange),
      this.changed,
    );
  }

  attach(view: vscode.TreeView<SourceElement>): void {
    this.view = view;
    this.disposables.push(
      view.onDidChangeVisibility((e) => {
        if (e.visible && this.stale) this.invalidate();
      }),
    );
  }

  /** The map and coverage of a finished run: no rebuild needed. */
  showRun(map: SourceMap, coverage: LakeCoverage): void {
    this.map = map;
    this.coverage = coverage;
    this.nodes = sourceNodes(map, coverage);
    this.stale = false;
    this.setMessage();
    this.changed.fire(undefined);
  }

  /** Files changed: rebuild now if shown, else when next shown. */
  invalidate(): void {
    if (this.view && !this.view.visible) {
      this.stale = true;
      return;
    }
    this.stale = false;
    void this.build();
  }

  /** Waits for a build in progress (tests, the refresh command). */
  async ready(): Promise<SourceNode[]> {
    if (!this.nodes && !this.building) void this.build();
    await this.building;
    return this.nodes ?? [];
  }

  private build(): Promise<void> {
    const folder = this.lake();
    if (!folder) {
      this.setMessage("Open a folder with data files to see its Source Map.");
      return Promise.resolve();
    }
    if (this.building) return this.building;
    this.setMessage("Mapping the lake…");
    const started = Date.now();
    this.building = (async () => {
      try {
        const runtime = await loadRuntime();
        const map = await runtime.mapLake(folder.uri.fsPath);
        this.builds++;
        this.map = map;
        this.nodes = sourceNodes(map, this.coverage);
        this.log.info(`Sources: mapped ${map.files.length} file(s) in ${Date.now() - started} ms`);
        this.setMessage();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.log.error(`Sources: the Source Map failed: ${message}`);
        this.setMessage(`The Source Map failed: ${message}`);
      } finally {
        this.building = undefined;
        this.changed.fire(undefined);
      }
    })();
    return this.building;
  }

  private setMessage(message?: string): void {
    if (!this.view) return;
    this.view.message =
      message ?? (this.map && this.map.files.length === 0 ? "No data files in this folder." : undefined);
  }

  getChildren(element?: SourceElement): SourceElement[] {
    if (!element) {
      if (!this.nodes) {
        void this.build();
        return [];
      }
      return this.nodes.map((n) => ({ kind: "file", path: n.path }));
    }
    const node = this.node(element.path);
    if (!node) return [];
    if (element.kind === "file") {
      if (node.tables.length === 1)
        return node.tables[0]!.columns.map((_, column) => ({
          kind: "column",
          path: node.path,
          table: 0,
          column,
        }));
      return node.tables.map((_, table) => ({ kind: "table", path: node.path, table }));
    }
    if (element.kind === "table")
      return (node.tables[element.table]?.columns ?? []).map((_, column) => ({
        kind: "column",
        path: node.path,
        table: element.table,
        column,
      }));
    return [];
  }

  getTreeItem(element: SourceElement): vscode.TreeItem {
    const node = this.node(element.path);
    if (!node) return new vscode.TreeItem(element.path);
    if (element.kind === "file") return fileItem(node, this.lake());
    if (element.kind === "table") {
      const table = node.tables[element.table]!;
      const item = new vscode.TreeItem(table.label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `${node.path}#${element.table}`;
      item.description = table.description;
      item.iconPath = new vscode.ThemeIcon("table");
      return item;
    }
    const column = node.tables[element.table]!.columns[element.column]!;
    const item = new vscode.TreeItem(column.label, vscode.TreeItemCollapsibleState.None);
    item.id = `${node.path}#${element.table}#${element.column}`;
    item.description = column.description;
    item.tooltip = `${column.label}: ${column.description}${column.probed ? "\nprobed by the latest run" : ""}`;
    item.iconPath = new vscode.ThemeIcon(
      "symbol-field",
      column.probed ? new vscode.ThemeColor("testing.iconPassed") : undefined,
    );
    return item;
  }

  getParent(element: SourceElement): SourceElement | undefined {
    if (element.kind === "file") return undefined;
    if (element.kind === "table") return { kind: "file", path: element.path };
    const node = this.node(element.path);
    return node && node.tables.length > 1
      ? { kind: "table", path: element.path, table: element.table }
      : { kind: "file", path: element.path };
  }

  sourceNodes(): SourceNode[] | undefined {
    return this.nodes;
  }

  private node(path: string): SourceNode | undefined {
    return this.nodes?.find((n) => n.path === path);
  }

  dispose(): void {
    this.refresher.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

function fileItem(node: SourceNode, folder: vscode.WorkspaceFolder | undefined): vscode.TreeItem {
  const expandable = node.tables.length > 0;
  const item = new vscode.TreeItem(
    node.path,
    expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = node.path;
  item.description = node.description;
  item.tooltip = node.tooltip;
  const color = node.error
    ? "problemsErrorIcon.foreground"
    : node.coverage === "scanned"
      ? "testing.iconPassed"
      : node.coverage === "partial"
        ? "problemsWarningIcon.foreground"
        : undefined;
  item.iconPath = new vscode.ThemeIcon(
    node.error ? "warning" : formatIcon(node.format),
    color ? new vscode.ThemeColor(color) : undefined,
  );
  item.contextValue = `radarSource.${node.coverage}`;
  if (folder)
    item.command = {
      command: "radar.openSource",
      title: "Open File",
      arguments: [folder.uri.fsPath, { file: node.path, line: 1 }],
    };
  item.accessibilityInformation = { label: `${node.path}, ${node.description}` };
  return item;
}
