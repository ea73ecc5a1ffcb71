import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// DuckDB's default max_line_size is 2,000,000 bytes — not 2 MiB — and RADAR reads CSV files with
// 2 MiB buffers. A line just under either limit, between the two, or far over both must map and
// scan with every row and the whole cell.

const file = (cell: number): string => {
  const rows = ["id,text"];
  for (let i = 0; i < 3000; i++) rows.push(`${i},short ${i}`);
  rows.push(`3000,${"y".repeat(cell)}`);
  for (let i = 3001; i < 4000; i++) rows.push(`${i},short ${i}`);
  return rows.join("\n") + "\n";
};
const cells: Record<string, number> = {
  "under.csv": 1_950_000,
  "between.csv": 2_050_000,
  "buffer.csv": 2_097_140,
  "over.csv": 3_000_000,
};
const { lake, stateDir } = tempLake(Object.fromEntries(Object.entries(cells).map(([f, n]) => [f, file(n)])));

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

describe("lines near and over DuckDB's line limit", () => {
  for (const [name, cell] of Object.entries(cells))
    test(`${name}: a ${cell.toLocaleString("en-US")}-character cell`, async () => {
      const entry = runtime.map.files.find((f) => f.path === name)!;
      assert.equal(entry.error, undefined, entry.error);
      assert.equal(entry.tables?.[0]?.rowCount, 4000);
      const scan = await runtime.call({ op: "Scan", file: name, output: name.replace(".csv", "") });
      assert.equal(scan.status, "ok", JSON.stringify(scan.diagnostics));
      const [row] = await runtime.engine.all(
        `SELECT count(*) AS n, max(length(text)) AS longest FROM "${name.replace(".csv", "")}"`,
      );
      assert.equal(Number(row!.n), 4000);
      assert.equal(Number(row!.longest), cell);
    });
});
