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
});
