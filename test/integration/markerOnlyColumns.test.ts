import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A wide table of years whose latest years are not published yet: those columns hold only `..`,
// the marker the other years use for their gaps. They are columns of numbers with no value yet,
// read like their neighbours, so an UNPIVOT of every year works (stop 30, held-out EP: 2019–2022
// of a World Bank table stayed VARCHAR while 1980–2018 were DOUBLE).

const wide =
  ",2016,2017,2018,2019\n" +
  "Australia,1.9,1.8,..,..\nAustria,1.7,..,1.8,..\nBelgium,1.4,1.4,1.4,..\nChile,2.1,2.0,2.0,..\n";
// Only one column of numbers uses the marker: nothing says the marker-only column holds numbers.
const lone = "Country,Score,Note\nA,1.5,..\nB,..,..\nC,2.5,..\n";
// The marker-only column's marker is not the one the numbers use.
const other = "Country,2017,2018,Flag\nA,1.5,..,x\nB,..,2.0,x\nC,2.5,3.1,x\n";

const { lake, stateDir } = tempLake({ "wide.csv": wide, "lone.csv": lone, "other.csv": other });
let runtime: Runtime;
before(async () => {
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const columns = (file: string) => runtime.entry(file)!.tables![0]!.columns;

describe("columns holding only missing-value markers", () => {
  test("beside years of numbers that use the same marker: numbers, every cell NULL", async () => {
    const c2019 = columns("wide.csv").find((c) => c.name === "2019");
    assert.equal(c2019?.type, "DOUBLE");
    assert.deepEqual(c2019?.missingMarkers, [{ value: "..", count: 4 }]);
    assert.equal(c2019?.nullFraction, 1);
    await runtime.call({ op: "Scan", file: "wide.csv", output: "w" });
    const q = await runtime.call({
      op: "Query",
      sql: 'SELECT count(*) AS n, count(v) AS present FROM (UNPIVOT w ON "2016", "2017", "2018", "2019" INTO NAME yr VALUE v)',
      inputs: ["w"],
      output: "u",
    });
    assert.equal(q.status, "ok", JSON.stringify(q.diagnostics));
    const rows = (q.observation as { records?: { rows?: unknown[][] } }).records?.rows;
    // UNPIVOT leaves NULL cells out: the 10 published values of 16 cells.
    assert.deepEqual(rows?.[0]?.map(Number), [10, 10]);
  });

  test("with fewer than two such neighbours, or another marker: text, as written", () => {
    assert.equal(columns("lone.csv").find((c) => c.name === "Note")?.type, "VARCHAR");
    assert.equal(columns("other.csv").find((c) => c.name === "Flag")?.type, "VARCHAR");
  });
});
