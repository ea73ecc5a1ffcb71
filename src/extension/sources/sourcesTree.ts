import * as vscode from "vscode";
import { cachedEntries } from "../../core/sourceMap/crawl/mapCache.ts";
import type { BuildStats, MapProgress } from "../../core/sourceMap/crawl/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "../../core/sourceMap/sourceEntry.ts";
import { debounce, isIgnoredChange } from "../host/debounce.ts";
import { Disposable } from "../host/disposable.ts";
import type { Debouncer } from "../host/debounce.ts";
import { formatIcon } from "../trace/operatorLook.ts";
import type { RadarLog } from "../host/radarLog.ts";
import { mapInChild } from "./sourceMapper.ts";
import type { MapOutcome } from "./sourceMapper.ts";
import { familyNode, formatBytes, sourceNodes } from "./sourcesModel.ts";
import type { FamilyNode, LakeCoverage, SourceNode } from "./sourcesModel.ts";
import { errorText } from "../../core/text.ts";
import { findFileFamilies } from "../../core/discover/fileFamilies.ts";

export type SourceElement =
  | { kind: "family"; pattern: string }
  | { kind: "file"; path: string }
  | { kind: "table"; path: string; table: number }
  | { kind: "column"; path: string; table: number; column: number };

export interface SourcesDeps {
  lake: () => vscode.WorkspaceFolder | undefined;
  log: RadarLog;
  /** The state folder (Source Map cache) of a workspace folder. */
  stateDir: (folder: vscode.WorkspaceFolder) => string;
  /** dist/mapWorker.cjs. */
  workerPath: string;
}

/** What the view knows of the mapping in progress, for the message line and for a waiting run. */
export type MappingProgress = MapProgress;

const REFRESH_DELAY_MS = 1000;
/**
 * The tree and its message are redrawn at most this often while files arrive: often enough to
 * watch, seldom enough that redrawing never competes with typing.
 */
const DRAW_INTERVAL_MS = 1000;

interface Mapping {
  abort: AbortController;
  progress?: MapProgress;
  done: Promise<MapOutcome | undefined>;
  started: number;
}

/**
 * The Sources view: the lake's Source Map with the latest run's coverage. The map is built in a
 * child process (sourceMapper.ts) on first display, with a progress bar and a message counting
 * files and bytes; each file appears as soon as it is mapped, and the mapping can be stopped from
 * the view's title bar (what was mapped is kept in the cache). A file changed on disk is mapped
 * again a moment later — alone: the others come from the cache — and only while the view is
 * visible. A family of files of one layout (fileFamilies.ts: `observations/{year}/{number}/{number}.csv`)
 * is one collapsed node with its range, whatever its size; its members are listed when it is
 * expanded. Unreadable files are listed as such.
 */
export class SourcesTreeProvider extends Disposable implements vscode.TreeDataProvider<SourceElement> {
  private readonly changed = this.register(new vscode.EventEmitter<SourceElement | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** Mapped files, in the lake's order. */
  private entries = new Map<string, SourceEntry>();
  private nodes: SourceNode[] | undefined;
  private byPath = new Map<string, SourceNode>();
  private families: FamilyNode[] = [];
  private familyByPattern = new Map<string, FamilyNode>();
  /** Each member's family. */
  private familyOf = new Map<string, FamilyNode>();
  private coverage: LakeCoverage = new Map();
  private mapping: Mapping | undefined;
  private stale = false;
  private watching = false;
  /** Why the last mapping failed, shown until the next one. */
  private failure: string | undefined;
  private drawTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(p: MapProgress) => void>();
  private readonly refresher: Debouncer<string>;
  view: vscode.TreeView<SourceElement> | undefined;
  /** How many times a mapping ran to its end, for tests and logs. */
  builds = 0;
  /** Whether every file of the lake is mapped (false while mapping, after a stop or a failure). */
  complete = false;
  /** What the last completed mapping did: files profiled and taken from the cache. */
  lastStats: BuildStats | undefined;
  /** The files the last mapping profiled again (changed since the cache). */
  lastProfiled: string[] = [];

  constructor(private readonly deps: SourcesDeps) {
    super();
    this.refresher = debounce(REFRESH_DELAY_MS, (paths) => {
      this.deps.log.info(
        `Sources: ${paths.length} file change(s) (${paths.slice(0, 3).join(", ")}${paths.length > 3 ? ", …" : ""}), mapping again`,
      );
      this.invalidate();
    });
    this.register(this.refresher);
    this.register({ dispose: () => clearTimeout(this.drawTimer) });
    // A mapping still running is stopped before its emitter and debouncer are freed.
    this.register({ dispose: () => this.mapping?.abort.abort() });
  }

  /** Watches the folder from the first mapping on (not at activation: it costs nothing until then). */
  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    const watcher = vscode.workspace.createFileSystemWatcher("**/*");
    const onChange = (uri: vscode.Uri): void => {
      const folder = this.deps.lake();
      if (!folder || vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() !== folder.uri.toString())
        return;
      const rel = vscode.workspace.asRelativePath(uri, false);
      if (!isIgnoredChange(rel)) this.refresher.trigger(rel);
    };
    this.register(watcher);
    this.register(watcher.onDidCreate(onChange));
    this.register(watcher.onDidChange(onChange));
    this.register(watcher.onDidDelete(onChange));
  }

  attach(view: vscode.TreeView<SourceElement>): void {
    this.view = view;
    this.register(
      view.onDidChangeVisibility((e) => {
        if (e.visible && this.stale) this.invalidate();
      }),
    );
  }

  get mappingInProgress(): boolean {
    return this.mapping !== undefined;
  }

  /** The map and coverage of a finished run: no mapping needed. */
  showRun(map: SourceMap, coverage: LakeCoverage): void {
    this.watch();
    this.coverage = coverage;
    this.entries = new Map(map.files.map((f) => [f.path, f]));
    this.complete = true;
    this.stale = false;
    this.draw();
  }

  /** Files changed: map again now if shown, else when next shown. */
  invalidate(): void {
    if (this.view && !this.view.visible) {
      this.stale = true;
      return;
    }
    this.stale = false;
    if (this.mapping) {
      // A mapping in flight may have read the file before it changed: go again after it.
      void this.mapping.done.then(() => this.invalidate());
      return;
    }
    void this.build();
  }

  /** Stops the mapping in progress; what was mapped stays in the view and in the cache. */
  cancel(): boolean {
    if (!this.mapping) return false;
    this.mapping.abort.abort();
    return true;
  }

  /** Waits for a complete map (tests, the refresh command): the nodes, once every file is mapped. */
  async ready(): Promise<SourceNode[]> {
    if (this.mapping) await this.mapping.done;
    if (!this.complete) await this.build();
    return this.nodes ?? [];
  }

  /**
   * Before a run opens its runtime: a complete, current map in the cache, built out of the
   * extension host, so that the runtime finds every file there. `onProgress` follows the mapping.
   */
  async mapForRun(onProgress: (p: MapProgress) => void, signal: AbortSignal): Promise<void> {
    this.listeners.add(onProgress);
    const stop = (): void => void this.cancel();
    signal.addEventListener("abort", stop, { once: true });
    try {
      if (this.mapping) await this.mapping.done;
      if (signal.aborted) return;
      if (!this.complete || this.stale) await this.build();
    } finally {
      signal.removeEventListener("abort", stop);
      this.listeners.delete(onProgress);
    }
  }

  private build(): Promise<MapOutcome | undefined> {
    const folder = this.deps.lake();
    if (!folder) {
      this.setMessage("Open a folder with data files to see its Source Map.");
      return Promise.resolve(undefined);
    }
    if (this.mapping) return this.mapping.done;
    this.watch();
    const abort = new AbortController();
    const started = Date.now();
    const first = this.entries.size === 0;
    const mapping: Mapping = { abort, started, done: Promise.resolve(undefined) };
    this.mapping = mapping;
    this.complete = false;
    this.failure = undefined;
    void vscode.commands.executeCommand("setContext", "radar.mapping", true);
    this.setMessage(first ? "Mapping the data files: listing them…" : undefined);
    const profiled: string[] = [];
    const stateDir = this.deps.stateDir(folder);
    if (first) void this.showCached(stateDir, mapping);
    mapping.done = (async () => {
      try {
        const outcome = await mapInChild({
          lake: folder.uri.fsPath,
          stateDir,
          workerPath: this.deps.workerPath,
          signal: abort.signal,
          onProgress: (p) => {
            mapping.progress = p;
            if (!p.cached) profiled.push(p.entry.path);
            const before = this.entries.get(p.entry.path);
            this.entries.set(p.entry.path, p.entry);
            if (!before || before.mtimeMs !== p.entry.mtimeMs || before.bytes !== p.entry.bytes)
              this.scheduleDraw();
            else if (first) this.scheduleDraw();
            for (const listener of this.listeners) listener(p);
          },
        });
        if (outcome.status === "done") {
          // The lake's own order; files gone from the folder go from the view too.
          this.entries = new Map(outcome.map.files.map((f) => [f.path, f]));
          this.complete = true;
          this.builds++;
          this.lastStats = outcome.stats;
          this.lastProfiled = profiled;
          const stats = outcome.stats;
          this.deps.log.info(
            `Sources: mapped ${outcome.map.files.length} file(s) (${formatBytes(outcome.map.files.reduce((n, f) => n + f.bytes, 0))}) in ${Date.now() - started} ms${stats ? `: ${stats.profiled} profiled, ${stats.fromCache} from the cache` : ""}`,
          );
        } else {
          this.deps.log.info(
            `Sources: mapping stopped after ${outcome.map.files.length} file(s) (${Date.now() - started} ms); what was mapped is kept`,
          );
        }
        return outcome;
      } catch (error) {
        const message = errorText(error);
        this.deps.log.error(`Sources: the Source Map failed: ${message}`);
        this.failure = `The Source Map failed: ${message}`;
        return undefined;
      } finally {
        if (this.mapping === mapping) this.mapping = undefined;
        void vscode.commands.executeCommand("setContext", "radar.mapping", false);
        this.draw();
      }
    })();
    void vscode.window.withProgress(
      { location: { viewId: "radar.sources" }, title: "Mapping the data files" },
      () => mapping.done,
    );
    return mapping.done;
  }

  /**
   * The tree of the last map, drawn at once while the mapping (in its child process, which has to
   * start DuckDB first) checks each file: a lake of thousands of files mapped before opens without
   * waiting. Files changed, added or gone since are set right as the mapping reaches them.
   */
  private async showCached(stateDir: string, mapping: Mapping): Promise<void> {
    const cached = await cachedEntries(stateDir).catch(() => []);
    if (this.mapping !== mapping || this.entries.size > 0 || cached.length === 0) return;
    this.entries = new Map(cached.map((e) => [e.path, e]));
    this.draw();
  }

  private scheduleDraw(): void {
    if (this.drawTimer) return;
    this.drawTimer = setTimeout(() => {
      this.drawTimer = undefined;
      this.draw();
    }, DRAW_INTERVAL_MS);
  }

  /** Rebuilds the nodes from the entries so far, and the message line; redraws the tree. */
  private draw(): void {
    if (this.drawTimer) {
      clearTimeout(this.drawTimer);
      this.drawTimer = undefined;
    }
    const map: SourceMap = { root: "", builtAt: "", files: [...this.entries.values()] };
    this.nodes = sourceNodes(map, this.coverage);
    this.byPath = new Map(this.nodes.map((n) => [n.path, n]));
    this.families = findFileFamilies(map.files.filter((f) => !f.folder)).map((f) =>
      familyNode(f, this.byPath),
    );
    this.familyByPattern = new Map(this.families.map((f) => [f.pattern, f]));
    this.familyOf = new Map(this.families.flatMap((f) => f.members.map((m) => [m, f] as const)));
    this.setMessage(this.failure);
    this.changed.fire(undefined);
  }

  /** The line above the tree: progress while mapping, a stop or a failure after, else a summary. */
  private setMessage(override?: string): void {
    if (!this.view) return;
    if (override !== undefined) {
      this.view.message = override;
      return;
    }
    const p = this.mapping?.progress;
    if (this.mapping) {
      this.view.message = p
        ? `Mapping ${p.filesDone} of ${p.filesTotal} files · ${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)}`
        : "Mapping the data files: listing them…";
      return;
    }
    const files = [...this.entries.values()];
    if (!this.complete && files.length > 0) {
      this.view.message = `Mapping stopped: ${files.length} file(s) mapped. Refresh to go on.`;
      return;
    }
    if (this.complete && files.length === 0) {
      this.view.message = "No data files in this folder.";
      return;
    }
    const unreadable = files.filter((f) => f.error).length;
    this.view.message = this.complete
      ? `${files.length} files · ${formatBytes(files.reduce((n, f) => n + f.bytes, 0))}${this.families.length ? ` · ${this.families.length} famil${this.families.length === 1 ? "y" : "ies"}` : ""}${unreadable ? ` · ${unreadable} unreadable` : ""}`
      : undefined;
  }

  getChildren(element?: SourceElement): SourceElement[] {
    if (!element) {
      if (!this.nodes && !this.mapping) {
        void this.build();
        return [];
      }
      const roots: SourceElement[] = [];
      const shown = new Set<string>();
      for (const node of this.nodes ?? []) {
        const family = this.familyOf.get(node.path);
        if (!family) roots.push({ kind: "file", path: node.path });
        else if (!shown.has(family.pattern)) {
          shown.add(family.pattern);
          roots.push({ kind: "family", pattern: family.pattern });
        }
      }
      return roots;
    }
    if (element.kind === "family")
      return (this.familyByPattern.get(element.pattern)?.members ?? [])
        .filter((path) => this.byPath.has(path))
        .map((path) => ({ kind: "file", path }));
    const node = this.byPath.get(element.path);
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
    if (element.kind === "family") {
      const family = this.familyByPattern.get(element.pattern);
      return family ? familyItem(family) : new vscode.TreeItem(element.pattern);
    }
    const node = this.byPath.get(element.path);
    if (!node) return new vscode.TreeItem(element.path);
    if (element.kind === "file") return fileItem(node, this.deps.lake(), this.familyOf.get(node.path));
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
    if (element.kind === "family") return undefined;
    if (element.kind === "file") {
      const family = this.familyOf.get(element.path);
      return family ? { kind: "family", pattern: family.pattern } : undefined;
    }
    if (element.kind === "table") return { kind: "file", path: element.path };
    const node = this.byPath.get(element.path);
    return node && node.tables.length > 1
      ? { kind: "table", path: element.path, table: element.table }
      : { kind: "file", path: element.path };
  }

  sourceNodes(): SourceNode[] | undefined {
    return this.nodes;
  }

  familyNodes(): FamilyNode[] {
    return this.families;
  }
}

function familyItem(family: FamilyNode): vscode.TreeItem {
  const item = new vscode.TreeItem(family.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `family:${family.pattern}`;
  item.description = family.description;
  item.tooltip = family.tooltip;
  item.iconPath = new vscode.ThemeIcon(
    "files",
    family.coverage === "scanned"
      ? new vscode.ThemeColor("testing.iconPassed")
      : family.coverage === "partial"
        ? new vscode.ThemeColor("problemsWarningIcon.foreground")
        : undefined,
  );
  item.contextValue = "radarSourceFamily";
  item.accessibilityInformation = { label: `${family.label}, ${family.description}` };
  return item;
}

function fileItem(
  node: SourceNode,
  folder: vscode.WorkspaceFolder | undefined,
  family: FamilyNode | undefined,
): vscode.TreeItem {
  const expandable = node.tables.length > 0;
  // Inside a family the folder and the shared part of the name are said by the family node.
  const label = family ? family.memberLabel(node.path) : node.path;
  const item = new vscode.TreeItem(
    label,
    expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = node.path;
  item.description = node.description;
  item.tooltip = node.tooltip;
  const color = node.unreadable
    ? "problemsErrorIcon.foreground"
    : node.coverage === "scanned"
      ? "testing.iconPassed"
      : node.coverage === "partial"
        ? "problemsWarningIcon.foreground"
        : undefined;
  item.iconPath = new vscode.ThemeIcon(
    node.unreadable ? "warning" : formatIcon(node.format),
    color ? new vscode.ThemeColor(color) : undefined,
  );
  item.contextValue = node.unreadable ? "radarSource.unreadable" : `radarSource.${node.coverage}`;
  if (folder)
    item.command = {
      command: "radar.openSource",
      title: "Open File",
      arguments: [folder.uri.fsPath, { file: node.path, line: 1 }],
    };
  item.accessibilityInformation = { label: `${node.path}, ${node.description}` };
  return item;
}
