import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { runAgent } from "../../src/agent/agentLoop.ts";
import { auditData } from "../../src/core/audit/auditData.ts";
import { auditHtml } from "../../src/core/audit/auditHtml.ts";
import { auditMarkdown } from "../../src/core/audit/auditMarkdown.ts";
import { buildAudit } from "../../src/core/audit/auditModel.ts";
import { verifyRun } from "../../src/core/audit/verifyRun.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { runChain } from "../../src/core/trace/runChain.ts";
import { readTrace } from "../../src/core/trace/traceFile.ts";
import type { CallEvent, TraceEvent } from "../../src/core/trace/traceEvents.ts";
import { API_KEY, FAST_RETRY, modelFor } from "../helpers/agentFixtures.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import type { ScriptedCall } from "../helpers/scriptedOpenAiServer.ts";
import { repoRoot } from "../helpers/tempLake.ts";

const QUESTION = "What is the mean crop yield over the years with rainfall records?";
const cli = join(repoRoot, "dist/cli.cjs");

/** The shipped demo batch as an agent's tool calls, then the mean yield and the answer resting on it. */
function demoScript(): { toolCalls: ScriptedCall[] }[] {
  const calls = JSON.parse(readFileSync(join(repoRoot, "examples/demoBatch.json"), "utf8")) as ({
    op: string;
  } & Record<string, unknown>)[];
  return [
    { toolCalls: calls.map(({ op, ...args }) => ({ name: op, arguments: args })) },
    {
      toolCalls: [
        {
          name: "Query",
          arguments: {
            sql: "SELECT round(avg(yield_t_per_ha), 2) AS mean_yield FROM rain_vs_yield_all_years",
            inputs: ["rain_vs_yield_all_years"],
            output: "mean_yield",
          },
        },
      ],
    },
    { toolCalls: [{ name: "Answer", arguments: { answer: 7.94, evidence: ["mean_yield"] } }] },
  ];
}

/** The demo lake copied (verify edits it), the demo run by a scripted agent, and its trace chain. */
async function demoRun(): Promise<{
  lake: string;
  stateDir: string;
  tracePath: string;
  chain: TraceEvent[][];
}> {
  const lake = mkdtempSync(join(tmpdir(), "radar-audit-lake-"));
  cpSync(join(repoRoot, "examples/lake"), lake, { recursive: true });
  const stateDir = mkdtempSync(join(tmpdir(), "radar-audit-state-"));
  const server = await startScriptedServer(demoScript());
  const runtime = await Runtime.open(lake, { radarDir: stateDir, question: QUESTION });
  try {
    const result = await runAgent(runtime, modelFor(server), QUESTION, { retry: FAST_RETRY });
    assert.equal(result.status, "answered", result.error);
  } finally {
    runtime.close();
    await server.close();
  }
  const tracePath = runtime.trace.path;
  return { lake, stateDir, tracePath, chain: runChain(tracePath).map((p) => readTrace(p)) };
}

describe("the audit of a run", () => {
  test("the HTML and Markdown audits of the demo run hold the answer, every finding with its file:line, and SQL that reproduces the answer; no secret or absolute path", async () => {
    const run = await demoRun();
    const model = await buildAudit(run.chain, run.lake, run.stateDir);
    const html = auditHtml(model);
    const md = auditMarkdown(model);
    assert.match(html, /<h3>Answer<\/h3><p>7\.94<\/p>/);
    assert.match(md, /\*\*7\.94\*\* — evidence: `mean_yield`/);
    assert.ok(html.includes(QUESTION));

    const diagnostics = run.chain
      .flat()
      .filter((e): e is CallEvent => e.type === "call")
      .flatMap((c) => c.diagnostics);
    assert.ok(diagnostics.some((d) => d.code === "unkeyed-join"));
    assert.ok(diagnostics.some((d) => d.code === "join-row-loss"));
    for (const d of diagnostics) {
      assert.ok(html.includes(`<code>${d.code}</code>`), d.code);
      for (const loc of d.locations) {
        const anchor = new RegExp(
          `<a href="#(f\\d+-L${loc.line})">${loc.file.replace(/[.]/g, "\\.")}:${loc.line}</a>`,
        );
        const link = anchor.exec(html);
        assert.ok(link, `${d.code} links ${loc.file}:${loc.line}`);
        // The link lands on that line of the file's excerpt.
        const line = readFileSync(join(run.lake, loc.file), "utf8").split("\n")[loc.line - 1]!;
        const row = new RegExp(
          `<tr id="${link[1]}"[^>]*><td class="n">${loc.line}</td><td><code>([^<]*)</code>`,
        ).exec(html);
        assert.ok(row, `excerpt row ${link[1]}`);
        assert.equal(row[1], line.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;"));
        assert.ok(md.includes(`${loc.file}:${loc.line}`));
      }
    }
    // The lost year's finding reads as it fired.
    assert.match(html, /2020 \(<a href="#f\d+-L5">climate\/rainfall\.csv:5<\/a>\)|climate\/rainfall\.csv:5/);

    for (const text of [html, md]) {
      assert.ok(!text.includes(run.lake), "no absolute lake path");
      assert.ok(!text.includes(run.stateDir), "no state folder");
      assert.ok(!text.includes(tmpdir() + "/"), "no temp path");
      if (homedir() !== "/") assert.ok(!text.includes(homedir()), "no home path");
      assert.ok(!text.includes(API_KEY), "no API key");
    }
    // One script element, the inert data block: no code runs when the file is opened.
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.match(html, /<script type="application\/json" id="radar-audit-data">/);

    // The audit's own SQL re-derives the answer's table in a plain DuckDB, from the lake folder.
    const data = auditData(html, "audit.html");
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    try {
      await connection.run(`SET file_search_path = '${run.lake.replace(/'/g, "''")}'`);
      await connection.run(data.sql);
      const [row] = (await connection.runAndReadAll("SELECT mean_yield FROM mean_yield")).getRowObjects();
      assert.equal(Number(row?.mean_yield), 7.94);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  test("data from the files is escaped: a cell holding </script> and markup stays text", async () => {
    const lake = mkdtempSync(join(tmpdir(), "radar-audit-xss-"));
    writeFileSync(
      join(lake, "notes.csv"),
      'id,note\n1,"</script><script>alert(1)</script>"\n2,<b>bold</b>\n',
    );
    const stateDir = mkdtempSync(join(tmpdir(), "radar-audit-state-"));
    const runtime = await Runtime.open(lake, { radarDir: stateDir });
    try {
      await runtime.runBatch([{ op: "Scan", file: "notes.csv", output: "notes" }]);
    } finally {
      runtime.close();
    }
    const html = auditHtml(await buildAudit([readTrace(runtime.trace.path)], lake, stateDir));
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.equal(html.match(/<b>bold/g), null);
    assert.ok(html.includes("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.equal(auditData(html, "x.html").calls[0]?.rows?.[0]?.[1], "</script><script>alert(1)</script>");
  });
});

describe("radar verify", () => {
  test("unchanged on the same lake; after one cell of a source file is edited it names the table, the file and old → new, and the answer moves", async () => {
    const run = await demoRun();
    const events = run.chain.flat();
    const same = await verifyRun(events, run.lake, run.stateDir);
    assert.equal(same.holds, true, JSON.stringify(same.tables.filter((t) => t.status !== "unchanged")));
    assert.deepEqual(
      same.tables.map((t) => t.table),
      [
        "fraud",
        "idtheft",
        "in_both_top5",
        "rainfall",
        "crop_yield",
        "rain_vs_yield",
        "rain_vs_yield_all_years",
        "mean_yield",
      ],
    );
    assert.equal(same.answer?.status, "holds");
    assert.ok(same.files.every((f) => f.status === "unchanged"));

    const file = join(run.lake, "climate/crop_yield.csv");
    writeFileSync(file, readFileSync(file, "utf8").replace("2018,7.4", "2018,9.4"));
    const moved = await verifyRun(events, run.lake, run.stateDir);
    assert.equal(moved.holds, false);
    const crop = moved.tables.find((t) => t.table === "crop_yield")!;
    assert.equal(crop.status, "changed");
    assert.deepEqual(crop.changes, ["row 2 (climate/crop_yield.csv:3) yield_t_per_ha: 7.4 → 9.4"]);
    assert.deepEqual(crop.changedFiles, ["climate/crop_yield.csv"]);
    const mean = moved.tables.find((t) => t.table === "mean_yield")!;
    assert.deepEqual(mean.changes, ["row 1 mean_yield: 7.94 → 8.34"]);
    assert.deepEqual(mean.changedFiles, ["climate/crop_yield.csv"]);
    assert.equal(moved.tables.find((t) => t.table === "fraud")?.status, "unchanged");
    assert.equal(moved.answer?.status, "moved");
    assert.deepEqual(moved.answer?.because, ["mean_yield changed"]);
    assert.deepEqual(
      moved.files.filter((f) => f.status !== "unchanged").map((f) => [f.path, f.status]),
      [["climate/crop_yield.csv", "changed"]],
    );
  });

  test("an HTML audit is verified by the SHA-256 it recorded: a file only touched is unchanged; a missing file cannot be re-run", async () => {
    const run = await demoRun();
    const model = await buildAudit(run.chain, run.lake, run.stateDir);
    const data = auditData(auditHtml(model), "audit.html");
    const hashes = new Map(data.files.map((f) => [f.path, f.sha256!]));
    const rainfall = join(run.lake, "climate/rainfall.csv");
    utimesSync(rainfall, new Date(), new Date(Date.now() + 60_000));
    const touched = await verifyRun(data.events, run.lake, run.stateDir, hashes);
    assert.equal(touched.holds, true);
    assert.deepEqual(touched.files.find((f) => f.path === "climate/rainfall.csv")?.by, "sha256");

    rmSync(rainfall);
    const gone = await verifyRun(data.events, run.lake, run.stateDir, hashes);
    assert.equal(gone.holds, false);
    assert.equal(gone.tables.find((t) => t.table === "rainfall")?.status, "cannot-rerun");
    assert.equal(gone.files.find((f) => f.path === "climate/rainfall.csv")?.status, "missing");
    assert.equal(gone.answer?.status, "cannot-rerun");
  });

  test(
    "the CLI: export --html/--md write the audit, verify exits 0 when everything holds and 1 when something moved",
    { skip: existsSync(cli) ? false : "dist/cli.cjs is not built" },
    async () => {
      const run = await demoRun();
      const radar = (...args: string[]) =>
        spawnSync(process.execPath, [cli, ...args, "--lake", run.lake, "--state-dir", run.stateDir], {
          encoding: "utf8",
        });
      const out = join(mkdtempSync(join(tmpdir(), "radar-audit-out-")), "audit.html");
      const exported = radar("export", run.tracePath, "--html", "--out", out);
      assert.equal(exported.status, 0, exported.stderr);
      assert.match(readFileSync(out, "utf8"), /^<!DOCTYPE html>/);
      const md = radar("export", run.tracePath, "--md");
      assert.equal(md.status, 0, md.stderr);
      assert.match(md.stdout, /^# RADAR audit: What is the mean crop yield/);
      assert.equal(radar("export", run.tracePath, "--md", "--html").status, 2);

      const ok = radar("verify", run.tracePath);
      assert.equal(ok.status, 0, ok.stdout + ok.stderr);
      assert.match(ok.stdout, /^unchanged: all 8 table\(s\) of run /);
      assert.match(ok.stdout, /answer holds: 7\.94/);

      const file = join(run.lake, "climate/crop_yield.csv");
      writeFileSync(file, readFileSync(file, "utf8").replace("2018,7.4", "2018,9.4"));
      const moved = radar("verify", out, "--json");
      assert.equal(moved.status, 1);
      const report = JSON.parse(moved.stdout) as {
        tables: { table: string; status: string }[];
        answer: { status: string };
      };
      assert.equal(report.answer.status, "moved");
      assert.deepEqual(
        report.tables.filter((t) => t.status !== "unchanged").map((t) => t.table),
        ["crop_yield", "rain_vs_yield", "rain_vs_yield_all_years", "mean_yield"],
      );
      const text = radar("verify", out);
      assert.match(
        text.stdout,
        /changed +crop_yield \(#\d+ Scan\): row 2 \(climate\/crop_yield\.csv:3\) yield_t_per_ha: 7\.4 → 9\.4 — file\(s\) changed since the run: climate\/crop_yield\.csv/,
      );
      assert.match(text.stdout, /file changed +climate\/crop_yield\.csv \(SHA-256 /);
      const mdFile = out.replace(/\.html$/, ".md");
      writeFileSync(mdFile, md.stdout);
      const refused = radar("verify", mdFile);
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /Markdown audit, which carries no trace/);
    },
  );
});
