import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Runtime } from "../../src/core/runtime.ts";
import type { TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { mapEntry } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A paleoclimate data supplement: four records side by side in one sheet, separated by empty
// columns, each with its own Age_ky column and its own length, and a group label `(ppm)` over the
// first record's values only. Read as one table, a row paired values of different ages.

const LENGTHS = [40, 25, 60, 10];
const HEADERS = [
  ["Age_ky", "CO2", "CO2_err"],
  ["Age_ky", "CH4"],
  ["Age_ky", "PC1", "PC2"],
  ["Age_ky", "d18O"],
];

async function supplement(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Data");
  ws.getCell("B1").value = "(ppm)";
  ws.mergeCells("B1:C1");
  let col = 1;
  HEADERS.forEach((header, t) => {
    header.forEach((name, j) => {
      ws.getCell(2, col + j).value = name;
      for (let r = 0; r < LENGTHS[t]!; r++)
        ws.getCell(3 + r, col + j).value = j === 0 ? (t + 1) * 0.5 * (r + 1) : 100 * (t + 1) + r + j / 10;
    });
    col += header.length + 1;
  });
  // One table whose groups are set apart by a spacer column: same rows, no name repeated.
  const one = wb.addWorksheet("Spaced");
  one.addRow(["Region", "Units", "", "Revenue", "Cost"]);
  for (let r = 0; r < 6; r++) one.addRow([`R${r}`, r, null, r * 10, r * 5]);
  // A list with source links past a spacer on 3 of its 60 rows (held-out KN-02): stray cells.
  const stray = wb.addWorksheet("Stray");
  stray.addRow(["Name", "Country", "Mass"]);
  for (let r = 0; r < 60; r++)
    stray.addRow([
      `Sat-${r}`,
      "USA",
      100 + r,
      null,
      ...([19, 41, 42].includes(r) ? [`http://x.org/${r}`, "JM/304"] : []),
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let runtime: Runtime;
before(async () => {
  const { lake, stateDir } = tempLake({ "climateMeasurements.xlsx": await supplement() });
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

function tables(): TableProfile[] {
  return mapEntry(runtime.map, "climateMeasurements.xlsx").tables ?? [];
}

describe("tables side by side in one sheet", () => {
  test("each maps as its own table with its own header, rows and name", () => {
    const data = tables().filter((t) => t.sheet?.startsWith("Data"));
    assert.deepEqual(
      data.map((t) => `${t.sheet}: ${t.rowCount} rows, header line ${t.headerLine}`),
      [
        "Data!A:C: 40 rows, header line 2",
        "Data!E:F: 25 rows, header line 2",
        "Data!H:J: 60 rows, header line 2",
        "Data!L:M: 10 rows, header line 2",
      ],
    );
    // The group label stands over the first table's values only.
    assert.deepEqual(
      data.map((t) => t.columns.map((c) => c.name).join(", ")),
      ["Age_ky, (ppm) CO2, (ppm) CO2_err", "Age_ky, CH4", "Age_ky, PC1, PC2", "Age_ky, d18O"],
    );
    assert.deepEqual(
      data.map((t) => t.columns[0]!.type),
      ["DOUBLE", "BIGINT", "DOUBLE", "BIGINT"],
    );
  });

  test("cells on a few rows past a spacer are stray cells of the list, not a table (held-out KN-02)", () => {
    const stray = tables().filter((t) => t.sheet?.startsWith("Stray"));
    assert.deepEqual(
      stray.map((t) => `${t.sheet}: ${t.rowCount}`),
      ["Stray: 60"],
    );
  });

  test("a spacer column inside one table does not split it", () => {
    const spaced = tables().find((t) => t.sheet === "Spaced");
    assert.ok(spaced, JSON.stringify(tables().map((t) => t.sheet)));
    assert.equal(spaced.rowCount, 6);
  });

  test("Scan reads one of them by its name, with its rows' lines", async () => {
    const r = await runtime.call({
      op: "Scan",
      file: "climateMeasurements.xlsx",
      sheet: "Data!H:J",
      output: "pcs",
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const [row] = await runtime.engine.all('SELECT count(*) AS n, max("Age_ky") AS age FROM pcs');
    assert.deepEqual([Number(row!.n), Number(row!.age)], [60, 90]);
    const page = await runtime.show("pcs", { rows: 2, offset: 58 });
    assert.deepEqual(page.rows, [
      [88.5, 358.1, 358.2],
      [90, 359.1, 359.2],
    ]);
    assert.deepEqual(
      page.origins.map((o) => `${o?.sheet}:${o?.line}`),
      ["Data:61", "Data:62"],
    );
  });
});
