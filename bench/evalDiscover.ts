// Recall of Discover on the KramaBench "legal" tasks: for each task's question, are its gold data
// sources among the top 5 / top 10 hits? Run as `npm run eval:discover` (add `--json` for JSON,
// `--dir <folder>` for another copy of the benchmark folder, `--verbose` to list each task's hits,
// `--threads <n>` for DuckDB's threads while profiling: 1 by default, as the sample values the profiler
// keeps depend on the thread schedule otherwise, and with them the ranking; 0 is DuckDB's own choice).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import picomatch from "picomatch";
import { DiscoverIndex } from "../src/core/discover/discoverIndex.ts";
import { DuckEngine } from "../src/core/engine/duckEngine.ts";
import { buildSourceMap } from "../src/core/sourceMap/buildSourceMap.ts";

interface Task {
  id: string;
  query: string;
  data_sources: string[];
}

interface TaskResult {
  id: string;
  goldEntries: number;
  goldFiles: number;
  /** Gold entries that designate no file of the lake (left out of the figures). */
  unresolved: string[];
  fileRecall5: number;
  fileRecall10: number;
  sourceRecall5: number;
  sourceRecall10: number;
  top: string[];
}

const K = [5, 10] as const;

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function isDotFile(path: string): boolean {
  return path.split("/").some((part) => part.startsWith("."));
}

/** Whether `path` lies directly in a folder whose trailing path segments are `folder` (any letter case). */
function inFolder(path: string, folder: string): boolean {
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")).toLowerCase() : "";
  const f = folder.replace(/^\/+|\/+$/g, "").toLowerCase();
  return dir === f || dir.endsWith(`/${f}`);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * The lake files a gold entry designates: `dir/` (a folder), `dir/*.csv` (a pattern in a folder),
 * `all csv in dir/` (the benchmark's prose form), or a bare file name (matched by base name).
 */
function expandGold(entry: string, files: readonly string[]): string[] {
  const text = entry.trim();
  const prose = /^all\s+(\w+)(?:\s+files)?\s+in\s+(.+)$/i.exec(text);
  if (prose) {
    const ext = `.${(prose[1] ?? "").toLowerCase()}`;
    const folder = prose[2] ?? "";
    return files.filter((f) => inFolder(f, folder) && f.toLowerCase().endsWith(ext));
  }
  if (text.endsWith("/")) return files.filter((f) => inFolder(f, text));
  if (text.includes("/")) {
    const folder = text.slice(0, text.lastIndexOf("/"));
    const isMatch = picomatch(baseName(text), { nocase: true, dot: false });
    return files.filter((f) => inFolder(f, folder) && isMatch(baseName(f)));
  }
  return files.filter((f) => baseName(f).toLowerCase() === text.toLowerCase());
}

/** A file's base name, or a group's last folder and pattern ("State MSA Identity Theft data/*.csv [52 files]"). */
function shortName(hit: string): string {
  const group = /([^/]*\/\*\.\S+ \[\d+ files\])$/.exec(hit);
  return group?.[1] ?? baseName(hit);
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1)}%`.padStart(6);
}

async function main(): Promise<void> {
  const dir = resolve(argValue("--dir") ?? resolve(process.cwd(), "../shared/kramabench-legal"));
  const lake = join(dir, "lake");
  const tasksFile = join(dir, "tasks.json");
  if (!existsSync(lake) || !existsSync(tasksFile)) {
    console.error(
      `evalDiscover: ${dir} is absent (expected lake/ and tasks.json there); nothing to evaluate.`,
    );
    process.exit(1);
  }
  const tasks = JSON.parse(readFileSync(tasksFile, "utf8")) as Task[];
  const threads = Number(argValue("--threads") ?? "1");

  const cacheDir = mkdtempSync(join(tmpdir(), "radar-eval-discover-"));
  let index: DiscoverIndex;
  let lakeFiles: string[];
  const started = Date.now();
  try {
    const engine = await DuckEngine.open(lake, { extraReadDirs: [cacheDir], threads });
    try {
      const { map } = await buildSourceMap(engine, { cacheDir });
      lakeFiles = map.files.map((f) => f.path).filter((p) => !isDotFile(p));
      index = new DiscoverIndex(map);
    } finally {
      engine.close();
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  const mapMs = Date.now() - started;

  const results: TaskResult[] = [];
  let searchMs = 0;
  for (const task of tasks) {
    const gold = task.data_sources.map((entry) => ({ entry, files: expandGold(entry, lakeFiles) }));
    const resolved = gold.filter((g) => g.files.length > 0);
    const goldFiles = new Set(resolved.flatMap((g) => g.files));
    const t0 = performance.now();
    const hits = index.search(task.query, [], Math.max(...K));
    searchMs += performance.now() - t0;
    const recall = (k: number): { file: number; source: number } => {
      const found = new Set(hits.slice(0, k).flatMap((h) => index.filesOf(h.path)));
      const fileHits = [...goldFiles].filter((f) => found.has(f)).length;
      const sourceHits = resolved.filter((g) => g.files.some((f) => found.has(f))).length;
      return {
        file: goldFiles.size === 0 ? 0 : fileHits / goldFiles.size,
        source: resolved.length === 0 ? 0 : sourceHits / resolved.length,
      };
    };
    const [r5, r10] = K.map(recall) as [{ file: number; source: number }, { file: number; source: number }];
    results.push({
      id: task.id,
      goldEntries: task.data_sources.length,
      goldFiles: goldFiles.size,
      unresolved: gold.filter((g) => g.files.length === 0).map((g) => g.entry),
      fileRecall5: r5.file,
      fileRecall10: r10.file,
      sourceRecall5: r5.source,
      sourceRecall10: r10.source,
      top: hits.map((h) => (h.files === undefined ? h.path : `${h.path} [${h.files} files]`)),
    });
  }

  const overall = {
    tasks: results.length,
    fileRecall5: mean(results.map((r) => r.fileRecall5)),
    fileRecall10: mean(results.map((r) => r.fileRecall10)),
    sourceRecall5: mean(results.map((r) => r.sourceRecall5)),
    sourceRecall10: mean(results.map((r) => r.sourceRecall10)),
    lakeFiles: lakeFiles.length,
    profilerThreads: threads === 0 ? "duckdb default" : threads,
    sourceMapMs: mapMs,
    meanSearchMs: results.length === 0 ? 0 : searchMs / results.length,
  };

  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ overall, tasks: results }, null, 2));
    return;
  }

  const verbose = process.argv.includes("--verbose");
  console.log(
    `Discover recall on ${dir} (${lakeFiles.length} files, ${tasks.length} tasks; profiled with ${overall.profilerThreads} DuckDB thread(s))\n`,
  );
  console.log(
    "file@k: share of the gold files among the files of the top k hits (a group hit counts all its files)",
  );
  console.log(
    "src@k:  share of the gold entries (file, folder or pattern) with at least one file in the top k\n",
  );
  console.log(
    `${"task".padEnd(14)} ${"gold".padStart(4)} ${"files".padStart(5)}  ${"file@5".padStart(6)} ${"file@10".padStart(7)}  ${"src@5".padStart(6)} ${"src@10".padStart(6)}  top hit`,
  );
  for (const r of results) {
    const top = r.top[0] === undefined ? "-" : shortName(r.top[0]);
    console.log(
      `${r.id.padEnd(14)} ${String(r.goldEntries).padStart(4)} ${String(r.goldFiles).padStart(5)}  ${pct(r.fileRecall5)} ${pct(r.fileRecall10).padStart(7)}  ${pct(r.sourceRecall5)} ${pct(r.sourceRecall10)}  ${top}`,
    );
    if (r.unresolved.length > 0) console.log(`${"".padEnd(14)} unresolved gold: ${r.unresolved.join(", ")}`);
    if (verbose) r.top.forEach((t, i) => console.log(`${"".padEnd(16)}${String(i + 1).padStart(2)}. ${t}`));
  }
  console.log(
    `\noverall (mean of ${overall.tasks} tasks): file-level recall@5 ${pct(overall.fileRecall5).trim()}, recall@10 ${pct(overall.fileRecall10).trim()}; ` +
      `source-level recall@5 ${pct(overall.sourceRecall5).trim()}, recall@10 ${pct(overall.sourceRecall10).trim()}`,
  );
  console.log(
    `(source map ${(overall.sourceMapMs / 1000).toFixed(1)} s, mean search ${overall.meanSearchMs.toFixed(1)} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
