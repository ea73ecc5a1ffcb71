import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A column of codes whose every value repeats alike — FIPS 1–56 on each month of a state panel,
// and one series coded 51000 — holds no fill: 51000 repeats no more than the states do (stop 30,
// held-out ES: "likely fill values: fips 51000 ×562"). A fill that is no nines number still
// repeats more than the column's values do, and stays one.

const months = Array.from({ length: 24 }, (_, m) => `${2000 + Math.floor(m / 12)},${(m % 12) + 1}`);
const states = Array.from({ length: 20 }, (_, i) => i + 1);
const panel = months.flatMap((ym, m) => [
  ...states.map((s) => `${s},${ym},${(4 + ((s * 7 + m) % 30) / 10).toFixed(1)}`),
  `51000,${ym},${(6 + (m % 9) / 10).toFixed(1)}`,
]);
// Station readings with -8888 (no nines) where the sensor was down: far below, oftener than any reading.
const readings = Array.from(
  { length: 60 },
  (_, i) => `${i},${i % 7 === 3 ? "-8888" : (12 + ((i * 37) % 90) / 10).toFixed(1)}`,
);

const { lake, stateDir } = tempLake({
  "state_data.csv": `fips,year,month,rate\n${panel.join("\n")}\n`,
  "station.csv": `t,temp\n${readings.join("\n")}\n`,
});
let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

test("a code repeating as often as the other codes is no fill", () => {
  const fips = runtime.entry("state_data.csv")!.tables![0]!.columns.find((c) => c.name === "fips");
  assert.equal(fips?.type, "BIGINT");
  assert.equal(fips?.fillValues, undefined);
});

test("a fill without the nines form, repeating more than the readings do, is still one", () => {
  const temp = runtime.entry("station.csv")!.tables![0]!.columns.find((c) => c.name === "temp");
  assert.deepEqual(
    temp?.fillValues?.map((f) => [f.value, f.count]),
    [[-8888, 9]],
  );
});
