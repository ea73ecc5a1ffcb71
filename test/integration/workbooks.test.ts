import { before, after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { Runtime } from "../../src/core/runtime.ts";
import type { SourceEntry, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { workbookEvents } from "../../src/core/sourceMap/readers/readExcel.ts";
import { realWorkbooks, WORKBOOK_FORMATS } from "../helpers/realWorkbooks.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { workbookCases } from "../helpers/workbookCases.ts";
import type { ExpectedSheet } from "../helpers/workbookCases.ts";
import { storedZip } from "../helpers/zipFile.ts";
import { mapEntry } from "../helpers/mapEntries.ts";

/** The OOXML parts of a minimal workbook, written by hand: what some tools write and Excel accepts. */
function handMadeXlsx(sheetXml: string, extra: Record<string, string> = {}): Buffer {
  return storedZip({
    "[Content_Types].xml":
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "_rels/.rels":
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/xl/workbook.xml"/></Relationships>',
    "xl/worksheets/data.xml": sheetXml,
    "xl/_rels/workbook.xml.rels":
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/></Relationships>',
    "xl/strings.xml":
      '<?xml version="1.0"?><x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:si><x:t>name</x:t></x:si><x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">Tōkyō </x:t></x:r><x:r><x:t>Station</x:t></x:r><x:rPh sb="0" eb="2"><x:t>トウキョウ</x:t></x:rPh></x:si><x:si><x:t>line one_x000D_\nline two</x:t></x:si></x:sst>',
    "xl/workbook.xml":
      '<?xml version="1.0"?><x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="Hand made" sheetId="3" r:id="rId7"/></x:sheets></x:workbook>',
    ...extra,
  });
}

const handMadeSheet = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>when</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:r><x:t>rich </x:t></x:r><x:r><x:t>note</x:t></x:r></x:is></x:c></x:row>
<x:row r="2"><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="B2" t="d"><x:v>2024-03-05T00:00:00</x:v></x:c><x:c r="C2" t="s"><x:v>2</x:v></x:c></x:row>
<x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t>Ōsaka &amp; Kyōto</x:t></x:is></x:c><x:c r="B3" t="d"><x:v>2024-03-06T00:00:00</x:v></x:c></x:row>
</x:sheetData></x:worksheet>`;

/** Renames a stream in an OLE compound file's directory (names are UTF-16, at most 31 characters). */
function renameCompoundStream(file: Buffer, from: string, to: string): Buffer {
  const out = Buffer.from(file);
  const at = out.indexOf(Buffer.from(`${from}\u0000`, "utf16le"));
  assert.ok(at >= 0 && at % 128 === 0, `${from} not found at an entry boundary`);
  out.fill(0, at, at + 64);
  out.write(to, at, "utf16le");
  out.writeUInt16LE((to.length + 1) * 2, at + 64);
  return out;
}

/** Turns the record after the workbook globals' BOF into FILEPASS: what an encrypted .xls holds. */
function markXlsEncrypted(file: Buffer): Buffer {
  const out = Buffer.from(file);
  const bof = out.indexOf(Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00]));
  assert.ok(bof >= 0, "globals BOF not found");
  out.writeUInt16LE(0x002f, bof + 20);
  return out;
}

const { lake, stateDir } = tempLake({});
let runtime: Runtime;
let writtenBy = "";

const entry = (path: string): SourceEntry => mapEntry(runtime.map, path);

function checkSheet(e: SourceEntry, x: ExpectedSheet): void {
  const label = `${e.path} [${x.sheet}]`;
  const t: TableProfile | undefined = e.tables?.find((s) => s.sheet === x.sheet);
  assert.ok(t, `${label}: sheet missing; have ${JSON.stringify(e.tables?.map((s) => s.sheet))}`);
  assert.equal(t.rowCount, x.rowCount, `${label}: rows`);
  if (x.headerLine !== undefined) assert.equal(t.headerLine, x.headerLine, `${label}: header line`);
  if (x.columns)
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      x.columns,
      `${label}: columns`,
    );
  assert.equal(t.hidden !== undefined, x.hidden === true, `${label}: hidden`);
  for (const range of x.merged ?? [])
    assert.ok(t.merged?.ranges.includes(range), `${label}: merged ${range}`);
  for (const note of x.notes ?? [])
    assert.ok(
      t.notes?.some((n) => n.includes(note)),
      `${label}: note "${note}" in ${JSON.stringify(t.notes)}`,
    );
  for (const sample of x.samples ?? []) {
    const [column, value] = sample.split("=") as [string, string];
    const c = t.columns.find((col) => col.name === column);
    assert.ok(
      c?.samples.includes(value),
      `${label}: ${column} samples ${JSON.stringify(c?.samples)} lack ${value}`,
    );
  }
  if (x.titleLines) assert.deepEqual(t.titleLines, x.titleLines, `${label}: titles`);
  if (x.footer) assert.deepEqual(t.footer?.lines, x.footer, `${label}: footer`);
}

before(async () => {
  ({ writtenBy } = await realWorkbooks(join(lake, "real")));
  // Written by ExcelJS: shared formulas, rich text, a formula saved without its result, an error
  // cell, timestamps; and a twelve-sheet book with xl/workbook.xml stored last.
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Shared");
  ws.addRow(["n", "double", "rich", "when", "pending", "lookup"]);
  for (let i = 1; i <= 5; i++)
    ws.addRow([
      i,
      null,
      i === 2 ? { richText: [{ text: "bold ", font: { bold: true } }, { text: "plain" }] } : `t${i}`,
      new Date(Date.UTC(2024, 0, i, 12, 30)),
    ]);
  ws.fillFormula("B2:B6", "A2*2", (row) => (row - 1) * 2);
  ws.getCell("E2").value = { formula: "A2+1" } as ExcelJS.CellFormulaValue;
  ws.getCell("F2").value = { error: "#N/A" } as ExcelJS.CellErrorValue;
  ws.getColumn(4).numFmt = "yyyy-mm-dd hh:mm";
  await wb.xlsx.writeFile(join(lake, "exceljs.xlsx"));
  const mac = new ExcelJS.Workbook();
  (mac.properties as { date1904?: boolean }).date1904 = true;
  const m = mac.addWorksheet("Mac");
  m.addRow(["day"]);
  m.addRow([new Date(Date.UTC(2001, 4, 6))]);
  m.getColumn(1).numFmt = "yyyy-mm-dd";
  await mac.xlsx.writeFile(join(lake, "mac1904.xlsx"));
  const twelve = new ExcelJS.Workbook();
  for (let s = 1; s <= 12; s++) {
    const sheet = twelve.addWorksheet(`S${s}`);
    sheet.addRow(["k", "v"]);
    for (let i = 0; i < 50; i++) sheet.addRow([`k${i}`, i * s]);
  }
  await twelve.xlsx.writeFile(join(lake, "twelve.xlsx"));

  writeFileSync(join(lake, "handmade.xlsx"), handMadeXlsx(handMadeSheet));
  writeFileSync(
    join(lake, "full.xlsx"),
    handMadeXlsx(
      `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c><c r="B1" t="inlineStr"><is><t>v</t></is></c></row><row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c></row><row r="1048576"><c r="A1048576"><v>3</v></c><c r="B1048576"><v>4</v></c></row></sheetData></worksheet>`,
    ),
  );
  writeFileSync(
    join(lake, "binary.xlsb"),
    storedZip({
      "[Content_Types].xml": "<Types/>",
      "xl/workbook.bin": Buffer.alloc(64, 1),
    }),
  );
  const realXlsx = readFileSync(join(lake, "real", "sales-every-sheet.xlsx"));
  writeFileSync(join(lake, "truncated.xlsx"), realXlsx.subarray(0, Math.floor(realXlsx.length / 2)));
  const realXls = readFileSync(join(lake, "real", "sales-every-sheet.xls"));
  writeFileSync(join(lake, "encrypted.xls"), markXlsEncrypted(realXls));
  writeFileSync(
    join(lake, "encrypted-package.xlsx"),
    renameCompoundStream(realXls, "Workbook", "EncryptedPackage"),
  );
  writeFileSync(join(lake, "letter.doc"), renameCompoundStream(realXls, "Workbook", "WordDocument"));
  writeFileSync(join(lake, "truncated.xls"), realXls.subarray(0, 3000));
  writeFileSync(
    join(lake, "locked.ods"),
    storedZip({
      mimetype: "application/vnd.oasis.opendocument.spreadsheet",
      "content.xml": "\u0000\u0001 encrypted bytes",
      "META-INF/manifest.xml":
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>',
    }),
  );
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});

after(() => runtime?.close());

describe("Workbooks written by real spreadsheet software", () => {
  for (const c of workbookCases)
    for (const format of WORKBOOK_FORMATS)
      test(`${c.name}.${format}: ${c.why}`, () => {
        const e = entry(`real/${c.name}.${format}`);
        assert.equal(e.error, undefined, `${e.path} (${writtenBy}): ${e.error}`);
        assert.equal(e.format, format);
        assert.deepEqual(
          e.tables?.map((t) => t.sheet),
          c.expect.map((x) => x.sheet),
          `every sheet, in tab order (${writtenBy})`,
        );
        for (const x of c.expect) checkSheet(e, x);
      });

  test("Scan reads a sheet of each format with its sheet rows as origins; an empty sheet says so", async () => {
    for (const format of WORKBOOK_FORMATS) {
      const r = await runtime.call({
        op: "Scan",
        file: `real/sales-every-sheet.${format}`,
        sheet: "Costs",
        output: `costs_${format}`,
      });
      assert.equal(r.status, "ok", JSON.stringify(r));
      const o = r.observation as {
        rowCount: number;
        preview: { origins: { line: number }[]; rows: unknown[][] };
      };
      assert.equal(o.rowCount, 3);
      assert.deepEqual(
        o.preview.origins.map((x) => x.line),
        [2, 3, 4],
      );
      const typed = await runtime.engine.all(
        `SELECT CAST("Logged at" AS VARCHAR) AS at, CAST("Start time" AS VARCHAR) AS t, "Amount" FROM costs_${format} ORDER BY "Item"`,
      );
      assert.deepEqual(typed[0], { at: "2024-02-03 17:05:10", t: "13:45:30", Amount: 310.45 }, format);
      const empty = await runtime.call({
        op: "Scan",
        file: `real/sales-every-sheet.${format}`,
        sheet: "Empty",
      });
      assert.equal(empty.status, "failed");
      assert.match(
        (empty as { error?: string }).error ?? "",
        /is empty \(no cells with values\); sheets with data: "Sales", "Costs", "Lookup"/,
      );
    }
  });
});

describe("Workbooks written by libraries and by hand", () => {
  test("ExcelJS: shared formulas keep their cached results, rich text is joined, timestamps stay timestamps", () => {
    const t = entry("exceljs.xlsx").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["n:BIGINT", "double:BIGINT", "rich:VARCHAR", "when:TIMESTAMP", "pending:VARCHAR", "lookup:VARCHAR"],
    );
    assert.deepEqual(t.columns[1]!.samples, ["10", "2", "4"]);
    assert.ok(t.columns[2]!.samples.includes("bold plain"));
    assert.deepEqual(t.columns[3]!.samples[0], "2024-01-01 12:30:00");
    assert.ok(t.notes?.some((n) => n.startsWith("1 formula cell has no saved result (E2)")));
    assert.ok(t.notes?.some((n) => n.includes("F2 #N/A")));
  });

  test("dates of a 1904-system workbook (old Mac Excel) are the dates written", () => {
    assert.deepEqual(entry("mac1904.xlsx").tables![0]!.columns[0], {
      name: "day",
      type: "DATE",
      nullFraction: 0,
      samples: ["2001-05-06"],
    });
  });

  test("every sheet, every time: a workbook whose index is stored last is read whole on each pass", async () => {
    // ExcelJS's streaming reader lost the parts after a slow one (flaky: 'sheets' of undefined).
    const twelve = join(lake, "twelve.xlsx");
    for (let pass = 0; pass < 5; pass++) {
      const sheets: string[] = [];
      let rows = 0;
      for await (const event of workbookEvents(twelve, "xlsx")) {
        if (event.kind === "sheet") sheets.push(event.info.name);
        if (event.kind === "rows") rows += event.rows.length;
      }
      assert.deepEqual(
        sheets,
        Array.from({ length: 12 }, (_, i) => `S${i + 1}`),
      );
      assert.equal(rows, 12 * 51);
    }
    assert.equal(entry("twelve.xlsx").tables?.length, 12);
  });

  test("hand-made parts: inline strings, prefixed elements, absolute targets, escapes, phonetic guides, ISO dates", () => {
    const e = entry("handmade.xlsx");
    assert.equal(e.error, undefined, e.error);
    const t = e.tables![0]!;
    assert.equal(t.sheet, "Hand made");
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["name:VARCHAR", "when:DATE", "rich note:VARCHAR"],
    );
    assert.deepEqual(t.columns[0]!.samples, ["Tōkyō Station", "Ōsaka & Kyōto"]);
    assert.deepEqual(t.columns[1]!.samples, ["2024-03-05", "2024-03-06"]);
    assert.deepEqual(t.columns[2]!.samples, ["line one\r\nline two"]);
  });
});

describe("Workbooks that may have lost rows say so", () => {
  test("a sheet that reaches the format's last row is noted", () => {
    const t = entry("full.xlsx").tables![0]!;
    assert.equal(t.rowCount, 2);
    assert.ok(t.notes?.some((n) => n.includes("last row (1,048,576, the most a .xlsx sheet holds)")));
    assert.equal(entry("handmade.xlsx").tables![0]!.notes, undefined);
  });
});

describe("Workbooks that cannot be read say why and what to do", () => {
  const cases: [string, string, RegExp][] = [
    ["truncated.xlsx", "xlsx", /truncated/],
    ["truncated.xls", "xls", /truncated|damaged/],
    ["binary.xlsb", "xlsx", /\.xlsb.*save it as \.xlsx/],
    ["encrypted.xls", "xls", /password-protected.*save a copy without one/],
    ["encrypted-package.xlsx", "xls", /password-protected/],
    ["locked.ods", "ods", /password-protected.*LibreOffice/],
    ["letter.doc", "binary", /Word document/],
  ];
  for (const [path, format, reason] of cases)
    test(path, () => {
      const e = entry(path);
      assert.equal(e.format, format);
      assert.match(e.error ?? "", reason);
      assert.equal(e.tables, undefined);
    });
});
