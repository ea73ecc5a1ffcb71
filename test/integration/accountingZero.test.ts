import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Held-out HP (stop 41): NYC's rolling-sales CSVs were saved from Excel with the accounting number
// format, which writes 0 as ` -   ` and every number between spaces (` 4,750 `). RADAR read the
// dash as a missing value: 1,771 sale prices NULL, a sum "skipping" them, a share of no-price sales
// counting only the later release's `0`s. The dash is the number 0.

const header = "BOROUGH,ADDRESS,UNITS,LAND SQUARE FEET,SALE PRICE,REMARK SCORE";
const accounting = Array.from({ length: 30 }, (_, i) =>
  [
    "2",
    `${100 + i} WEBSTER AVENUE`,
    i % 3 === 0 ? " -   " : ` ${(i % 4) + 1} `,
    i % 5 === 0 ? " -   " : `" ${(2000 + i * 37).toLocaleString("en-US")} "`,
    i % 4 === 0 ? " -   " : `" ${(150000 + i * 1000).toLocaleString("en-US")} "`,
    // A survey score whose gaps are a plain dash: a missing value, as before.
    i % 6 === 0 ? "-" : String(i % 10),
  ].join(","),
);
const SALES = `${[header, ...accounting].join("\r\n")}\r\n`;

const { lake, stateDir } = tempLake({ "rolling/sales.csv": SALES });
let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("a dash written as the accounting format writes zero", () => {
  test("is read as 0, said so, and a plain dash stays a missing value", async () => {
    const t = onlyTable(runtime.map, "rolling/sales.csv");
    const price = t.columns.find((c) => c.name === "SALE PRICE")!;
    assert.equal(price.type, "BIGINT");
    assert.deepEqual(price.accountingZero, { value: "-", count: 8 });
    assert.equal(price.missingMarkers, undefined);
    assert.equal(price.nullFraction, 0);
    const score = t.columns.find((c) => c.name === "REMARK SCORE")!;
    assert.deepEqual(score.missingMarkers, [{ value: "-", count: 5 }]);
    await runtime.call({ op: "Scan", file: "rolling/sales.csv", output: "sales", preview_rows: 0 });
    const q = await runtime.call({
      op: "Query",
      sql: 'SELECT count(*) FILTER (WHERE "SALE PRICE" = 0) AS no_price, count(*) FILTER (WHERE "SALE PRICE" IS NULL) AS unknown, sum(UNITS) AS units FROM sales',
      inputs: ["sales"],
      output: "counts",
    });
    assert.equal(q.status, "ok");
    const rows = await runtime.engine.all("SELECT * FROM counts");
    assert.equal(Number(rows[0]!.no_price), 8);
    assert.equal(Number(rows[0]!.unknown), 0);
    assert.ok(
      !q.diagnostics.some((d) => d.code === "null-in-aggregate"),
      JSON.stringify(q.diagnostics.map((d) => d.message)),
    );
  });
});
