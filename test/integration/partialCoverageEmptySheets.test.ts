import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// UCS's satellite database (held-out KN): the data on 'Sheet1', and the 'Sheet2' and 'Sheet3' a new
// workbook comes with, empty. A Scan that names no sheet read all the file holds; partial-coverage
// warned that "Sheet2" and "Sheet3" were not read.

async function workbook(secondHoldsRows: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const data = wb.addWorksheet("Sheet1");
  data.addRow(["Name of Satellite", "Class of Orbit", "Launch Mass (kg.)"]);
  for (let r = 0; r < 30; r++) data.addRow([`Sat-${r}`, r % 4 ? "LEO" : "GEO", 100 + r * 10]);
  const second = wb.addWorksheet("Sheet2");
  wb.addWorksheet("Sheet3");
  // The twin: a second sheet of records of its own.
  if (secondHoldsRows) {
    second.addRow(["Operator", "Satellites"]);
    for (let r = 0; r < 8; r++) second.addRow([`Operator ${r}`, r + 2]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let runtime: Runtime;
before(async () => {
  const { lake, stateDir } = tempLake({
    "ucs.xlsx": await workbook(false),
    "ucsTwoSheets.xlsx": await workbook(true),
  });
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

const partial = <T extends { code: string }>(d: T[]): T[] => d.filter((x) => x.code === "partial-coverage");

describe("partial-coverage: the other sheets of a workbook", () => {
  test("empty sheets beside the one scanned leave nothing unread: no finding, at the Scan or at the end", async () => {
    const scanned = await runtime.call({ op: "Scan", file: "ucs.xlsx", output: "u" });
    assert.equal(scanned.status, "ok");
    assert.deepEqual(partial(scanned.diagnostics), []);
    assert.deepEqual(partial(await runtime.finalChecks()), []);
  });

  test("its twin: a sheet of rows left unread is told at the Scan and warned at the end, the empty one counted apart", async () => {
    const scanned = await runtime.call({ op: "Scan", file: "ucsTwoSheets.xlsx", output: "u2" });
    const [info] = partial(scanned.diagnostics);
    assert.equal(info?.severity, "info");
    assert.match(info!.message, /the others \("Sheet2"\) were not read \(1 more hold no rows\)/);
    const final = partial(await runtime.finalChecks());
    assert.deepEqual(
      final.map((d) => d.severity),
      ["warning"],
    );
  });
});
