import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Runtime } from "../../src/core/runtime.ts";
import type { TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { mapEntry, onlyTable } from "../helpers/mapEntries.ts";
import { tempLake } from "../helpers/tempLake.ts";

// A supplement sheet holding only a list of gene symbols mapped as a column named `BRD8` with 15
// rows: its first value was taken for a header. A first row of the same make as the values below
// is data; a header word over them (`Gene`, `ICD10` over `E11`) stays a header.

const GENES = [
  "BRD8",
  "PLK1",
  "AURKA",
  "MYC",
  "EZH2",
  "CDK4",
  "KRAS",
  "TP53",
  "BRCA1",
  "CDK6",
  "WEE1",
  "CHEK1",
  "ATR",
  "PARP1",
  "BRD4",
  "MCL1",
];
const CODES = ["E11", "I10", "J45", "K21", "M54", "N39", "R51", "Z00"];
// A variables sheet as CMS writes one: two title rows, then one definition a row, no header.
const DEFINITIONS = [
  ["Brand Name", "First Databank Brand Name of the drug."],
  ["Generic Name", "First Databank Generic Name of the drug."],
  ["Claim Count", "Number of Medicare Part D Prescription Drug Events."],
  ["Total Spending", "Aggregate drug spending for the Part D program during the benefit year."],
  ["Beneficiary Count", "Number of Medicare Part D beneficiaries utilizing the drug."],
  ["Unit Count", "Total dosage units of medication dispensed."],
];

// A code list as NYC's Department of Finance writes its building classes (held-out HP): a code and
// its name a line, aligned by spaces, no header. Its first entry is a row; a header over the same
// list (`CODE  DESCRIPTION` in capitals too, or `Code,Description`) stays a header.
const CLASSES = [
  ["A0", "CAPE COD"],
  ["A1", "TWO STORIES - DETACHED SM OR MID"],
  ["A2", "ONE STORY - PERMANENT LIVING QUARTER"],
  ["A3", "LARGE SUBURBAN RESIDENCE"],
  ["A4", "CITY RESIDENCE ONE FAMILY"],
  ["A5", "ONE FAMILY ATTACHED OR SEMI-DETACHED"],
  ["B1", "TWO FAMILY BRICK"],
  ["B2", "FRAME"],
];
const aligned = (rows: string[][]): string =>
  rows.map(([c, d]) => `    ${c!.padEnd(14)}${d}`).join("\n") + "\n";

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Genes").addRows(GENES.map((g) => [g]));
  wb.addWorksheet("Named").addRows([["Gene"], ...GENES.map((g) => [g])]);
  wb.addWorksheet("Codes").addRows([["ICD10", "Cases"], ...CODES.map((c, i) => [c, 10 + i])]);
  wb.addWorksheet("Variables").addRows([
    ["Part D Drug Utilization and Cost Summary"],
    ["Variables"],
    ...DEFINITIONS,
  ]);
  wb.addWorksheet("Glossary").addRows([["Variable", "Definition"], ...DEFINITIONS]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let runtime: Runtime;
before(async () => {
  const { lake, stateDir } = tempLake({
    "supplement.xlsx": await workbook(),
    "genes.csv": `${GENES.join("\n")}\n`,
    "symbols.csv": `Symbol\n${GENES.join("\n")}\n`,
    "pairs.csv": `${GENES.slice(0, 8)
      .map((g, i) => `${g},${GENES[i + 8]}`)
      .join("\n")}\n`,
    "counts.csv": `${[12, 15, 9, 30, 22].join("\n")}\n`,
    "building_class_codes.txt": aligned(CLASSES),
    "building_class_headed.txt": aligned([["CODE", "DESCRIPTION"], ...CLASSES]),
    "classes.csv": `${CLASSES.map((r) => r.join(",")).join("\n")}\n`,
    "classes_headed.csv": `Code,Description\n${CLASSES.map((r) => r.join(",")).join("\n")}\n`,
  });
  runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
});
after(() => runtime?.close());

function sheet(name: string): TableProfile {
  const t = mapEntry(runtime.map, "supplement.xlsx").tables?.find((s) => s.sheet === name);
  assert.ok(t, `sheet ${name}`);
  return t;
}

describe("header-less tables", () => {
  test("a sheet of 16 gene symbols is a list of 16 rows, named by position", async () => {
    const t = sheet("Genes");
    assert.equal(t.rowCount, 16);
    assert.equal(t.noHeader, true);
    assert.equal(t.headerLine, 0);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["column0"],
    );
    const r = await runtime.call({ op: "Scan", file: "supplement.xlsx", sheet: "Genes", output: "genes" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const page = await runtime.show("genes", { rows: 16 });
    assert.deepEqual(
      page.rows.map((row) => row[0]),
      GENES,
    );
    assert.deepEqual(
      page.origins.map((o) => o?.line),
      GENES.map((_, i) => i + 1),
    );
  });

  test("the same list under a header word keeps its header", () => {
    const t = sheet("Named");
    assert.equal(t.rowCount, 16);
    assert.equal(t.noHeader, undefined);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["Gene"],
    );
  });

  test("a code-like header written unlike its codes stays a header", () => {
    const t = sheet("Codes");
    assert.equal(t.rowCount, CODES.length);
    assert.equal(t.noHeader, undefined);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["ICD10", "Cases"],
    );
  });

  test("a sheet of definitions under two title rows keeps its first definition as a row", async () => {
    const t = sheet("Variables");
    assert.equal(t.noHeader, true);
    assert.equal(t.rowCount, DEFINITIONS.length);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["column0", "column1"],
    );
    const r = await runtime.call({
      op: "Scan",
      file: "supplement.xlsx",
      sheet: "Variables",
      output: "variables",
    });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const page = await runtime.show("variables", { rows: 2 });
    assert.deepEqual(page.rows, DEFINITIONS.slice(0, 2));
    assert.deepEqual(
      page.origins.map((o) => o?.line),
      [3, 4],
    );
  });

  test("the same definitions under a header row keep the header", () => {
    const t = sheet("Glossary");
    assert.equal(t.noHeader, undefined);
    assert.equal(t.rowCount, DEFINITIONS.length);
    assert.deepEqual(
      t.columns.map((c) => c.name),
      ["Variable", "Definition"],
    );
  });

  test("CSV lists: codes, codes under a header, two columns of codes, numbers", async () => {
    const genes = onlyTable(runtime.map, "genes.csv");
    assert.equal(genes.rowCount, 16);
    assert.equal(genes.noHeader, true);
    const symbols = onlyTable(runtime.map, "symbols.csv");
    assert.equal(symbols.rowCount, 16);
    assert.deepEqual(
      symbols.columns.map((c) => c.name),
      ["Symbol"],
    );
    const pairs = onlyTable(runtime.map, "pairs.csv");
    assert.equal(pairs.rowCount, 8);
    assert.deepEqual(
      pairs.columns.map((c) => c.name),
      ["column0", "column1"],
    );
    const counts = onlyTable(runtime.map, "counts.csv");
    assert.equal(counts.rowCount, 5);
    assert.equal(counts.columns[0]!.type, "BIGINT");
    const r = await runtime.call({ op: "Scan", file: "genes.csv", output: "gene_list" });
    assert.equal(r.status, "ok", JSON.stringify(r.diagnostics));
    const page = await runtime.show("gene_list", { rows: 2 });
    assert.deepEqual(page.rows, [["BRD8"], ["PLK1"]]);
    assert.deepEqual(
      page.origins.map((o) => o?.line),
      [1, 2],
    );
  });

  test("a code list (a code and its name a line) keeps its first entry as a row; a header over it stays", () => {
    for (const file of ["building_class_codes.txt", "classes.csv"]) {
      const t = onlyTable(runtime.map, file);
      assert.equal(t.noHeader, true, file);
      assert.equal(t.rowCount, CLASSES.length, file);
      assert.deepEqual(
        t.columns.map((c) => c.name),
        ["column0", "column1"],
        file,
      );
    }
    const headed = onlyTable(runtime.map, "building_class_headed.txt");
    assert.equal(headed.rowCount, CLASSES.length);
    assert.deepEqual(
      headed.columns.map((c) => c.name),
      ["CODE", "DESCRIPTION"],
    );
    const csv = onlyTable(runtime.map, "classes_headed.csv");
    assert.equal(csv.rowCount, CLASSES.length);
    assert.deepEqual(
      csv.columns.map((c) => c.name),
      ["Code", "Description"],
    );
  });
});
