import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { onlyTable } from "../helpers/mapEntries.ts";

// Issue 25, fractions formatted as percent: a statistics workbook's '% change' column stores
// 0.0407 under the cell format `0.0%`, so Excel shows 4.1% while a reader of the stored values sees
// 0.0407 under a '%' header. The Source Map says so in a note of the table, and Scan shows it. The
// twin stores real percents (4.1) under a plain number format: no note.

const crops = [
  ["Wheat", 107166, 102971],
  ["Barley", 268180, 281490],
  ["Oats", 30842, 27730],
  ["Potatoes", 26370, 28204],
];

async function writeBook(path: string, asFraction: boolean): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Table_1");
  ws.addRow(["Table 1: Area by crop, 2023"]);
  ws.addRow(["Source: June census"]);
  ws.addRow(["Crop", "2023 Area (Hectares)", "5 year average (Hectares)", "% Change 2023 to 5 year average"]);
  for (const [crop, area, avg] of crops) {
    const change = (area as number) / (avg as number) - 1;
    ws.addRow([crop, area, avg, asFraction ? change : Math.round(change * 1000) / 10]);
  }
  ws.getColumn(4).numFmt = asFraction ? "0.0%" : "0.0";
  await wb.xlsx.writeFile(path);
}

const { lake, stateDir } = tempLake({});
let runtime: Runtime;
before(async () => {
  await writeBook(join(lake, "census_fraction.xlsx"), true);
  await writeBook(join(lake, "census_percent.xlsx"), false);
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});
after(() => runtime?.close());

describe("Source Map: fractions formatted as percent", () => {
  test("the table's notes name the column, its format and a value as the workbook shows it", async () => {
    const table = onlyTable(runtime.map, "census_fraction.xlsx");
    const notes = (table.notes ?? []).filter((n) => n.includes("formatted as percent"));
    assert.equal(notes.length, 1, JSON.stringify(table.notes));
    assert.match(
      notes[0]!,
      /Column "% Change 2023 to 5 year average" holds fractions formatted as percent \(0\.0%\) in 4 cell\(s\)/,
    );
    assert.match(notes[0]!, /0\.0407\d* \(line 4\) shows as 4\.1% in the workbook/);
    const scan = await runtime.call({ op: "Scan", file: "census_fraction.xlsx", output: "fraction" });
    assert.equal(scan.status, "ok");
    const provenance = (scan.observation as { provenance: { notes?: string[] } }).provenance;
    assert.ok(
      provenance.notes?.some((n) => n.includes("formatted as percent")),
      JSON.stringify(provenance.notes),
    );
  });

  test("percents stored as numbers under a plain format get no note", async () => {
    const table = onlyTable(runtime.map, "census_percent.xlsx");
    assert.deepEqual(
      (table.notes ?? []).filter((n) => n.includes("percent")),
      [],
    );
  });
});
