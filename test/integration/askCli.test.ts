import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";
import {
  API_KEY,
  QUESTION,
  RANKINGS_LAKE,
  byRank,
  goodAnswer,
  scanBoth,
  unkeyedMerge,
} from "../helpers/agentFixtures.ts";

const cli = join(repoRoot, "dist/cli.cjs");

/** Runs the CLI without blocking the event loop: the scripted endpoint lives in this process. */
function radar(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, ...base } = process.env;
    const child = spawn(process.execPath, [cli, ...args], { env: { ...base, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const script = () => [
  { toolCalls: [...scanBoth, unkeyedMerge] },
  { toolCalls: [byRank] },
  { toolCalls: [goodAnswer] },
];

describe("radar ask / radar export", { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" }, () => {
  test("ask --json prints answer, evidence, status, steps, trace, usage; export --sql writes the script", async () => {
    const { lake, stateDir } = tempLake(RANKINGS_LAKE);
    const server = await startScriptedServer(script());
    try {
      const env = { OPENAI_API_KEY: API_KEY, RADAR_STATE_DIR: stateDir };
      const r = await radar(
        ["ask", QUESTION, "--lake", lake, "--base-url", server.baseURL, "--max-steps", "5", "--json"],
        env,
      );
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout) as Record<string, unknown>;
      assert.deepEqual(Object.keys(out), ["answer", "evidence", "status", "steps", "trace", "usage"]);
      assert.deepEqual(out.answer, ["Florida", 1522, 528]);
      assert.deepEqual(out.evidence, ["by_rank"]);
      assert.equal(out.status, "answered");
      assert.equal(out.steps, 3);
      assert.equal((out.usage as { inputTokens: number }).inputTokens, 300);
      // The trace streams to stderr while the run goes, never the key.
      assert.match(r.stderr, /Query +REJECTED/);
      assert.match(r.stderr, /unkeyed-join/);
      assert.match(r.stderr, /Answer ACCEPTED/);
      assert.ok(!r.stderr.includes(API_KEY) && !r.stdout.includes(API_KEY));
      assert.equal(server.requests[0]!.model, "gpt-4o-mini");

      const trace = String(out.trace);
      const runId = trace
        .split("/")
        .pop()!
        .replace(/\.jsonl$/, "");
      const sqlFile = join(stateDir, "run.sql");
      const exported = await radar(["export", runId, "--sql", "--lake", lake, "--out", sqlFile], env);
      assert.equal(exported.code, 0, exported.stderr);
      const sql = readFileSync(sqlFile, "utf8");
      assert.match(sql, /CREATE OR REPLACE VIEW "fraud" AS/);
      assert.match(sql, /CREATE OR REPLACE TABLE "by_rank" AS/);
      assert.match(sql, /SELECT \* FROM "by_rank";/);
      const byPath = await radar(["export", trace, "--sql"], env);
      assert.equal(byPath.stdout.replace(/exported \S+/, ""), sql.replace(/exported \S+/, ""));
    } finally {
      await server.close();
    }
  });

  test("ask prints the answer and trace path; a run without an answer exits 1 and says why", async () => {
    const { lake, stateDir } = tempLake(RANKINGS_LAKE);
    const server = await startScriptedServer([...script().slice(0, 2), { toolCalls: [unkeyedMerge] }]);
    try {
      const env = { OPENAI_API_KEY: API_KEY, RADAR_STATE_DIR: stateDir };
      const ok = await radar(
        ["ask", QUESTION, "--lake", lake, "--base-url", server.baseURL, "--max-steps", "2"],
        env,
      );
      assert.equal(ok.code, 1);
      assert.match(ok.stdout, /NO ANSWER \(step-limit\): no accepted answer after 2 steps/);
      assert.match(ok.stdout, /trace: .*\.jsonl/);
    } finally {
      await server.close();
    }
    const server2 = await startScriptedServer(script());
    try {
      const r = await radar(["ask", QUESTION, "--lake", lake, "--base-url", server2.baseURL], {
        OPENAI_API_KEY: API_KEY,
        RADAR_STATE_DIR: stateDir,
      });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /Answer: \["Florida",1522,528\]\nEvidence: by_rank/);
      assert.match(r.stdout, /3 step\(s\), 300 in \/ 60 out tokens, .* s, \$0\.0001/);
    } finally {
      await server2.close();
    }
  });

  test("ask without a key or endpoint, and export of an unknown run, fail with a clear message", async () => {
    const { lake, stateDir } = tempLake(RANKINGS_LAKE);
    const noKey = await radar(["ask", QUESTION, "--lake", lake], { RADAR_STATE_DIR: stateDir });
    assert.equal(noKey.code, 1);
    assert.match(noKey.stderr, /OPENAI_API_KEY/);
    const noRun = await radar(["export", "nope", "--sql", "--lake", lake], { RADAR_STATE_DIR: stateDir });
    assert.equal(noRun.code, 1);
    assert.match(noRun.stderr, /no run "nope"/);
    const noSql = await radar(["export", "nope", "--lake", lake], { RADAR_STATE_DIR: stateDir });
    assert.equal(noSql.code, 2);
  });
});
