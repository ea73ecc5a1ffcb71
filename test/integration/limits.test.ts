import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import { MAX_SQL_CHARACTERS } from "../../src/core/sandbox/sqlSize.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// Issue 27, limits found by a corpus of awkward inputs: a 1 MB `IN (…)` list made the
// filter-no-match check fail with "Maximum call stack size exceeded" (its literals were passed to
// push() as 190,000 arguments), and the MCP server kept running after its client closed stdin.
// A 1.4 MB list is now refused before DuckDB parses it (sqlBounds.test.ts); the longest list the
// size bound takes is checked whole.

const { lake, stateDir } = tempLake({ "t.csv": "id,v\n1,2\n3,4\n" });
/** 15,500 values: 97 KB of SQL, just under the bound. */
const longIn = `SELECT count(*) AS n FROM t WHERE id IN (${Array.from({ length: 15_500 }, (_, i) => i).join(", ")})`;

describe("the longest IN list a Query takes is checked", () => {
  let runtime: Runtime;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: stateDir });
    await runtime.call({ op: "Scan", file: "t.csv", output: "t" });
  });
  after(() => runtime?.close());

  test("filter-no-match runs over all its values (no check fails on the stack)", async () => {
    assert.ok(longIn.length > 0.95 * MAX_SQL_CHARACTERS && longIn.length <= MAX_SQL_CHARACTERS);
    const r = await runtime.call({ op: "Query", sql: longIn, inputs: ["t"], output: "q" });
    assert.equal(r.status, "ok");
    const codes = r.diagnostics.map((d) => d.code);
    assert.ok(!codes.includes("validation-error"), JSON.stringify(r.diagnostics).slice(0, 500));
    assert.ok(
      r.diagnostics.some(
        (d) => d.code === "filter-no-match" && /The value 0 never occurs in t\.id/.test(d.message),
      ),
    );
  });
});

describe("radar mcp exits when its client closes stdin", () => {
  const cli = join(repoRoot, "dist/cli.cjs");
  /** Hours of work for DuckDB: the call is still running whenever the client leaves. */
  const endless = "SELECT sum(hash(range)) AS s FROM range(100000000000000)";
  test(
    "with a call still running",
    { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
    async () => {
      // RADAR_PROFILE_SQL: each statement is logged on stderr once it completed, so the test sees the
      // Query reach DuckDB (its DESCRIBE comes just before it runs) instead of guessing a delay.
      // No execution budget: the running call could then end only by the server leaving.
      const child = spawn(process.execPath, [cli, "mcp", "--lake", lake, "--state-dir", `${stateDir}-mcp`], {
        stdio: ["pipe", "pipe", "pipe"],
        env: { ...process.env, RADAR_PROFILE_SQL: "1", RADAR_EXECUTION_BUDGET_MS: "0" },
      });
      const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
      let out = "";
      let err = "";
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (chunk: string) => (out += chunk));
      child.stderr.setEncoding("utf8");
      child.stderr.on("data", (chunk: string) => (err += chunk));
      const send = (message: object): boolean =>
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
      /** Waits until the server wrote `seen`, or exited (a crash then fails below instead of hanging). */
      const until = (seen: () => boolean): Promise<unknown> =>
        Promise.race([
          exited,
          new Promise<void>((done) => {
            const check = (): void => void (seen() && done());
            child.stdout.on("data", check);
            child.stderr.on("data", check);
            check();
          }),
        ]);
      send({
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
      });
      send({ method: "notifications/initialized" });
      send({
        id: 2,
        method: "tools/call",
        params: { name: "radar_scan", arguments: { file: "t.csv", output: "t" } },
      });
      await until(() => out.includes('"id":2'));
      assert.ok(out.includes('"id":2'), "the Scan was answered");
      send({
        id: 3,
        method: "tools/call",
        params: { name: "radar_query", arguments: { sql: endless, inputs: [], output: "q" } },
      });
      await until(() => err.includes(`DESCRIBE ${endless}`));
      assert.ok(err.includes(`DESCRIBE ${endless}`), "the Query reached DuckDB");
      child.stdin.end();
      // The Query takes hours: the server leaving at all shows it did not wait for the call. The
      // minute is only a guard against hanging the suite (it exits about 3 s after stdin closed).
      let guard: ReturnType<typeof setTimeout> | undefined;
      const code = await Promise.race([
        exited,
        new Promise<"running">((done) => (guard = setTimeout(() => done("running"), 60_000))),
      ]);
      clearTimeout(guard);
      if (code === "running") child.kill("SIGKILL");
      assert.notEqual(code, "running", "still running a minute after stdin closed");
      assert.equal(code, 0);
      assert.ok(!out.includes('"id":3'), "the Query was not answered: the server did not wait for it");
    },
  );
});
