import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { ColumnProbe, ProbeObservation } from "../../src/core/operators/probe/probeObservation.ts";
import { formatCall } from "../../src/cli/formatCall.ts";
import { readableCall } from "../../src/mcp/toolOutput.ts";
import { toolResultText } from "../../src/core/presentation/toolResult.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

// The data book's Report Categories: a Percentage column written '20.91%' … '0.02%'. Compared as
// text, its max is '5.95%' (issue 18); read as numbers, 20.91 %.
const CATEGORIES = "2024_CSN_Report_Categories.csv";

const { lake, stateDir } = tempLake({
  [CATEGORIES]: readFileSync(join(repoRoot, "test/fixtures/legal", CATEGORIES)),
  "money.csv": [
    "id,amount,zip,mixed,score,label,mixed_currency",
    '1,"$1,200.50",02134,5%,12,alpha,$5',
    "2,($30.50),10001,0.05,N/A,beta,€7",
    "3,$7,94105,7%,9,gamma,$9",
    "4,-$2,60601,12%,-,delta,$1",
    "",
  ].join("\n"),
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  assert.equal((await runtime.call({ op: "Scan", file: CATEGORIES, output: "categories" })).status, "ok");
  assert.equal((await runtime.call({ op: "Scan", file: "money.csv", output: "money" })).status, "ok");
});
after(() => runtime?.close());

async function probe(table: string, columns: string[]): Promise<{ call: CallEvent; columns: ColumnProbe[] }> {
  const call = await runtime.call({ op: "Probe", table, columns });
  assert.equal(call.status, "ok", JSON.stringify(call.diagnostics));
  return { call, columns: (call.observation as ProbeObservation).columns };
}

describe("Probe: numbers stored as text", () => {
  test("a Percentage column: max 20.91 %, not '5.95%' by text order, and says it parsed", async () => {
    const { call, columns } = await probe("categories", ["Percentage"]);
    const c = columns[0]!;
    assert.equal(c.type, "VARCHAR");
    assert.equal(c.max, "20.91%");
    assert.notEqual(c.max, "5.95%");
    assert.equal(c.parsed?.max, 20.91);
    assert.equal(c.parsed?.unit, "%");
    assert.deepEqual(c.parsed?.stripped, ["%"]);
    assert.equal(c.parsed?.values, 29);
    assert.equal(c.min, `${c.parsed?.min}%`);
    assert.match(
      c.parsed?.note ?? "",
      /numbers stored as text, parsed \(%\): range .* … 20\.91 % by value, not text order/,
    );
    // The CLI's text, the MCP text and the model's tool result all carry it.
    const cli = formatCall(call);
    assert.match(
      cli,
      /Percentage VARCHAR: .*range .*% … 20\.91% \(numbers stored as text, parsed \(%\): .* … 20\.91 %, by value, not text order\)/,
    );
    assert.match(readableCall(call), /20\.91% \(numbers stored as text, parsed: .* … 20\.91 %, by value\)/);
    assert.match(toolResultText(call), /"parsed":\{"min":[\d.]+,"max":20\.91,"unit":"%"/);
    assert.match(
      call.summary ?? "",
      /Percentage \(28 distinct, 0% null, numbers as text: 0\.02 … 20\.91 %\)/,
    );
  });

  test("currency, thousands separators and accounting parentheses", async () => {
    const { columns } = await probe("money", ["amount"]);
    const c = columns[0]!;
    assert.equal(c.min, "($30.50)");
    assert.equal(c.max, "$1,200.50");
    assert.deepEqual(
      { min: c.parsed?.min, max: c.parsed?.max, unit: c.parsed?.unit },
      { min: -30.5, max: 1200.5, unit: "$" },
    );
    assert.deepEqual(c.parsed?.stripped, [
      "$ sign",
      "thousands separators",
      "accounting parentheses (negative)",
    ]);
  });

  test("values standing for no number are left out, and counted", async () => {
    // The map reads `N/A` and `-` in a column of numbers as NULL (missing-value markers), so the
    // scanned column is numeric; a text column a Query makes still holds them as text.
    const scanned = (await probe("money", ["score"])).columns[0]!;
    assert.deepEqual([scanned.type, scanned.min, scanned.max, scanned.parsed], ["BIGINT", 9, 12, undefined]);
    const made = await runtime.call({
      op: "Query",
      sql: "SELECT * FROM (VALUES ('9'), ('12'), ('N/A'), ('-')) AS t(score)",
      inputs: [],
      output: "scores_text",
    });
    assert.equal(made.status, "ok", JSON.stringify(made.diagnostics));
    const { columns } = await probe("scores_text", ["score"]);
    const c = columns[0]!;
    assert.deepEqual([c.min, c.max, c.parsed?.min, c.parsed?.max], ["9", "12", 9, 12]);
    assert.deepEqual(c.parsed?.notNumbers, [
      { value: "N/A", count: 1 },
      { value: "-", count: 1 },
    ]);
    assert.match(c.parsed?.note ?? "", /2 value\(s\) that stand for no number \("N\/A", "-"\) left out/);
  });

  test("not parsed: codes with leading zeros, mixed units, words — text order stays, nothing claimed", async () => {
    const { columns } = await probe("money", ["zip", "mixed", "label", "mixed_currency"]);
    for (const c of columns) assert.equal(c.parsed, undefined, c.column);
    const zip = columns.find((c) => c.column === "zip")!;
    // Read as text by the map (a leading zero) — and so is its range.
    if (zip.type === "VARCHAR") assert.equal(zip.min, "02134");
    assert.equal(columns.find((c) => c.column === "mixed")!.max, "7%");
  });

  test("numeric columns are untouched", async () => {
    const { columns } = await probe("categories", ["# of Reports"]);
    assert.notEqual(columns[0]!.type, "VARCHAR");
    assert.equal(columns[0]!.parsed, undefined);
    assert.equal(typeof columns[0]!.max, "number");
  });
});
