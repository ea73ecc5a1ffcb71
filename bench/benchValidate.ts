/**
 * Validation cost: the wall time of a join + aggregate Query over two generated tables (10 million
 * and 1 million rows), with and without RADAR's after-execution checks, as a ratio.
 * Run: npm run bench:validate [-- --facts N --dim N --repeat K]
 */
import { mkdirSync, existsSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { Runtime } from "../src/core/runtime.ts";

const { values } = parseArgs({
  options: {
    facts: { type: "string", default: "10000000" },
    dim: { type: "string", default: "1000000" },
    repeat: { type: "string", default: "3" },
    dir: { type: "string", default: "bench-data/validate" },
  },
});
const factRows = Number(values.facts);
const dimRows = Number(values.dim);
const repeat = Number(values.repeat);
const lake = resolve(values.dir, `${factRows}x${dimRows}`);

async function generate(): Promise<void> {
  if (existsSync(join(lake, "dim.parquet"))) return;
  mkdirSync(lake, { recursive: true });
  const db = await DuckDBInstance.create(":memory:");
  const c = await db.connect();
  // 5% of fact keys have no dimension row, so the row-loss check has work to do.
  await c.run(
    `COPY (SELECT range AS id, (hash(range) % ${Math.round(dimRows * 1.05)}) + 1 AS key, round((hash(range * 7) % 100000) / 100.0, 2) AS amount FROM range(${factRows})) TO '${join(lake, "facts.parquet")}' (FORMAT parquet)`,
  );
  await c.run(
    `COPY (SELECT range + 1 AS key, 'region_' || (range % 50) AS region FROM range(${dimRows})) TO '${join(lake, "dim.parquet")}' (FORMAT parquet)`,
  );
  c.closeSync();
  db.closeSync();
}

const SQL =
  "SELECT d.region, sum(f.amount) AS total, count(*) AS n FROM facts f JOIN dim d ON f.key = d.key GROUP BY d.region";

async function measure(
  validate: boolean,
): Promise<{ query: number[]; validation: number[]; codes: string[] }> {
  const runtime = await Runtime.open(lake, {
    radarDir: mkdtempSync(join(tmpdir(), "radar-bench-")),
    validate,
  });
  try {
    for (const [file, output] of [
      ["facts.parquet", "facts"],
      ["dim.parquet", "dim"],
    ]) {
      const r = await runtime.call({ op: "Scan", file, output });
      if (r.status !== "ok") throw new Error(`Scan ${file}: ${r.status} ${r.error ?? ""}`);
    }
    const query: number[] = [];
    const validation: number[] = [];
    let codes: string[] = [];
    for (let i = 0; i < repeat; i++) {
      const r = await runtime.call({ op: "Query", sql: SQL, inputs: ["facts", "dim"], output: `agg${i}` });
      if (r.status !== "ok")
        throw new Error(`Query: ${r.status} ${r.error ?? JSON.stringify(r.diagnostics)}`);
      query.push(r.durationMs - (r.validationMs ?? 0));
      validation.push(r.validationMs ?? 0);
      codes = r.diagnostics.map((d) => d.code);
    }
    return { query, validation, codes };
  } finally {
    runtime.close();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  await generate();
  process.stderr.write(`lake: ${lake}\n`);
  const without = await measure(false);
  const withChecks = await measure(true);
  const base = median(without.query);
  const first = withChecks.query[0]! + withChecks.validation[0]!;
  const later = median(withChecks.query.slice(1).map((q, i) => q + withChecks.validation[i + 1]!));
  const figures = {
    factRows,
    dimRows,
    queryMsWithoutValidation: without.query,
    queryMsWithValidation: withChecks.query,
    validationMs: withChecks.validation,
    ratioFirstQuery: Number((first / base).toFixed(3)),
    ratioRepeatedQueries: repeat > 1 ? Number((later / base).toFixed(3)) : null,
    diagnostics: withChecks.codes,
  };
  console.log(
    `join + aggregate over ${factRows.toLocaleString()} × ${dimRows.toLocaleString()} rows (${repeat} runs)`,
  );
  console.log(`  without validation: ${without.query.join(", ")} ms (median ${base} ms)`);
  console.log(
    `  with validation:    query ${withChecks.query.join(", ")} ms + checks ${withChecks.validation.join(", ")} ms`,
  );
  console.log(
    `  ratio (with / without): first query ${figures.ratioFirstQuery}, repeated ${figures.ratioRepeatedQueries}`,
  );
  console.log(`  diagnostics: ${figures.diagnostics.join(", ") || "none"}`);
  console.log(JSON.stringify(figures));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
