import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { mapEntry } from "../helpers/mapEntries.ts";

/**
 * A Met Office historic station file as published (held-out GY): notes above a header whose units
 * line names only the measured columns, values flagged `*` (estimated) and `#` (another sensor),
 * `---` for missing months, `Provisional` after the latest and `Site Closed` under the data. The
 * sunshine column is `---` for the whole first part, its numbers (one flagged) come later.
 */
const months = Array.from({ length: 24 }, (_, i) => {
  const year = 1855 + Math.floor(i / 12);
  const sun = i < 14 ? "---" : i === 20 ? "86.1*" : i === 21 ? "90.5#" : `${60 + i}.0`;
  const rain = i === 3 ? "---" : i === 5 ? "41.1*" : `${30 + i}.5`;
  return `   ${year}  ${String((i % 12) + 1).padStart(2)}    ${(5 + i / 10).toFixed(1)}     0.5      16   ${rain.padStart(5)}   ${sun.padStart(5)}`;
});
const STATION = [
  "Southampton",
  "Location: 442100E 113100N, Lat 50.898 Lon -1.408, 3 metres amsl",
  "Estimated data is marked with a * after the value.",
  "Sunshine data taken from an automatic Kipp & Zonen sensor marked with a #.",
  "   yyyy  mm   tmax    tmin      af    rain     sun",
  "              degC    degC    days      mm   hours",
  ...months.slice(0, -1),
  `${months[months.length - 1]}   Provisional`,
  "Site Closed",
  "",
].join("\n");

/**
 * A station's months as CSV, 600 of them: sunshine is `---` for the first 550 (no recorder yet,
 * past the typing sample of 500 rows), numbers after; rain and frost days use `---` for gaps.
 */
const SUNSHINE = `year,month,rain,af,sun\n${Array.from({ length: 600 }, (_, i) => {
  const rain = i % 97 === 5 ? "---" : `${40 + (i % 13)}.5`;
  const af = i % 89 === 7 ? "---" : String(i % 20);
  return `${1850 + Math.floor(i / 12)},${(i % 12) + 1},${rain},${af},${i < 550 ? "---" : `${100 + (i % 50)}.2`}`;
}).join("\n")}\n`;

const { lake, stateDir } = tempLake({
  "stations/southamptondata.txt": STATION,
  "stations/sunshine.csv": SUNSHINE,
});

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("whitespace-aligned station files", () => {
  test("mapped as a table: the notes, the units line and the footer are no rows; marker columns typed over every row", () => {
    const table = mapEntry(runtime.map, "stations/southamptondata.txt").tables![0]!;
    assert.equal(table.rowCount, 24);
    assert.equal(table.headerLine, 5);
    const types = Object.fromEntries(table.columns.map((c) => [c.name, c.type]));
    assert.deepEqual(types, {
      yyyy: "BIGINT",
      mm: "BIGINT",
      tmax: "DOUBLE",
      tmin: "DOUBLE",
      af: "BIGINT",
      // Flagged values (`41.1*`, `86.1#`) keep these columns text: the flag is part of what is written.
      rain: "VARCHAR",
      sun: "VARCHAR",
      column7: "VARCHAR",
    });
  });

  test("a Scan reads every month and leaves the footer out; the note word is a column of its own", async () => {
    const [scan, query] = await runtime.runBatch([
      { op: "Scan", file: "stations/southamptondata.txt", output: "sot" },
      {
        op: "Query",
        sql: "SELECT count(*) AS n, sum(tmax) AS tmax, count(column7) AS notes, max(yyyy * 100 + mm) AS last FROM sot",
        inputs: ["sot"],
        output: "q",
      },
    ]);
    assert.equal(scan!.status, "ok");
    const row = (query!.observation as { records: { rows: unknown[][] } }).records.rows[0]!;
    const tmax = Array.from({ length: 24 }, (_, i) => Number((5 + i / 10).toFixed(1))).reduce(
      (a, b) => a + b,
      0,
    );
    assert.equal(Number(row[0]), 24);
    assert.ok(Math.abs(Number(row[1]) - tmax) < 1e-6, String(row[1]));
    assert.equal(Number(row[2]), 1);
    assert.equal(Number(row[3]), 185612);
  });
  test("a column that is all markers in the typing sample but holds numbers later is typed over every row", () => {
    const table = mapEntry(runtime.map, "stations/sunshine.csv").tables![0]!;
    const sun = table.columns.find((c) => c.name === "sun")!;
    assert.equal(sun.type, "DOUBLE");
    assert.deepEqual(sun.missingMarkers, [{ value: "---", count: 550 }]);
    assert.ok(Math.abs(sun.nullFraction - 550 / 600) < 1e-3, String(sun.nullFraction));
  });
});
