import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import type { CallEvent, RunStartEvent } from "../../src/core/trace/traceEvents.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

/**
 * The CLI as an agent's workbench (issue 11), through the built `radar` command as a shell-driven
 * agent uses it: sessions across batches, whole results, typed JSON, failures as diagnostics, and
 * a lake that RADAR never writes to.
 */

const cli = join(repoRoot, "dist/cli.cjs");

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function radar(args: string[], env: Record<string, string>, options: { asUser?: boolean } = {}): Ran {
  const command = options.asUser
    ? unprivileged([process.execPath, cli, ...args])
    : [process.execPath, cli, ...args];
  const r = spawnSync(command[0]!, command.slice(1), {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** As root (as the tests run here), the command runs as `nobody`: root may write anywhere. */
function unprivileged(command: string[]): string[] {
  return process.getuid?.() === 0
    ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", ...command]
    : command;
}

/** Batch files live apart from lakes and state folders, readable by the unprivileged user. */
const batches = mkdtempSync(join(tmpdir(), "radar-batches-"));
chmodSync(batches, 0o755);

function batchFile(_dir: string, calls: unknown[]): string {
  const path = join(batches, `batch-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(calls));
  chmodSync(path, 0o644);
  return path;
}

function json<T>(r: Ran): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${r.code}): ${r.stdout.slice(0, 500)}\n${r.stderr}`);
  }
}

/** Every file and folder under a directory, with a hash of each file's bytes and its mode. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const s = lstatSync(p);
      const rel = relative(dir, p);
      if (s.isDirectory()) {
        out.push(`${rel}/ ${s.mode.toString(8)}`);
        walk(p);
      } else
        out.push(
          `${rel} ${s.mode.toString(8)} ${s.size} ${s.mtimeMs} ${createHash("sha256").update(readFileSync(p)).digest("hex")}`,
        );
    }
  };
  walk(dir);
  return out;
}

type BatchOut = {
  results: (Omit<CallEvent, "type" | "runId" | "args" | "inputs" | "startedAt"> & { observation: unknown })[];
  final: { code: string }[];
  trace: string;
  session?: string;
  tables?: { name: string; rows: number; stale?: string }[];
};

describe("radar CLI sessions", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" }, () => {
  test("a run whose calls warned says its end found nothing beyond them, not plain none (held-out GR)", () => {
    const { lake, stateDir } = tempLake({ "rain.csv": "year,mm\n2019,700\n2020,655\n2021,720\n" });
    const run = radar(
      [
        "batch",
        batchFile(stateDir, [
          { op: "Scan", file: "rain.csv", output: "rain" },
          { op: "Query", sql: "SELECT mm FROM rain WHERE year = 1999", inputs: ["rain"], output: "q" },
        ]),
        "--lake",
        lake,
        "--session",
        "gr",
      ],
      { RADAR_STATE_DIR: stateDir },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /warning (empty-result|filter-no-match)/);
    assert.match(run.stdout, /End-of-run findings \(session "gr"\): none beyond the calls' own, above/);
  });

  test("two batches of one session: scan in the first, query in the second, no re-scan", () => {
    const { lake, stateDir } = tempLake({
      "rain.csv": "year,mm\n2019,700\n2020,655\n2021,720\n",
      "notes.txt": "rainfall in millimetres\n",
    });
    const env = { RADAR_STATE_DIR: stateDir };
    const first = radar(
      [
        "batch",
        batchFile(stateDir, [
          { op: "Scan", file: "rain.csv", output: "rain" },
          { op: "Bash", command: "head -n 1 notes.txt" },
        ]),
        "--lake",
        lake,
        "--session",
        "wx",
      ],
      env,
    );
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /│ rainfall in millimetres/, "Bash output is shown");
    assert.match(first.stdout, /2019 │ 700 +← rain\.csv:2/);
    assert.match(first.stdout, /End-of-run findings \(session "wx"\): none$/m);
    assert.equal(first.stderr, "", "no progress lines when stderr is not a terminal");

    const second = radar(
      [
        "batch",
        batchFile(stateDir, [
          { op: "Query", sql: "SELECT avg(mm) AS mean FROM rain", inputs: ["rain"], output: "mean" },
          { op: "Probe", table: "rain", columns: ["year"] },
          { op: "Scan", file: "rain.csv", output: "rain" },
        ]),
        "--lake",
        lake,
        "--session",
        "wx",
        "--json",
      ],
      env,
    );
    assert.equal(second.code, 0, second.stderr);
    const out = json<BatchOut>(second);
    assert.deepEqual(
      out.results.map((r) => `${r.op}:${r.status}`),
      ["Query:ok", "Probe:ok", "Scan:ok"],
    );
    assert.deepEqual((out.results[0]!.observation as { records: { rows: unknown[][] } }).records.rows, [
      [691.6666666666666],
    ]);
    assert.equal(out.results[2]!.reused?.how, "session");
    assert.deepEqual(
      out.tables?.map((t) => t.name),
      ["mean", "rain"],
    );
    // The trace of the second run: no Scan read the file (the one Scan call was answered from the table).
    const events = readTrace(out.trace);
    const start = events[0] as RunStartEvent;
    assert.equal(start.session, "wx");
    assert.ok(start.continues, "the run names the run it continues");
    const calls = events.filter((e): e is CallEvent => e.type === "call");
    assert.deepEqual(
      calls.map((c) => [c.op, c.reused?.how ?? null]),
      [
        ["Query", null],
        ["Probe", null],
        ["Scan", "session"],
      ],
    );
    // The state root holds the lake's folder and the CLI's code cache (src/cli/launcher.ts).
    const lakeFolder = readdirSync(stateDir).find((name) => name !== "code-cache")!;
    const firstRun = readTrace(join(stateDir, lakeFolder, "runs", `${start.continues}.jsonl`));
    assert.deepEqual(
      firstRun.filter((e): e is CallEvent => e.type === "call").map((c) => c.op),
      ["Scan", "Bash"],
    );

    // The second run's SQL script begins with the first run's scan: it stands alone.
    const script = radar(["export", out.trace, "--sql"], env).stdout;
    assert.match(script, /CREATE OR REPLACE VIEW "rain" AS[\s\S]*CREATE OR REPLACE TABLE "mean"/);

    const text = radar(
      [
        "batch",
        batchFile(stateDir, [{ op: "Probe", table: "rain", columns: ["mm"] }]),
        "--lake",
        lake,
        "--session",
        "wx",
      ],
      env,
    );
    assert.match(text.stdout, /mm BIGINT: 3 distinct, 0 null \(0\.0%\), range 655 … 720/);
    assert.match(text.stdout, /top: 655 ×1, 700 ×1, 720 ×1/);

    const list = json<{ sessions: { name: string; tables: number; runs: number }[] }>(
      radar(["session", "list", "--lake", lake, "--json"], env),
    );
    assert.deepEqual(
      list.sessions.map((s) => [s.name, s.tables, s.runs]),
      [["wx", 2, 3]],
    );
    const ended = radar(["session", "end", "wx", "--lake", lake], env);
    assert.match(ended.stdout, /ended session "wx": 2 tables dropped/);
    assert.deepEqual(
      json<{ sessions: unknown[] }>(radar(["sessions", "--lake", lake, "--json"], env)).sessions,
      [],
    );
    assert.equal(radar(["show", "rain", "--session", "wx", "--lake", lake], env).code, 1);
  });

  test("a table goes stale when its file changes: the next call that reads it says so", () => {
    const { lake, stateDir } = tempLake({ "stock.csv": "item,qty\nbolt,10\nnut,20\n" });
    const env = { RADAR_STATE_DIR: stateDir };
    const scan = radar(
      [
        "batch",
        batchFile(stateDir, [{ op: "Scan", file: "stock.csv", output: "stock" }]),
        "--lake",
        lake,
        "--session",
        "inv",
      ],
      env,
    );
    assert.equal(scan.code, 0, scan.stderr);
    appendFileSync(join(lake, "stock.csv"), "washer,30\n");
    const query = radar(
      [
        "batch",
        batchFile(stateDir, [
          { op: "Query", sql: "SELECT sum(qty) AS total FROM stock", inputs: ["stock"], output: "total" },
        ]),
        "--lake",
        lake,
        "--session",
        "inv",
        "--json",
      ],
      env,
    );
    const out = json<BatchOut>(query);
    const stale = out.results[0]!.diagnostics.find((d) => d.code === "stale-table");
    assert.equal(stale?.severity, "warning");
    assert.match(stale!.message, /stock\.csv changed/);
    assert.deepEqual((out.results[0]!.observation as { records: { rows: unknown[][] } }).records.rows, [
      [30],
    ]);
    assert.ok(out.tables?.every((t) => t.stale !== undefined));
    const shown = radar(["show", "stock", "--session", "inv", "--lake", lake], env);
    assert.match(shown.stdout, /warning stale-table: stock\.csv changed/);
  });

  test("radar show pages through a 100,000-row table: text pages, CSV and typed JSON, with source lines", () => {
    const rows = Array.from(
      { length: 100_000 },
      (_, i) => `${i},${(i * 7) % 1000}.5,code${String(i % 37).padStart(3, "0")}`,
    );
    const { lake, stateDir } = tempLake({ "big.csv": `id,value,code\n${rows.join("\n")}\n` });
    const env = { RADAR_STATE_DIR: stateDir };
    const scan = radar(
      [
        "batch",
        batchFile(stateDir, [{ op: "Scan", file: "big.csv", output: "big" }]),
        "--lake",
        lake,
        "--session",
        "pg",
        "--quiet",
      ],
      env,
    );
    assert.equal(scan.code, 0, scan.stderr);
    assert.match(scan.stdout, /^1 calls?: 1 ok/m);
    assert.doesNotMatch(scan.stdout, /#0 Scan/, "--quiet prints no ok call");

    const page = radar(
      ["show", "big", "--session", "pg", "--lake", lake, "--rows", "3", "--offset", "99998"],
      env,
    );
    assert.equal(page.code, 0, page.stderr);
    assert.match(page.stdout, /^big: 100000 rows × 3 columns; rows 99999–100000 shown$/m);
    assert.match(page.stdout, /99998 │ 986\.5 +│ code024 +← big\.csv:100000/);
    assert.match(page.stdout, /99999 │ 993\.5 +│ code025 +← big\.csv:100001/);

    const slice = json<{
      columns: { name: string; type: string; json: string }[];
      rowCount: number;
      offset: number;
      rows: unknown[][];
      origins: string[];
      truncated: boolean;
    }>(
      radar(
        ["show", "big", "--session", "pg", "--lake", lake, "--json", "--rows", "2", "--offset", "50000"],
        env,
      ),
    );
    assert.deepEqual(
      slice.columns.map((c) => [c.name, c.json]),
      [
        ["id", "number"],
        ["value", "number"],
        ["code", "string"],
      ],
    );
    assert.deepEqual(slice.rows, [
      [50000, 0.5, `code${String(50000 % 37).padStart(3, "0")}`],
      [50001, 7.5, `code${String(50001 % 37).padStart(3, "0")}`],
    ]);
    assert.deepEqual(slice.origins, ["big.csv:50002", "big.csv:50003"]);
    assert.equal(slice.truncated, true);

    const csv = radar(["show", "big", "--session", "pg", "--lake", lake, "--csv"], env);
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 100_001);
    assert.equal(lines[0], "id,value,code");
    assert.equal(lines[100_000], "99999,993.5,code025");
    const all = json<{ rows: unknown[][]; truncated: boolean }>(
      radar(["show", "big", "--session", "pg", "--lake", lake, "--json"], env),
    );
    assert.equal(all.rows.length, 100_000);
    assert.equal(all.truncated, false);
  });

  test("typed JSON: one representation per column, wide integers as strings for the whole column", () => {
    const { lake, stateDir } = tempLake({
      "ids.csv":
        "small,wide,amount,day,label\n" +
        "1,9007199254740993,12.50,2024-01-31,a\n" +
        "2,5,0.10,2024-02-01,b\n",
    });
    const r = radar(
      [
        "batch",
        batchFile(stateDir, [
          { op: "Scan", file: "ids.csv", output: "ids" },
          {
            op: "Query",
            sql: "SELECT count(*) AS n, sum(small) AS total, CAST(sum(amount) AS DECIMAL(38,2)) AS money, max(day) AS last_day, max(day) + INTERVAL 90 MINUTE AS last_at, INTERVAL 1 DAY + INTERVAL 2 SECOND AS span FROM ids",
            inputs: ["ids"],
            output: "agg",
          },
          { op: "Probe", table: "ids", columns: ["wide", "small"] },
        ]),
        "--lake",
        lake,
        "--json",
      ],
      { RADAR_STATE_DIR: stateDir },
    );
    assert.equal(r.code, 0, r.stderr);
    const out = json<BatchOut>(r);
    const scan = out.results[0]!.observation as {
      preview: { rows: unknown[][]; types: { name: string; json: string }[] };
    };
    assert.deepEqual(scan.preview.rows, [
      [1, "9007199254740993", 12.5, "2024-01-31", "a"],
      [2, "5", 0.1, "2024-02-01", "b"],
    ]);
    assert.deepEqual(
      scan.preview.types.map((t) => t.json),
      ["number", "string", "number", "string", "string"],
    );
    const agg = out.results[1]!.observation as { records: { rows: unknown[][] } };
    assert.deepEqual(agg.records.rows, [[2, 3, 12.6, "2024-02-01", "2024-02-01T01:30:00", "P1DT2S"]]);
    const probe = out.results[2]!.observation as {
      columns: { column: string; min: unknown; max: unknown }[];
    };
    assert.deepEqual(
      probe.columns.map((c) => [c.column, c.min, c.max]),
      [
        ["wide", "5", "9007199254740993"],
        ["small", 1, 2],
      ],
    );
  });

  test("a file that cannot be read fails with unreadable-source: the file, the line, the reason in words", () => {
    const wide = ["a,b", ...Array.from({ length: 30_000 }, (_, i) => `${i},${i * 2}`), "1,2,3", "5,6"].join(
      "\n",
    );
    const { lake, stateDir } = tempLake({ "wide.csv": `${wide}\n`, "ok.csv": "x\n1\n" });
    const env = { RADAR_STATE_DIR: stateDir };
    // A Parquet file the map has seen, then damaged in place (same size and time: the map's cache trusts it).
    const parquet = join(lake, "p.parquet");
    writeFileSync(parquet, Buffer.concat([Buffer.from("PAR1"), Buffer.alloc(300, 1), Buffer.from("PAR1")]));
    const map = radar(["map", "--lake", lake, "--json"], env);
    assert.equal(map.code, 0, map.stderr);
    const r = radar(
      [
        "batch",
        batchFile(stateDir, [
          { op: "Scan", file: "wide.csv", output: "wide" },
          { op: "Scan", file: "p.parquet", output: "p" },
          { op: "Scan", file: "ok.csv", output: "fine" },
        ]),
        "--lake",
        lake,
        "--json",
      ],
      env,
    );
    const out = json<BatchOut>(r);
    assert.equal(r.code, 1);
    const [wideScan, parquetScan, okScan] = out.results;
    const d = wideScan!.diagnostics[0]!;
    assert.equal(d.code, "unreadable-source");
    assert.deepEqual(d.locations, [{ file: "wide.csv", line: 30_002 }]);
    assert.match(d.message, /line 30002 has 3 fields where the table has 2 columns/);
    const p = parquetScan!.diagnostics[0]!;
    assert.equal(p.code, "unreadable-source");
    assert.equal(p.locations[0]?.file, "p.parquet");
    assert.match(p.message, /^p\.parquet (cannot|could not) be read/);
    for (const failed of [wideScan!, parquetScan!]) {
      assert.ok(failed.status === "rejected" || failed.status === "failed");
      assert.doesNotMatch(JSON.stringify(failed), /Cannot read properties|TypeError|at .*\.ts:\d+/);
    }
    assert.equal(okScan!.status, "ok");
  });

  test("names are not overwritten by surprise; --quiet shows the refusal", () => {
    const { lake, stateDir } = tempLake({ "a.csv": "k\n1\n2\n" });
    const env = { RADAR_STATE_DIR: stateDir };
    const r = radar(
      [
        "batch",
        batchFile(stateDir, [
          { op: "Scan", file: "a.csv", output: "a" },
          { op: "Query", sql: "SELECT 1 AS x", inputs: [], output: "a" },
          { op: "Query", sql: "SELECT 2 AS x", inputs: [], output: "a", replace: true },
        ]),
        "--lake",
        lake,
        "--quiet",
      ],
      env,
    );
    assert.equal(r.code, 1);
    assert.match(r.stdout, /#1 Query +REJECTED/);
    assert.match(
      r.stdout,
      /error table-exists: Query\.output "a" would replace the existing table a \(2 rows, read from a\.csv/,
    );
    assert.doesNotMatch(r.stdout, /#2 Query/);
    assert.match(r.stdout, /3 calls: 2 ok, 1 rejected/);
  });

  test("a session in use by another process is refused, naming the process", async () => {
    const { lake, stateDir } = tempLake({ "a.csv": "k\n1\n" });
    const env = { ...process.env, RADAR_STATE_DIR: stateDir };
    const holder = spawn(process.execPath, [cli, "mcp", "--lake", lake, "--session", "held"], {
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    try {
      // The server has the session as soon as it says where its trace goes.
      await new Promise<void>((resolve, reject) => {
        let err = "";
        holder.stderr.on("data", (d: Buffer) => {
          err += d.toString();
          if (/trace /.test(err)) resolve();
        });
        holder.on("exit", () => reject(new Error(`radar mcp exited: ${err}`)));
      });
      const r = radar(
        ["batch", batchFile(stateDir, [{ op: "Scan", file: "a.csv" }]), "--lake", lake, "--session", "held"],
        {
          RADAR_STATE_DIR: stateDir,
        },
      );
      assert.equal(r.code, 1);
      assert.match(r.stderr, new RegExp(`session "held" is in use by process ${holder.pid} \\(radar mcp`));
      const list = json<{ sessions: { name: string; owner?: { pid: number } }[] }>(
        radar(["session", "list", "--lake", lake, "--json"], { RADAR_STATE_DIR: stateDir }),
      );
      assert.equal(list.sessions[0]?.owner?.pid, holder.pid);
    } finally {
      holder.stdin.end();
      await new Promise((resolve) => holder.on("close", resolve));
    }
  });

  test("the lake is left byte-identical by map, batch, show and ask; and a read-only lake works for a non-root user", async () => {
    const { lake, stateDir } = tempLake({
      "rankings/fraud_top5.csv": "Rank,State,Rate\n1,Florida,1522\n2,Georgia,1298\n",
      "rankings/idt_top5.csv": "Rank,State,Rate\n1,Florida,528\n2,Georgia,517\n",
      "legacy.csv": Buffer.from("name,city\nJos\u00e9,S\u00e3o Paulo \u0093quoted\u0094\n", "latin1"),
      "notes.md": "# about the data\n",
    });
    // Read-only: no one but root could write here; the commands run as an unprivileged user.
    const state = mkdtempSync(join(tmpdir(), "radar-xdg-"));
    chmodSync(state, 0o777);
    for (const dir of [lake, join(lake, "rankings")]) chmodSync(dir, 0o555);
    for (const f of ["rankings/fraud_top5.csv", "rankings/idt_top5.csv", "legacy.csv", "notes.md"])
      chmodSync(join(lake, f), 0o444);
    chmodSync(stateDir, 0o777);
    const probe = spawnSync(
      unprivileged(["touch", join(lake, "probe")])[0]!,
      unprivileged(["touch", join(lake, "probe")]).slice(1),
    );
    assert.notEqual(
      probe.status,
      0,
      "the test user can write into the lake: the read-only case would pass vacuously",
    );
    const before = listing(lake);
    try {
      // No RADAR_STATE_DIR: the default, $XDG_CACHE_HOME/radar.
      const env = { XDG_CACHE_HOME: state, HOME: "/nonexistent", RADAR_STATE_DIR: "" };
      const map = radar(["map", "--lake", lake, "--json"], env, { asUser: true });
      assert.equal(map.code, 0, map.stderr);
      assert.ok(json<{ stateDir: string }>(map).stateDir.startsWith(join(state, "radar")));
      const batch = radar(
        [
          "batch",
          batchFile(stateDir, [
            { op: "Scan", file: "rankings/fraud_top5.csv", output: "fraud" },
            { op: "Scan", file: "legacy.csv", output: "legacy" },
            { op: "Bash", command: "grep -c Florida rankings/idt_top5.csv" },
            {
              op: "Query",
              sql: "SELECT State FROM fraud WHERE Rate > 1300",
              inputs: ["fraud"],
              output: "top",
            },
          ]),
          "--lake",
          lake,
          "--session",
          "ro",
          "--json",
        ],
        env,
        { asUser: true },
      );
      assert.equal(batch.code, 0, batch.stderr + batch.stdout);
      const out = json<BatchOut>(batch);
      assert.deepEqual((out.results[1]!.observation as { preview: { rows: unknown[][] } }).preview.rows, [
        ["José", "São Paulo “quoted”"],
      ]);
      const show = radar(["show", "top", "--session", "ro", "--lake", lake, "--csv"], env, { asUser: true });
      assert.equal(show.stdout, "State\nFlorida\n");

      const server = await startScriptedServer([
        {
          toolCalls: [
            { name: "Scan", arguments: { file: "rankings/idt_top5.csv", output: "idt" } },
            {
              name: "Query",
              arguments: { sql: "SELECT max(Rate) AS r FROM idt", inputs: ["idt"], output: "m" },
            },
          ],
        },
        { toolCalls: [{ name: "Answer", arguments: { answer: 528, evidence: ["m"] } }] },
      ]);
      try {
        const ask = await new Promise<Ran>((resolve) => {
          const command = unprivileged([
            process.execPath,
            cli,
            "ask",
            "Highest rate?",
            "--lake",
            lake,
            "--base-url",
            server.baseURL,
            "--session",
            "ro",
            "--json",
          ]);
          const child = spawn(command[0]!, command.slice(1), {
            env: { ...process.env, ...env, OPENAI_API_KEY: "sk-test" },
          });
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
          child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
          child.on("close", (code) => resolve({ code, stdout, stderr }));
        });
        assert.equal(ask.code, 0, ask.stderr);
        assert.equal(json<{ status: string }>(ask).status, "answered");
      } finally {
        await server.close();
      }
      assert.deepEqual(listing(lake), before, "the lake changed");
      // Everything RADAR wrote is in the state folder: one folder for this lake, and the CLI's
      // code cache (src/cli/launcher.ts).
      assert.equal(readdirSync(join(state, "radar")).filter((name) => name !== "code-cache").length, 1);
      assert.ok(statSync(join(state, "radar")).isDirectory());
    } finally {
      // Writable again, so the temporary lake can be cleaned up by anyone.
      for (const dir of [lake, join(lake, "rankings")]) chmodSync(dir, 0o755);
    }
  });
});
