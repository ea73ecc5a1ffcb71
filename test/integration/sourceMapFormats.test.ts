import { before, after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { symlinkSync, utimesSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { DuckDBInstance } from "@duckdb/node-api";
import { Runtime } from "../../src/core/runtime.ts";
import type { SourceEntry } from "../../src/core/sourceMap/sourceEntry.ts";
import { tempLake } from "../helpers/tempLake.ts";
import { mapEntry } from "../helpers/mapEntries.ts";
import { tableFactLines } from "../../src/core/sourceMap/tableFacts.ts";

const latin1 = Buffer.from("name;city\nJos\xe9;S\xe3o Paulo\nAna;M\xfcnchen\n", "latin1");
const utf16 = Buffer.concat([
  Buffer.from([0xff, 0xfe]),
  Buffer.from("id\tword\n1\tcaf\u00e9\n2\tna\u00efve\n", "utf16le"),
]);
const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("a,b\n1,2\n3,4\n")]);
const cp1252 = Buffer.from([
  ...Buffer.from("term,note\nfraud,"),
  0x93,
  ...Buffer.from("quoted"),
  0x94,
  ...Buffer.from("\nscam,en"),
  0x96,
  ...Buffer.from("dash\n"),
]);

// Polish month labels in Windows-1250 (held-out EZ-02): `paź`, `Łódź`; and Windows-1252 text with
// Spanish `¿Qué?`, a unit `m³` and a euro sign, which stays Windows-1252.
const cp1250 = Buffer.from(
  "miesiac;liczba;miasto\nsty.10;5;Warszawa\npa\x9f.10;7;\xa3\xf3d\x9f\nlis.10;8;Krak\xf3w\n",
  "latin1",
);
const cp1252Spanish = Buffer.from("pregunta,volumen\n\xbfQu\xe9?,12 m\xb3\nPrecio,5 \x80\n", "latin1");

const { lake, stateDir } = tempLake({
  "comma.csv": "id,name,amount\n1,Alice,10.5\n2,Bob,20\n3,Carol,\n",
  "tab.tsv": "id\tname\n1\tx\n2\ty\n",
  // WALS 2020's languages (held-out IK-01): Macroarea named in the header, blank on every row;
  // Genus blank on all rows but one.
  "blankColumn.csv":
    "ID,Name,Macroarea,Genus\naab,Arapesh,,\naar,Aari,,\nabi,Abipon,,Guaicuruan\nabk,Abkhaz,,\n",
  "semicolon.csv": "id;name;score\n1;x;3\n2;y;4\n",
  "pipe.txt": "id|name|score\n1|x|3\n2|y|4\n3|z|5\n",
  "databook.csv":
    'State Rankings: Fraud Reports,,\r\n,,\r\nRank,State,# of Reports\r\n1,Florida,"115,840"\r\n2,Georgia,"55,955"\r\n,District of Columbia,"3,225"\r\n,,\r\n"Source: Consumer Sentinel Network Data Book 2024",,\r\n',
  "multiline.csv":
    'id,comment,value\n1,"first line\nsecond line",10\n\n2,plain,20\n3,"a\n\nb",30\n4,end,40\n',
  "ragged.csv": "a,b,c\n1,2,3\n4,5\n6,7,8\n",
  "blocks.csv":
    'Report Type,,,\n,,,\nReport Type,# of Reports,,\nFraud,"2,600,678",,\nOther,"2,759,963",,\n,,,\nTop 3 Categories,,,\nRank,Category,# of Reports,Loss\n1,Imposter Scams,"845,806",$2952M\n2,Online Shopping,"383,441",$432M\n3,Business,"126,217",$751M\n,,,\nSource: example,,,\n',
  // Thousands grouped by spaces (Polish/French/SI style; no-break and narrow no-break spaces as
  // spreadsheets export them); `ref` holds digit groups that are not thousands (a last group of 2).
  "spaced.csv":
    "month;hires;km;ref\nsty.24;558 830;1\u00a0204.5;123 45\nlut.24;6 897;88.25;678 90\nmar.24;512;2\u202f000;555 12\n",
  // Indian (lakh/crore) digit grouping (held-out JB, JC: CoinMarketCap's Kaggle export, a scraped
  // mileage column) beside `-` and `Unknown` for no value; `ref` pairs digits that group nothing.
  "lakh.csv":
    'Date,Volume,Mileage,ref\n"Feb 20, 2018","9,92,65,40,000","1,10,000","12,34"\n"Feb 19, 2018",-,"38,852","56,78"\n"Feb 18, 2018","1,89,53,60,00,000",Unknown,"90,12"\n"Feb 17, 2018","80,000",101000,"34,56"\n',
  // Capacities with a decimal comma whose thousands are grouped by commas too (held-out KB-06,
  // Spain's register of power plants): `0,600` is 0.6 MW, so no value groups thousands.
  "capacity.csv": 'unit;mw\nA;"1,066,000"\nB;"0,600"\nC;"400,000"\nD;"37,500"\nE;"0,000"\n',
  // Numbers and blank strings in one field (held-out EY-09): numbers, the blanks NULL; other text keeps JSON.
  "blanks.json":
    '[{"crop":"Rice","t":1223,"note":1},{"crop":"Tea","t":"","note":"x"},{"crop":"Wheat","t":1075,"note":2},{"crop":"Jute","t":100.5,"note":3}]\n',
  // Cumulative unit sales where "+0"/"-0" write "rounds to zero" (held-out HU-02): numbers, read as numbers.
  "plusZero.json":
    '[{"model":"Switch","q4":2883},{"model":"3DS","q4":"+0"},{"model":"Wii U","q4":"-0"},{"model":"Lite","q4":733}]\n',
  // Every field padded with blanks (Census permits, 1998 layout, held-out HV-06): codes read trimmed;
  // labels indented by level (no trailing blank) keep their indent.
  "padded.csv":
    "Date , State , County , Name , Units\n9899  ,     01  , 001  , Autauga County  , 179\n9899  ,     01  , 003  , Baldwin County  , 1639\n9899  ,     02  , 013  , Aleutians East  , 4\n",
  "indented.csv": "item,amount\nTotal,10\n  Food,6\n    Bread,2\n  Fuel,4\n",
  // A field of fixed width (IAEA PRIS reactor types, held-out JG-01): shorter types filled out with
  // blanks, the longest with none; `code` holds values of one length with no padding.
  "fixedWidth.csv":
    "Unit,Type,code\nATUCHA-1,PHWR ,AB12\nALMARAZ-1,PWR  ,CD34\nBROWNS FERRY-1,BWR  ,EF56\nFUGEN,HWLWR,GH78\nASCO-1,PWR  ,IJ90\n",
  // A report's banner lines exported as rows of zeros under the header (Himalayan Database, held-out HT-01).
  "banner.csv":
    "header,expid,year,season,success,members\nExpeditions to Lhotse Middle (8410m),,,0,FALSE,0\n1900 to 2020,,,0,FALSE,0\n21/03/2020,,,0,FALSE,0\n,,,0,FALSE,0\nThe Himalayan Database,,,0,FALSE,0\n,LHOM01101,2001,1,TRUE,15\n",
  // dd-mm-yy dates, an unknown one written as its blank mask '  -   -' (Himalayan Database, held-out HT-10).
  "masked.csv":
    "expid;summit;note\nTKRG10101;12-03-10;a\nAMPG10101;  -   -;b\nAMAD10101;21-04-10;c\nEVER10101;23-05-10;d\nEVER10102;  -   -;e\n",
  // R's write.csv with row names (held-out HT-02): an unnamed first column numbering the rows.
  "rownames.csv":
    '"","peakid","heightm","pexpid","trekyear"\n"1","AMAD",6814,"AMAD61101",NA\n"2","AMPG",5630,NA,2002\n"3","ANN1",8091,"ANN150101",NA\n"4","ANN2",7937,NA,NA\n',
  // Written the same way, with Namibia's code quoted: "NA" there is a value, and stays one.
  "namibia.csv": '"iso2","name","pop"\n"NA","Namibia",2.6\n"ZA","South Africa",NA\n"BW","Botswana",2.4\n',
  // An unnamed first column of data (not 1…n): still a column whose meaning is unknown.
  "unnamedData.csv": ",peakid,heightm\n17,AMAD,6814\n4,AMPG,5630\n9,ANN1,8091\n",
  // Birth dates written dd.mm.yyyy in a JSON export (held-out HS-02), one blank; a field of words stays text.
  "born.json":
    '[{"who":"Ana","born":"31.12.1989","club":"x"},{"who":"Bo","born":"02.01.1995","club":"y"},{"who":"Cy","born":"","club":"z"},{"who":"Di","born":"15.06.1990","club":"w"}]\n',
  // Header cells with quoted line breaks (Census table H-8, held-out FH-06), in one table and in two
  // stacked blocks: DuckDB's skip counts such a header as one row.
  "brokenHeader.csv":
    'State,"Median\nincome","Standard\nerror"\nAlabama,"49,936","2,423"\nAlaska,"68,734","3,390"\nArizona,"62,283","2,291"\n',
  "brokenBlocks.csv":
    'CURRENT DOLLARS,,\nState,"Median\nincome","Standard\nerror"\nAlabama,"40,933","1,203"\nAlaska,"57,848","2,544"\nArizona,"46,789","1,120"\n,,\n2018 DOLLARS,,\nState,"Median\nincome","Standard\nerror"\nAlabama,"47,244","1,389"\nAlaska,"66,771","2,936"\nArizona,"54,004","1,293"\n',
  // A fill in a JSON export (held-out FG-07): -999 where a count was not reported.
  "fills.json": `[${Array.from({ length: 14 }, (_, i) => `{"airport":"ORD","late":${i % 5 === 0 ? -999 : 1800 + 37 * i}}`).join(",\n")}]\n`,
  "latin1.csv": latin1,
  "utf16.tsv": utf16,
  "bom.csv": bom,
  "cp1252.csv": cp1252,
  "cp1250.csv": cp1250,
  "cp1252es.csv": cp1252Spanish,
  "empty.csv": "",
  ".DS_Store": Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31, 0, 0, 0x10, 0, 0, 0, 0x08, 0]),
  "array.json": '[{"id":1,"tag":"a"},\n {"id":2,"tag":"b"},\n {"id":3,"tag":null}]\n',
  "lines.jsonl": '{"id":1,"v":"x"}\n{"id":2,"v":"y"}\n\n{"id":3,"v":"z"}\n',
  "truncated.json": '[{"id":1,"tag":"a"},{"id":2,"ta',
  "corrupt.xlsx": Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(200, 7)]),
  "notes.md": "# Notes\n\nThese files are examples.\n",
  "page.html":
    "<html><body><p>x</p>\n<table>\n<tr><th>City</th><th>Pop</th></tr>\n<tr><td>Austin</td><td>961,855</td></tr>\n<tr><td>Dallas</td><td>1,304,379</td></tr>\n</table></body></html>\n",
  "ignored/skip.csv": "a\n1\n",
  ".gitignore": "ignored/\n",
  "node_modules/x.csv": "a\n1\n",
});

let runtime: Runtime;
const entry = (path: string): SourceEntry => mapEntry(runtime.map, path);

before(async () => {
  const wb = new ExcelJS.Workbook();
  const s1 = wb.addWorksheet("Summary");
  s1.addRow(["Quarterly report"]);
  s1.addRow([]);
  s1.addRow(["Region", "Sales"]);
  s1.addRow(["North", 120]);
  s1.addRow(["South", 80.5]);
  const s2 = wb.addWorksheet("Detail");
  s2.addRow(["id", "when"]);
  s2.addRow([1, new Date(Date.UTC(2024, 0, 15))]);
  await wb.xlsx.writeFile(join(lake, "book.xlsx"));
  const plain = await DuckDBInstance.create(":memory:");
  const c = await plain.connect();
  await c.run(
    `COPY (SELECT range AS id, 'v' || range AS label FROM range(1000)) TO '${join(lake, "data.parquet")}' (FORMAT parquet)`,
  );
  c.closeSync();
  const outside = mkdtempSync(join(tmpdir(), "radar-outside-"));
  writeFileSync(join(outside, "secret.csv"), "secret\n42\n");
  symlinkSync(join(outside, "secret.csv"), join(lake, "link-out.csv"));
  symlinkSync(join(lake, "comma.csv"), join(lake, "link-in.csv"));
  runtime = await Runtime.open(lake, { radarDir: stateDir });
});

after(() => runtime?.close());

/** Scans `file` as `table`, then runs `sql` over it and returns the first row of the result. */
async function scanThenFirstRow(file: string, table: string, sql: string): Promise<unknown[] | undefined> {
  const scan = await runtime.call({ op: "Scan", file, output: table });
  assert.equal(scan.status, "ok", JSON.stringify(scan));
  const q = await runtime.call({ op: "Query", sql, inputs: [table], output: `${table}Result` });
  assert.equal(q.status, "ok", JSON.stringify(q));
  return (q.observation as { records: { rows: unknown[][] } }).records.rows[0];
}

describe("Source Map formats", () => {
  test("delimited text: comma, tab, semicolon, pipe", () => {
    for (const [path, columns] of [
      ["comma.csv", ["id", "name", "amount"]],
      ["tab.tsv", ["id", "name"]],
      ["semicolon.csv", ["id", "name", "score"]],
      ["pipe.txt", ["id", "name", "score"]],
    ] as const) {
      const e = entry(path);
      assert.equal(e.format, "csv", path);
      assert.deepEqual(
        e.tables?.[0]?.columns.map((c) => c.name),
        [...columns],
        path,
      );
    }
    const comma = entry("comma.csv").tables![0]!;
    assert.equal(comma.rowCount, 3);
    assert.deepEqual(
      comma.columns.map((c) => c.type),
      ["BIGINT", "VARCHAR", "DOUBLE"],
    );
    assert.equal(comma.columns[2]!.nullFraction, 0.3333);
  });

  test("title rows, footnotes and thousands separators of a data-book export", () => {
    const t = entry("databook.csv").tables![0]!;
    assert.equal(t.headerLine, 3);
    assert.deepEqual(t.titleLines, ["State Rankings: Fraud Reports"]);
    assert.equal(t.rowCount, 3);
    assert.deepEqual(t.footer?.lines, ["Source: Consumer Sentinel Network Data Book 2024"]);
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["Rank:BIGINT", "State:VARCHAR", "# of Reports:BIGINT"],
    );
  });

  test("a sheet holding several tables is mapped as blocks, each with its own header", async () => {
    const e = entry("blocks.csv");
    assert.deepEqual(
      e.tables?.map((t) => `${t.sheet}: ${t.title}`),
      ["block 1: Report Type", "block 2: Top 3 Categories"],
    );
    const [first, second] = e.tables!;
    assert.deepEqual(
      first!.columns.map((c) => `${c.name}:${c.type}`),
      ["Report Type:VARCHAR", "# of Reports:BIGINT"],
    );
    assert.equal(first!.rowCount, 2);
    assert.equal(second!.headerLine, 8);
    assert.equal(second!.rowCount, 3);
    assert.deepEqual(second!.footer?.lines, ["Source: example"]);
    const r = await runtime.call({ op: "Scan", file: "blocks.csv", sheet: "block 2", output: "top3" });
    assert.equal(r.status, "ok", JSON.stringify(r));
    const o = r.observation as {
      rowCount: number;
      preview: { origins: { line: number }[]; rows: unknown[][] };
    };
    assert.equal(o.rowCount, 3);
    assert.deepEqual(
      o.preview.origins.map((x) => x.line),
      [9, 10, 11],
    );
    assert.deepEqual(o.preview.rows[0], [1, "Imposter Scams", 845806, "$2952M"]);
  });

  test("numbers whose thousands are grouped by spaces are numbers", async () => {
    const t = entry("spaced.csv").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["month:VARCHAR", "hires:BIGINT", "km:DOUBLE", "ref:VARCHAR"],
    );
    assert.deepEqual(
      await scanThenFirstRow("spaced.csv", "s", "SELECT sum(hires) AS h, sum(km) AS k FROM s"),
      [558830 + 6897 + 512, 1204.5 + 88.25 + 2000],
    );
  });

  test("numbers grouped the Indian way (lakh, crore) are numbers; `Unknown` and `-` are markers", async () => {
    const t = entry("lakh.csv").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["Date:DATE", "Volume:BIGINT", "Mileage:BIGINT", "ref:VARCHAR"],
    );
    assert.deepEqual(
      await scanThenFirstRow(
        "lakh.csv",
        "lakh",
        "SELECT sum(Volume) AS v, count(Volume) AS nv, sum(Mileage) AS m, count(Mileage) AS nm FROM lakh",
      ),
      [9_926_540_000 + 189_536_000_000 + 80_000, 3, 110_000 + 38_852 + 101_000, 3],
    );
  });

  test("a column holding `0,600` beside `1,066,000` groups no thousands: it stays text, never 1,000 times too large", async () => {
    const t = entry("capacity.csv").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["unit:VARCHAR", "mw:VARCHAR"],
    );
    // A sum over it fails loudly, saying the column is text as written and what it holds.
    const scan = await runtime.call({ op: "Scan", file: "capacity.csv", output: "cap" });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT sum(mw) AS mw FROM cap",
      inputs: ["cap"],
      output: "capSum",
    });
    assert.equal(q.status, "failed");
    const failed = q.diagnostics.find((d) => d.code === "query-failed");
    assert.match(failed?.message ?? "", /with "mw" as text \(e\.g\. '0,000', '0,600', '1,066,000'\)/);
  });

  test("a JSON field of numbers and blank strings is read as numbers, each blank as NULL", async () => {
    const t = entry("blanks.json").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["crop:VARCHAR", "t:DOUBLE", "note:JSON"],
    );
    assert.match(t.notes?.join(" ") ?? "", /"t" \(1 blank string\)/);
    assert.deepEqual(
      await scanThenFirstRow(
        "blanks.json",
        "crops",
        "SELECT count(*) AS n, count(t) AS nt, sum(t) AS total FROM crops",
      ),
      [4, 3, 2398.5],
    );
  });

  test("text padded with blanks around every value is read trimmed; an indent alone is kept", async () => {
    const t = entry("padded.csv").tables![0]!;
    assert.deepEqual(
      t.columns.filter((c) => c.padded).map((c) => c.name),
      ["State", "County", "Name"],
    );
    assert.deepEqual(
      await scanThenFirstRow(
        "padded.csv",
        "padded",
        "SELECT count(*) FILTER (WHERE State = '01') AS alabama, max(Name) AS last FROM padded",
      ),
      [2, "Baldwin County"],
    );
    const indented = entry("indented.csv").tables![0]!;
    assert.equal(indented.columns[0]!.padded, undefined);
    const fixed = entry("fixedWidth.csv").tables![0]!;
    assert.deepEqual(
      fixed.columns.filter((c) => c.padded).map((c) => c.name),
      ["Type"],
    );
    assert.deepEqual(
      await scanThenFirstRow(
        "fixedWidth.csv",
        "fixed",
        "SELECT count(*) FILTER (WHERE Type = 'PWR') AS pwr FROM fixed",
      ),
      [2],
    );
  });

  test("a report's banner lines written as rows of zeros under the header are notes, not rows", async () => {
    const scan = await runtime.call({ op: "Scan", file: "banner.csv", output: "banner" });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    const o = scan.observation as {
      rowCount: number;
      preview: { rows: unknown[][]; origins: { line: number }[] };
    };
    assert.equal(o.rowCount, 1);
    assert.deepEqual(
      o.preview.origins.map((x) => x.line),
      [7],
    );
    assert.match(
      scan.diagnostics.map((d) => d.message).join(" "),
      /line 2 under the header \("Expeditions to Lhotse Middle \(8410m\)/,
    );
  });

  test("dates with a blank mask for an unknown date are dates; the mask is a missing-value marker", async () => {
    const t = entry("masked.csv").tables![0]!;
    const summit = t.columns.find((c) => c.name === "summit")!;
    assert.equal(summit.type, "DATE");
    assert.deepEqual(summit.missingMarkers, [{ value: "-   -", count: 2 }]);
    assert.deepEqual(
      await scanThenFirstRow(
        "masked.csv",
        "masked",
        "SELECT count(summit) AS n, CAST(max(summit) AS VARCHAR) AS latest FROM masked",
      ),
      [3, "2010-05-23"],
    );
  });

  test("an unnamed first column numbering the rows 1…n is a row index: said by the map, no header-offset", async () => {
    const t = entry("rownames.csv").tables![0]!;
    assert.deepEqual(t.columns[0]!.rowIndex, { first: 1, last: 4 });
    const scan = await runtime.call({ op: "Scan", file: "rownames.csv", output: "rownames" });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    assert.deepEqual(
      scan.diagnostics.filter((d) => d.code === "header-offset"),
      [],
    );
    assert.equal(entry("unnamedData.csv").tables![0]!.columns[0]!.rowIndex, undefined);
    // R's bare NA in a text column is no value; a quoted "NA" is one.
    const pexpid = t.columns.find((c) => c.name === "pexpid")!;
    assert.deepEqual(pexpid.missingMarkers, [{ value: "NA", count: 2 }]);
    const q = await runtime.call({
      op: "Query",
      sql: "SELECT count(pexpid) AS ids, count(*) FILTER (WHERE pexpid = 'NA') AS na_text FROM rownames",
      inputs: ["rownames"],
      output: "rNa",
    });
    assert.deepEqual((q.observation as { records: { rows: unknown[][] } }).records.rows[0], [2, 0]);
    const iso = entry("namibia.csv").tables![0]!.columns.find((c) => c.name === "iso2")!;
    assert.equal(iso.missingMarkers, undefined);
    assert.ok(iso.samples.includes("NA"));
    const other = await runtime.call({ op: "Scan", file: "unnamedData.csv", output: "unnamedData" });
    assert.equal(other.diagnostics.filter((d) => d.code === "header-offset").length, 1);
  });

  test("a column blank on every row is said under its table; one with a single value is not", async () => {
    const t = entry("blankColumn.csv").tables![0]!;
    assert.equal(t.columns.find((c) => c.name === "Macroarea")!.empty, true);
    assert.equal(t.columns.find((c) => c.name === "Genus")!.empty, undefined);
    assert.ok(
      tableFactLines(t).includes("no value on any of the 4 rows (every cell blank): Macroarea"),
      tableFactLines(t).join("\n"),
    );
    const scan = await runtime.call({ op: "Scan", file: "blankColumn.csv", output: "blankColumn" });
    assert.match(
      JSON.stringify(scan.observation),
      /no value on any of the 4 rows \(every cell blank\): Macroarea/,
    );
  });

  test("a JSON field of numbers and numbers written as strings is read as numbers", async () => {
    const t = entry("plusZero.json").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["model:VARCHAR", "q4:BIGINT"],
    );
    assert.match(t.notes?.join(" ") ?? "", /"q4" \(2 numbers written as text: "\+0", "-0"\)/);
    assert.deepEqual(
      await scanThenFirstRow("plusZero.json", "units", "SELECT sum(q4) AS total, count(q4) AS n FROM units"),
      [2883 + 733, 4],
    );
  });

  test("a JSON field of dates written day first is read as dates, a blank as NULL", async () => {
    const t = entry("born.json").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["who:VARCHAR", "born:DATE", "club:VARCHAR"],
    );
    assert.match(t.notes?.join(" ") ?? "", /"born" \(%d\.%m\.%Y\) holds dates written as text/);
    assert.deepEqual(
      await scanThenFirstRow(
        "born.json",
        "born",
        "SELECT CAST(max(born) AS VARCHAR) AS latest, count(born) AS n FROM born",
      ),
      ["1995-01-02", 3],
    );
  });

  test("a header whose cells hold line breaks: every data row read, each at its own line", async () => {
    const one = await runtime.call({ op: "Scan", file: "brokenHeader.csv", output: "broken" });
    assert.equal(one.status, "ok", JSON.stringify(one));
    const o = one.observation as {
      rowCount: number;
      preview: { origins: { line: number }[]; rows: unknown[][] };
    };
    assert.equal(o.rowCount, 3);
    assert.deepEqual(o.preview.rows[0], ["Alabama", 49936, 2423]);
    assert.deepEqual(
      o.preview.origins.map((x) => x.line),
      [4, 5, 6],
    );
    const second = await runtime.call({
      op: "Scan",
      file: "brokenBlocks.csv",
      sheet: "block 2",
      output: "constant",
    });
    assert.equal(second.status, "ok", JSON.stringify(second));
    const b = second.observation as {
      rowCount: number;
      preview: { origins: { line: number }[]; rows: unknown[][] };
    };
    assert.equal(b.rowCount, 3);
    assert.deepEqual(b.preview.rows[0], ["Alabama", 47244, 1389]);
    assert.deepEqual(
      b.preview.origins.map((x) => x.line),
      [13, 14, 15],
    );
  });

  test("fill values of a table DuckDB types itself (JSON) are found as in text files", () => {
    const late = entry("fills.json").tables![0]!.columns.find((c) => c.name === "late")!;
    assert.deepEqual(
      late.fillValues?.map((f) => [f.value, f.count]),
      [[-999, 3]],
    );
  });

  test("quoted newlines and blank lines keep exact row counts", () => {
    assert.equal(entry("multiline.csv").tables![0]!.rowCount, 4);
  });

  test("encodings: Latin-1, UTF-16 with BOM, UTF-8 BOM, Windows-1252", () => {
    assert.equal(entry("latin1.csv").encoding, "latin-1");
    assert.ok(entry("latin1.csv").tables![0]!.columns[1]!.samples.includes("São Paulo"));
    assert.equal(entry("utf16.tsv").encoding, "utf-16");
    assert.deepEqual(
      entry("utf16.tsv").tables![0]!.columns.map((c) => c.name),
      ["id", "word"],
    );
    assert.deepEqual(
      entry("bom.csv").tables![0]!.columns.map((c) => c.name),
      ["a", "b"],
    );
    assert.equal(entry("cp1252.csv").encoding, "windows-1252");
    assert.ok(
      entry("cp1252.csv").tables![0]!.columns[1]!.samples.some((s) => s.includes("\u201cquoted\u201d")),
    );
    assert.equal(entry("cp1250.csv").encoding, "windows-1250");
    assert.ok(entry("cp1250.csv").tables![0]!.columns[0]!.samples.includes("paź.10"));
    assert.ok(entry("cp1250.csv").tables![0]!.columns[2]!.samples.includes("Łódź"));
    assert.equal(entry("cp1252es.csv").encoding, "windows-1252");
    assert.ok(entry("cp1252es.csv").tables![0]!.columns[0]!.samples.includes("¿Qué?"));
  });

  test("JSON array, JSON lines and Parquet", () => {
    assert.equal(entry("array.json").format, "json");
    assert.equal(entry("array.json").tables![0]!.rowCount, 3);
    assert.equal(entry("lines.jsonl").format, "jsonl");
    assert.equal(entry("lines.jsonl").tables![0]!.rowCount, 3);
    assert.equal(entry("data.parquet").format, "parquet");
    assert.equal(entry("data.parquet").tables![0]!.rowCount, 1000);
  });

  test("Excel: every sheet, with title rows detected", () => {
    const e = entry("book.xlsx");
    assert.equal(e.format, "xlsx");
    assert.deepEqual(
      e.tables?.map((t) => t.sheet),
      ["Summary", "Detail"],
    );
    const summary = e.tables![0]!;
    assert.equal(summary.headerLine, 3);
    assert.deepEqual(
      summary.columns.map((c) => `${c.name}:${c.type}`),
      ["Region:VARCHAR", "Sales:DOUBLE"],
    );
    assert.equal(e.tables![1]!.columns[1]!.type, "DATE");
  });

  test("HTML tables", () => {
    const t = entry("page.html").tables![0]!;
    assert.deepEqual(
      t.columns.map((c) => `${c.name}:${c.type}`),
      ["City:VARCHAR", "Pop:BIGINT"],
    );
    assert.equal(t.headerLine, 3);
    assert.equal(t.rowCount, 2);
  });

  test("malformed files stay in the map with a clear error, never a crash", () => {
    assert.match(entry("empty.csv").error ?? "", /empty/);
    assert.match(entry(".DS_Store").error ?? "", /binary/);
    assert.match(entry("truncated.json").error ?? "", /could not read as json/);
    assert.match(entry("corrupt.xlsx").error ?? "", /could not read as xlsx/);
    const ragged = entry("ragged.csv");
    assert.equal(ragged.error, undefined);
    assert.equal(ragged.tables![0]!.rowCount, 3);
  });

  test("text files keep their first lines", () => {
    assert.deepEqual(entry("notes.md").firstLines?.slice(0, 1), ["# Notes"]);
  });

  test("crawl skips .gitignore'd folders, node_modules and links out of the lake", () => {
    const paths = runtime.map.files.map((f) => f.path);
    assert.ok(!paths.some((p) => p.startsWith("ignored/")));
    assert.ok(!paths.some((p) => p.startsWith("node_modules/")));
    assert.ok(!paths.includes("link-out.csv"));
    assert.ok(paths.includes("link-in.csv"));
  });

  test("an unchanged lake re-maps from the cache; a touched file is re-read", async () => {
    const again = await Runtime.open(lake, { radarDir: stateDir });
    try {
      assert.equal(again.mapStats.profiled, 0);
      assert.equal(again.mapStats.fromCache, runtime.map.files.length);
    } finally {
      again.close();
    }
    utimesSync(join(lake, "comma.csv"), new Date(), new Date(Date.now() + 5000));
    const touched = await Runtime.open(lake, { radarDir: stateDir });
    try {
      // comma.csv and link-in.csv, the link inside the lake that points at it.
      assert.equal(touched.mapStats.profiled, 2);
    } finally {
      touched.close();
    }
  });
});
