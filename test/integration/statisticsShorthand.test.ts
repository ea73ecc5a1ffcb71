import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// The UK statistics shorthand (ONS, NRS): `[x]` not available, `[z]` not applicable, `[c]`
// confidential, each in place of a number. Held-out GP: the rates of an ONS child-mortality
// workbook stayed VARCHAR over 71 `[x]` and a `[z]`, and its live births over 133 `[z]`, so the
// analyst cast by hand. `[u]` (low reliability) flags a value beside it and is no missing number.
const ons =
  "Area code,Area name,Live births,Stillbirth rate,Stillbirth unreliable indicator\n" +
  "E06000047,County Durham,4505,3.8,[u]\nE06000005,Darlington,1020,[x],\nE06000001,Hartlepool,[z],4.1,\n" +
  "E06000002,Middlesbrough,1711,5.2,\nE06000003,Redcar and Cleveland,1298,[c],[u]\nE06000004,Stockton-on-Tees,1969,3.1,\n";
// Letters in brackets that are categories, not the shorthand: the column stays text.
const grades = "School,Grade,Pupils\nA,[a],120\nB,[b],98\nC,[a],143\nD,[d],77\n";

const { lake, stateDir } = tempLake({ "ons.csv": ons, "grades.csv": grades });
let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const column = (file: string, name: string) =>
  runtime.entry(file)!.tables![0]!.columns.find((c) => c.name === name);

describe("the UK statistics shorthand in brackets is a missing-value marker", () => {
  test("`[x]`, `[z]` and `[c]` in columns of numbers: numbers, each marker NULL and listed", async () => {
    assert.equal(column("ons.csv", "Stillbirth rate")?.type, "DOUBLE");
    assert.deepEqual(
      column("ons.csv", "Stillbirth rate")
        ?.missingMarkers?.map((m) => m.value)
        .sort(),
      ["[c]", "[x]"],
    );
    assert.equal(column("ons.csv", "Live births")?.type, "BIGINT");
    await runtime.call({ op: "Scan", file: "ons.csv", output: "ons" });
    const q = await runtime.call({
      op: "Query",
      sql: 'SELECT sum("Live births") AS births, round(avg("Stillbirth rate"), 2) AS rate FROM ons',
      inputs: ["ons"],
      output: "q",
    });
    assert.equal(q.status, "ok", JSON.stringify(q.diagnostics));
    const rows = (q.observation as { records?: { rows?: unknown[][] } }).records?.rows;
    assert.deepEqual(rows?.[0]?.map(Number), [4505 + 1020 + 1711 + 1298 + 1969, 4.05]);
  });

  test("`[u]` beside a value, and letters in brackets that are categories, stay text", () => {
    assert.equal(column("ons.csv", "Stillbirth unreliable indicator")?.type, "VARCHAR");
    assert.equal(column("grades.csv", "Grade")?.type, "VARCHAR");
  });
});
