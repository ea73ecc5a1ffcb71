import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import ExcelJS from "exceljs";
import type { CorpusCase } from "../corpusCase.ts";
import { committedWorkbooks } from "../../helpers/realWorkbooks.ts";
import { pythonBzip2 } from "../../helpers/pythonBzip2.ts";
import { storedZip, zipArchive } from "../../helpers/zipFile.ts";

/**
 * More of the formats area's inputs: workbooks written by LibreOffice (the committed copies of
 * test/fixtures/workbooks), by libraries and by hand; JSON in every common shape; compressed and
 * archived files. Each is a real-world input a user meets; the expectation is what the map must say.
 */

const real = (name: string) => () => readFileSync(join(committedWorkbooks, name));

/** A data book as agencies publish them (title, blank line, header, rows, blank line, source). */
const BZ2_BOOK = [
  "Permits issued by district in 2023",
  "",
  "district,permits,share",
  ...Array.from({ length: 120 }, (_, i) => `D${i + 1},${(i * 37) % 500},${((i % 10) / 10).toFixed(1)}`),
  "",
  "Source: city records",
  "",
].join("\n");
const BZ2_BOOK_TABLE = {
  rows: 120,
  headerLine: 3,
  columns: ["district:VARCHAR", "permits:BIGINT", "share:DOUBLE"],
  titleLines: ["Permits issued by district in 2023"],
  footer: ["Source: city records"],
};
/** Noise compresses poorly, so cutting the file cuts its blocks. */
const BZ2_NOISE = Array.from(
  { length: 30000 },
  (_, i) => `${(i * 7919) % 10007},${(i * 104729) % 99991}`,
).join("\n");

const SALES_SHEETS = ["Sales", "Empty", "Costs", "Lookup"];

async function excelBook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The minimal parts of a workbook whose one sheet is `sheetXml` (what some tools write). */
function handMadeXlsx(sheetXml: string): Buffer {
  return storedZip({
    "[Content_Types].xml": "<Types/>",
    "xl/workbook.xml":
      '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels":
      '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    "xl/worksheets/sheet1.xml": `<worksheet><sheetData>${sheetXml}</sheetData></worksheet>`,
  });
}

const inline = (ref: string, text: string): string =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

export const formatsMoreCases: CorpusCase[] = [
  {
    name: "xlsx-libreoffice-merged-title",
    owner: "formats",
    about:
      "a Census-style sheet written by LibreOffice: title merged across A1:D1, labels merged down and across, rich-text names, a gap in the header row",
    files: { "population.xlsx": real("census-merged-title.xlsx") },
    expect: [
      {
        file: "population.xlsx",
        table: {
          sheet: "Population",
          rows: 6,
          headerLine: 4,
          columns: [
            "Geographic Area:VARCHAR",
            "Population Estimate (as of July 1) 2021:BIGINT",
            "Population Estimate (as of July 1) 2022:BIGINT",
            "Population Estimate (as of July 1) 2023:BIGINT",
          ],
          titleLines: ["Annual Estimates of the Resident Population: April 1, 2020 to July 1, 2023"],
          footer: ["Source: U.S. Census Bureau, Population Division"],
          check: (t) =>
            t.merged?.ranges.join(",") === "A1:D1,A3:A4,B3:D3"
              ? undefined
              : `merged ${JSON.stringify(t.merged)}`,
        },
      },
    ],
  },
  ...(["xlsx", "xls", "ods"] as const).map((format): CorpusCase => ({
    name: `${format}-libreoffice-every-sheet`,
    owner: "formats",
    about: `a .${format} written by LibreOffice with sheets Sales, Empty, Costs and a hidden Lookup; dates, times, currency, formulas, a #DIV/0!`,
    files: { [`book.${format}`]: real(`sales-every-sheet.${format}`) },
    expect: [
      {
        file: `book.${format}`,
        table: {
          sheets: SALES_SHEETS,
          sheet: "Costs",
          rows: 3,
          columns: ["Item:VARCHAR", "Amount:DOUBLE", "Due:DATE", "Start time:TIME", "Logged at:TIMESTAMP"],
        },
      },
      {
        file: `book.${format}`,
        table: {
          sheet: "Sales",
          rows: 4,
          check: (t) =>
            t.notes?.some((n) => n.includes("#DIV/0!")) ? undefined : "the #DIV/0! cell is not noted",
        },
      },
      {
        file: `book.${format}`,
        table: { sheet: "Lookup", check: (t) => (t.hidden ? undefined : "hidden sheet not marked hidden") },
      },
    ],
  })),
  {
    name: "xls-libreoffice-tall",
    owner: "formats",
    about: "a legacy .xls of 1,500 rows with a footnote under the data, written by LibreOffice",
    files: { "readings.xls": real("tall-1500-rows.xls") },
    expect: [
      {
        file: "readings.xls",
        table: { rows: 1500, headerLine: 1, footer: ["Provisional data, subject to revision."] },
      },
    ],
  },
  {
    name: "xlsx-row-with-gaps",
    owner: "formats",
    about: "a sheet row with an empty cell between values (crashed the map: reading 'trim' of undefined)",
    files: {
      "gaps.xlsx": handMadeXlsx(
        `<row r="1">${inline("A1", "a")}${inline("C1", "c")}</row><row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c><c r="C2"><v>3</v></c></row>`,
      ),
    },
    expect: [{ file: "gaps.xlsx", table: { rows: 1, columns: ["a", "column1", "c"] } }],
  },
  {
    name: "xlsx-rich-text-shared-strings",
    owner: "formats",
    about: "shared strings with rich-text runs (bold inside a cell), as Excel writes them",
    files: {
      "rich.xlsx": () =>
        excelBook((wb) => {
          const ws = wb.addWorksheet("Rich");
          ws.addRow(["name", "value"]);
          ws.addRow([{ richText: [{ text: "Total ", font: { bold: true } }, { text: "sales" }] }, 10]);
          ws.addRow(["other", 5]);
        }),
    },
    expect: [
      {
        file: "rich.xlsx",
        table: {
          rows: 2,
          check: (t) => (t.columns[0]?.samples.includes("Total sales") ? undefined : "rich text not joined"),
        },
      },
    ],
  },
  {
    name: "xlsx-shared-formulas-cached",
    owner: "formats",
    about: "shared formulas (one formula filled down) keep their saved results",
    files: {
      "formulas.xlsx": () =>
        excelBook((wb) => {
          const ws = wb.addWorksheet("F");
          ws.addRow(["n", "double"]);
          for (let i = 1; i <= 4; i++) ws.addRow([i]);
          ws.fillFormula("B2:B5", "A2*2", (row) => (row - 1) * 2);
        }),
    },
    expect: [{ file: "formulas.xlsx", table: { rows: 4, columns: ["n:BIGINT", "double:BIGINT"] } }],
  },
  {
    name: "xlsx-formula-without-result",
    owner: "formats",
    about: "a formula saved without its result (written by a library that does not calculate)",
    files: {
      "pending.xlsx": () =>
        excelBook((wb) => {
          const ws = wb.addWorksheet("P");
          ws.addRow(["a", "b"]);
          ws.addRow([1, { formula: "A2+1" } as ExcelJS.CellFormulaValue]);
          ws.addRow([2, 3]);
        }),
    },
    expect: [
      {
        file: "pending.xlsx",
        table: {
          rows: 2,
          check: (t) =>
            t.notes?.some((n) => n.includes("no saved result (B2)"))
              ? undefined
              : "formula without result not noted",
        },
      },
    ],
  },
  {
    name: "xlsx-inline-strings",
    owner: "formats",
    about: 'cells with inline strings (t="inlineStr"), as streaming writers produce',
    files: {
      "inline.xlsx": handMadeXlsx(
        `<row r="1">${inline("A1", "city")}${inline("B1", "note")}</row><row r="2">${inline("A2", "Oslo")}${inline("B2", "x &amp; y")}</row>`,
      ),
    },
    expect: [{ file: "inline.xlsx", table: { rows: 1, columns: ["city", "note"] } }],
  },
  {
    name: "xlsx-data-book-trailer",
    owner: "formats",
    about:
      "the data book's payment-method table saved as a workbook: a title, the table, a blank row, two label/value trailer rows, a blank row, a source line (issue 18 in a sheet)",
    files: {
      "payment.xlsx": () =>
        excelBook((wb) => {
          const ws = wb.addWorksheet("Payment");
          // Rows written by number: the blank rows are absent from the sheet, as spreadsheet software saves them.
          const rows: [number, (string | number)[]][] = [
            [1, ["Fraud Reports by Payment Method"]],
            [3, ["Payment Method", "# of Reports", "Total $ Loss"]],
            [4, ["Credit Cards", 108881, "$275M"]],
            [5, ["Payment App or Service", 90571, "$391M"]],
            [6, ["Debit Card", 76285, "$180M"]],
            [7, ["Bank Transfer or Payment", 47336, "$2,089M"]],
            [9, ["Number of Fraud Reports", 2600678]],
            [10, ["# of Reports with Payment Method", 475905, "18% of Total"]],
            [12, ["Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission"]],
          ];
          for (const [n, values] of rows) ws.getRow(n).values = values;
        }),
    },
    expect: [
      {
        file: "payment.xlsx",
        table: {
          rows: 4,
          headerLine: 3,
          columns: ["Payment Method", "# of Reports:BIGINT", "Total $ Loss"],
          titleLines: ["Fraud Reports by Payment Method"],
          footer: [
            "Number of Fraud Reports | 2600678",
            "# of Reports with Payment Method | 475905 | 18% of Total",
            "Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission",
          ],
        },
      },
    ],
  },
  {
    name: "xlsx-1904-dates",
    owner: "formats",
    about: "dates in a workbook on the 1904 date system (old Mac Excel)",
    files: {
      "mac.xlsx": () =>
        excelBook((wb) => {
          (wb.properties as { date1904?: boolean }).date1904 = true;
          const ws = wb.addWorksheet("Mac");
          ws.addRow(["day"]);
          ws.addRow([new Date(Date.UTC(2001, 4, 6))]);
          ws.getColumn(1).numFmt = "yyyy-mm-dd";
        }),
    },
    expect: [
      {
        file: "mac.xlsx",
        table: {
          columns: ["day:DATE"],
          check: (t) =>
            t.columns[0]?.samples[0] === "2001-05-06" ? undefined : `day ${t.columns[0]?.samples[0]}`,
        },
      },
    ],
  },
  {
    name: "xlsx-truncated",
    owner: "formats",
    about: "a workbook cut off in a download",
    files: {
      "cut.xlsx": () => readFileSync(join(committedWorkbooks, "tall-1500-rows.xlsx")).subarray(0, 30000),
    },
    expect: [{ file: "cut.xlsx", flag: /truncated/ }],
  },
  {
    name: "xls-password",
    owner: "formats",
    about: "a password-protected .xls",
    files: {
      "locked.xls": () => {
        const b = Buffer.from(readFileSync(join(committedWorkbooks, "sales-every-sheet.xls")));
        const bof = b.indexOf(Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00]));
        b.writeUInt16LE(0x002f, bof + 20); // the FILEPASS record of an encrypted workbook
        return b;
      },
    },
    expect: [{ file: "locked.xls", flag: /password-protected/ }],
  },
  {
    name: "xlsb-binary-workbook",
    owner: "formats",
    about: "an Excel binary workbook (.xlsb)",
    files: {
      "book.xlsb": storedZip({ "[Content_Types].xml": "<Types/>", "xl/workbook.bin": Buffer.alloc(32, 1) }),
    },
    expect: [{ file: "book.xlsb", flag: /\.xlsb.*save it as \.xlsx/ }],
  },
  {
    name: "json-object-of-records",
    owner: "formats",
    about: 'records keyed by id ({"N1": {"name": …, "geo": {"lat": …}}, …})',
    files: {
      "stations.json": JSON.stringify(
        {
          N1: { name: "North", geo: { lat: 59.9, lon: 10.7 } },
          S1: { name: "South", geo: { lat: 41.9, lon: 12.5 } },
        },
        null,
        2,
      ),
    },
    expect: [
      {
        file: "stations.json",
        table: { rows: 2, columns: ["key:VARCHAR", "name:VARCHAR", "geo.lat:DOUBLE", "geo.lon:DOUBLE"] },
      },
    ],
  },
  {
    name: "json-object-of-arrays",
    owner: "formats",
    about: 'records grouped by year ({"2019": [{…}], "2020": [{…}, {…}]})',
    files: {
      "by-year.json":
        '{"2019": [{"m": 1, "rain": 3.5}], "2020": [{"m": 1, "rain": 2}, {"m": 2, "rain": 4.25}]}',
    },
    expect: [
      { file: "by-year.json", table: { rows: 3, columns: ["key:VARCHAR", "m:BIGINT", "rain:DOUBLE"] } },
    ],
  },
  {
    name: "json-api-envelope",
    owner: "formats",
    about:
      'an API response ({"meta": {…}, "users": [...], "orders": [...]}): a table per array, the rest named',
    files: {
      "api.json":
        '{"meta": {"page": 1}, "users": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], "orders": [{"order": 7}]}',
    },
    expect: [
      {
        file: "api.json",
        table: {
          sheets: ["users", "orders"],
          sheet: "users",
          rows: 2,
          check: (t) =>
            t.notes?.some((n) => n.includes('meta = {"page":1}')) ? undefined : "meta not named",
        },
      },
    ],
  },
  {
    name: "geojson-feature-collection",
    owner: "formats",
    about: "a GeoJSON FeatureCollection: one row per feature, properties and geometry dotted",
    files: {
      "parks.geojson": JSON.stringify({
        type: "FeatureCollection",
        features: [
          { type: "Feature", properties: { name: "Elm" }, geometry: { type: "Point", coordinates: [1, 2] } },
          { type: "Feature", properties: { name: "Oak" }, geometry: { type: "Point", coordinates: [3, 4] } },
        ],
      }),
    },
    expect: [
      {
        file: "parks.geojson",
        table: {
          sheet: "features",
          rows: 2,
          columns: ["type", "properties.name", "geometry.type", "geometry.coordinates"],
        },
      },
    ],
  },
  {
    name: "json-empty-object",
    owner: "formats",
    about: "a JSON file holding {}",
    files: { "empty.json": "{}\n" },
    expect: [{ file: "empty.json", flag: /empty object/ }],
  },
  {
    name: "jsonl-mostly-not-json",
    owner: "formats",
    about: "a .jsonl that is mostly prose: not JSON lines, and said so with the lines",
    files: { "notes.jsonl": '{"a": 1}\nthis is\nnot json\n' },
    expect: [{ file: "notes.jsonl", flag: /not JSON lines: 2 of 3 lines/ }],
  },
  {
    name: "tsv-gz",
    owner: "formats",
    about: "a gzip-compressed TSV (.tsv.gz)",
    files: { "data.tsv.gz": () => gzipSync("k\tv\nx\t1\ny\t2\n") },
    expect: [{ file: "data.tsv.gz", table: { rows: 2, columns: ["k:VARCHAR", "v:BIGINT"] } }],
  },
  {
    name: "json-gz-object",
    owner: "formats",
    about: "a gzip-compressed JSON lookup object (.json.gz)",
    files: { "codes.json.gz": () => gzipSync('{"01": "Alabama", "02": "Alaska"}') },
    expect: [{ file: "codes.json.gz", table: { rows: 2, columns: ["key", "value"] } }],
  },
  {
    name: "csv-gz-truncated",
    owner: "formats",
    about: "a .csv.gz cut off in a download",
    files: {
      "cut.csv.gz": () =>
        gzipSync(Array.from({ length: 20000 }, (_, i) => `${(i * 7919) % 10007},${i}`).join("\n")).subarray(
          0,
          9000,
        ),
    },
    expect: [{ file: "cut.csv.gz", flag: /gzip file is truncated/ }],
  },
  {
    name: "csv-bz2",
    owner: "formats",
    about:
      "a bzip2-compressed data book (title, header on line 3, footnote) named .csv.bz2 (DuckDB does not read bzip2)",
    files: { "data.csv.bz2": () => pythonBzip2(BZ2_BOOK, 9) },
    expect: [{ file: "data.csv.bz2", table: BZ2_BOOK_TABLE }],
  },
  {
    name: "csv-that-is-bzip2",
    owner: "formats",
    about: "a .csv file whose bytes are bzip2 (a download saved without decompressing)",
    files: { "data.csv": () => pythonBzip2(BZ2_BOOK, 1) },
    expect: [{ file: "data.csv", table: BZ2_BOOK_TABLE }],
  },
  {
    name: "bzip2-no-extension",
    owner: "formats",
    about: "a bzip2 CSV with no extension at all (an export named `ledger`)",
    files: { ledger: () => pythonBzip2(BZ2_BOOK, 5) },
    expect: [{ file: "ledger", table: BZ2_BOOK_TABLE }],
  },
  {
    name: "csv-bz2-pbzip2",
    owner: "formats",
    about: "a .csv.bz2 written by pbzip2: the content as several concatenated bzip2 streams",
    files: { "big.csv.bz2": () => pythonBzip2(BZ2_BOOK, 9, 3) },
    expect: [{ file: "big.csv.bz2", table: BZ2_BOOK_TABLE }],
  },
  {
    name: "jsonl-bz2",
    owner: "formats",
    about: "JSON lines compressed with bzip2",
    files: { "events.jsonl.bz2": () => pythonBzip2('{"id":1,"kind":"a"}\n{"id":2,"kind":"b"}\n') },
    expect: [{ file: "events.jsonl.bz2", table: { rows: 2, columns: ["id:BIGINT", "kind:VARCHAR"] } }],
  },
  {
    name: "csv-bz2-truncated",
    owner: "formats",
    about: "a .csv.bz2 cut off in a download",
    files: { "cut.csv.bz2": () => pythonBzip2(BZ2_NOISE, 1).subarray(0, 30000) },
    expect: [{ file: "cut.csv.bz2", flag: /bzip2 file is cut short after 30000 bytes/ }],
  },
  {
    name: "csv-bz2-bad-crc",
    owner: "formats",
    about: "a .csv.bz2 with a damaged byte: its block's checksum does not match",
    files: {
      "bad.csv.bz2": () => {
        const bytes = Buffer.from(pythonBzip2(BZ2_BOOK, 9));
        bytes[12] = bytes[12]! ^ 0x40; // inside block 1's stored CRC
        return bytes;
      },
    },
    expect: [{ file: "bad.csv.bz2", flag: /CRC mismatch in block 1\b/ }],
  },
  {
    name: "csv-starting-with-bzh",
    owner: "formats",
    about: "a plain CSV whose first column is named `BZh9` (the bzip2 magic as text)",
    files: { "codes.csv": "BZh9,label\n1,a\n2,b\n" },
    expect: [{ file: "codes.csv", table: { rows: 2, columns: ["BZh9:BIGINT", "label"] } }],
  },
  {
    name: "zip-of-csvs",
    owner: "formats",
    about: "a ZIP archive of CSV exports (not a workbook), stored without compression",
    files: { "exports.zip": storedZip({ "a.csv": "x\n1\n", "b.csv": "y\n2\n" }) },
    expect: [
      { file: "exports.zip", table: { sheets: ["a.csv", "b.csv"] } },
      { file: "exports.zip", table: { sheet: "a.csv", rows: 1, headerLine: 1, columns: ["x:BIGINT"] } },
      { file: "exports.zip", table: { sheet: "b.csv", rows: 1, headerLine: 1, columns: ["y:BIGINT"] } },
    ],
  },
  {
    name: "zip-deflated-exports",
    owner: "formats",
    about:
      "a ZIP of deflated exports as zip tools write them: a data book with a title and footnote, a JSON-lines file in a folder, macOS junk",
    files: {
      "book.zip": () =>
        zipArchive({
          "2024/reports.csv": `Reports by State,,\n,,\nState,# of Reports,Year\n${Array.from({ length: 60 }, (_, i) => `State ${i},"${(i + 1) * 1000}",2024`).join("\n")}\n,,\nSource: Consumer Sentinel,,\n`,
          "logs/events.jsonl": '{"id":1,"kind":"a"}\n{"id":2,"kind":"b"}\n{"id":3,"kind":"c"}\n',
          "__MACOSX/2024/._reports.csv": Buffer.from([0, 5, 22, 7, 0, 2, 0, 0]),
          "2024/.DS_Store": Buffer.alloc(64, 1),
        }),
    },
    expect: [
      { file: "book.zip", table: { sheets: ["2024/reports.csv", "logs/events.jsonl"] } },
      {
        file: "book.zip",
        table: {
          sheet: "2024/reports.csv",
          rows: 60,
          headerLine: 3,
          titleLines: ["Reports by State"],
          footer: ["Source: Consumer Sentinel"],
          columns: ["State", "# of Reports:BIGINT", "Year:BIGINT"],
          check: (t) => (t.member === "2024/reports.csv" ? undefined : `member ${t.member}`),
        },
      },
      { file: "book.zip", table: { sheet: "logs/events.jsonl", rows: 3, columns: ["id:BIGINT", "kind"] } },
    ],
  },
  {
    name: "zip-some-members-unreadable",
    owner: "formats",
    about:
      "a ZIP whose readable CSV sits next to an encrypted member, a member in another compression method and a zip bomb (inflates past its declared size): the CSV maps, each other member is named with why",
    files: {
      "mixed.zip": () =>
        zipArchive({
          "good.csv": "id,v\n1,a\n2,b\n",
          "secret.csv": { content: "id\n1\n", method: 0, encrypted: true },
          "packed.csv": { content: "BZh9 not really", method: 12 },
          "bomb.csv": { content: `x\n${"0\n".repeat(200_000)}`, declaredSize: 1000 },
        }),
    },
    expect: [
      {
        file: "mixed.zip",
        table: {
          sheets: ["good.csv"],
          rows: 2,
          columns: ["id:BIGINT", "v"],
          check: (_t, entry) => {
            const why = Object.fromEntries(
              (entry.archive?.members ?? []).map((m) => [m.name, m.error ?? "read"]),
            );
            const wrong: string[] = [];
            if (why["good.csv"] !== "read") wrong.push(`good.csv: ${why["good.csv"]}`);
            if (!/encrypted/.test(why["secret.csv"] ?? "")) wrong.push(`secret.csv: ${why["secret.csv"]}`);
            if (!/method 12/.test(why["packed.csv"] ?? "")) wrong.push(`packed.csv: ${why["packed.csv"]}`);
            if (!/inflates past the 1000 bytes/.test(why["bomb.csv"] ?? ""))
              wrong.push(`bomb.csv: ${why["bomb.csv"]}`);
            const notes = entry.tables?.[0]?.notes ?? [];
            if (!notes.some((n) => /3 of 4 files of the archive not read: secret\.csv/.test(n)))
              wrong.push(`notes: ${notes.join(" | ")}`);
            if (entry.error !== undefined) wrong.push(`an entry that maps has the error ${entry.error}`);
            return wrong.length ? wrong.join("; ") : undefined;
          },
        },
      },
    ],
  },
  {
    name: "zip-damaged",
    owner: "formats",
    about: "a ZIP of CSVs cut short by a failed download (no index at its end): reported, the map goes on",
    files: {
      "cut.zip": () => zipArchive({ "a.csv": `x\n${"1\n".repeat(500)}` }).subarray(0, 40),
      "ok.csv": "a\n1\n",
    },
    expect: [
      { file: "cut.zip", flag: /ZIP archive.*(index|truncated)/ },
      { file: "ok.csv", table: { rows: 1 } },
    ],
  },
  {
    name: "zip-corrupt-member",
    owner: "formats",
    about: "a ZIP whose only member's bytes no longer match their checksum (a damaged copy)",
    files: { "bad.zip": () => zipArchive({ "a.csv": { content: "x\n1\n2\n", declaredCrc: 12345 } }) },
    expect: [{ file: "bad.zip", flag: /none holding a table.*checksum/ }],
  },
  {
    name: "csv-timestamps-and-times",
    owner: "formats",
    about: "timestamps and clock times in a CSV (a timestamp was typed DATE, dropping its time)",
    files: { "log.csv": "at,clock\n2024-01-02 08:15:00,13:45:30\n2024-02-03 17:05:10,07:00:00\n" },
    expect: [{ file: "log.csv", table: { rows: 2, columns: ["at:TIMESTAMP", "clock:TIME"] } }],
  },
];
