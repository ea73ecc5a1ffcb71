import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Clock times and dates with a missing-value marker among them (held-out HN: a crash workbook's
// Time column holds `#NULL!` for the 14 crashes of unknown hour, all past the rows the map samples):
// the column is read as TIME / DATE with the marker as NULL and listed with its count, so an hour
// taken from it is an hour, and "leave out unknown times" is `Time IS NOT NULL`.
// Twins: a column of times beside words (`noon`) stays text, with no marker listed.

const rows = Array.from({ length: 700 }, (_, i) => {
  const time =
    i === 600 || i === 650
      ? "#NULL!"
      : `${String(i % 24).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00`;
  const day =
    i === 620
      ? "n/a"
      : `2010-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`;
  const shift = i === 630 ? "noon" : `${String(i % 24).padStart(2, "0")}:00`;
  return `${i},${time},${day},${shift}`;
});
const { lake, stateDir } = tempLake({ "crashes.csv": `id,time,day,shift\n${rows.join("\n")}\n` });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

test("a time or date column with a marker past the sample is typed, the marker read as NULL", async () => {
  const scan = await runtime.call({ op: "Scan", file: "crashes.csv", output: "c" });
  assert.equal(scan.status, "ok");
  const columns = runtime.entry("crashes.csv")!.tables![0]!.columns;
  const col = (name: string) => columns.find((c) => c.name === name);
  assert.equal(col("time")?.type, "TIME");
  assert.deepEqual(col("time")?.missingMarkers, [{ value: "#NULL!", count: 2 }]);
  assert.equal(col("day")?.type, "DATE");
  assert.deepEqual(col("day")?.missingMarkers, [{ value: "n/a", count: 1 }]);
  assert.equal(col("shift")?.type, "VARCHAR");
  assert.equal(col("shift")?.missingMarkers, undefined);
  const q = await runtime.call({
    op: "Query",
    sql: "SELECT count(time) AS known, count(*) FILTER (WHERE hour(time) = 17) AS at17 FROM c",
    inputs: ["c"],
    output: "hours",
  });
  assert.equal(q.status, "ok");
  const obs = q.observation as { records?: { rows?: unknown[][] } };
  const [known, at17] = (obs.records?.rows?.[0] ?? []).map(Number) as [number, number];
  assert.equal(known, 698);
  assert.equal(at17, rows.filter((r) => r.split(",")[1]!.startsWith("17:")).length);
});
