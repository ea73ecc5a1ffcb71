// Large-lake bench (issue 27): generates the 1,500-file space-weather-shaped lake
// (bench/generateSpaceLake.ts; reused between runs) and maps it cold with `radar map --json` in a
// process of its own, as a user would. Prints the wall time, the peak RSS of that process (the
// kernel's high-water mark, read by /usr/bin/time from wait4; sampled from /proc when /usr/bin/time
// is absent), how many entries and unreadable files the map has, and how many lines the plain
// `radar map` prints over the same (now cached) lake.
//
//   npm run bench:lake                        table, then a final JSON line
//   --dir DIR             folder of the generated lake (default bench-data/lake-space)
//   --large-bytes N       bytes of each of the three large files (default 40e6)
//   --cli PATH            the radar launcher to measure (default dist/cli.cjs)
//   --memory-limit SIZE   passed to `radar map --memory-limit` (the budget under test)
//   --cap-mb N            kill the map if its RSS passes N MB (default 6000: the machine is shared)
//   --repeat N            cold maps to run (figures of each, then the range)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateSpaceLake } from "./generateSpaceLake.ts";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const dir = resolve(arg("--dir") ?? "bench-data/lake-space");
const cli = resolve(arg("--cli") ?? "dist/cli.cjs");
const largeBytes = Number(arg("--large-bytes") ?? 40e6);
const capMb = Number(arg("--cap-mb") ?? 6000);
const repeat = Number(arg("--repeat") ?? 1);
const memoryLimit = arg("--memory-limit");
const TIME = "/usr/bin/time";

interface MapRun {
  wallMs: number;
  /** User + system CPU of the map process (steadier than wall time on a shared machine). */
  cpuMs: number | undefined;
  peakRssMb: number;
  exitCode: number | null;
  killedOverCap: boolean;
  stdout: string;
  stderr: string;
}

/** VmRSS / VmHWM (kB) of a process, or undefined once it is gone. */
function procKb(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function runMap(args: string[], stateDir: string): Promise<MapRun> {
  const withTime = existsSync(TIME);
  const command = withTime ? TIME : process.execPath;
  const argv = [
    ...(withTime ? ["-f", "RADAR_BENCH_MAXRSS_KB=%M CPU=%U+%S", process.execPath] : []),
    cli,
    ...args,
    "--lake",
    dir,
    "--state-dir",
    stateDir,
    ...(memoryLimit ? ["--memory-limit", memoryLimit] : []),
  ];
  const started = performance.now();
  const child = spawn(command, argv, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, RADAR_CODE_CACHE: "0" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  let sampledKb = 0;
  let killedOverCap = false;
  const timer = setInterval(() => {
    const pids = withTime ? childPids(child.pid!) : [child.pid!];
    for (const pid of pids) {
      sampledKb = Math.max(sampledKb, procKb(pid, "VmHWM") ?? 0);
      if ((procKb(pid, "VmRSS") ?? 0) > capMb * 1024) {
        killedOverCap = true;
        process.kill(pid, "SIGKILL");
      }
    }
  }, 25);
  const exitCode = await new Promise<number | null>((done) => child.on("close", done));
  clearInterval(timer);
  const wallMs = performance.now() - started;
  const timed = /RADAR_BENCH_MAXRSS_KB=(\d+) CPU=([\d.]+)\+([\d.]+)/.exec(stderr);
  const cpuMs = timed ? (Number(timed[2]) + Number(timed[3])) * 1000 : undefined;
  const peakKb = timed ? Number(timed[1]) : sampledKb;
  stderr = stderr.replace(/.*RADAR_BENCH_MAXRSS_KB=.*\n?/, "");
  return {
    wallMs,
    cpuMs,
    peakRssMb: peakKb / 1024,
    exitCode: killedOverCap ? null : exitCode,
    killedOverCap,
    stdout,
    stderr,
  };
}

async function main(): Promise<void> {
  const genStarted = performance.now();
  const marker = await generateSpaceLake(dir, { largeBytes });
  console.log(
    `lake ${dir}: ${marker.files} files (${marker.csvFiles} CSV), ${(marker.bytes / 1e6).toFixed(0)} MB, large: ${marker.largeFiles.map((f) => `${f.path} ${(f.bytes / 1e6).toFixed(0)} MB`).join(", ")}; ${((performance.now() - genStarted) / 1000).toFixed(1)} s to generate or reuse`,
  );
  const runs: {
    wallMs: number;
    peakRssMb: number;
    exitCode: number | null;
    entries: number;
    unreadable: number;
    lines: number;
  }[] = [];
  for (let r = 0; r < repeat; r++) {
    const stateDir = mkdtempSync(join(tmpdir(), "radar-bench-lake-"));
    try {
      const cold = await runMap(["map", "--json"], stateDir);
      let entries = 0;
      let unreadable = 0;
      const failed: string[] = [];
      if (cold.exitCode === 0) {
        const parsed = JSON.parse(cold.stdout) as { files: { path: string; error?: string }[] };
        entries = parsed.files.length;
        for (const f of parsed.files)
          if (f.error) {
            unreadable++;
            failed.push(`${f.path}: ${f.error.slice(0, 200)}`);
          }
      }
      // The plain output over the cached lake: how long a reader's screen is.
      const plain = cold.exitCode === 0 ? await runMap(["map"], stateDir) : undefined;
      const lines = plain ? plain.stdout.split("\n").length - 1 : 0;
      runs.push({
        wallMs: cold.wallMs,
        peakRssMb: cold.peakRssMb,
        exitCode: cold.exitCode,
        entries,
        unreadable,
        lines,
      });
      console.log(
        `cold radar map --json: ${(cold.wallMs / 1000).toFixed(1)} s (CPU ${cold.cpuMs === undefined ? "?" : (cold.cpuMs / 1000).toFixed(1)} s), peak RSS ${cold.peakRssMb.toFixed(0)} MB, exit ${cold.killedOverCap ? `killed (RSS over the ${capMb} MB cap)` : cold.exitCode}; ${entries} entries, ${unreadable} unreadable; plain radar map: ${lines} lines`,
      );
      for (const f of failed.slice(0, 10)) console.log(`  unreadable ${f}`);
      if (cold.exitCode !== 0 && !cold.killedOverCap) console.log(`  stderr: ${cold.stderr.slice(0, 2000)}`);
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  }
  const range = (values: number[], digits: number): string => {
    const lo = Math.min(...values).toFixed(digits);
    const hi = Math.max(...values).toFixed(digits);
    return lo === hi ? lo : `${lo}–${hi}`;
  };
  console.log(
    `summary: ${runs.length} cold map(s): ${range(
      runs.map((r) => r.wallMs / 1000),
      1,
    )} s, peak RSS ${range(
      runs.map((r) => r.peakRssMb),
      0,
    )} MB${memoryLimit ? ` (--memory-limit ${memoryLimit})` : ""}`,
  );
  console.log(
    JSON.stringify({
      lake: { files: marker.files, bytes: marker.bytes },
      memoryLimit: memoryLimit ?? null,
      runs,
    }),
  );
}

await main();
