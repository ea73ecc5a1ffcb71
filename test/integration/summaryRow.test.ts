import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import { UNLABELLED_TOTALS_MAX_ROWS } from "../../src/core/validation/rules/summaryRow/summaryRow.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Unlabelled totals: one of the five largest values, occurring once, equal to the sum of the
// (at least three) rows smaller than it — found in one aggregate pass (no sort of the column).
const csv = (rows: [string, number | string][]): string =>
  `code,reports\n${rows.map(([c, n]) => `${c},${n}`).join("\n")}\n`;
const parts: [string, number][] = [
  ["A1", 108881],
  ["A2", 90571],
  ["A3", 76285],
  ["A4", 47336],
  ["A5", 46899],
];
const partsSum = parts.reduce((s, [, n]) => s + n, 0);

const { lake, stateDir } = tempLake({
  // The data book's footer: the sum of the parts sits under a larger "all reports" figure.
  "footer.csv": csv([...parts, ["F1", partsSum], ["F2", 2600678]]),
  "grand.csv": csv([...parts, ["G", partsSum]]),
  // The same value twice is not a total (both would have to be).
  "twice.csv": csv([...parts, ["T1", partsSum], ["T2", partsSum]]),
  // 12 = 7 + 5 with only two rows below it: coincidence, not a total.
  "small.csv": csv([
    ["a", 5],
    ["b", 7],
    ["c", 12],
  ]),
  // Values near the BIGINT range: the comparison must not overflow.
  "huge.csv": csv([
    ["a", 3_000_000_000_000_000],
    ["b", 2_000_000_000_000_000],
    ["c", 1_000_000_000_000_000],
    ["d", 6_000_000_000_000_000],
  ]),
});
// A fact table above the limit whose largest value happens to equal the sum of the others.
const big = UNLABELLED_TOTALS_MAX_ROWS + 10;
writeFileSync(
  join(lake, "big.csv"),
  `code,reports\n${Array.from({ length: big - 1 }, (_, i) => `r${i},1`).join("\n")}\nz,${big - 1}\n`,
);

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const name of ["footer", "grand", "twice", "small", "huge", "big"])
    assert.equal((await runtime.call({ op: "Scan", file: `${name}.csv`, output: name })).status, "ok");
});
after(() => runtime?.close());

const summaryRows = async (table: string): Promise<string[]> => {
  const r = await runtime.call({
    op: "Query",
    sql: `SELECT sum(reports) AS total FROM ${table}`,
    inputs: [table],
    output: `${table}_sum`,
  });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "summary-row").map((d) => d.message);
};

describe("summary-row: unlabelled totals", () => {
  test("a total under a larger summary row is found, with its line", async () => {
    const [message, ...rest] = await summaryRows("footer");
    assert.equal(rest.length, 0);
    assert.match(
      message ?? "",
      /'F1' \(its reports 369972 equals the sum of its smaller values in the column\) \(footer\.csv:7\)/,
    );
    assert.doesNotMatch(message ?? "", /F2/);
  });

  test("a grand total in the last row is found", async () => {
    const [message] = await summaryRows("grand");
    assert.match(message ?? "", /'G' .*\(grand\.csv:7\)/);
  });

  test("a value occurring twice, or over only two smaller rows, is not a total", async () => {
    assert.deepEqual(await summaryRows("twice"), []);
    assert.deepEqual(await summaryRows("small"), []);
  });

  test("values near the BIGINT range compare without overflow", async () => {
    const [message] = await summaryRows("huge");
    assert.match(message ?? "", /'d'/);
  });

  test(`tables over ${UNLABELLED_TOTALS_MAX_ROWS.toLocaleString("en-US")} rows are not searched for unlabelled totals`, async () => {
    assert.deepEqual(await summaryRows("big"), []);
  });
});
