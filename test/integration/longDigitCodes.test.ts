import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Seattle's building benchmarking (held-out IU-06) writes the years a building was certified run
// together — `2016201320122011201020092008` — beside plain years: read as DOUBLE the long value
// became 2.0162e+27 and its years were gone. A whole number of more digits than a DOUBLE keeps is a
// code: the column stays text. Ordinary decimals and whole numbers stay numbers.
const rows = [
  "OSEBuildingID,YearsENERGYSTARCertified,SiteEUI,Floors",
  "1,2016,81.7,12",
  "2,,94.8,11",
  "3,2016201320122011201020092008,96.0,41",
  "4,20092005,110.8,10",
  "5,,114.8,18",
  ...Array.from({ length: 20 }, (_, i) => `${6 + i},,${50 + i}.5,${2 + i}`),
];
const { lake, stateDir } = tempLake({ "benchmarking.csv": `${rows.join("\n")}\n` });

let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("whole numbers longer than a DOUBLE keeps", () => {
  test("the column of years run together stays text, every digit kept", async () => {
    const columns = runtime.entry("benchmarking.csv")!.tables![0]!.columns;
    assert.equal(columns.find((c) => c.name === "YearsENERGYSTARCertified")?.type, "VARCHAR");
    assert.equal(columns.find((c) => c.name === "SiteEUI")?.type, "DOUBLE");
    assert.equal(columns.find((c) => c.name === "Floors")?.type, "BIGINT");
    await runtime.call({ op: "Scan", file: "benchmarking.csv", output: "b" });
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT YearsENERGYSTARCertified AS y FROM b WHERE OSEBuildingID = 3",
      inputs: ["b"],
      output: "years",
    });
    const [row] = (q.observation as { records?: { rows?: unknown[][] } }).records?.rows ?? [];
    assert.equal(row?.[0], "2016201320122011201020092008");
  });
});
