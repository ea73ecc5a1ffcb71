/**
 * Time of a Query against the size of its SQL: `WHERE id IN (0, 1, …, n-1)` and `n` branches of
 * `UNION ALL`, over a 2,000-row table. Per size it prints the parse of the sandbox gate
 * (`json_serialize_sql`), all the checks before execution (gate included), the Query end to end
 * with validation, the checks after execution, and the same Query with validation off — so that
 * what RADAR's analysis costs can be told from what DuckDB itself costs for such a statement.
 * Analysis should grow linearly with the SQL; a row whose checks were cut by the per-call budget
 * says so (`validation-budget`).
 *
 * A chain of more set operations than the gate takes (sqlSize.ts) is refused at once: its row shows
 * the time to refuse it and `status rejected (sql-too-large)`.
 *
 *     npm run bench:sqlsize [-- --in 1000,10000,50000,190000 --union 100,1000,4000,23000 --repeat 1]
 */
import { parseArgs } from "node:util";
import { rmSync } from "node:fs";
import { Runtime } from "../src/core/runtime.ts";
import { Rejection } from "../src/core/diagnostic.ts";
import { analyzeSelect } from "../src/core/sandbox/sqlGate.ts";
import { validateBefore } from "../src/core/validation/validate.ts";
import type { OperatorContext } from "../src/core/operators/operator.ts";
import { tempLake } from "../test/helpers/tempLake.ts";

const { values } = parseArgs({
  options: {
    in: { type: "string", default: "1000,10000,50000,190000" },
    union: { type: "string", default: "100,1000,4000,23000" },
    repeat: { type: "string", default: "1" },
    json: { type: "boolean", default: false },
  },
});

const sizes = (s: string): number[] =>
  s
    .split(",")
    .map((x) => Number(x.trim()))
    .filter((x) => x > 0);

function inListSql(n: number): string {
  return `SELECT count(*) AS n, sum(v) AS s FROM t WHERE id IN (${Array.from({ length: n }, (_, i) => i).join(", ")})`;
}

function unionSql(n: number): string {
  return Array.from({ length: n }, (_, i) => `SELECT id, v FROM t WHERE id = ${i % 2000}`).join(
    " UNION ALL ",
  );
}

interface Row {
  shape: string;
  n: number;
  bytes: number;
  parseMs: number;
  beforeMs: number;
  totalMs: number;
  checksMs: number;
  withoutValidationMs: number;
  budgetCut: boolean;
  status: string;
  /** The code of the error that refused the call, when one did. */
  refused?: string;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  const rows = ["id,v"];
  for (let i = 0; i < 2000; i++) rows.push(`${i},${i % 7}`);
  const { lake, stateDir } = tempLake({ "t.csv": `${rows.join("\n")}\n` });
  const repeat = Math.max(1, Number(values.repeat));
  const results: Row[] = [];
  const open = async (validate: boolean): Promise<Runtime> => {
    const runtime = await Runtime.open(lake, { radarDir: stateDir, validate });
    await runtime.call({ op: "Scan", file: "t.csv", output: "t" });
    return runtime;
  };
  const checked = await open(true);
  const unchecked = await open(false);
  try {
    const cases: [string, number, string][] = [
      ...sizes(values.in!).map((n): [string, number, string] => ["IN list", n, inListSql(n)]),
      ...sizes(values.union!).map((n): [string, number, string] => ["UNION ALL", n, unionSql(n)]),
    ];
    if (!values.json)
      console.log(
        "shape        values/branches    bytes   parse   before   query+checks   after-checks   without checks",
      );
    for (const [c, [shape, n, sql]] of cases.entries()) {
      const samples: Row[] = [];
      for (let k = 0; k < repeat; k++) {
        let t = performance.now();
        // A statement past a limit is refused by the gate (sql-too-large): the time to say so is its figure.
        await analyzeSelect(checked.engine, sql).catch((error: unknown) => {
          if (!(error instanceof Rejection)) throw error;
        });
        const parseMs = performance.now() - t;
        // The runtime's own context for its first lane, as its calls get it (a private method).
        const inner = checked as unknown as { context(lane: unknown): OperatorContext; lanes: unknown[] };
        const ctx = inner.context(inner.lanes[0]);
        t = performance.now();
        await validateBefore({ op: "Query", args: { sql, inputs: ["t"], output: "o" }, ctx });
        const beforeMs = performance.now() - t;
        const event = await checked.call({ op: "Query", sql, inputs: ["t"], output: `o${c}_${k}` });
        const plain = await unchecked.call({ op: "Query", sql, inputs: ["t"], output: `o${c}_${k}` });
        samples.push({
          shape,
          n,
          bytes: sql.length,
          parseMs,
          beforeMs,
          totalMs: event.durationMs,
          checksMs: event.validationMs ?? 0,
          withoutValidationMs: plain.durationMs,
          budgetCut: event.diagnostics.some((d) => d.code === "validation-budget"),
          status: event.status,
          refused: event.diagnostics.find((d) => d.severity === "error")?.code,
        });
      }
      const pick = (f: (r: Row) => number): number => Math.round(median(samples.map(f)));
      const row: Row = {
        shape,
        n,
        bytes: sql.length,
        parseMs: pick((r) => r.parseMs),
        beforeMs: pick((r) => r.beforeMs),
        totalMs: pick((r) => r.totalMs),
        checksMs: pick((r) => r.checksMs),
        withoutValidationMs: pick((r) => r.withoutValidationMs),
        budgetCut: samples.some((r) => r.budgetCut),
        status: samples.map((r) => r.status).join(","),
        ...(samples[0]?.refused ? { refused: samples[0].refused } : {}),
      };
      results.push(row);
      if (!values.json)
        console.log(
          `${shape.padEnd(12)} ${String(n).padStart(15)} ${String(row.bytes).padStart(8)} ${`${row.parseMs} ms`.padStart(7)} ${`${row.beforeMs} ms`.padStart(8)} ${`${row.totalMs} ms`.padStart(14)} ${`${row.checksMs} ms`.padStart(14)} ${`${row.withoutValidationMs} ms`.padStart(16)}${row.budgetCut ? "  (checks cut by the per-call budget)" : ""}${row.status.split(",").every((s) => s === "ok") ? "" : `  status ${row.status}${row.refused ? ` (${row.refused})` : ""}`}`,
        );
    }
  } finally {
    checked.close();
    unchecked.close();
    rmSync(lake, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
  }
  if (values.json) console.log(JSON.stringify(results, null, 2));
  else
    console.log(
      "\nparse: the sandbox gate's json_serialize_sql; before: every check before execution (gate, columns, joins);\n" +
        "query+checks: the call end to end; after-checks: what the checks added after it ran; without checks: validate off\n" +
        "(the sandbox checks before execution still run). Medians of --repeat runs; the machine may be shared.",
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
