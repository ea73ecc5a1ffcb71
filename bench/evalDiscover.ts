// Recall of Discover on lakes with questions and gold sources: the KramaBench "legal" lake
// (test/fixtures/kramabench-legal, or RADAR_LEGAL_LAKE), the realistic "water" and "wildfire" lakes of bench/lakes (generated
// afresh, `--scale tiny` by default, seed 1), and the small lakes of discoverLakes.ts (yearly families at
// the lake root, families in mixed folders, range and list questions, a duplicate and a truncated copy
// next to the complete file), all generated in a temporary folder. For each question, "needed" is the
// number of gold files; recall@(needed+5) is the share of them among the files of Discover's first
// needed+5 entries — a family or folder hit counts as one entry and stands for its files (the members
// the question's years select, when it selects some). As a family entry that selects too much still
// counts, "files offered" says how many files those entries stand for (mean per question). By default it also generates the 1,475-file
// space-weather lake of generateSpaceLake.ts with questions about days and ranges of days
// (spaceLakeQuestions.ts; `--no-space` leaves it out), and discover-dated (datedLake.ts): families named
// by `YYYYMMDD`, `YYYY-MM-DD`, date windows, `YYYY_MM`, day-of-year and month-day in a year folder.
// The baseline is plain BM25 (minisearch, no stemming, no boosts) over one document per file: its path and its header lines (title rows and
// column names, or a text file's first lines), scored the same way over its first needed+5 files.
//
// Run as `npm run eval:discover`; flags: `--dir <folder>` (one lake folder holding lake/ and
// tasks.json or questions.json, repeatable; replaces the defaults), `--scale <tiny|bench|workspace>`
// and `--seed <n>` for the bench/lakes lakes, `--json`, `--verbose` (each task's entries),
// `--limit <n>` (cap the entries Discover returns, e.g. 10 to measure a fixed cap), `--tasks <file>`
// (the questions of the `--dir` lakes read from that file instead, e.g. the held-out questions of
// bench/discoverHoldout/legal.json, written from the lake's file list, not from the benchmark),
// `--held-out` (instead of the defaults: the held-out session lakes of test/sessions/lakes with the
// client questions and gold sources of bench/discoverHoldout/sessionLakes), `--threads <n>`
// (DuckDB threads while profiling: 1 by default, as the sample values the profiler keeps depend on the
// thread schedule otherwise, and with them the ranking; 0 is DuckDB's own choice).
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import MiniSearch from "minisearch";
import picomatch from "picomatch";
import { DiscoverIndex } from "../src/core/discover/discoverIndex.ts";
import type { DiscoverHit } from "../src/core/discover/discoverIndex.ts";
import { DuckEngine } from "../src/core/engine/duckEngine.ts";
import { buildSourceMap } from "../src/core/sourceMap/crawl/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "../src/core/sourceMap/sourceEntry.ts";
import { writeDiscoverLakes } from "./discoverLakes.ts";
import { generateSpaceLake } from "./generateSpaceLake.ts";
import { spaceLakeTasks } from "./spaceLakeQuestions.ts";
import { writeLakeBundle } from "./lakes/generateLake.ts";
import type { LakeScale } from "./lakes/lakeTypes.ts";
import { LAKE_KINDS, LAKE_SCALES } from "./lakes/lakeTypes.ts";
import { legalRoot, repoRoot } from "../test/helpers/tempLake.ts";

/** The held-out session lakes and, per lake, its questions with their gold sources (`--held-out`). */
const SESSION_LAKES = join(repoRoot, "test", "sessions", "lakes");
const HELD_OUT_TASKS = join(repoRoot, "bench", "discoverHoldout", "sessionLakes");

interface Task {
  id: string;
  query: string;
  data_sources: string[];
}

interface TaskResult {
  id: string;
  needed: number;
  k: number;
  /** Gold entries that designate no file of the lake (left out of the figures). */
  unresolved: string[];
  recall: number;
  baseline: number;
  /** Files the first needed+5 entries stand for: what an agent reading them all would read. */
  offered: number;
  top: string[];
  missed: string[];
}

interface LakeResult {
  name: string;
  dir: string;
  files: number;
  tasks: TaskResult[];
  recall: number;
  baseline: number;
  /** Mean files offered per question (see TaskResult.offered). */
  offered: number;
  sourceMapMs: number;
  meanSearchMs: number;
}

function argValues(name: string): string[] {
  const out: string[] = [];
  process.argv.forEach((a, i) => {
    const v = process.argv[i + 1];
    if (a === name && v !== undefined) out.push(v);
  });
  return out;
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
 * The lake files a gold entry designates: an exact lake path, `dir/` (a folder), `dir/*.csv` (a pattern
 * in a folder), `all csv in dir/` (the benchmark's prose form), or a bare file name (by base name).
 */
function expandGold(entry: string, files: readonly string[]): string[] {
  const text = entry.trim();
  if (files.includes(text)) return [text];
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

/** The files an entry stands for: a family's selected members when the question selects some. */
function hitFiles(index: DiscoverIndex, hit: DiscoverHit): string[] {
  const selected = (hit as { family?: { selected?: { files: string[] } } }).family?.selected?.files;
  return selected ?? index.filesOf(hit.path);
}

function hitLabel(index: DiscoverIndex, hit: DiscoverHit): string {
  const files = hitFiles(index, hit);
  const members = index.filesOf(hit.path).length;
  if (members <= 1 && files.length <= 1) return hit.path;
  return files.length === members
    ? `${hit.path} [${members} files]`
    : `${hit.path} [${files.length} of ${members} files selected]`;
}

/** Plain BM25 over file names and header lines: the baseline Discover must beat. */
class HeaderBm25 {
  private readonly search: MiniSearch<{ id: number; path: string; header: string }>;
  private readonly paths: string[];

  constructor(files: SourceEntry[]) {
    this.paths = files.map((f) => f.path);
    this.search = new MiniSearch({ fields: ["path", "header"], idField: "id" });
    this.search.addAll(
      files.map((f, id) => ({
        id,
        path: f.path.replace(/[^\p{L}\p{N}]+/gu, " "),
        header: headerLines(f).join("\n"),
      })),
    );
  }

  rank(query: string, k: number): string[] {
    return this.search
      .search(query, { combineWith: "OR", prefix: false, fuzzy: false })
      .slice(0, k)
      .map((r) => this.paths[r.id as number] ?? "");
  }
}

/** A file's header lines as the Source Map read them: title rows and column names, or first lines. */
function headerLines(entry: SourceEntry): string[] {
  const out: string[] = [];
  for (const table of entry.tables ?? []) {
    out.push(...table.titleLines);
    out.push(table.columns.map((c) => c.name).join(" "));
  }
  if (out.length === 0) out.push(...(entry.firstLines ?? []).slice(0, 3));
  return out;
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** The KramaBench legal folder (lake/ and tasks.json) of test/fixtures, or RADAR_LEGAL_LAKE. */
function legalDir(): string | undefined {
  return existsSync(join(legalRoot, "tasks.json")) ? legalRoot : undefined;
}

async function mapLake(lake: string, threads: number): Promise<{ map: SourceMap; ms: number }> {
  const cacheDir = mkdtempSync(join(tmpdir(), "radar-eval-discover-"));
  const started = Date.now();
  try {
    const engine = await DuckEngine.open(lake, { extraReadDirs: [cacheDir], threads });
    try {
      const { map } = await buildSourceMap(engine, { cacheDir });
      return { map, ms: Date.now() - started };
    } finally {
      engine.close();
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** The questions of a lake folder: KramaBench's tasks.json, or the generators' questions.json. */
function tasksFile(dir: string): string | undefined {
  return ["tasks.json", "questions.json"].map((f) => join(dir, f)).find((f) => existsSync(f));
}

async function evalLake(
  name: string,
  dir: string,
  threads: number,
  cap?: number,
  questions?: string,
  exclude: string[] = [],
): Promise<LakeResult> {
  const tasks = JSON.parse(readFileSync(questions ?? tasksFile(dir) ?? "", "utf8")) as Task[];
  const { map, ms } = await mapLake(join(dir, "lake"), threads);
  const visible = map.files.filter((f) => !isDotFile(f.path) && !exclude.includes(f.path));
  const lakeFiles = visible.map((f) => f.path);
  const index = new DiscoverIndex(map);
  const baseline = new HeaderBm25(visible);
  const results: TaskResult[] = [];
  let searchMs = 0;
  for (const task of tasks) {
    const gold = task.data_sources.map((entry) => ({ entry, files: expandGold(entry, lakeFiles) }));
    const goldFiles = new Set(gold.flatMap((g) => g.files));
    const k = goldFiles.size + 5;
    const t0 = performance.now();
    const hits = index.search(task.query, exclude, Math.min(k, cap ?? k));
    searchMs += performance.now() - t0;
    const found = new Set(hits.slice(0, k).flatMap((h) => hitFiles(index, h)));
    const fromBaseline = new Set(baseline.rank(task.query, k));
    const share = (set: Set<string>): number =>
      goldFiles.size === 0 ? 0 : [...goldFiles].filter((f) => set.has(f)).length / goldFiles.size;
    results.push({
      id: task.id,
      needed: goldFiles.size,
      k,
      unresolved: gold.filter((g) => g.files.length === 0).map((g) => g.entry),
      recall: share(found),
      baseline: share(fromBaseline),
      offered: found.size,
      top: hits.map((h) => hitLabel(index, h)),
      missed: [...goldFiles].filter((f) => !found.has(f)),
    });
  }
  const scored = results.filter((r) => r.needed > 0);
  return {
    name,
    dir,
    files: lakeFiles.length,
    tasks: results,
    recall: mean(scored.map((r) => r.recall)),
    baseline: mean(scored.map((r) => r.baseline)),
    offered: mean(scored.map((r) => r.offered)),
    sourceMapMs: ms,
    meanSearchMs: results.length === 0 ? 0 : searchMs / results.length,
  };
}

function printLake(lake: LakeResult, verbose: boolean): void {
  console.log(`\n== ${lake.name}: ${lake.dir} (${lake.files} files, ${lake.tasks.length} tasks)`);
  console.log(
    `${"task".padEnd(14)} ${"needed".padStart(6)} ${"k".padStart(3)}  ${"Discover".padStart(8)} ${"BM25".padStart(7)}  first entry`,
  );
  for (const r of lake.tasks) {
    const top = r.top[0] === undefined ? "-" : r.top[0];
    console.log(
      `${r.id.padEnd(14)} ${String(r.needed).padStart(6)} ${String(r.k).padStart(3)}  ${pct(r.recall).padStart(8)} ${pct(r.baseline).padStart(7)}  ${top}`,
    );
    if (r.unresolved.length > 0) console.log(`${"".padEnd(14)} unresolved gold: ${r.unresolved.join(", ")}`);
    if (verbose) {
      r.top.forEach((t, i) => console.log(`${"".padEnd(16)}${String(i + 1).padStart(2)}. ${t}`));
      if (r.missed.length > 0) console.log(`${"".padEnd(16)}missed: ${r.missed.join(", ")}`);
    }
  }
  console.log(
    `${lake.name}: recall@(needed+5) Discover ${pct(lake.recall)}, BM25 baseline ${pct(lake.baseline)}, ` +
      `${lake.offered.toFixed(1)} files offered per question ` +
      `(source map ${(lake.sourceMapMs / 1000).toFixed(1)} s, mean search ${lake.meanSearchMs.toFixed(1)} ms)`,
  );
}

async function main(): Promise<void> {
  const threads = Number(argValues("--threads")[0] ?? "1");
  const capText = argValues("--limit")[0];
  const cap = capText === undefined ? undefined : Number(capText);
  const questionsArg = argValues("--tasks")[0];
  const questions = questionsArg === undefined ? undefined : resolve(questionsArg);
  if (questions && argValues("--dir").length === 0) throw new Error("--tasks needs --dir <lake folder>");
  const lakes: { name: string; dir: string; exclude?: string[] }[] = argValues("--dir").map((d) => ({
    name: basename(resolve(d)),
    dir: resolve(d),
  }));
  let generated: string | undefined;
  if (process.argv.includes("--held-out")) {
    // The held-out session lakes (test/sessions/lakes/), with the questions their builders wrote and
    // the gold sources of their answers (bench/discoverHoldout/sessionLakes/<lake>.json): lakes no
    // rule or ranking was tuned on when they were first measured.
    generated = mkdtempSync(join(tmpdir(), "radar-discover-heldout-"));
    for (const file of readdirSync(HELD_OUT_TASKS)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const name = file.replace(/\.json$/, "");
      const dir = join(generated, name);
      mkdirSync(dir);
      // The lake as its analysts saw it: the provenance notes kept beside its files (SOURCES.md)
      // are no source, and left out of the copy (the crawler follows no symlinks).
      cpSync(join(SESSION_LAKES, name), join(dir, "lake"), {
        recursive: true,
        filter: (from) => basename(from) !== "SOURCES.md",
      });
      writeFileSync(join(dir, "tasks.json"), readFileSync(join(HELD_OUT_TASKS, file)));
      lakes.push({ name, dir });
    }
  } else if (lakes.length === 0) {
    const legal = legalDir();
    if (legal) lakes.push({ name: "kramabench-legal", dir: legal });
    else
      console.error(`evalDiscover: ${legalRoot}/tasks.json is absent; evaluating the generated lakes only.`);
    generated = mkdtempSync(join(tmpdir(), "radar-discover-lakes-"));
    const scale = (argValues("--scale")[0] ?? "tiny") as LakeScale;
    if (!LAKE_SCALES.includes(scale)) throw new Error(`--scale must be one of ${LAKE_SCALES.join(", ")}`);
    const seed = Number(argValues("--seed")[0] ?? "1");
    for (const kind of LAKE_KINDS) {
      const out = join(generated, kind);
      await writeLakeBundle(kind, out, { scale, seed });
      lakes.push({ name: `${kind} (${scale}, seed ${seed})`, dir: out });
    }
    lakes.push(...writeDiscoverLakes(join(generated, "discover")));
    if (!process.argv.includes("--no-space")) {
      // The 1,475-file space-weather lake of bench:lake, its three large files cut to 1 MB (the
      // files and their names are the same; Discover reads names, columns and samples).
      const space = join(generated, "space");
      await generateSpaceLake(join(space, "lake"), { largeBytes: 1e6 });
      writeFileSync(join(space, "tasks.json"), JSON.stringify(spaceLakeTasks(join(space, "lake")), null, 2));
      lakes.push({ name: "space-weather (1,475 files)", dir: space });
    }
  }
  const results: LakeResult[] = [];
  try {
    for (const lake of lakes) {
      if (!existsSync(join(lake.dir, "lake")) || !(questions ?? tasksFile(lake.dir))) {
        console.error(
          `evalDiscover: ${lake.dir} holds no lake/ and tasks.json (or questions.json); skipped.`,
        );
        continue;
      }
      results.push(await evalLake(lake.name, lake.dir, threads, cap, questions, lake.exclude));
    }
  } finally {
    if (generated) rmSync(generated, { recursive: true, force: true });
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ threads, cap: cap ?? null, lakes: results }, null, 2));
    return;
  }
  console.log(
    "recall@(needed+5): share of a question's gold files among the files of the first needed+5 entries " +
      "(needed = its number of gold files; a family or folder entry counts once and stands for its files, " +
      "or for the members the question selects)." +
      (cap === undefined ? "" : ` Discover capped at ${cap} entries.`),
  );
  for (const lake of results) printLake(lake, process.argv.includes("--verbose"));
  console.log(`\n${"lake".padEnd(28)} Discover    BM25  files offered`);
  for (const lake of results)
    console.log(
      `${lake.name.padEnd(28)} ${pct(lake.recall).padStart(8)} ${pct(lake.baseline).padStart(7)} ${lake.offered.toFixed(1).padStart(14)}`,
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
