import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Runtime } from "../../src/core/runtime.ts";
import type { QueryObservation } from "../../src/core/operators/query/queryObservation.ts";
import type { ScanObservation } from "../../src/core/operators/scan/scanObservation.ts";
import type { SourceEntry, TableProfile } from "../../src/core/sourceMap/sourceEntry.ts";
import { analyzeTable, splitBlocks } from "../../src/core/sourceMap/layout/tableLayout.ts";
import { countingRules, footnoteLike } from "../../src/core/sourceMap/layout/footnotes.ts";
import { headerMisfits } from "../../src/core/sourceMap/layout/headerFit.ts";
import { detectFixedWidth } from "../../src/core/sourceMap/profiling/fixedWidth.ts";
import { decodeWindows1252, detectEncoding } from "../../src/core/sourceMap/sniff/fileSample.ts";
import { splitRecords } from "../../src/core/sourceMap/readers/delimitedText.ts";
import { sourceMapSummary } from "../../src/agent/sourceMapSummary.ts";
import { repoRoot, tempLake } from "../helpers/tempLake.ts";

const rowsOf = (text: string): string[][] => splitRecords(text, ",").records.map((r) => r.fields);
const names = (text: string): string[] => {
  const rows = rowsOf(text);
  return analyzeTable(rows, { width: Math.max(...rows.map((r) => r.length)) }).names.map((n) => n.trim());
};

describe("table layout (rows of cells)", () => {
  test("a title line with delimiters is not the header: the header starts the consistent table", () => {
    const text = [
      "Population estimates by state",
      "Source: Bureau of the Census, 2022 release",
      "state,year,population",
      "Alabama,2022,5074296",
      "Alaska,2022,733583",
      "Arizona,2022,7359197",
    ].join("\n");
    const rows = rowsOf(text);
    const layout = analyzeTable(rows, { width: 3 });
    assert.equal(layout.headerRow, 2);
    assert.deepEqual(layout.titleRows, [0, 1]);
    assert.equal(layout.dataEnd - layout.dataStart, 3);
  });

  test("a first row of data is not taken for the header", () => {
    const layout = analyzeTable(rowsOf("1,Alice,10\n2,Bob,20\n3,Carol,30\n"), { width: 3 });
    assert.equal(layout.headerRow, null);
    assert.equal(layout.dataStart, 0);
    // …while a header of years over numbers is a header.
    assert.equal(analyzeTable(rowsOf("Region,2020,2021\nNorth,5,6\nSouth,7,8\n"), { width: 3 }).headerRow, 0);
  });

  test("group labels over pairs of columns become part of the names", () => {
    assert.deepEqual(
      names(
        "Beach datasheet,,,,,\n,,North,,South,\nDate,Rain,Tag,Entero,Tag,Entero\n2024-06-03,0,A,10,C,35\n2024-06-10,0.5,A,104,C,12\n",
      ),
      ["Date", "Rain", "North Tag", "North Entero", "South Tag", "South Entero"],
    );
    assert.deepEqual(names(",2023,,2024,\nRegion,Q1,Q2,Q1,Q2\nNorth,1,2,3,4\nSouth,5,6,7,8\n"), [
      "Region",
      "2023 Q1",
      "2023 Q2",
      "2024 Q1",
      "2024 Q2",
    ]);
    // A line of text split at its commas above the header labels nothing.
    assert.deepEqual(names("# units: mg/L, degrees C\nsample,ph,temp\nS1,7.1,12.5\nS2,6.8,13\n"), [
      "sample",
      "ph",
      "temp",
    ]);
  });

  test("a units row under the header is appended to the names; long header rows stay notes", () => {
    assert.deepEqual(
      names("State,Reports,Loss\n,(count),(USD)\nAlabama,26049,104201969\nAlaska,4917,26942595\n"),
      ["State", "Reports (count)", "Loss (USD)"],
    );
    const rows = rowsOf(
      "Q1,Q2\nHow satisfied are you with onboarding? (1-5),How likely are you to recommend us? (0-10)\n4,9\n5,10\n3,7\n",
    );
    const layout = analyzeTable(rows, { width: 2 });
    assert.deepEqual(layout.subHeaderRows, [{ index: 1, use: "note" }]);
    assert.deepEqual(layout.names, ["Q1", "Q2"]);
    assert.equal(layout.dataStart, 2);
  });

  test("a trailer block after a blank row, statistic rows and footnotes end the table", () => {
    const payment = rowsOf(
      readFileSync(
        join(repoRoot, "test/fixtures/legal/2024_CSN_Fraud_Reports_by_Payment_Method.csv"),
        "utf8",
      ),
    );
    const layout = analyzeTable(payment, { width: 3 });
    assert.equal(layout.dataEnd - layout.dataStart, 10);
    assert.deepEqual(
      layout.footer.map((f) => [payment[f.index]![0], f.kind]),
      [
        ["Number of Fraud Reports", "trailer"],
        ["# of Reports with Payment Method", "trailer"],
        ["Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission", "note"],
      ],
    );
    // The same file as a sheet (LibreOffice's copy): blank rows are no rows but gaps before the next.
    const sheetRows = payment.filter((r) => r.some((c) => c.trim() !== ""));
    const gapBefore = payment
      .map((r, i) => ({ r, blankBefore: i > 0 && payment[i - 1]!.every((c) => c.trim() === "") }))
      .filter(({ r }) => r.some((c) => c.trim() !== ""))
      .map(({ blankBefore }) => blankBefore);
    const sheet = analyzeTable(sheetRows, { width: 3, gapBefore });
    assert.equal(sheet.dataEnd - sheet.dataStart, 10);
    assert.deepEqual(
      sheet.footer.map((f) => [sheetRows[f.index]![0], f.kind]),
      [
        ["Number of Fraud Reports", "trailer"],
        ["# of Reports with Payment Method", "trailer"],
        ["Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission", "note"],
      ],
    );
    const precip = rowsOf(
      "Year,Jan,Feb\n2001,1.2,3.4\n2002,2.2,0.4\n2003,0.7,1.1\nMean,1.4,1.6\nMax,2.2,3.4\n",
    );
    const p = analyzeTable(precip, { width: 3 });
    assert.equal(p.dataEnd - p.dataStart, 3);
    assert.deepEqual(
      p.footer.map((f) => f.kind),
      ["summary", "summary"],
    );
  });

  test("blank lines between groups of rows of one shape keep every row", () => {
    const rows = rowsOf("city,month,visits\nAustin,1,10\nAustin,2,11\n,,\nDallas,1,20\nDallas,2,21\n");
    const layout = analyzeTable(rows, { width: 3 });
    assert.equal(layout.dataEnd, rows.length);
    assert.deepEqual(splitBlocks(rows), [{ start: 0, end: rows.length }]);
  });

  test("blocks: footnotes between blocks stay with the block above, titles go to the block below", () => {
    const rows = rowsOf(
      readFileSync(
        join(
          repoRoot,
          "test/fixtures/legal/2024_CSN_Fraud, Identity Theft, and Other Reports by Military Consumers.csv",
        ),
        "utf8",
      ),
    );
    const blocks = splitBlocks(rows);
    assert.equal(blocks.length, 3);
    const second = analyzeTable(rows, { width: 6, ...blocks[1]! });
    assert.deepEqual(
      second.footer.map((f) => rows[f.index]![0]),
      [
        "Of the 212,158 total reports from military consumers in 2024, 92% provided military branch information.",
      ],
    );
    assert.deepEqual(analyzeTable(rows, { width: 6, ...blocks[2]! }).titleRows, []);
  });
});

describe("footnotes, header fit, fixed width, encodings", () => {
  test("counting rules are found sentence by sentence", () => {
    const rules = countingRules([
      {
        line: 35,
        text: "Consumers can report multiple types of identity theft. In 2024, 14% of identity theft reports included more than one type of identity theft",
      },
      { line: 29, text: "The reported figures exclude National Do Not Call Registry complaints." },
      { line: 12, text: "Percentages may not add to 100 due to rounding." },
      { line: 40, text: "Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission" },
    ]);
    assert.deepEqual(
      rules.map((r) => [r.kind, r.line, r.sentence]),
      [
        ["overlap", 35, "Consumers can report multiple types of identity theft."],
        [
          "overlap",
          35,
          "In 2024, 14% of identity theft reports included more than one type of identity theft",
        ],
        ["excludes", 29, "The reported figures exclude National Do Not Call Registry complaints."],
        ["not-100", 12, "Percentages may not add to 100 due to rounding."],
      ],
    );
    assert.ok(
      footnoteLike(
        "Of the 212,158 total reports from military consumers in 2024, 92% provided military branch information.",
      ),
    );
    assert.ok(!footnoteLike("Reported Fraud Losses in $1 - $1,000 Range"));
  });

  test("a header that does not fit its values is reported only when a neighbour's values fit it", () => {
    const rows = [
      ["2020", "Bank Account", "89684"],
      ["2020", "Credit Card", "393446"],
      ["2021", "Bank Account", "124544"],
    ];
    assert.deepEqual(headerMisfits(["Theft Type", "Year", "# of Reports"], rows, 4), [
      {
        column: "Year",
        expected: "year",
        neighbour: "Theft Type",
        samples: ["Bank Account", "Credit Card"],
        line: 4,
      },
    ]);
    // A column named Year holding labels, with no years anywhere: not a swapped header.
    assert.deepEqual(
      headerMisfits(
        ["Year", "Reports"],
        [
          ["Mean", "3"],
          ["Max", "5"],
        ],
        2,
      ),
      [],
    );
  });

  test("fixed-width text with a header and with a dash underline", () => {
    const spaced = detectFixedWidth(
      [
        "STATION      NAME                 ELEV",
        "USW00012345  AUSTIN BERGSTROM     146.0",
        "USW00023456  DALLAS LOVE FIELD    148.1",
        "USW00034567  EL PASO INTL        1194.1",
      ].join("\n"),
    );
    assert.deepEqual(
      spaced?.columns.map((c) => c.name),
      ["STATION", "NAME", "ELEV"],
    );
    const dashed = detectFixedWidth(
      [
        "ID  NAME     QTY",
        "--  -------  ---",
        "1   bolt      10",
        "2   nut       20",
        "3   washer    30",
      ].join("\n"),
    );
    assert.equal(dashed?.dataLine, 2);
    // The blanks between columns go to the column that grows into them (fixedWidth.ts
    // cutAcrossGaps): the ids' to ID (NAME is set left), half of NAME/QTY's to each (QTY holds
    // numbers, set right), and the last column runs to the line's end.
    assert.deepEqual(
      dashed?.columns.map((c) => [c.name, c.start, c.width]),
      [
        ["ID", 0, 4],
        ["NAME", 4, 8],
        ["QTY", 12, 100_000],
      ],
    );
    assert.equal(
      detectFixedWidth(
        "These files come from the survey.\nEach row is one visit, not one person.\nThanks.\n",
      ),
      undefined,
    );
  });

  test("Windows-1252 is told from Latin-1 by its bytes 0x80–0x9F", () => {
    const cp = Buffer.from([0x50, 0x72, 0x69, 0x78, 0x20, 0x80, 0x3b, 0x93, 0x6f, 0x6b, 0x94, 0x0a]);
    assert.equal(
      detectEncoding({ head: cp, tail: Buffer.alloc(0), bytes: cp.length, complete: true }),
      "windows-1252",
    );
    assert.equal(decodeWindows1252(cp), "Prix \u20ac;\u201cok\u201d\n");
    const latin = Buffer.from("Jos\xe9;S\xe3o Paulo\n", "latin1");
    assert.equal(
      detectEncoding({ head: latin, tail: Buffer.alloc(0), bytes: latin.length, complete: true }),
      "latin-1",
    );
  });
});

// The FTC data book's own files (public data, copied into test/fixtures/legal), with the numbers
// analysts met (issue 18) as expectations.
describe("the data book's layouts, end to end", () => {
  const fixtures = join(repoRoot, "test/fixtures/legal");
  const files = Object.fromEntries(
    readdirSync(fixtures)
      .filter((f) => f.endsWith(".csv"))
      .map((f) => [f, readFileSync(join(fixtures, f))]),
  );
  const { lake, stateDir } = tempLake(files);
  let runtime: Runtime;
  const entry = (name: string): SourceEntry => runtime.map.files.find((f) => f.path === name)!;
  const table = (name: string, sheet?: string): TableProfile =>
    entry(name).tables!.find((t) => sheet === undefined || t.sheet === sheet)!;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: stateDir });
  });
  after(() => runtime?.close());

  test("payment methods: 10 rows, the trailer block kept as notes; the sum is the file's 475,905", async () => {
    const t = table("2024_CSN_Fraud_Reports_by_Payment_Method.csv");
    assert.equal(t.rowCount, 10);
    assert.deepEqual(
      t.footer?.rows?.map((r) => [r.line, r.kind, r.text]),
      [
        [15, "trailer", "Number of Fraud Reports | 2,600,678"],
        [16, "trailer", "# of Reports with Payment Method | 475,905 | 18% of Total"],
        [18, "note", "Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission"],
      ],
    );
    const scan = await runtime.call({
      op: "Scan",
      file: "2024_CSN_Fraud_Reports_by_Payment_Method.csv",
      output: "payment",
    });
    assert.equal(scan.status, "ok", JSON.stringify(scan));
    const info = scan.diagnostics.find((d) => d.code === "header-offset");
    assert.ok(info?.message.includes('"Number of Fraud Reports | 2,600,678"'), info?.message);
    assert.ok(
      info?.message.includes('"# of Reports with Payment Method | 475,905 | 18% of Total"'),
      info?.message,
    );
    assert.deepEqual(
      info?.locations.map((l) => l.line),
      [3, 15, 16, 18],
    );
    const sum = await runtime.call({
      op: "Query",
      sql: 'SELECT sum("# of Reports") AS s FROM payment',
      inputs: ["payment"],
      output: "payment_sum",
    });
    assert.equal(sum.status, "ok", JSON.stringify(sum));
    assert.equal(Number((sum.observation as QueryObservation).records.rows[0]![0]), 475_905);
  });

  test("Top Three Identity Theft Reports by Year: the swapped header is reported with its rows", async () => {
    const t = table("2024_CSN_Top_Three_Identity_Theft_Reports_by_Year.csv");
    assert.deepEqual(t.headerFit, [
      {
        column: "Year",
        expected: "year",
        neighbour: "Theft Type",
        samples: ["Bank Account", "Credit Card", "Loan or Lease"],
        line: 4,
      },
    ]);
    const scan = await runtime.call({
      op: "Scan",
      file: "2024_CSN_Top_Three_Identity_Theft_Reports_by_Year.csv",
      output: "top3",
    });
    const warning = scan.diagnostics.find((d) => d.code === "header-offset" && d.severity === "warning");
    assert.match(warning?.message ?? "", /"Year" is named like a year but holds no years \("Bank Account"/);
    assert.match(warning?.message ?? "", /while "Theft Type" holds them/);
  });

  test("identity theft by type: the counting rule is attached, and the footnote is quoted whole", async () => {
    const t = table("2024_CSN_Identity_Theft_Reports_by_Type.csv");
    assert.deepEqual(
      t.countingRules?.map((r) => [r.kind, r.line, r.sentence]),
      [
        ["overlap", 35, "Consumers can report multiple types of identity theft."],
        [
          "overlap",
          35,
          "In 2024, 14% of identity theft reports included more than one type of identity theft",
        ],
      ],
    );
    const scan = await runtime.call({
      op: "Scan",
      file: "2024_CSN_Identity_Theft_Reports_by_Type.csv",
      output: "idt_types",
    });
    const info = scan.diagnostics.find((d) => d.code === "header-offset");
    assert.ok(
      info?.message.includes(
        '"Consumers can report multiple types of identity theft. In 2024, 14% of identity theft reports included more than one type of identity theft"',
      ),
      info?.message,
    );
    assert.deepEqual((scan.observation as ScanObservation).provenance.footerLines, t.footer?.lines);
    // The model sees the rule in the map summary before its first query.
    const summary = sourceMapSummary(runtime.map, [
      { path: "2024_CSN_Identity_Theft_Reports_by_Type.csv", score: 1, reasons: [] },
    ]);
    assert.match(
      summary,
      /counting rule \(note, line 35\): "Consumers can report multiple types of identity theft\."/,
    );
  });

  test("state identity theft: the percentages' base and the overlap rule (Alabama's types add to 122 %)", async () => {
    const t = table("2024_CSN_State_Identity_Theft_Reports.csv");
    assert.deepEqual(
      t.countingRules?.map((r) => r.kind),
      ["denominator", "overlap"],
    );
    await runtime.call({
      op: "Scan",
      file: "2024_CSN_State_Identity_Theft_Reports.csv",
      output: "state_idt",
    });
    const r = await runtime.call({
      op: "Query",
      sql: "SELECT sum(CAST(replace(Percentage, '%', '') AS INTEGER)) AS pct FROM state_idt WHERE State = 'Alabama'",
      inputs: ["state_idt"],
      output: "alabama_pct",
    });
    assert.equal(Number((r.observation as QueryObservation).records.rows[0]![0]), 122);
  });

  test("data contributors: blocks listed by short name and title; 'block 4' addresses the fourth", async () => {
    const e = entry("2024_CSN_Data_Contributors.csv");
    assert.deepEqual(
      e.tables!.map((t) => [t.sheet, t.title, t.rowCount]),
      [
        ["block 1", "FTC", 18],
        ["block 2", "Top Data Contributors", 15],
        ["block 3", "Other Data Contributors", 29],
        ["block 4", "State Law Enforcement Agencies", 65],
      ],
    );
    assert.deepEqual(
      e.tables![3]!.columns.map((c) => `${c.name}:${c.type}`),
      ["Year:BIGINT", "Data Contributor:VARCHAR", "# of Reports:BIGINT", "%:VARCHAR"],
    );
    const short = await runtime.call({
      op: "Scan",
      file: "2024_CSN_Data_Contributors.csv",
      sheet: "block 4",
      output: "b4",
    });
    assert.equal((short.observation as ScanObservation).rowCount, 65);
    const long = await runtime.call({
      op: "Scan",
      file: "2024_CSN_Data_Contributors.csv",
      sheet: "block 4: State Law Enforcement Agencies | Data Contributor | # of Reports | %",
      output: "b4_long",
    });
    assert.equal(long.status, "ok", JSON.stringify(long));
    assert.equal((long.observation as ScanObservation).provenance.sheet, "block 4");
  });

  test("reports by military consumers: the label/value rows under the first block are its notes", () => {
    const first = table("2024_CSN_Reports_by_Military_Consumers.csv", "block 1");
    assert.equal(first.rowCount, 3);
    assert.deepEqual(
      first.footer?.rows?.map((r) => r.kind),
      ["trailer", "trailer", "trailer", "trailer"],
    );
    assert.equal(first.footer?.lines[0], "# of Fraud Reports | 99,443");
  });

  test("report categories: Windows-1252 punctuation read as such", () => {
    assert.equal(entry("2024_CSN_Report_Categories.csv").encoding, "windows-1252");
  });
});
