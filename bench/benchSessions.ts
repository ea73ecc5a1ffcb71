// Start-up benchmark of the `radar` command (issues 11, 13, 17): how long a one-call batch takes
// over a lake already mapped, where that time goes, and how long `radar mcp` takes to answer
// `initialize` (cold: nothing mapped; warm: the Source Map cache exists).
//
//   npm run bench:cli                        table, then a final JSON line
//   npm run bench:cli -- --json              the JSON line only
//   --lake DIR      the lake (default the legal lake of test/fixtures/kramabench-legal, or RADAR_LEGAL_LAKE)
//   --runs N        runs per figure (default 7)
//   --cli PATH      the CLI to measure (default dist/cli.cjs; another build, for before/after)
//
// Each run is a fresh process, as an agent driving the CLI from a shell starts one. Figures are
// wall times; the machine may be shared, so each is given as min / median / max over the runs.
// With RADAR_PROFILE_STARTUP=1 (set here) the CLI reports its own steps, which split the time.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { legalRoot } from "../test/helpers/tempLake.ts";

export interface Spread {
  minMs: number;
  medianMs: number;
  maxMs: number;
}

export interface CliStartFigures {
  lake: string;
  cli: string;
  runs: number;
  /** `[{"op":"Query","sql":"SELECT 1 AS x",…}]` with no session, over the mapped lake. */
  oneCallBatch: Spread;
  /** The first such batch of this build: no V8 code cache yet (the launcher compiles and writes it). */
  oneCallBatchFirstMs?: number;
  /** In the same minutes: `node -e 0`, and node opening DuckDB (its native binding) and running SELECT 1. */
  nodeBare?: Spread;
  duckdbFloor?: Spread;
  /** The same, in a session whose earlier batch scanned a file: a Query over the session's table. */
  sessionQuery?: Spread;
  /** Where the one-call batch's time goes (medians, ms since the process started; CPU ms beside). */
  steps?: { step: string; wallMs: number; cpuMs: number }[];
  /** `radar mcp` until its answer to `initialize`: nothing mapped yet, and with the cache. */
  mcpConnectCold: Spread;
  mcpConnectWarm: Spread;
  /** The first tool call that needs the Source Map, from a cold connect. */
  mcpFirstCallCold?: Spread;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (v: number): number => Math.round(v);
  return {
    minMs: r(sorted[0]!),
    medianMs: r(sorted[Math.floor(sorted.length / 2)]!),
    maxMs: r(sorted.at(-1)!),
  };
}

function runCli(
  cli: string,
  args: string[],
  env: Record<string, string>,
): { ms: number; stderr: string; code: number | null } {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  return { ms: performance.now() - started, stderr: r.stderr, code: r.status };
}

/**
 * Node opening an in-memory DuckDB through its native binding and running SELECT 1, then closing:
 * what any start of a DuckDB-backed command costs at least (the platform package directly, as the
 * CLI loads it; the binding package's own loader where that is not found).
 */
const DUCKDB_FLOOR = `let d; try { d = require("@duckdb/node-bindings-" + process.platform + "-" + process.arch + "/duckdb.node"); } catch { d = require("@duckdb/node-bindings"); }
(async () => { const db = await d.open(":memory:"); const c = await d.connect(db); await d.query(c, "SELECT 1"); d.disconnect_sync(c); d.close_sync(db); })();`;

/** `node ARGS` from the repository (where node_modules is); wall time from spawn to exit. */
function runNode(args: string[]): { ms: number; stderr: string; code: number | null } {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: "utf8" });
  return { ms: performance.now() - started, stderr: r.stderr, code: r.status };
}

/** Milliseconds until `radar mcp` answers `initialize`, and until a first Discover returns. */
function mcpConnect(
  cli: string,
  lake: string,
  stateDir: string,
  withCall: boolean,
): Promise<{ connectMs: number; callMs?: number }> {
  return new Promise((resolvePromise, rejectPromise) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, "mcp", "--lake", lake], {
      env: { ...process.env, RADAR_STATE_DIR: stateDir },
      stdio: ["pipe", "pipe", "ignore"],
    });
    let buffer = "";
    let connectMs: number | undefined;
    const send = (message: unknown): boolean => child.stdin.write(`${JSON.stringify(message)}\n`);
    const finish = (callMs?: number): void => {
      child.stdin.end();
      child.on("close", () =>
        resolvePromise({ connectMs: connectMs!, ...(callMs !== undefined ? { callMs } : {}) }),
      );
    };
    child.on("error", rejectPromise);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
        const message = JSON.parse(buffer.slice(0, at)) as { id?: number };
        buffer = buffer.slice(at + 1);
        if (message.id === 1) {
          connectMs = performance.now() - started;
          if (!withCall) return finish();
          send({ jsonrpc: "2.0", method: "notifications/initialized" });
          send({
            jsonrpc: "2.0",
            id: 2,
            method: "tools/call",
            params: { name: "radar_discover", arguments: { query: "data" } },
          });
        } else if (message.id === 2) finish(performance.now() - started);
      }
    });
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "bench", version: "0" },
      },
    });
  });
}

/** Steps the CLI reports with RADAR_PROFILE_STARTUP=1: `startup 123.4 ms wall, 56.7 ms cpu: DuckDB open`. */
function steps(stderr: string): { step: string; wallMs: number; cpuMs: number }[] {
  return [...stderr.matchAll(/^startup ([\d.]+) ms wall, ([\d.]+) ms cpu: (.*)$/gm)].map((m) => ({
    step: m[3]!.replace(/ \(.*\)$/, ""),
    wallMs: Number(m[1]),
    cpuMs: Number(m[2]),
  }));
}

export async function measureCliStart(
  lake: string,
  options: { runs?: number; cli?: string } = {},
): Promise<CliStartFigures> {
  const runs = options.runs ?? 7;
  const cli = resolve(options.cli ?? "dist/cli.cjs");
  const work = mkdtempSync(join(tmpdir(), "radar-bench-cli-"));
  try {
    const stateDir = join(work, "state");
    const env = { RADAR_STATE_DIR: stateDir, RADAR_PROFILE_STARTUP: "1" };
    const one = join(work, "one.json");
    writeFileSync(one, JSON.stringify([{ op: "Query", sql: "SELECT 1 AS x", inputs: [], output: "x" }]));
    const mapped = runCli(cli, ["map", "--lake", lake], env);
    if (mapped.code !== 0) throw new Error(`radar map failed: ${mapped.stderr}`);

    const first = runCli(cli, ["batch", one, "--lake", lake], env);
    if (first.code !== 0) throw new Error(`radar batch failed: ${first.stderr}`);
    const batch: number[] = [];
    const bare: number[] = [];
    const floor: number[] = [];
    const profiles: { step: string; wallMs: number; cpuMs: number }[][] = [];
    for (let i = 0; i < runs; i++) {
      const r = runCli(cli, ["batch", one, "--lake", lake], env);
      if (r.code !== 0) throw new Error(`radar batch failed: ${r.stderr}`);
      batch.push(r.ms);
      profiles.push(steps(r.stderr));
      // The floors, interleaved with the batch runs so a busy machine weighs on all alike.
      bare.push(runNode(["-e", "0"]).ms);
      const f = runNode(["-e", DUCKDB_FLOOR]);
      if (f.code !== 0) throw new Error(`the DuckDB floor script failed: ${f.stderr}`);
      floor.push(f.ms);
    }
    const named = profiles[0]?.map((s) => s.step) ?? [];
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

    // A session: one batch scans a file (untimed), the timed ones query the session's table.
    let sessionQuery: Spread | undefined;
    const map = spawnSync(process.execPath, [cli, "map", "--lake", lake, "--json"], {
      env: { ...process.env, RADAR_STATE_DIR: stateDir },
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    const files = (JSON.parse(map.stdout) as { files: { path: string; tables?: unknown[] }[] }).files;
    const table = files.find((f) => (f.tables?.length ?? 0) > 0);
    if (table && named.length) {
      const scan = join(work, "scan.json");
      writeFileSync(scan, JSON.stringify([{ op: "Scan", file: table.path, output: "t" }]));
      const first = runCli(cli, ["batch", scan, "--lake", lake, "--session", "bench", "--quiet"], env);
      if (first.code === 0) {
        const query = join(work, "query.json");
        writeFileSync(
          query,
          JSON.stringify([
            { op: "Query", sql: "SELECT count(*) AS n FROM t", inputs: ["t"], output: "n", replace: true },
          ]),
        );
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const r = runCli(cli, ["batch", query, "--lake", lake, "--session", "bench", "--quiet"], env);
          if (r.code === 0) times.push(r.ms);
        }
        if (times.length) sessionQuery = spread(times);
      }
    }

    const cold: number[] = [];
    const firstCall: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      const fresh = join(work, `cold-${i}`);
      const c = await mcpConnect(cli, lake, fresh, true);
      cold.push(c.connectMs);
      if (c.callMs !== undefined) firstCall.push(c.callMs);
      rmSync(fresh, { recursive: true, force: true });
      warm.push((await mcpConnect(cli, lake, stateDir, false)).connectMs);
    }
    return {
      lake,
      cli,
      runs,
      oneCallBatch: spread(batch),
      oneCallBatchFirstMs: Math.round(first.ms),
      nodeBare: spread(bare),
      duckdbFloor: spread(floor),
      ...(sessionQuery ? { sessionQuery } : {}),
      ...(named.length
        ? {
            steps: named.map((step, k) => ({
              step,
              wallMs: Math.round(median(profiles.map((p) => p[k]?.wallMs ?? 0))),
              cpuMs: Math.round(median(profiles.map((p) => p[k]?.cpuMs ?? 0))),
            })),
          }
        : {}),
      mcpConnectCold: spread(cold),
      mcpConnectWarm: spread(warm),
      ...(firstCall.length ? { mcpFirstCallCold: spread(firstCall) } : {}),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function printCliStart(f: CliStartFigures): void {
  const s = (x: Spread): string => `${x.minMs} / ${x.medianMs} / ${x.maxMs} ms`;
  console.log(`\nradar start-up over ${f.lake} (${f.runs} runs each; min / median / max wall time)`);
  console.log(`  one-call batch, lake mapped:        ${s(f.oneCallBatch)}   (goal ≤ 500 ms)`);
  if (f.oneCallBatchFirstMs !== undefined)
    console.log(`    first run of this build (no code cache yet): ${f.oneCallBatchFirstMs} ms`);
  if (f.nodeBare) console.log(`  floor: node -e 0                    ${s(f.nodeBare)}`);
  if (f.duckdbFloor) console.log(`  floor: node + DuckDB open + SELECT 1 ${s(f.duckdbFloor)}`);
  if (f.sessionQuery) console.log(`  one-call batch in a session:        ${s(f.sessionQuery)}`);
  for (const step of f.steps ?? [])
    console.log(
      `    ${step.step.padEnd(32)} at ${String(step.wallMs).padStart(5)} ms (cpu ${step.cpuMs} ms)`,
    );
  console.log(`  radar mcp: initialize answered, cold: ${s(f.mcpConnectCold)}`);
  console.log(`  radar mcp: initialize answered, warm: ${s(f.mcpConnectWarm)}`);
  if (f.mcpFirstCallCold) console.log(`  radar mcp: first Discover, cold:      ${s(f.mcpFirstCallCold)}`);
}

async function main(): Promise<void> {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const lake = resolve(arg("--lake") ?? join(legalRoot, "lake"));
  if (!existsSync(lake)) throw new Error(`no lake at ${lake} (--lake DIR)`);
  const figures = await measureCliStart(lake, {
    ...(arg("--runs") ? { runs: Number(arg("--runs")) } : {}),
    ...(arg("--cli") ? { cli: arg("--cli")! } : {}),
  });
  if (!process.argv.includes("--json")) {
    console.log(`${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}`);
    printCliStart(figures);
  }
  console.log(JSON.stringify({ benchmark: "cliStart", at: new Date().toISOString(), ...figures }));
}

if (process.argv[1]?.endsWith("benchSessions.cjs"))
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
