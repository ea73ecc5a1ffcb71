import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A number column whose NaN cells all lie past the first 500 rows the map samples: the whole
// column is counted, so NaN is read as a missing-value marker (not a number that makes avg NaN).
// Its twin, a column without NaN, keeps no markers.

const rows = Array.from({ length: 700 }, (_, i) => {
  const flux = i === 560 || i === 640 ? "NaN" : (10 + (i % 13) / 4).toFixed(2);
  return `${i},${flux},${(20 + (i % 7)).toFixed(1)}`;
});
const { lake, stateDir } = tempLake({ "late_nan.csv": `t,flux,temp\n${rows.join("\n")}\n` });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

test("NaN only past the sample is a marker: listed with its count, read as NULL", async () => {
  const scan = await runtime.call({ op: "Scan", file: "late_nan.csv", output: "flux" });
  assert.equal(scan.status, "ok");
  const entry = runtime.entry("late_nan.csv");
  const columns = entry!.tables![0]!.columns;
  assert.deepEqual(columns.find((c) => c.name === "flux")?.missingMarkers, [{ value: "NaN", count: 2 }]);
  assert.equal(columns.find((c) => c.name === "temp")?.missingMarkers, undefined);
  const q = await runtime.call({
    op: "Query",
    sql: "SELECT avg(flux) AS m, count(flux) AS n FROM flux",
    inputs: ["flux"],
    output: "m",
  });
  assert.equal(q.status, "ok");
  const obs = q.observation as { records?: { rows?: unknown[][] } };
  const [m, n] = (obs.records?.rows?.[0] ?? []) as [number, number];
  assert.ok(Number.isFinite(Number(m)), `avg is ${String(m)}`);
  assert.equal(Number(n), 698);
});
