// Source Map benchmark: how long a cold map of a lake takes, how that compares with DuckDB merely
// counting the rows of the same files, and how long an unchanged re-map (all from cache) takes.
// Lakes: the KramaBench "legal" lake (test/fixtures/kramabench-legal/lake, or RADAR_LEGAL_LAKE), the
// many-small-files lake (the realistic water lake of bench/lakes at bench scale: 41 files, 33 MB, a
// yearly family of 22 CSVs, datasheets with title and footer rows, exports, a workbook) and a
// generated lake of ≥ 1 GiB (bench/generateLake.ts); generated lakes are reused between runs.
// For each: cold map, DuckDB's floor (count(*) per file), their ratio, the unchanged re-map in-process
// and as a `radar map` CLI call, peak RSS; for lakes with a yearly family, UnionScan of the family
// against DuckDB's own union count. The bench runs with RADAR's allocator settings
// (src/core/engine/allocatorSettings.ts; it restarts itself with them), so the floor beside the map
// has them too; the floor is also counted in a process of its own with DuckDB's defaults, and the
// cold map is also timed as `radar map` in a new process (what a user starts).
//
//   npm run bench                       table, then a final JSON line
//   npm run bench -- --json             the JSON line only
//   --size BYTES (1e9, 500M, 2GiB…)     size of the generated lake (default 1 GiB)
//   --dir DIR                           folder of the generated lake (default bench-data/lake-1g)
//   --skip-generated                    without the ≥ 1 GiB lake
//   --only NAME[,NAME]                  legal, small, generated
//   --small-dir DIR                     folder of the water lake (default bench-data/lake-water)
//   --repeat N                          measure each lake N times (figures as min–max ranges)
//   --skip-startup                      without the radar start-up figures (one-call batch, MCP)
//
// Progress goes to stderr. Figures are wall times on this machine; the OS page cache is not dropped
// (that needs root), so the files are usually in memory for every step.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import type { DuckDBConnection } from "@duckdb/node-api";
import picomatch from "picomatch";
import { ALLOCATOR_ENV, keepFreedPages } from "../src/core/engine/allocatorSettings.ts";
import { DuckEngine, sqlString } from "../src/core/engine/duckEngine.ts";
import { radarDir } from "../src/core/radarDir.ts";
import { Runtime } from "../src/core/runtime.ts";
import { buildSourceMap, readMapInputs } from "../src/core/sourceMap/crawl/buildSourceMap.ts";
import type { MapProgress } from "../src/core/sourceMap/crawl/buildSourceMap.ts";
import type { SourceEntry, SourceMap } from "../src/core/sourceMap/sourceEntry.ts";
import { DEFAULT_TARGET_BYTES, generateLake, lakeMarker } from "./generateLake.ts";
import { waterLake } from "./benchWaterLake.ts";
import { measureCliStart, printCliStart } from "./benchSessions.ts";
import { legalRoot } from "../test/helpers/tempLake.ts";

const MIB = 1024 * 1024;
/** The built CLI (`npm run bench` builds it first and runs from the repository root). */
const CLI = resolve(process.cwd(), "dist/cli.cjs");
/** How many mismatching files the report lists (it counts them all). */
const MAX_LISTED = 10;
const FLOOR_FORMATS = new Set(["csv", "json", "jsonl", "parquet"]);

interface FileFailure {
  path: string;
  error: string;
}

interface FormatFigures {
  files: number;
  bytes: number;
  rows: number;
  profileMs: number;
  floorMs: number;
  floorRows: number;
}

interface LakeFigures {
  name: string;
  dir: string;
  files: number;
  bytes: number;
  tables: number;
  rows: number;
  /** Rows the generator wrote (generated lake only): the map should find exactly these. */
  expectedRows?: number;
  generated?: { reused: boolean; generateMs: number };
  mapErrors: FileFailure[];
  cold: {
    engineOpenMs: number;
    wallMs: number;
    profiled: number;
    rowsPerSec: number;
    mbPerSec: number;
    rssBeforeMiB: number;
    peakRssMiB: number;
    maxRssMiB: number;
    cacheBytes: number;
    /** Process CPU time (user + system, all threads) during the cold map: steadier than wall time on a loaded machine. */
    cpuMs: number;
  };
  floor: {
    files: number;
    bytes: number;
    wallMs: number;
    /** Process CPU time of the floor (user + system). */
    cpuMs: number;
    rows: number;
    /** Sum of the map's own per-file profile time for the same files. */
    mapProfileMs: number;
    /** Map build wall time / floor time. */
    ratio: number;
    /** Map profile time of the same files / floor time. */
    sameFilesRatio: number;
    failures: FileFailure[];
    /** Files whose auto-detected count differs from the map's row count (title rows, footnotes…). */
    rowMismatchCount: number;
    /** The first of them (the JSON line stays short). */
    rowMismatches: { path: string; map: number; floor: number }[];
    /**
     * The same count in a process of its own with DuckDB's allocator settings (this process, like
     * `radar`, keeps freed pages longer: allocatorSettings.ts); `ratio`: map build / its wall time.
     */
    defaults?: { wallMs: number; cpuMs: number; ratio: number };
  };
  /** `radar map --json` over the lake without its Source Map cache: process start to exit. */
  coldCli: { wallMs: number; exitCode: number | null; ratio: number };
  remap: { wallMs: number; files: number; fromCache: number; profiled: number; rows: number };
  /** `radar map --json` over the mapped lake (same state folder): process start to exit. */
  remapCli: { wallMs: number; exitCode: number | null };
  /** UnionScan of the yearly family against DuckDB's own `read_csv([...], union_by_name=true)` count. */
  union?: UnionFigures;
  /** Figures other benches register through `lakeFigureHooks` (e.g. the one-call batch). */
  extra: Record<string, string>;
  byFormat: Record<string, FormatFigures>;
  slowest: { path: string; format: string; bytes: number; profileMs: number; mbPerSec: number }[];
}

interface UnionFigures {
  pattern: string;
  files: number;
  rows: number;
  unionScanMs: number;
  unionScanCpuMs: number;
  duckdbMs: number;
  duckdbCpuMs: number;
  duckdbRows: number;
  /** DuckDB's union materialised (CREATE TABLE AS), as UnionScan materialises its table. */
  duckdbCreateMs: number;
  duckdbCreateCpuMs: number;
  ratio: number;
  error?: string;
}

/**
 * Hook for figures measured by other areas over the same mapped lake (the one-call batch wall time
 * and CLI start-up belong to the sessions engineer): each returns label → printed value.
 */
export type LakeFigureHook = (lake: {
  name: string;
  dir: string;
  stateDir: string;
  cli: string;
}) => Promise<Record<string, string>>;
export const lakeFigureHooks: LakeFigureHook[] = [];

// ---------- arguments and output ----------

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** `1073741824`, `1.07e9`, `500M`, `500MB` (10^6), `1GiB`, `512MiB` (2^20). */
function parseBytes(text: string): number {
  const plain = Number(text);
  if (Number.isFinite(plain) && plain > 0) return Math.round(plain);
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt])(i?)b?$/i.exec(text.trim());
  if (!match) throw new Error(`--size: not a byte count: ${text}`);
  const power = "kmgt".indexOf((match[2] ?? "").toLowerCase()) + 1;
  const base = match[3] ? 1024 : 1000;
  return Math.round(Number(match[1]) * base ** power);
}

const jsonOnly = process.argv.includes("--json");
const progressTty = process.stderr.isTTY === true;
let lastProgress = 0;

function progress(text: string, force = false): void {
  const now = performance.now();
  if (!force && now - lastProgress < (progressTty ? 200 : 2000)) return;
  lastProgress = now;
  if (progressTty) process.stderr.write(`\r\x1b[K${text}`);
  else process.stderr.write(`${text}\n`);
}

function progressDone(text: string): void {
  if (progressTty) process.stderr.write(`\r\x1b[K`);
  process.stderr.write(`${text}\n`);
  lastProgress = 0;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

// ---------- measurements ----------

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Peak RSS sampled every 50 ms while `task` runs. */
async function withRssSampling<T>(task: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    const result = await task();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(abs) : statSync(abs).size;
  }
  return total;
}

function tableRows(entry: SourceEntry): number {
  return (entry.tables ?? []).reduce((sum, t) => sum + t.rowCount, 0);
}

function mapRows(map: SourceMap): number {
  return map.files.reduce((sum, f) => sum + tableRows(f), 0);
}

function mapProgress(label: string): (p: MapProgress) => void {
  const started = performance.now();
  return (p) => {
    const s = (performance.now() - started) / 1000;
    const line =
      `[${label}] ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)} / ${mb(p.bytesTotal)}` +
      ` (${(p.bytesDone / 1e6 / Math.max(s, 1e-3)).toFixed(1)} MB/s, ${s.toFixed(1)} s) ${p.path}`;
    progress(line, p.filesDone === p.filesTotal);
  };
}

function floorReader(absPath: string, format: string): string {
  if (format === "parquet") return `read_parquet(${sqlString(absPath)})`;
  if (format === "jsonl") return `read_json(${sqlString(absPath)}, format='newline_delimited')`;
  if (format === "json") return `read_json(${sqlString(absPath)})`;
  return `read_csv(${sqlString(absPath)})`;
}

/** DuckDB's own count of a file's rows, auto-detecting: one step of the floor. */
async function floorCount(
  connection: DuckDBConnection,
  root: string,
  file: { path: string; format: string },
): Promise<number> {
  const reader = await connection.runAndReadAll(
    `SELECT count(*) AS n FROM ${floorReader(join(root, file.path), file.format)}`,
  );
  return Number(reader.getRowObjectsJson()[0]?.n ?? 0);
}

/**
 * `--floor-child FILE`: counts the files FILE lists ({root, files: [{path, format}]}) as
 * measureFloor does, in this process, and prints {wallMs, cpuMs}. measureFloor starts it without
 * ALLOCATOR_ENV: DuckDB as it comes.
 */
async function floorChild(listFile: string): Promise<void> {
  const { root, files } = JSON.parse(readFileSync(listFile, "utf8")) as {
    root: string;
    files: { path: string; format: string }[];
  };
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  let wallMs = 0;
  const cpuBefore = process.cpuUsage();
  for (const file of files) {
    const started = performance.now();
    try {
      await floorCount(connection, root, file);
    } catch {
      // Counted as in measureFloor: the failure's time is part of the floor.
    }
    wallMs += performance.now() - started;
  }
  const cpu = process.cpuUsage(cpuBefore);
  connection.closeSync();
  instance.closeSync();
  console.log(
    JSON.stringify({ wallMs: Math.round(wallMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000) }),
  );
}

/** The floor of floorChild, in a child process without ALLOCATOR_ENV. */
function floorWithDefaults(map: SourceMap): { wallMs: number; cpuMs: number } | undefined {
  const files = map.files
    .filter((f) => FLOOR_FORMATS.has(f.format))
    .map((f) => ({ path: f.path, format: f.format }));
  const dir = mkdtempSync(join(tmpdir(), "radar-bench-floor-"));
  try {
    const listFile = join(dir, "files.json");
    writeFileSync(listFile, JSON.stringify({ root: map.root, files }));
    const env = { ...process.env };
    delete env[ALLOCATOR_ENV];
    const child = spawnSync(process.execPath, [process.argv[1]!, "--floor-child", listFile], {
      env,
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    const line = child.stdout.trim().split("\n").pop() ?? "";
    return child.status === 0 && line.startsWith("{")
      ? (JSON.parse(line) as { wallMs: number; cpuMs: number })
      : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** DuckDB alone, auto-detecting, counting the rows of every CSV/JSON/Parquet file of the map. */
async function measureFloor(
  map: SourceMap,
  label: string,
  byFormat: Record<string, FormatFigures>,
): Promise<LakeFigures["floor"]> {
  const files = map.files.filter((f) => FLOOR_FORMATS.has(f.format));
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const failures: FileFailure[] = [];
  const rowMismatches: LakeFigures["floor"]["rowMismatches"] = [];
  let wallMs = 0;
  let rows = 0;
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  try {
    for (const [i, file] of files.entries()) {
      progress(`[${label} floor] ${i + 1}/${files.length} ${file.path}`, i + 1 === files.length);
      const figures = byFormat[file.format];
      const started = performance.now();
      try {
        const n = await floorCount(connection, map.root, file);
        rows += n;
        if (figures) figures.floorRows += n;
        const mapped = tableRows(file);
        if (file.tables && n !== mapped) rowMismatches.push({ path: file.path, map: mapped, floor: n });
      } catch (error) {
        failures.push({
          path: file.path,
          error: ((error as Error).message.split("\n")[0] ?? "").slice(0, 300),
        });
      }
      const ms = performance.now() - started;
      wallMs += ms;
      bytes += file.bytes;
      if (figures) figures.floorMs += ms;
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  const cpu = process.cpuUsage(cpuBefore);
  progressDone(`[${label} floor] ${files.length} files in ${seconds(wallMs)}, ${failures.length} failed`);
  const mapProfileMs = files.reduce((sum, f) => sum + (f.profileMs ?? 0), 0);
  return {
    files: files.length,
    bytes,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rows,
    mapProfileMs,
    ratio: 0,
    sameFilesRatio: wallMs > 0 ? round(mapProfileMs / wallMs, 2) : 0,
    failures,
    rowMismatchCount: rowMismatches.length,
    rowMismatches: rowMismatches.slice(0, MAX_LISTED),
  };
}

/** `node dist/cli.cjs ARGS` with the bench's state folder; wall time from spawn to exit. */
async function runCli(
  args: string[],
  stateRoot: string,
): Promise<{ wallMs: number; exitCode: number | null }> {
  const started = performance.now();
  const exitCode = await new Promise<number | null>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ["ignore", "ignore", "ignore"],
      env: { ...process.env, RADAR_STATE_DIR: stateRoot },
    });
    child.on("error", reject);
    child.on("exit", (code) => resolvePromise(code));
  });
  return { wallMs: Math.round(performance.now() - started), exitCode };
}

/** UnionScan of `pattern` through the runtime (execution only) vs DuckDB's union of the same files. */
async function measureUnion(dir: string, stateDir: string, pattern: string): Promise<UnionFigures> {
  const runtime = await Runtime.open(dir, { radarDir: stateDir, validate: false });
  try {
    const files = expandFilesOf(runtime, pattern);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const event = await runtime.call({
      op: "UnionScan",
      files: [pattern],
      source_column: "source_file",
      output: "family",
    });
    const unionScanMs = performance.now() - started;
    const unionCpu = process.cpuUsage(cpu);
    const rows = Number((event.observation as { rowCount?: number } | undefined)?.rowCount ?? 0);
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    let duckdbRows = 0;
    let duckdbCreateMs = 0;
    let createCpu = { user: 0, system: 0 };
    const duckStarted = performance.now();
    const duckCpu = process.cpuUsage();
    const unionSql = `read_csv([${files.map((f) => sqlString(join(dir, f))).join(", ")}], union_by_name=true, filename=true)`;
    let error: string | undefined = event.status === "ok" ? undefined : (event.error ?? event.status);
    try {
      const reader = await connection.runAndReadAll(`SELECT count(*) AS n FROM ${unionSql}`);
      duckdbRows = Number(reader.getRowObjectsJson()[0]?.n ?? 0);
      const createStarted = performance.now();
      const c = process.cpuUsage();
      await connection.run(`CREATE TABLE family AS SELECT * FROM ${unionSql}`);
      createCpu = process.cpuUsage(c);
      duckdbCreateMs = performance.now() - createStarted;
    } catch (e) {
      error = `DuckDB union: ${((e as Error).message.split("\n")[0] ?? "").slice(0, 200)}`;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    const duckdbMs = performance.now() - duckStarted - duckdbCreateMs;
    const countCpu = process.cpuUsage(duckCpu);
    const cpuMs = (u: { user: number; system: number }): number => Math.round((u.user + u.system) / 1000);
    return {
      pattern,
      files: files.length,
      rows,
      unionScanMs: Math.round(unionScanMs),
      unionScanCpuMs: cpuMs(unionCpu),
      duckdbMs: Math.round(duckdbMs),
      duckdbCpuMs: cpuMs(countCpu) - cpuMs(createCpu),
      duckdbRows,
      duckdbCreateMs: Math.round(duckdbCreateMs),
      duckdbCreateCpuMs: cpuMs(createCpu),
      ratio: duckdbMs > 0 ? round(unionScanMs / duckdbMs, 2) : 0,
      ...(error ? { error } : {}),
    };
  } finally {
    runtime.close();
  }
}

function expandFilesOf(runtime: Runtime, pattern: string): string[] {
  const isMatch = picomatch(pattern, { nocase: true, dot: false });
  return runtime.map.files.filter((f) => isMatch(f.path) && (f.tables?.length ?? 0) > 0).map((f) => f.path);
}

async function measureLake(name: string, dir: string, family?: string): Promise<LakeFigures> {
  const stateRoot = mkdtempSync(join(tmpdir(), "radar-bench-state-"));
  try {
    // The folder `radar map` uses for this lake under RADAR_STATE_DIR, so the CLI re-map finds the cache.
    process.env.RADAR_STATE_DIR = stateRoot;
    const cacheDir = radarDir(realpathSync(dir));
    // Cold build: empty cache, new engine.
    gc();
    const rssBefore = process.memoryUsage.rss();
    let started = performance.now();
    const engine = await DuckEngine.open(dir, { extraReadDirs: [cacheDir] });
    const engineOpenMs = performance.now() - started;
    started = performance.now();
    const cpuBefore = process.cpuUsage();
    const { result: cold, peak } = await withRssSampling(() =>
      buildSourceMap(engine, { cacheDir, onProgress: mapProgress(`${name} map`) }),
    );
    const coldMs = performance.now() - started;
    const coldCpu = process.cpuUsage(cpuBefore);
    const maxRss = process.resourceUsage().maxRSS * 1024;
    engine.close();
    progressDone(`[${name} map] ${cold.stats.files} files in ${seconds(coldMs)}`);
    const cacheBytes = dirBytes(cacheDir);

    const map = cold.map;
    const bytes = map.files.reduce((sum, f) => sum + f.bytes, 0);
    const rows = mapRows(map);
    const byFormat: Record<string, FormatFigures> = {};
    for (const f of map.files) {
      const figures = (byFormat[f.format] ??= {
        files: 0,
        bytes: 0,
        rows: 0,
        profileMs: 0,
        floorMs: 0,
        floorRows: 0,
      });
      figures.files++;
      figures.bytes += f.bytes;
      figures.rows += tableRows(f);
      figures.profileMs += f.profileMs ?? 0;
    }

    // Unchanged re-map: same cache, new engine; the crawl and cache read overlap DuckDB's open, as
    // in Runtime.start. The least of three (a shared machine preempts single short runs).
    let remapMs = Infinity;
    let again!: Awaited<ReturnType<typeof buildSourceMap>>;
    for (let run = 0; run < 3; run++) {
      started = performance.now();
      const inputs = readMapInputs(dir, cacheDir);
      const engine2 = await DuckEngine.open(dir, { extraReadDirs: [cacheDir] });
      again = await buildSourceMap(engine2, { cacheDir, inputs, onProgress: mapProgress(`${name} re-map`) });
      remapMs = Math.min(remapMs, performance.now() - started);
      engine2.close();
    }
    progressDone(
      `[${name} re-map] ${again.stats.fromCache}/${again.stats.files} from cache in ${seconds(remapMs)}`,
    );
    const remapCli = await runCli(["map", "--lake", dir, "--json"], stateRoot);
    progressDone(`[${name} re-map CLI] ${seconds(remapCli.wallMs)} (exit ${remapCli.exitCode})`);
    // The cold map as a user starts it: `radar map` in a new process, the lake's Source Map cache
    // removed (the state root keeps the CLI's code cache, as after any earlier radar command).
    rmSync(join(cacheDir, "sourcemap.json"), { force: true });
    const cliCold = await runCli(["map", "--lake", dir, "--json"], stateRoot);
    progressDone(`[${name} cold map CLI] ${seconds(cliCold.wallMs)} (exit ${cliCold.exitCode})`);

    // DuckDB's floor on the same files.
    gc();
    const floor = await measureFloor(map, name, byFormat);
    floor.ratio = floor.wallMs > 0 ? round(coldMs / floor.wallMs, 2) : 0;
    for (const figures of Object.values(byFormat)) figures.floorMs = Math.round(figures.floorMs);
    const defaults = floorWithDefaults(map);
    if (defaults) floor.defaults = { ...defaults, ratio: round(coldMs / Math.max(1, defaults.wallMs), 2) };
    const coldCli = { ...cliCold, ratio: round(cliCold.wallMs / Math.max(1, floor.wallMs), 2) };

    const union = family ? await measureUnion(dir, cacheDir, family) : undefined;
    if (union)
      progressDone(
        `[${name} union] ${union.files} files, ${union.rows} rows: UnionScan ${seconds(union.unionScanMs)}, DuckDB ${seconds(union.duckdbMs)}`,
      );
    const extra: Record<string, string> = {};
    for (const hook of lakeFigureHooks)
      Object.assign(extra, await hook({ name, dir, stateDir: stateRoot, cli: CLI }));

    const coldSeconds = coldMs / 1000;
    return {
      name,
      dir,
      files: map.files.length,
      bytes,
      tables: map.files.reduce((sum, f) => sum + (f.tables?.length ?? 0), 0),
      rows,
      mapErrors: map.files.filter((f) => f.error).map((f) => ({ path: f.path, error: f.error ?? "" })),
      cold: {
        engineOpenMs: Math.round(engineOpenMs),
        wallMs: Math.round(coldMs),
        profiled: cold.stats.profiled,
        rowsPerSec: Math.round(rows / coldSeconds),
        mbPerSec: round(bytes / 1e6 / coldSeconds, 1),
        rssBeforeMiB: round(rssBefore / MIB, 0),
        peakRssMiB: round(peak / MIB, 0),
        maxRssMiB: round(maxRss / MIB, 0),
        cacheBytes,
        cpuMs: Math.round((coldCpu.user + coldCpu.system) / 1000),
      },
      floor,
      coldCli,
      remap: {
        wallMs: Math.round(remapMs),
        files: again.stats.files,
        fromCache: again.stats.fromCache,
        profiled: again.stats.profiled,
        rows: mapRows(again.map),
      },
      remapCli,
      ...(union ? { union } : {}),
      extra,
      byFormat,
      slowest: [...map.files]
        .sort((a, b) => (b.profileMs ?? 0) - (a.profileMs ?? 0))
        .slice(0, 5)
        .map((f) => ({
          path: f.path,
          format: f.format,
          bytes: f.bytes,
          profileMs: f.profileMs ?? 0,
          mbPerSec: round(f.bytes / 1e6 / Math.max((f.profileMs ?? 0) / 1000, 1e-3), 1),
        })),
    };
  } finally {
    delete process.env.RADAR_STATE_DIR;
    rmSync(stateRoot, { recursive: true, force: true });
  }
}

/**
 * Generates (or reuses) the lake in a child process, so that generation's memory does not count in
 * this process's peak RSS.
 */
async function ensureGeneratedLake(dir: string, size: number): Promise<void> {
  const script = process.argv[1];
  if (!script) throw new Error("cannot tell which script is running to generate the lake");
  const args = [...process.execArgv, script, "--generate-only", "--dir", dir, "--size", String(size)];
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (exitCode) => resolvePromise(exitCode));
  });
  if (code !== 0) throw new Error(`generating the lake in ${dir} failed (exit code ${code})`);
}

// ---------- report ----------

function printTable(lakes: LakeFigures[]): void {
  const rows: [string, (l: LakeFigures) => string][] = [
    ["files (tables)", (l) => `${l.files} (${l.tables})`],
    ["bytes", (l) => mb(l.bytes)],
    ["rows (sum of tables)", (l) => l.rows.toLocaleString("en-US")],
    [
      "rows expected (generator)",
      (l) => (l.expectedRows === undefined ? "—" : l.expectedRows.toLocaleString("en-US")),
    ],
    [
      "lake generation",
      (l) =>
        l.generated
          ? l.generated.reused
            ? "reused"
            : `generated in ${seconds(l.generated.generateMs)}`
          : "—",
    ],
    ["files with a map error", (l) => String(l.mapErrors.length)],
    ["engine open", (l) => `${l.cold.engineOpenMs} ms`],
    ["COLD MAP BUILD wall", (l) => seconds(l.cold.wallMs)],
    ["  rows/s", (l) => l.cold.rowsPerSec.toLocaleString("en-US")],
    ["  MB/s", (l) => l.cold.mbPerSec.toFixed(1)],
    ["  CPU time (all threads)", (l) => seconds(l.cold.cpuMs)],
    ["  RSS before", (l) => `${l.cold.rssBeforeMiB} MiB`],
    ["  peak RSS (50 ms samples)", (l) => `${l.cold.peakRssMiB} MiB`],
    ["  maxRSS (process so far)", (l) => `${l.cold.maxRssMiB} MiB`],
    ["  cache folder size", (l) => mb(l.cold.cacheBytes)],
    ["DUCKDB FLOOR (count(*)) files", (l) => `${l.floor.files} (${mb(l.floor.bytes)})`],
    ["  floor wall (sum)", (l) => seconds(l.floor.wallMs)],
    ["  floor CPU time", (l) => seconds(l.floor.cpuMs)],
    ["  floor rows", (l) => l.floor.rows.toLocaleString("en-US")],
    ["  floor failures", (l) => String(l.floor.failures.length)],
    ["  count mismatches vs map", (l) => String(l.floor.rowMismatchCount)],
    ["  map build / floor", (l) => `${l.floor.ratio.toFixed(2)}×`],
    ["  map CPU / floor CPU", (l) => `${(l.cold.cpuMs / Math.max(1, l.floor.cpuMs)).toFixed(2)}×`],
    ["  map profile / floor (same files)", (l) => `${l.floor.sameFilesRatio.toFixed(2)}×`],
    [
      "  floor in a process with DuckDB's allocator defaults",
      (l) =>
        l.floor.defaults
          ? `${seconds(l.floor.defaults.wallMs)} / ${seconds(l.floor.defaults.cpuMs)} CPU`
          : "—",
    ],
    ["  map build / that floor", (l) => (l.floor.defaults ? `${l.floor.defaults.ratio.toFixed(2)}×` : "—")],
    [
      "COLD MAP as a CLI call (radar map --json)",
      (l) => `${seconds(l.coldCli.wallMs)} (exit ${l.coldCli.exitCode})`,
    ],
    ["  CLI cold map / floor", (l) => `${l.coldCli.ratio.toFixed(2)}×`],
    ["UNCHANGED RE-MAP wall (in-process)", (l) => `${l.remap.wallMs} ms`],
    ["  fromCache / files", (l) => `${l.remap.fromCache} / ${l.remap.files}`],
    ["  as a CLI call (radar map --json)", (l) => `${l.remapCli.wallMs} ms (exit ${l.remapCli.exitCode})`],
    ["UNIONSCAN of the family", (l) => (l.union ? `${l.union.files} files, ${l.union.rows} rows` : "—")],
    [
      "  UnionScan (execution) wall / CPU",
      (l) => (l.union ? `${seconds(l.union.unionScanMs)} / ${seconds(l.union.unionScanCpuMs)}` : "—"),
    ],
    [
      "  DuckDB union count wall / CPU",
      (l) =>
        l.union
          ? `${seconds(l.union.duckdbMs)} / ${seconds(l.union.duckdbCpuMs)} (${l.union.duckdbRows} rows)`
          : "—",
    ],
    [
      "  DuckDB union CREATE TABLE wall / CPU",
      (l) => (l.union ? `${seconds(l.union.duckdbCreateMs)} / ${seconds(l.union.duckdbCreateCpuMs)}` : "—"),
    ],
    [
      "  UnionScan CPU / DuckDB count CPU",
      (l) => (l.union ? `${(l.union.unionScanCpuMs / Math.max(1, l.union.duckdbCpuMs)).toFixed(2)}×` : "—"),
    ],
    ["  UnionScan / DuckDB count (wall)", (l) => (l.union ? `${l.union.ratio.toFixed(2)}×` : "—")],
    ...[...new Set(lakes.flatMap((l) => Object.keys(l.extra)))].map(
      (key) => [key, (l: LakeFigures) => l.extra[key] ?? "—"] as [string, (l: LakeFigures) => string],
    ),
  ];
  const labelWidth = Math.max(...rows.map(([label]) => label.length)) + 2;
  const cells = lakes.map((l) => rows.map(([, cell]) => cell(l)));
  const widths = lakes.map((l, i) => Math.max(l.name.length, ...(cells[i] ?? []).map((c) => c.length)) + 2);
  const line = (label: string, values: string[]): string =>
    label.padEnd(labelWidth) + values.map((v, i) => v.padStart(widths[i] ?? 0)).join("");
  console.log(
    line(
      "",
      lakes.map((l) => l.name),
    ),
  );
  console.log("-".repeat(labelWidth + widths.reduce((a, b) => a + b, 0)));
  rows.forEach(([label], r) =>
    console.log(
      line(
        label,
        cells.map((c) => c[r] ?? ""),
      ),
    ),
  );

  for (const l of lakes) {
    console.log(`\n${l.name} (${l.dir})`);
    const allCached = l.remap.fromCache === l.files && l.remap.profiled === 0;
    console.log(`  check: unchanged re-map served from cache: ${allCached ? "yes" : "NO"}`);
    if (l.remap.rows !== l.rows)
      console.log(`  check: re-map rows ${l.remap.rows} differ from the cold map's ${l.rows}`);
    if (l.expectedRows !== undefined)
      console.log(
        `  check: map rows = generated rows: ${l.rows === l.expectedRows ? "yes" : `NO (${l.rows} vs ${l.expectedRows})`}`,
      );
    console.log("  by format:   files        bytes          rows   profile    floor   profile/floor");
    for (const [format, f] of Object.entries(l.byFormat)) {
      const ratio = f.floorMs > 0 ? `${(f.profileMs / f.floorMs).toFixed(2)}×` : "—";
      console.log(
        `    ${format.padEnd(9)}${String(f.files).padStart(6)}${mb(f.bytes).padStart(13)}${f.rows.toLocaleString("en-US").padStart(14)}` +
          `${seconds(f.profileMs).padStart(10)}${(f.floorMs > 0 ? seconds(f.floorMs) : "—").padStart(9)}${ratio.padStart(16)}`,
      );
    }
    console.log("  slowest files to profile:");
    for (const s of l.slowest)
      console.log(
        `    ${seconds(s.profileMs).padStart(9)}  ${mb(s.bytes).padStart(9)}  ${String(s.mbPerSec).padStart(6)} MB/s  ${s.path}`,
      );
    if (l.union?.error) console.log(`  union: ${l.union.error}`);
    for (const e of l.mapErrors.slice(0, 10)) console.log(`  map error: ${e.path}: ${e.error}`);
    if (l.mapErrors.length > 10) console.log(`  … ${l.mapErrors.length - 10} more map errors`);
    for (const f of l.floor.failures.slice(0, 10)) console.log(`  floor failure: ${f.path}: ${f.error}`);
    if (l.floor.failures.length > 10) console.log(`  … ${l.floor.failures.length - 10} more floor failures`);
    for (const m of l.floor.rowMismatches)
      console.log(`  count differs: ${m.path}: map ${m.map}, DuckDB auto-detect ${m.floor}`);
    const unlisted = l.floor.rowMismatchCount - l.floor.rowMismatches.length;
    if (unlisted > 0) console.log(`  … ${unlisted} more count differences`);
  }
  console.log("");
}

// ---------- main ----------

/** The legal lake of test/fixtures (or RADAR_LEGAL_LAKE). */
function legalLake(): string {
  return join(legalRoot, "lake");
}

async function main(): Promise<void> {
  const listFile = argValue("--floor-child");
  if (listFile) return floorChild(listFile);
  // The map is measured as `radar` runs it, with its allocator settings, which only take effect
  // when set before DuckDB loads: so in a process started with them.
  if (process.env[ALLOCATOR_ENV] === undefined) {
    const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit",
      env: keepFreedPages({ ...process.env }),
    });
    process.exitCode = child.status ?? 1;
    return;
  }
  const size = argValue("--size") ? parseBytes(argValue("--size") ?? "") : DEFAULT_TARGET_BYTES;
  const defaultDir = size === DEFAULT_TARGET_BYTES ? "bench-data/lake-1g" : `bench-data/lake-${size}`;
  const generatedDir = resolve(process.cwd(), argValue("--dir") ?? defaultDir);

  if (process.argv.includes("--generate-only")) {
    const stats = await generateLake(generatedDir, size);
    console.log(JSON.stringify(stats));
    return;
  }

  const only = argValue("--only")?.split(",");
  const wanted = (name: string): boolean => only === undefined || only.includes(name);
  const repeat = Math.max(1, Number(argValue("--repeat") ?? 1));
  const lakes: LakeFigures[] = [];
  const skipped: { name: string; reason: string }[] = [];

  for (let run = 0; run < repeat; run++) {
    const suffix = repeat > 1 ? ` #${run + 1}` : "";
    const krama = legalLake();
    if (!wanted("legal")) {
      /* not asked for */
    } else if (existsSync(krama)) lakes.push(await measureLake(`kramabench-legal${suffix}`, krama));
    else if (run === 0) {
      skipped.push({ name: "kramabench-legal", reason: `${krama} not found` });
      process.stderr.write(`skipping kramabench-legal: ${krama} not found\n`);
    }

    if (wanted("small")) {
      const smallDir = resolve(process.cwd(), argValue("--small-dir") ?? "bench-data/lake-water");
      await waterLake(smallDir);
      lakes.push(await measureLake(`water-small-files${suffix}`, smallDir, "water-body-testing-*.csv"));
    }

    if (!process.argv.includes("--skip-generated") && wanted("generated")) {
      const before = await lakeMarker(generatedDir);
      await ensureGeneratedLake(generatedDir, size);
      const marker = await lakeMarker(generatedDir);
      if (!marker) throw new Error(`${generatedDir} holds no marker after generation`);
      const reused = before !== undefined && before.generatedAt === marker.generatedAt;
      const figures = await measureLake(
        `generated-${(marker.bytes / 1e9).toFixed(2)}GB${suffix}`,
        generatedDir,
      );
      figures.expectedRows = marker.rows;
      figures.generated = { reused, generateMs: marker.generateMs };
      lakes.push(figures);
    }
  }

  // The radar command's start-up (one-call batch, MCP connect) over the KramaBench lake: see benchSessions.ts.
  const cliStart =
    existsSync(legalLake()) && existsSync("dist/cli.cjs") && !process.argv.includes("--skip-startup")
      ? await measureCliStart(legalLake(), { runs: 5 })
      : undefined;

  const report = {
    benchmark: "sourceMap",
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "",
      memoryGiB: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    lakes,
    skipped,
    ...(cliStart ? { cliStart } : {}),
  };
  if (!jsonOnly) {
    console.log(
      `\nSource Map benchmark — ${report.machine.cpus} CPUs (${report.machine.cpuModel}), ${report.machine.memoryGiB} GiB, Node ${report.machine.node}\n`,
    );
    printTable(lakes);
    if (cliStart) printCliStart(cliStart);
    for (const s of skipped) console.log(`skipped ${s.name}: ${s.reason}`);
  }
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
