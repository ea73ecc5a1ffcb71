import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Runtime } from "../../src/core/runtime.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Held-out KO-08: an edited workbook of dinosaur occurrences (sheet 'dinosaurs') beside an empty
// 'Sheet1', joined to the CSV it was made from. One occurrence of the CSV is not in the workbook;
// join-row-loss said the workbook side "reads 1 of the 2 tables: the keys it lacks may be in the
// others" — but the other sheet holds no row, so no key can be there.

const ROWS = Array.from({ length: 40 }, (_, i) => ({
  id: 1000 + i,
  diet: i % 3 === 0 ? "carnivorous" : "herbivorous",
}));

async function workbook(secondSheetRows: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const data = wb.addWorksheet("dinosaurs");
  data.addRow(["occurrence_no", "diet"]);
  for (const r of ROWS.filter((r) => r.id !== 1017)) data.addRow([r.id, r.diet]);
  const other = wb.addWorksheet("Sheet1");
  // The twin: a second sheet of occurrences, where the key the first lacks is held.
  if (secondSheetRows) {
    other.addRow(["occurrence_no", "diet"]);
    for (const r of ROWS.slice(15, 25)) other.addRow([r.id, r.diet]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let runtime: Runtime;
before(async () => {
  const { lake, stateDir } = tempLake({
    "dinosaurs.csv": `occurrence_no,diet\n${ROWS.map((r) => `${r.id},${r.diet}`).join("\n")}\n`,
    "edited.xlsx": await workbook(false),
    "twoSheets.xlsx": await workbook(true),
    // Two tables side by side in one CSV (held-out KR-05's page of 9 tables, read by a grep).
    "sideBySide.csv": `occurrence_no,diet,,,region,sites\n${ROWS.filter((r) => r.id !== 1017)
      .map((r, i) => `${r.id},${r.diet},,,${i < 8 ? `Region ${i},${i + 2}` : ","}`)
      .join("\n")}\n`,
  });
  runtime = await Runtime.open(lake, { radarDir: stateDir });
  for (const [file, output] of [
    ["dinosaurs.csv", "c"],
    ["edited.xlsx", "w"],
    ["twoSheets.xlsx", "w2"],
  ] as const)
    assert.equal((await runtime.call({ op: "Scan", file, output })).status, "ok");
});
after(() => runtime?.close());

const rowLoss = async (sql: string, inputs: string[], output: string) => {
  const r = await runtime.call({ op: "Query", sql, inputs, output });
  assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
  return r.diagnostics.filter((d) => d.code === "join-row-loss");
};

describe("join-row-loss: the tables of the other side's file left unread", () => {
  test("a Bash table holds the lines a command printed from the file, whatever tables it holds (held-out KR-05)", async () => {
    const lines = await runtime.call({
      op: "Bash",
      command: "grep -E '^[0-9]+,' sideBySide.csv",
      output: "g",
      columns: "csv",
    });
    assert.equal(lines.status, "ok", JSON.stringify(lines.diagnostics));
    const found = await rowLoss(
      "SELECT c.occurrence_no, c.diet, g.column1 AS edited FROM c JOIN g ON c.occurrence_no = g.column0",
      ["c", "g"],
      "o3",
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0]!.message, /1017/);
    assert.doesNotMatch(found[0]!.message, /tables of sideBySide\.csv/);
  });

  test("its twin: a Scan of the file's first table leaves the other unread, and says so", async () => {
    assert.equal((await runtime.call({ op: "Scan", file: "sideBySide.csv", output: "s" })).status, "ok");
    const found = await rowLoss(
      "SELECT c.occurrence_no, c.diet, s.diet AS edited FROM c JOIN s ON c.occurrence_no = s.occurrence_no",
      ["c", "s"],
      "o4",
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0]!.message, /s reads 1 of the 2 tables of sideBySide\.csv/);
  });

  test("an empty sheet beside the one read holds no partner, and is not named as one", async () => {
    const found = await rowLoss(
      "SELECT c.occurrence_no, c.diet, w.diet AS edited FROM c JOIN w ON c.occurrence_no = w.occurrence_no",
      ["c", "w"],
      "o1",
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0]!.message, /1017/);
    assert.doesNotMatch(found[0]!.message, /tables of edited\.xlsx/);
  });

  test("its twin: a second sheet with rows may hold the partner, and is named", async () => {
    const found = await rowLoss(
      "SELECT c.occurrence_no, c.diet, w2.diet AS edited FROM c JOIN w2 ON c.occurrence_no = w2.occurrence_no",
      ["c", "w2"],
      "o2",
    );
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0]!.message, /w2 reads 1 of the 2 tables of twoSheets\.xlsx/);
  });
});
