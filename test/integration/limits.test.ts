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
  test(
    "with a call still running",
    { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
    async () => {
      const child = spawn(process.execPath, [cli, "mcp", "--lake", lake, "--state-dir", `${stateDir}-mcp`], {
        stdio: ["pipe", "pipe", "ignore"],
      });
      let out = "";
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (chunk: string) => (out += chunk));
      const send = (message: object): boolean =>
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
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
      for (let i = 0; i < 600 && !out.includes('"id":2'); i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok(out.includes('"id":2'), "the Scan was answered");
      send({
        id: 3,
        method: "tools/call",
        // Two billion rows: minutes of work, still running when stdin closes.
        params: {
          name: "radar_query",
          arguments: {
            sql: "SELECT sum(hash(r.range + t.id)) AS s FROM t, range(2000000000) r",
            inputs: ["t"],
            output: "q",
          },
        },
      });
      await new Promise((r) => setTimeout(r, 500));
      const closedAt = performance.now();
      child.stdin.end();
      const exited = await new Promise<number | null>((done) => {
        const timer = setTimeout(() => done(null), 15_000);
        child.on("exit", () => {
          clearTimeout(timer);
          done(performance.now() - closedAt);
        });
      });
      if (exited === null) child.kill("SIGKILL");
      assert.notEqual(exited, null, "still running 15 s after stdin closed");
      assert.ok(exited! < 6_000, `exited ${Math.round(exited!)} ms after stdin closed`);
    },
  );
});
