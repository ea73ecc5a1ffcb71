import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

const cli = join(repoRoot, "dist/cli.cjs");
const { lake, stateDir } = tempLake({
  "a.csv": "k,v\n1,x\n2,y\n",
  "b.csv": "k,weight\n1,p\n3,q\n",
  "junk.bin": Buffer.from([0, 1, 2, 3, 0, 0]),
});

function radar(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    env: { ...process.env, RADAR_STATE_DIR: stateDir },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("radar CLI", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built (npm run build)" }, () => {
  test("map --json lists every file, unreadable ones with an error; no progress lines off a terminal", () => {
    const r = radar("map", "--lake", lake, "--json");
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      root: string;
      files: { path: string; format: string; error?: string }[];
    };
    assert.deepEqual(
      out.files.map((f) => f.path),
      ["a.csv", "b.csv", "junk.bin"],
    );
    assert.match(out.files[2]!.error ?? "", /binary/);
    assert.equal(r.stderr, "", "progress goes to a terminal only");
  });

  test("discover --json gives paths with scores and reasons", () => {
    const r = radar("discover", "weight", "--lake", lake, "--json", "--exclude", "a.csv");
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { paths: { path: string; score: number; reasons: string[] }[] };
    assert.equal(out.paths[0]?.path, "b.csv");
    assert.ok(out.paths.every((p) => p.path !== "a.csv"));
  });

  test("batch --json: results with status and diagnostics; exit 1 when a call is rejected", () => {
    const batch = join(stateDir, "batch.json");
    writeFileSync(
      batch,
      JSON.stringify([
        { op: "Scan", file: "a.csv", output: "a" },
        { op: "Scan", file: "b.csv", output: "b" },
        {
          op: "Query",
          sql: "SELECT a.k, v, weight FROM a JOIN b USING (k)",
          inputs: ["a", "b"],
          output: "ab",
        },
        { op: "Query", sql: "COPY a TO 'x.csv'", inputs: ["a"], output: "x" },
      ]),
    );
    const r = radar("batch", batch, "--lake", lake, "--json");
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as {
      results: {
        index: number;
        op: string;
        status: string;
        diagnostics: { code: string; severity: string; message: string; locations: unknown[] }[];
      }[];
    };
    assert.deepEqual(
      out.results.map((x) => x.status),
      ["ok", "ok", "ok", "rejected"],
    );
    assert.equal(out.results[3]!.diagnostics[0]!.code, "unsafe-sql");
    assert.equal(out.results[3]!.diagnostics[0]!.severity, "error");
    const readable = radar("batch", batch, "--lake", lake);
    assert.match(readable.stdout, /REJECTED/);
    assert.match(readable.stdout, /a\.csv:2/);
  });

  test("batch: a Query without output gets the first free name (q1, q2, …), and a later call reads it", () => {
    const batch = join(stateDir, "unnamed.json");
    writeFileSync(
      batch,
      JSON.stringify([
        { op: "Scan", file: "a.csv", output: "q1" },
        { op: "Query", sql: "SELECT count(*) AS n FROM q1", inputs: ["q1"] },
        { op: "Query", sql: "SELECT n * 2 AS twice FROM q2" },
      ]),
    );
    const r = radar("batch", batch, "--lake", lake, "--json", "--session", "unnamed");
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const out = JSON.parse(r.stdout) as { results: { status: string; args: { output?: string } }[] };
    assert.deepEqual(
      out.results.map((x) => [x.status, x.args.output]),
      [
        ["ok", "q1"],
        ["ok", "q2"],
        ["ok", "q3"],
      ],
    );
  });

  test("usage errors exit 2", () => {
    assert.equal(radar("frobnicate").code, 2);
    assert.equal(radar("batch").code, 2);
    assert.equal(radar("batch", join(stateDir, "missing.json"), "--lake", lake).code, 2);
  });
});
