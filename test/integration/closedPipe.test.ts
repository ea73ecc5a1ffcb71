import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// `radar … | head`: the reader closes the pipe before RADAR has written everything. The command
// must end quietly (no EPIPE stack trace, its own exit status) and still finish its work.

const cli = join(repoRoot, "dist/cli.cjs");
const { lake, stateDir } = tempLake({
  "a.csv": "k,v\n1,x\n2,y\n",
  "b.csv": "k,weight\n1,p\n3,q\n",
  // Far more output than a pipe's buffer holds, so the writer meets the closed pipe mid-stream.
  "big.csv": `n,label\n${Array.from({ length: 60_000 }, (_, i) => `${i},row ${i}`).join("\n")}\n`,
});

/** Runs the CLI as `radar … | head -n 1` does: reads the first line, then closes the pipe. */
function radarHeadOne(args: string[]): Promise<{ code: number | null; stderr: string; first: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, RADAR_STATE_DIR: stateDir, RADAR_LAKE: lake },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let first = "";
    let stderr = "";
    let seen = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      seen += d;
      if (!seen.includes("\n") || child.stdout.destroyed) return;
      first = seen.split("\n")[0]!;
      child.stdout.destroy();
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr, first }));
  });
}

/** Runs the CLI with its standard output closed by the reader before the first byte is read. */
function radarWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, RADAR_STATE_DIR: stateDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("a closed standard output", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" }, () => {
  test("radar map ends quietly with status 0", async () => {
    const r = await radarWithClosedStdout(["map", "--lake", lake]);
    assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, r.stderr);
    assert.equal(r.code, 0, r.stderr);
  });

  test("radar batch --session still records its trace and session when nobody reads its output", async () => {
    const batch = join(stateDir, "batch.json");
    writeFileSync(batch, JSON.stringify([{ op: "Scan", file: "a.csv", output: "a" }]));
    const r = await radarWithClosedStdout(["batch", batch, "--lake", lake, "--session", "piped"]);
    assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, r.stderr);
    assert.equal(r.code, 0, r.stderr);
    const after = await radarWithClosedStdout(["show", "a", "--session", "piped", "--lake", lake, "--csv"]);
    assert.equal(after.code, 0, after.stderr);
    const files = readdirSync(stateDir, { recursive: true }).map(String);
    assert.ok(
      files.some((p) => /sessions\/piped$/.test(p)),
      `the session was kept: ${files.join(", ")}`,
    );
    const traces = files.filter((p) => /runs\/[^/]+\.jsonl$/.test(p));
    assert.ok(
      traces.some((p) => readFileSync(join(stateDir, p), "utf8").includes('"a.csv"')),
      "the batch's trace records its Scan",
    );
  });
});

describe(
  "| head -n 1 on every command",
  { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
  () => {
    test("scan, show (text, --csv, --json), query, bash (lines and --as), batch, export, discover, session list: quiet, status 0", async () => {
      const session = ["--session", "heads"];
      const made = await radarHeadOne(["scan", "big.csv", "--as", "big", "--rows", "100", ...session]);
      assert.equal(made.code, 0, made.stderr);
      const batch = join(stateDir, "heads.sql");
      writeFileSync(batch, "-- as: evens\nSELECT * FROM big WHERE n % 2 = 0;\n");
      const commands: string[][] = [
        ["show", "big", "--rows", "60000", ...session],
        ["show", "big", "--csv", ...session],
        ["show", "big", "--json", ...session],
        ["query", "SELECT * FROM big", "--rows", "100", ...session],
        ["bash", "cat big.csv", "--rows", "60000"],
        ["bash", "cat big.csv", "--as", "big_lines", "--rows", "100", ...session],
        ["batch", batch, ...session],
        ["map"],
        ["map", "--json"],
        ["discover", "label"],
        ["session", "list"],
      ];
      for (const args of commands) {
        const r = await radarHeadOne(args);
        assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, `${args.join(" ")}: ${r.stderr}`);
        assert.equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
        assert.notEqual(r.first, "", `${args.join(" ")} printed a first line`);
      }
      // The batch's run, exported to standard output.
      const traces = readdirSync(stateDir, { recursive: true })
        .map(String)
        .filter((p) => /runs\/[^/]+\.jsonl$/.test(p));
      const run = join(stateDir, traces.sort().at(-1)!);
      for (const format of ["--sql", "--md", "--html"]) {
        const r = await radarHeadOne(["export", run, format]);
        assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, `export ${format}: ${r.stderr}`);
        assert.equal(r.code, 0, `export ${format}: ${r.stderr}`);
      }
    });
  },
);
