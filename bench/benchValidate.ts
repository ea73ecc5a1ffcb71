/**
 * Validation cost: the wall time of a join + aggregate Query over two generated tables (10 million
 * and 1 million rows), with and without RADAR's after-execution checks, as a ratio.
 * Run: npm run bench:validate [-- --facts N --dim N --repeat K]
 * `--sweep` runs the same query over 10k × 1k … 10M × 1M rows and prints, per size, what
 * validation adds to the call and the end-to-end ratio; `--sequential` runs every check after
 * execution instead of starting the input-only ones alongside the query. `--fills` writes -9999
 * ("no data", as instrument files do) into 1 % of the amounts, so fill-value's checks — and the
 * queries that tell a test for the fill or a grouping by one — are on the measured path.
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
    repeat: { type: "string", default: "5" },
    dir: { type: "string", default: "bench-data/validate" },
    sweep: { type: "boolean", default: false },
    /** Every check after execution (RuntimeOptions.checksAlongside = false), for comparison. */
    sequential: { type: "boolean", default: false },
    /** 1 % of the amounts are the fill value -9999. */
    fills: { type: "boolean", default: false },
  },
});
let factRows = Number(values.facts);
let dimRows = Number(values.dim);
const repeat = Number(values.repeat);
const lakeName = (facts: number, dim: number): string => `${facts}x${dim}${values.fills ? "-fills" : ""}`;
let lake = resolve(values.dir, lakeName(factRows, dimRows));

function useSize(facts: number, dim: number): void {
  factRows = facts;
  dimRows = dim;
  lake = resolve(values.dir, lakeName(factRows, dimRows));
}

async function generate(): Promise<void> {
  if (existsSync(join(lake, "dim.parquet"))) return;
  mkdirSync(lake, { recursive: true });
  const db = await DuckDBInstance.create(":memory:");
  const c = await db.connect();
  // 5% of fact keys have no dimension row, so the row-loss check has work to do.
  await c.run(
    `COPY (SELECT range AS id, (hash(range) % ${Math.round(dimRows * 1.05)}) + 1 AS key, ${values.fills ? "CASE WHEN hash(range * 13) % 100 = 0 THEN -9999.0 ELSE " : ""}round((hash(range * 7) % 100000) / 100.0, 2)${values.fills ? " END" : ""} AS amount FROM range(${factRows})) TO '${join(lake, "facts.parquet")}' (FORMAT parquet)`,
  );
  await c.run(
    `COPY (SELECT range + 1 AS key, 'region_' || (range % 50) AS region FROM range(${dimRows})) TO '${join(lake, "dim.parquet")}' (FORMAT parquet)`,
  );
  c.closeSync();
  db.closeSync();
}

const SQL =
  "SELECT d.region, sum(f.amount) AS total, count(*) AS n FROM facts f JOIN dim d ON f.key = d.key GROUP BY d.region";
/** A cheap query over the same big tables: the checks' worst case, held by the budget. */
const SELECTIVE_SQL =
  "SELECT d.region, f.amount FROM facts f JOIN dim d ON f.key = d.key WHERE f.id BETWEEN 5000000 AND 5000999";

interface Sample {
  /** The query's own time, first over fresh tables and then repeated. */
  queryMs: [number, number];
  /** The after-execution checks' time for the same two calls. */
  checksMs: [number, number];
  codes: string[];
  /** The selective query after the others: its time, its checks' time, whether the budget cut them short. */
  selective: { queryMs: number; checksMs: number; cut: boolean };
  /** The same selective query as the first query of a fresh runtime. */
  selectiveFirst?: { queryMs: number; checksMs: number; cut: boolean };
}

async function freshRuntime(validate: boolean): Promise<Runtime> {
  const runtime = await Runtime.open(lake, {
    radarDir: mkdtempSync(join(tmpdir(), "radar-bench-")),
    validate,
    checksAlongside: !values.sequential,
  });
  for (const [file, output] of [
    ["facts.parquet", "facts"],
    ["dim.parquet", "dim"],
  ]) {
    const r = await runtime.call({ op: "Scan", file, output });
    if (r.status !== "ok") throw new Error(`Scan ${file}: ${r.status} ${r.error ?? ""}`);
  }
  return runtime;
}

async function selective(runtime: Runtime): Promise<{ queryMs: number; checksMs: number; cut: boolean }> {
  const c = await runtime.call({ op: "Query", sql: SELECTIVE_SQL, inputs: ["facts", "dim"], output: "few" });
  if (c.status !== "ok") throw new Error(`Query: ${c.status} ${c.error ?? ""}`);
  return {
    queryMs: c.durationMs - (c.validationMs ?? 0),
    checksMs: c.validationMs ?? 0,
    cut: c.diagnostics.some((d) => d.code === "validation-budget"),
  };
}

type QueryEvent = Awaited<ReturnType<Runtime["call"]>>;

/** The main query twice over the same tables: first over fresh tables, then repeated (checks are memoised per table). */
async function firstAndAgain(runtime: Runtime): Promise<[QueryEvent, QueryEvent]> {
  const calls: QueryEvent[] = [];
  for (const output of ["agg_first", "agg_again"]) {
    const r = await runtime.call({ op: "Query", sql: SQL, inputs: ["facts", "dim"], output });
    if (r.status !== "ok") throw new Error(`Query: ${r.status} ${r.error ?? JSON.stringify(r.diagnostics)}`);
    calls.push(r);
  }
  return calls as [QueryEvent, QueryEvent];
}

/** One fresh runtime: scan both tables, run the query twice, then the selective one. */
async function sample(validate: boolean): Promise<Sample> {
  const runtime = await freshRuntime(validate);
  let result: Sample;
  try {
    const [a, b] = await firstAndAgain(runtime);
    result = {
      selective: await selective(runtime),
      queryMs: [a.durationMs - (a.validationMs ?? 0), b.durationMs - (b.validationMs ?? 0)],
      checksMs: [a.validationMs ?? 0, b.validationMs ?? 0],
      codes: a.diagnostics.map((d) => d.code),
    };
  } finally {
    runtime.close();
  }
  if (validate) {
    const other = await freshRuntime(true);
    try {
      result.selectiveFirst = await selective(other);
    } finally {
      other.close();
    }
  }
  return result;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

/**
 * The main query at sizes from 10k × 1k to 10M × 1M: per size, fresh runtimes with and without
 * validation, interleaved; the time validation adds to the call (checks after execution) and the
 * end-to-end ratio (query + checks) / query without validation.
 */
async function sweep(): Promise<void> {
  const sizes: [number, number][] = [
    [10_000, 1_000],
    [100_000, 10_000],
    [1_000_000, 100_000],
    [10_000_000, 1_000_000],
  ];
  console.log(
    `join + aggregate, first query over fresh tables, median of ${repeat} fresh runtimes per size` +
      (values.sequential
        ? " — every check after execution (--sequential)"
        : " — input-only checks alongside the query"),
  );
  console.log("  facts × dim            without   query  + checks   share   ratio   repeated   findings");
  const rows = [];
  for (const [facts, dim] of sizes) {
    useSize(facts, dim);
    await generate();
    const bare: number[] = [];
    const queryMs: number[] = [];
    const firstMs: number[] = [];
    const againMs: number[] = [];
    const totalMs: number[] = [];
    let codes: string[] = [];
    for (let i = 0; i < 2 * repeat; i++) {
      const validate = i % 4 === 0 || i % 4 === 3;
      const runtime = await freshRuntime(validate);
      try {
        const [first, again] = await firstAndAgain(runtime);
        if (!validate) bare.push(first.durationMs);
        else {
          const checks = first.validationMs ?? 0;
          queryMs.push(first.durationMs - checks);
          firstMs.push(checks);
          totalMs.push(first.durationMs);
          againMs.push(again.validationMs ?? 0);
          codes = first.diagnostics.map((d) => d.code);
        }
      } finally {
        runtime.close();
      }
    }
    const row = {
      factRows: facts,
      dimRows: dim,
      queryWithoutValidationMs: median(bare),
      queryMs: median(queryMs),
      checksMs: median(firstMs),
      ratio: Number((median(totalMs) / median(bare)).toFixed(2)),
      repeatedChecksMs: median(againMs),
      codes,
    };
    rows.push(row);
    console.log(
      `  ${`${facts.toLocaleString()} × ${dim.toLocaleString()}`.padEnd(22)} ${`${row.queryWithoutValidationMs} ms`.padStart(8)} ${`${row.queryMs} ms`.padStart(8)} ${`${row.checksMs} ms`.padStart(8)} ${pct(row.checksMs / row.queryWithoutValidationMs).padStart(8)} ${row.ratio.toFixed(2).padStart(6)} ${`${row.repeatedChecksMs} ms`.padStart(10)}   ${codes.join(", ") || "none"}`,
    );
  }
  console.log(
    "  without: the query in runtimes without validation; query + checks: with validation, the checks being what validation adds after the query ran; share = checks / without; ratio = (query + checks) / without",
  );
  console.log(JSON.stringify(rows));
}

async function main(): Promise<void> {
  if (values.sweep) return sweep();
  await generate();
  process.stderr.write(`lake: ${lake}\n`);
  const without: Sample[] = [];
  const withChecks: Sample[] = [];
  // Interleave the two, swapping which goes first, so that machine noise and warm-up hit both alike.
  for (let i = 0; i < repeat; i++) {
    if (i % 2 === 0) {
      without.push(await sample(false));
      withChecks.push(await sample(true));
    } else {
      withChecks.push(await sample(true));
      without.push(await sample(false));
    }
  }
  const base = median(without.flatMap((s) => s.queryMs));
  const firstChecks = median(withChecks.map((s) => s.checksMs[0]));
  const againChecks = median(withChecks.map((s) => s.checksMs[1]));
  const firstWith = median(withChecks.map((s) => s.queryMs[0] + s.checksMs[0]));
  const figures = {
    factRows,
    dimRows,
    runs: repeat,
    queryMsWithoutValidation: without.map((s) => s.queryMs),
    queryMsWithValidation: withChecks.map((s) => s.queryMs),
    checksMs: withChecks.map((s) => s.checksMs),
    checksShareFirstQuery: Number((firstChecks / base).toFixed(4)),
    checksShareRepeatedQuery: Number((againChecks / base).toFixed(4)),
    ratioFirstQuery: Number((firstWith / base).toFixed(3)),
    diagnostics: withChecks[0]!.codes,
    selectiveQueryMs: median(withChecks.map((s) => s.selective.queryMs)),
    selectiveChecksMs: withChecks.map((s) => s.selective.checksMs),
    selectiveChecksCut: withChecks.filter((s) => s.selective.cut).length,
    selectiveFirstChecksMs: withChecks.map((s) => s.selectiveFirst?.checksMs ?? 0),
    selectiveFirstChecksCut: withChecks.filter((s) => s.selectiveFirst?.cut).length,
  };
  console.log(
    `join + aggregate over ${factRows.toLocaleString()} × ${dimRows.toLocaleString()} rows (${repeat} fresh runtimes each)`,
  );
  console.log(
    `  query without validation: ${without.map((s) => s.queryMs.join(" / ")).join(", ")} ms (median ${base} ms)`,
  );
  console.log(`  query with validation:    ${withChecks.map((s) => s.queryMs.join(" / ")).join(", ")} ms`);
  console.log(
    `  checks after the query ran (first / repeated)${values.sequential ? "" : " — the input-only ones ran alongside it"}:`,
  );
  console.log(`    ${withChecks.map((s) => s.checksMs.join(" / ")).join(", ")} ms`);
  console.log(
    `  validation cost: ${firstChecks} ms = ${pct(figures.checksShareFirstQuery)} of the query on the first query over fresh tables, ${againChecks} ms = ${pct(figures.checksShareRepeatedQuery)} repeated`,
  );
  console.log(`  ratio (query + checks) / query without validation, first query: ${figures.ratioFirstQuery}`);
  console.log(`  diagnostics: ${figures.diagnostics.join(", ") || "none"}`);
  console.log(
    `selective join over the same tables (1,000 rows kept): query ${figures.selectiveQueryMs} ms; checks after the queries above ${figures.selectiveChecksMs.join(", ")} ms, ` +
      `as the first query of a fresh runtime ${figures.selectiveFirstChecksMs.join(", ")} ms — budget max(200 ms, 20 %) cut them short in ${figures.selectiveChecksCut + figures.selectiveFirstChecksCut} of ${2 * repeat} runs`,
  );
  console.log(JSON.stringify(figures));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
