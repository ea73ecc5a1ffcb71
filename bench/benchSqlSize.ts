/**
 * Time of a Query against the size of its SQL: `WHERE id IN (0, 1, …, n-1)`, `n` branches of
 * `UNION ALL`, `n` nested parentheses, `n` nested CASEs, `n` ORs, a sum of `n` terms and `n` nested
 * function calls, over a 2,000-row table. Per size it prints the parse of the sandbox gate
 * (`json_serialize_sql`), all the checks before execution (gate included), the Query end to end
 * with validation, the checks after execution, and the same Query with validation off — so that
 * what RADAR's analysis costs can be told from what DuckDB itself costs for such a statement.
 * Analysis should grow linearly with the SQL; a row whose checks were cut by the per-call budget
 * says so (`validation-budget`).
 *
 * A statement past a bound of the gate (sqlSize.ts) is refused at once: its row shows the time to
 * refuse it, `status rejected (sql-too-large)` and the message.
 *
 *     npm run bench:sqlsize [-- --in 1000,10000,50000,190000 --union 100,1000,4000,23000 --parens 100,1000,5000
 *       --case 100,1000,5000 --or 1000,10000,60000 --plus 1000,10000,100000 --calls 100,900,5000 --repeat 1]
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
    parens: { type: "string", default: "100,1000,5000" },
    case: { type: "string", default: "100,1000,5000" },
    or: { type: "string", default: "1000,10000,60000" },
    plus: { type: "string", default: "1000,10000,100000" },
    calls: { type: "string", default: "100,900,5000" },
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

/** A filter wrapped in `n` pairs of parentheses. */
function parensSql(n: number): string {
  return `SELECT count(*) AS n FROM t WHERE ${"(".repeat(n)}id = 1${")".repeat(n)}`;
}

/** `n` CASE expressions, each the ELSE of the one before. */
function caseSql(n: number): string {
  let expr = "0";
  for (let i = n - 1; i >= 0; i--) expr = `CASE WHEN id = ${i} THEN ${i} ELSE ${expr} END`;
  return `SELECT sum(${expr}) AS s FROM t`;
}

/** A filter of `n` equalities joined by OR. */
function orSql(n: number): string {
  return `SELECT count(*) AS n FROM t WHERE ${Array.from({ length: n }, (_, i) => `id = ${i}`).join(" OR ")}`;
}

/** A sum of `n` terms, `id + id + …`: a left-deep tree of `n` additions. */
function plusSql(n: number): string {
  return `SELECT sum(${Array.from({ length: n }, () => "id").join(" + ")}) AS s FROM t`;
}

/** `n` function calls, each the argument of the one before: `abs(abs(…(id)…))`. */
function callsSql(n: number): string {
  return `SELECT sum(${"abs(".repeat(n)}id${")".repeat(n)}) AS s FROM t`;
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
  /** What refused the call or broke a check, or what escaped the gate or the checks before, cut short. */
  note?: string;
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
      ...sizes(values.parens!).map((n): [string, number, string] => ["( nested", n, parensSql(n)]),
      ...sizes(values.case!).map((n): [string, number, string] => ["CASE nested", n, caseSql(n)]),
      ...sizes(values.or!).map((n): [string, number, string] => ["OR chain", n, orSql(n)]),
      ...sizes(values.plus!).map((n): [string, number, string] => ["+ chain", n, plusSql(n)]),
      ...sizes(values.calls!).map((n): [string, number, string] => ["f( nested", n, callsSql(n)]),
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
        // Anything else that escapes the gate is a defect this bench exists to show: it is printed.
        let escaped: string | undefined;
        await analyzeSelect(checked.engine, sql).catch((error: unknown) => {
          if (!(error instanceof Rejection)) escaped = `gate threw ${(error as Error).message.slice(0, 80)}`;
        });
        const parseMs = performance.now() - t;
        // The runtime's own context for its first lane, as its calls get it (a private method).
        const inner = checked as unknown as {
          context(lane: unknown): OperatorContext;
          lanes: { first: unknown };
        };
        const ctx = inner.context(inner.lanes.first);
        t = performance.now();
        await validateBefore({ op: "Query", args: { sql, inputs: ["t"], output: "o" }, ctx }).catch(
          (error: unknown) => {
            if (!(error instanceof Rejection))
              escaped ??= `checks before threw ${(error as Error).message.slice(0, 80)}`;
          },
        );
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
          note:
            escaped ??
            event.diagnostics
              .find((d) => d.code === "validation-error" || d.severity === "error")
              ?.message.slice(0, 100),
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
        ...(samples[0]?.note ? { note: samples[0].note } : {}),
      };
      results.push(row);
      if (!values.json)
        console.log(
          `${shape.padEnd(12)} ${String(n).padStart(15)} ${String(row.bytes).padStart(8)} ${`${row.parseMs} ms`.padStart(7)} ${`${row.beforeMs} ms`.padStart(8)} ${`${row.totalMs} ms`.padStart(14)} ${`${row.checksMs} ms`.padStart(14)} ${`${row.withoutValidationMs} ms`.padStart(16)}${row.budgetCut ? "  (checks cut by the per-call budget)" : ""}${row.status.split(",").every((s) => s === "ok") ? "" : `  status ${row.status}${row.refused ? ` (${row.refused})` : ""}`}${row.note ? `\n             ↳ ${row.note}` : ""}`,
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
