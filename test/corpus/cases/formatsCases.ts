import { gzipSync } from "node:zlib";
import ExcelJS from "exceljs";
import type { CorpusCase } from "../corpusCase.ts";

/**
 * Workbooks, JSON shapes and compressed files (the formats area). Cases marked `pending` are the
 * inputs issue 16 found unread; drop `pending` when the reader lands.
 */

const SMALL_CSV = "id,name,amount\n1,Alice,10.5\n2,Bob,20\n3,Carol,7\n";

async function threeSheets(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sales = wb.addWorksheet("Sales");
  sales.addRow(["Region", "Sales"]);
  sales.addRow(["North", 120]);
  sales.addRow(["South", 80]);
  wb.addWorksheet("Empty");
  const costs = wb.addWorksheet("Costs");
  costs.addRow(["Item", "Cost"]);
  costs.addRow(["Rent", 1000]);
  costs.addRow(["Power", 250]);
  costs.addRow(["Staff", 4000]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const formatsCases: CorpusCase[] = [
  {
    name: "csv-gz",
    owner: "formats",
    about: "a gzip-compressed CSV named .csv.gz (DuckDB reads it natively)",
    files: { "data.csv.gz": () => gzipSync(SMALL_CSV) },
    expect: [{ file: "data.csv.gz", table: { rows: 3, columns: ["id", "name", "amount"] } }],
  },
  {
    name: "csv-that-is-gzip",
    owner: "formats",
    about: "a .csv file whose bytes are gzip (a download saved without decompressing)",
    files: { "data.csv": () => gzipSync(SMALL_CSV) },
    expect: [{ file: "data.csv", table: { rows: 3, columns: ["id", "name", "amount"] } }],
  },
  {
    name: "jsonl-bad-line",
    owner: "formats",
    about: "JSON lines with one truncated line: the rest maps, the bad line is reported",
    files: { "events.jsonl": '{"id":1,"v":"a"}\n{"id":2,"v":"b"}\n{"id":3,"v":\n{"id":4,"v":"d"}\n' },
    expect: [{ file: "events.jsonl", table: { rows: 3 } }],
  },
  {
    name: "json-object-of-scalars",
    owner: "formats",
    about: 'a lookup file {"AK": "Alaska", …}',
    files: { "states.json": '{"AK": "Alaska", "AL": "Alabama", "AZ": "Arizona"}\n' },
    expect: [{ file: "states.json", table: { rows: 3 } }],
  },
  {
    name: "xlsx-three-sheets",
    owner: "formats",
    about: "a workbook with sheets Sales, Empty and Costs: every sheet is mapped",
    files: { "book.xlsx": threeSheets },
    expect: [
      { file: "book.xlsx", table: { sheet: "Sales", rows: 2, columns: ["Region", "Sales"] } },
      { file: "book.xlsx", table: { sheet: "Costs", rows: 3, columns: ["Item", "Cost"] } },
    ],
  },
];
