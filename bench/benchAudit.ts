import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { auditHtml } from "../src/core/audit/auditHtml.ts";
import { auditMarkdown } from "../src/core/audit/auditMarkdown.ts";
import { buildAudit } from "../src/core/audit/auditModel.ts";
import { verifyRun } from "../src/core/audit/verifyRun.ts";
import { Runtime } from "../src/core/runtime.ts";
import type { OperatorCall } from "../src/core/runtime.ts";
import { readTrace } from "../src/core/trace/traceFile.ts";
import { repoRoot } from "../test/helpers/tempLake.ts";

/**
 * `npm run bench:audit`: the size of the HTML and Markdown audits and the time to write them and
 * to verify the run, for the shipped demo run (10 calls) and a 120-call run over the same lake;
 * verify is timed on the unchanged lake and after one cell of a source file is edited.
 */
async function measure(name: string, calls: OperatorCall[]): Promise<void> {
  const lake = mkdtempSync(join(tmpdir(), "radar-bench-audit-"));
  cpSync(join(repoRoot, "examples/lake"), lake, { recursive: true });
  const stateDir = mkdtempSync(join(tmpdir(), "radar-bench-audit-state-"));
  const runtime = await Runtime.open(lake, { radarDir: stateDir });
  try {
    await runtime.runBatch(calls);
    runtime.end("ok");
  } finally {
    runtime.close();
  }
  const events = readTrace(runtime.trace.path);
  let t = performance.now();
  const model = await buildAudit([events], lake, stateDir);
  const html = auditHtml(model);
  const htmlMs = performance.now() - t;
  t = performance.now();
  const md = auditMarkdown(await buildAudit([events], lake, stateDir));
  const mdMs = performance.now() - t;
  writeFileSync(join(stateDir, `${name}.html`), html);
  t = performance.now();
  const same = await verifyRun(events, lake, stateDir);
  const verifyMs = performance.now() - t;
  const file = join(lake, "climate/crop_yield.csv");
  writeFileSync(file, readFileSync(file, "utf8").replace("2018,7.4", "2018,9.4"));
  t = performance.now();
  const moved = await verifyRun(events, lake, stateDir);
  const movedMs = performance.now() - t;
  const calls_ = events.filter((e) => e.type === "call").length;
  console.log(
    `${name}: ${calls_} calls · HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KiB in ${htmlMs.toFixed(0)} ms · Markdown ${(Buffer.byteLength(md) / 1024).toFixed(1)} KiB in ${mdMs.toFixed(0)} ms · verify unchanged ${verifyMs.toFixed(0)} ms (${same.holds ? "holds" : "MOVED"}) · after one edited cell ${movedMs.toFixed(0)} ms (${moved.tables.filter((x) => x.status === "changed").length} table(s) changed)`,
  );
}

const demo = JSON.parse(readFileSync(join(repoRoot, "examples/demoBatch.json"), "utf8")) as OperatorCall[];
/** 120 calls: the demo's scans, then per year and state the kind of queries an analyst runs. */
function longRun(): OperatorCall[] {
  const calls: OperatorCall[] = demo.filter((c) => c.op === "Scan");
  for (let i = 0; calls.length < 120; i++) {
    const year = 2017 + (i % 6);
    calls.push(
      {
        op: "Query",
        sql: `SELECT r.year, r.rainfall_mm, y.yield_t_per_ha FROM rainfall r LEFT JOIN crop_yield y ON r.year = y.year WHERE r.year <= ${year} ORDER BY r.year`,
        inputs: ["rainfall", "crop_yield"],
        output: `upto_${i}`,
      },
      { op: "Probe", table: `upto_${i}`, columns: ["yield_t_per_ha"] },
      {
        op: "Query",
        sql: `SELECT State, "Reports per 100K" * ${i + 1} AS scaled FROM fraud ORDER BY Rank`,
        inputs: ["fraud"],
        output: `scaled_${i}`,
      },
    );
  }
  return calls.slice(0, 120);
}

async function main(): Promise<void> {
  await measure("demo run", demo);
  await measure("120-call run", longRun());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
