import { statSync } from "node:fs";
import { join } from "node:path";
import type { DuckEngine } from "../engine/duckEngine.ts";
import { DiscoverIndex } from "../discover/discoverIndex.ts";
import { buildSourceMap } from "../sourceMap/crawl/buildSourceMap.ts";
import type { BuildStats, MapInputs, MapProgress } from "../sourceMap/crawl/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "../sourceMap/sourceEntry.ts";
import { startupMark } from "../startupProfile.ts";

/**
 * The runtime's Source Map over its lifetime: empty until first built, built again (unchanged
 * files from the cache) when a file a call reads changed since, with the progress of a build for
 * whoever follows it and the Discover index over the current map.
 */
export class LiveSourceMap {
  private entries = new Map<string, SourceEntry>();
  private currentMap: SourceMap;
  private currentStats: BuildStats = { files: 0, profiled: 0, fromCache: 0 };
  private index?: DiscoverIndex;
  private lastProgress: MapProgress | undefined;
  private readonly progressListeners = new Set<(p: MapProgress) => void>();
  private remapping: Promise<void> | undefined;

  constructor(
    private readonly engine: DuckEngine,
    private readonly stateDir: string,
    /** The host's own progress listener (RuntimeOptions.onMapProgress). */
    private readonly onProgress: (progress: MapProgress) => void,
  ) {
    this.currentMap = { root: engine.lakeRoot, builtAt: new Date().toISOString(), files: [] };
  }

  get map(): SourceMap {
    return this.currentMap;
  }

  get stats(): BuildStats {
    return this.currentStats;
  }

  /** The latest progress of the Source Map being built, if it is. */
  get progress(): MapProgress | undefined {
    return this.lastProgress;
  }

  /** Follows the Source Map being built; the returned function stops following. */
  follow(listener: (p: MapProgress) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  /** Builds the map (from `inputs` already being read, at start-up) and makes it current. */
  async build(inputs?: Promise<MapInputs>): Promise<void> {
    const { map, stats } = await buildSourceMap(this.engine, {
      cacheDir: this.stateDir,
      ...(inputs ? { inputs } : {}),
      onProgress: (p) => {
        this.lastProgress = p;
        this.onProgress(p);
        for (const l of this.progressListeners) l(p);
      },
    });
    this.currentMap = map;
    this.currentStats = stats;
    this.entries = new Map(map.files.map((f) => [f.path, f]));
    this.index = undefined;
    this.lastProgress = undefined;
    startupMark(`Source Map ready (${stats.fromCache} of ${stats.files} files from the cache)`);
  }

  /**
   * Files changed since the Source Map was built (a long-lived runtime, an MCP server): map them
   * again — unchanged files come from the cache — before a call reads them.
   */
  async remapIfChanged(paths: string[]): Promise<void> {
    const changed = paths.some((p) => {
      const e = this.entries.get(p);
      if (!e) return false;
      const now = statSync(join(this.engine.lakeRoot, p), { throwIfNoEntry: false });
      return !now || now.size !== e.bytes || now.mtimeMs !== e.mtimeMs;
    });
    // One re-map at a time, whichever calls of a batch find the change.
    if (changed) await (this.remapping ??= this.build().finally(() => (this.remapping = undefined)));
  }

  entry(path: string): SourceEntry | undefined {
    return this.entries.get(path) ?? this.entries.get(path.replace(/^\.\//, ""));
  }

  /** The Discover index over the current map, built when first asked for. */
  discover(): DiscoverIndex {
    return (this.index ??= new DiscoverIndex(this.currentMap));
  }

  /** Reader options re-mapped files in place: Discover indexes their new columns. */
  forgetDiscoverIndex(): void {
    this.index = undefined;
  }
}
