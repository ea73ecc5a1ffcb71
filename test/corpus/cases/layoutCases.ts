import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { repoRoot } from "../../helpers/tempLake.ts";
import type { CorpusCase } from "../corpusCase.ts";

/**
 * Where a table sits in a delimited file and what its columns are called: encodings, line ends,
 * quoting, ragged rows, title blocks, footnotes, trailer blocks, multi-row headers, blocks, dates,
 * fixed width, long fields, NUL padding.
 */

const lines = (rows: string[], eol = "\n"): string => rows.join(eol) + eol;
const legal =
  (name: string): (() => Buffer) =>
  () =>
    readFileSync(join(repoRoot, "test/fixtures/legal", name));
const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

const STATES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
];
/** A beach datasheet as Excel writes it: a merged title, sampling points merged over column pairs. */
async function beachWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("2024");
  ws.addRow(["Beach Water Quality Datasheet 2024"]);
  ws.mergeCells("A1:H1");
  ws.addRow(["", "", "North", "", "Middle", "", "South", ""]);
  ws.mergeCells("C2:D2");
  ws.mergeCells("E2:F2");
  ws.mergeCells("G2:H2");
  ws.addRow(["Date", "Rain", "Tag", "Enterococcus", "Tag", "Enterococcus", "Tag", "Enterococcus"]);
  ws.addRow([new Date(Date.UTC(2024, 5, 3)), 0, "A", 10, "B", 20, "C", 35]);
  ws.addRow([new Date(Date.UTC(2024, 5, 10)), 0.5, "A", 104, "B", 52, "C", 12]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export const layoutCases: CorpusCase[] = [
  // ----------------------------------------------------------------- encodings and line ends
  {
    name: "utf8-bom",
    owner: "layout",
    about: "Excel's 'CSV UTF-8' export starts with a byte-order mark",
    files: { "bom.csv": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("a,b\n1,2\n3,4\n")]) },
    expect: [{ file: "bom.csv", table: { rows: 2, columns: ["a:BIGINT", "b:BIGINT"] } }],
  },
  {
    name: "utf16le-bom",
    owner: "layout",
    about: "Excel's 'Unicode text' export: UTF-16 little-endian with a BOM, tab-separated",
    files: {
      "u16.txt": Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from("id\tword\n1\tcaf\u00e9\n2\tna\u00efve\n", "utf16le"),
      ]),
    },
    expect: [{ file: "u16.txt", table: { rows: 2, columns: ["id", "word"], encoding: "utf-16" } }],
  },
  {
    name: "latin1",
    owner: "layout",
    about: "an ISO-8859-1 export from an older system",
    files: { "latin1.csv": Buffer.from("name;city\nJos\xe9;S\xe3o Paulo\nAna;M\xfcnchen\n", "latin1") },
    expect: [
      {
        file: "latin1.csv",
        table: {
          rows: 2,
          encoding: "latin-1",
          check: (t) =>
            t.columns[1]?.samples.includes("S\u00e3o Paulo") ? undefined : `samples ${t.columns[1]?.samples}`,
        },
      },
    ],
  },
  {
    name: "windows-1252-euro-header",
    owner: "layout",
    about: "a French Excel export in Windows-1252: ';' delimiter, '\u20ac' in the header, curly quotes",
    files: {
      "prix.csv": bytes(
        "Produit;Prix ",
        [0x80],
        ";Remarque\nCaf\xe9;3,50;",
        [0x93],
        "bon",
        [0x94],
        "\nTh\xe9;2,80;ok\n",
      ),
    },
    expect: [
      {
        file: "prix.csv",
        table: { rows: 2, columns: ["Produit", "Prix \u20ac", "Remarque"], encoding: "windows-1252" },
      },
    ],
  },
  {
    name: "windows-1252-late-byte",
    owner: "layout",
    about: "a long export whose only Windows-1252 byte (an en dash) sits past the sampled head",
    files: {
      "long.csv": () => {
        const head = ["id,label"];
        for (let i = 0; i < 60_000; i++) head.push(`${i},row number ${i}`);
        const tail: string[] = [];
        for (let i = 60_001; i < 70_000; i++) tail.push(`${i},row number ${i}`);
        return bytes(lines(head), "60000,range 1", [0x96], "2\n", lines(tail));
      },
    },
    expect: [
      {
        file: "long.csv",
        table: { rows: 70_000, columns: ["id:BIGINT", "label"], encoding: "windows-1252" },
      },
    ],
  },
  {
    name: "crlf",
    owner: "layout",
    about: "Windows line ends",
    files: { "crlf.csv": lines(["a,b", "1,x", "2,y"], "\r\n") },
    expect: [{ file: "crlf.csv", table: { rows: 2, columns: ["a:BIGINT", "b:VARCHAR"] } }],
  },
  {
    name: "lone-cr",
    owner: "layout",
    about: "classic Mac OS line ends (a lone CR)",
    files: { "cr.csv": lines(["a,b", "1,x", "2,y", "3,z"], "\r") },
    expect: [{ file: "cr.csv", table: { rows: 3, columns: ["a:BIGINT", "b:VARCHAR"] } }],
  },
  {
    name: "no-final-newline",
    owner: "layout",
    about: "the last record is not followed by a line break",
    files: { "nofinal.csv": "a,b\n1,2\n3,4" },
    expect: [{ file: "nofinal.csv", table: { rows: 2, columns: ["a:BIGINT", "b:BIGINT"] } }],
  },
  // ------------------------------------------------------------------------------ quoting
  {
    name: "quoted-newlines",
    owner: "layout",
    about: "free-text comments with line breaks inside quoted cells, and a blank line between records",
    files: {
      "comments.csv":
        'id,comment,value\n1,"first line\nsecond line",10\n\n2,plain,20\n3,"a\n\nb",30\n4,end,40\n',
    },
    expect: [{ file: "comments.csv", table: { rows: 4, columns: ["id:BIGINT", "comment", "value:BIGINT"] } }],
  },
  {
    name: "quoted-delimiters",
    owner: "layout",
    about: "commas and doubled quotes inside quoted cells",
    files: { "quotes.csv": 'name,quote,n\n"Smith, J.","He said ""hi""",1\n"Doe, A.",plain,2\n' },
    expect: [{ file: "quotes.csv", table: { rows: 2, columns: ["name", "quote", "n:BIGINT"] } }],
  },
  // ------------------------------------------------------------------------ ragged and names
  {
    name: "ragged-short-rows",
    owner: "layout",
    about: "rows missing their trailing cells",
    files: { "ragged.csv": "a,b,c\n1,2,3\n4,5\n6,7,8\n" },
    expect: [{ file: "ragged.csv", table: { rows: 3, columns: ["a", "b", "c"] } }],
  },
  {
    name: "ragged-long-rows",
    owner: "layout",
    about: "a row with one cell more than the header",
    files: { "long-rows.csv": "a,b\n1,2\n3,4,5\n6,7\n" },
    expect: [
      {
        file: "long-rows.csv",
        table: {
          rows: 3,
          check: (t) =>
            t.columns[0]?.name === "a" && t.columns[1]?.name === "b" ? undefined : "columns a, b first",
        },
      },
    ],
  },
  {
    name: "duplicate-column-names",
    owner: "layout",
    about: "two columns with the same header text",
    files: { "dup.csv": "a,a,b\n1,2,3\n" },
    expect: [{ file: "dup.csv", table: { rows: 1, columns: ["a", "a_2", "b"] } }],
  },
  {
    name: "empty-column-name",
    owner: "layout",
    about: "pandas to_csv with its index: the first header cell is empty",
    files: { "pandas.csv": ",city,pop\n0,Austin,961855\n1,Dallas,1304379\n" },
    expect: [{ file: "pandas.csv", table: { rows: 2, headerLine: 1, columns: ["column0", "city", "pop"] } }],
  },
  {
    name: "trailing-delimiter",
    owner: "layout",
    about: "every line ends with a delimiter (an empty last column)",
    files: { "trail.csv": "a,b,\n1,2,\n3,4,\n" },
    expect: [
      {
        file: "trail.csv",
        table: {
          rows: 2,
          check: (t) =>
            t.columns[0]?.name === "a" && t.columns[1]?.type === "BIGINT" ? undefined : "a, b BIGINT",
        },
      },
    ],
  },
  {
    name: "decimal-comma",
    owner: "layout",
    about: "a German export: ';' delimiter and decimal commas ('1,500' is one and a half)",
    files: { "preise.csv": "Produkt;Preis;Menge\nA;1,5;3\nB;2,25;4\nC;1,500;5\n" },
    expect: [
      {
        file: "preise.csv",
        table: {
          rows: 3,
          check: (t) =>
            t.columns[1]?.type === "BIGINT" ? "Preis read as thousands (1,500 → 1500)" : undefined,
        },
      },
    ],
  },
  {
    name: "header-only",
    owner: "layout",
    about: "an export with a header and no rows",
    files: { "empty-table.csv": "id,name,amount\n" },
    expect: [{ file: "empty-table.csv", table: { rows: 0, columns: ["id", "name", "amount"] } }],
  },
  // ---------------------------------------------------------------------------- title blocks
  {
    name: "title-block-with-comma",
    owner: "layout",
    about: "a title block whose source line contains the delimiter, above a plain table",
    files: {
      "census.csv": lines([
        "Population estimates by state",
        "Source: Bureau of the Census, 2022 release",
        "",
        "state,year,population",
        ...STATES.map((s, i) => `${s},2022,${1_000_000 + i * 12345}`),
      ]),
    },
    expect: [
      {
        file: "census.csv",
        table: { rows: 20, headerLine: 4, columns: ["state:VARCHAR", "year:BIGINT", "population:BIGINT"] },
      },
    ],
  },
  {
    name: "comment-lines-with-delimiter",
    owner: "layout",
    about: "'#' comment lines with commas above the header",
    files: {
      "comments-above.csv": lines([
        "# exported by LabTool, version 2.1",
        "# units: mg/L, degrees C",
        "sample,ph,temp",
        "S1,7.1,12.5",
        "S2,6.8,13.0",
        "S3,7.4,11.9",
      ]),
    },
    expect: [
      {
        file: "comments-above.csv",
        table: { rows: 3, headerLine: 3, columns: ["sample", "ph:DOUBLE", "temp:DOUBLE"] },
      },
    ],
  },
  {
    name: "excel-sep-hint",
    owner: "layout",
    about: "Excel's 'sep=;' hint line above the header",
    files: { "sep.csv": "sep=;\nA;B\n1;2\n3;4\n" },
    expect: [{ file: "sep.csv", table: { rows: 2, headerLine: 2, columns: ["A:BIGINT", "B:BIGINT"] } }],
  },
  {
    name: "two-cell-title-row",
    owner: "layout",
    about: "a title row of two cells above a blank row and the real header",
    files: {
      "categories.csv": lines([
        "Consumer Sentinel Network,Data Book 2024,,",
        ",,,",
        "Rank,Category,# of Reports,Percentage",
        '1,Credit Bureaus and Information Furnishers,"1,353,175",20.91%',
        '2,Identity Theft,"1,135,291",17.54%',
        '3,Imposter Scams,"845,806",13.07%',
      ]),
    },
    expect: [
      {
        file: "categories.csv",
        table: { rows: 3, headerLine: 3, columns: ["Rank", "Category", "# of Reports", "Percentage"] },
      },
    ],
  },
  {
    name: "data-book-title-and-footnote",
    owner: "layout",
    about: "a data-book export: title row, blank row, header, rows, blank row, quoted source line",
    files: {
      "databook.csv":
        'State Rankings: Fraud Reports,,\r\n,,\r\nRank,State,# of Reports\r\n1,Florida,"115,840"\r\n2,Georgia,"55,955"\r\n,District of Columbia,"3,225"\r\n,,\r\n"Source: Consumer Sentinel Network Data Book 2024",,\r\n',
    },
    expect: [
      {
        file: "databook.csv",
        table: {
          rows: 3,
          headerLine: 3,
          titleLines: ["State Rankings: Fraud Reports"],
          footer: ["Source: Consumer Sentinel Network Data Book 2024"],
          columns: ["Rank:BIGINT", "State:VARCHAR", "# of Reports:BIGINT"],
        },
      },
    ],
  },
  // -------------------------------------------------------------------- trailers and footers
  {
    name: "trailer-label-value",
    owner: "layout",
    about: "FTC payment methods: a blank row, then label/value rows (all reports, reports with a method)",
    files: { "payment.csv": legal("2024_CSN_Fraud_Reports_by_Payment_Method.csv") },
    expect: [
      {
        file: "payment.csv",
        table: {
          rows: 10,
          headerLine: 3,
          footer: [
            "Number of Fraud Reports | 2,600,678",
            "# of Reports with Payment Method | 475,905 | 18% of Total",
            "Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission",
          ],
        },
      },
    ],
  },
  {
    name: "trailer-statistics-rows",
    owner: "layout",
    about: "monthly precipitation by year, ending in Mean / Max / Min rows in the Year column",
    files: {
      "precip.csv": lines([
        `Year,${MONTHS.join(",")}`,
        ...Array.from(
          { length: 10 },
          (_, y) => `${2010 + y},${MONTHS.map((_, m) => ((y * 7 + m * 3) % 50) / 10 + 1).join(",")}`,
        ),
        `Mean,${MONTHS.map(() => "3.1").join(",")}`,
        `Max,${MONTHS.map(() => "5.9").join(",")}`,
        `Min,${MONTHS.map(() => "1.0").join(",")}`,
      ]),
    },
    expect: [
      {
        file: "precip.csv",
        table: {
          rows: 10,
          check: (t) =>
            t.columns[0]?.type !== "BIGINT"
              ? `Year is ${t.columns[0]?.type}`
              : t.footer?.lines.length === 3 && t.footer.lines[0]!.startsWith("Mean")
                ? undefined
                : `footer ${JSON.stringify(t.footer?.lines)}`,
        },
      },
    ],
  },
  {
    name: "total-after-blank",
    owner: "layout",
    about: "a Total row set apart from the data by a blank row",
    files: { "sales.csv": "Region,Sales\nNorth,10\nSouth,20\nEast,15\n\nTotal,45\n" },
    expect: [{ file: "sales.csv", table: { rows: 3, footer: ["Total | 45"] } }],
  },
  {
    name: "interior-blank-lines",
    owner: "layout",
    about: "groups of rows of one shape separated by blank lines: all of them are data",
    files: {
      "groups.csv": lines([
        "city,month,visits",
        "Austin,1,10",
        "Austin,2,11",
        "",
        "Dallas,1,20",
        "Dallas,2,21",
        "",
        "Waco,1,5",
        "Waco,2,6",
      ]),
    },
    expect: [
      {
        file: "groups.csv",
        table: { rows: 6, columns: ["city", "month:BIGINT", "visits:BIGINT"], footer: [] },
      },
    ],
  },
  // ------------------------------------------------------------------------ multi-row headers
  {
    name: "group-labels-over-pairs",
    owner: "layout",
    about: "a beach datasheet: title, a row naming sampling points over pairs of columns, the header",
    files: {
      "beach.csv": lines([
        "Beach Water Quality Datasheet 2024,,,,,,,,,",
        ",,,,North,,Middle,,South,",
        "Date,1-Day Rain,2-Day Rain,3-Day Rain,Tag,Enterococcus,Tag,Enterococcus,Tag,Enterococcus",
        "2024-06-03,0,0.1,0.4,A,10,B,20,C,35",
        "2024-06-10,0.5,0.5,0.6,A,104,B,52,C,12",
        "2024-06-17,0,0,0.2,A,5,B,8,C,10",
      ]),
    },
    expect: [
      {
        file: "beach.csv",
        table: {
          rows: 3,
          headerLine: 3,
          titleLines: ["Beach Water Quality Datasheet 2024"],
          columns: [
            "Date",
            "1-Day Rain",
            "2-Day Rain",
            "3-Day Rain",
            "North Tag",
            "North Enterococcus",
            "Middle Tag",
            "Middle Enterococcus",
            "South Tag",
            "South Enterococcus",
          ],
        },
      },
    ],
  },
  {
    name: "group-labels-first-row",
    owner: "layout",
    about: "a two-row header: fiscal years over Units/Revenue pairs, the row label in the top row",
    files: {
      "kpis.csv": lines([
        "Region,FY2023,,FY2024,",
        ",Units,Revenue,Units,Revenue",
        "North,1200,48000,1350,55350",
        "South,980,39200,1010,41410",
        "East,1530,61200,1620,66420",
      ]),
    },
    expect: [
      {
        file: "kpis.csv",
        table: {
          rows: 3,
          columns: [
            "Region:VARCHAR",
            "FY2023 Units:BIGINT",
            "FY2023 Revenue:BIGINT",
            "FY2024 Units:BIGINT",
            "FY2024 Revenue:BIGINT",
          ],
        },
      },
    ],
  },
  {
    name: "units-row-under-header",
    owner: "layout",
    about: "a units row under the header ((count), (USD))",
    files: {
      "losses.csv": lines([
        "State,Fraud reports,Total loss,Median loss",
        ",(count),(USD),(USD)",
        "Alabama,26049,104201969,400",
        "Alaska,4917,26942595,525",
        "Arizona,54367,336716502,600",
      ]),
    },
    expect: [
      {
        file: "losses.csv",
        table: {
          rows: 3,
          columns: [
            "State",
            "Fraud reports (count):BIGINT",
            "Total loss (USD):BIGINT",
            "Median loss (USD):BIGINT",
          ],
        },
      },
    ],
  },
  {
    name: "group-labels-merged-cells-xlsx",
    owner: "layout",
    about: "the beach datasheet in Excel: a merged title row and sampling points merged over column pairs",
    files: { "beach.xlsx": beachWorkbook },
    expect: [
      {
        file: "beach.xlsx",
        table: {
          rows: 2,
          headerLine: 3,
          columns: [
            "Date:DATE",
            "Rain",
            "North Tag",
            "North Enterococcus:BIGINT",
            "Middle Tag",
            "Middle Enterococcus",
            "South Tag",
            "South Enterococcus",
          ],
        },
      },
    ],
  },
  {
    name: "group-labels-html-colspan",
    owner: "layout",
    about: "an HTML table whose first header row spans pairs of columns (colspan)",
    files: {
      "metro.html":
        "<html><body><table>\n<tr><th></th><th colspan=2>Fraud</th><th colspan=2>Identity Theft</th></tr>\n" +
        "<tr><th>Metro</th><th>Reports</th><th>Per 100K</th><th>Reports</th><th>Per 100K</th></tr>\n" +
        "<tr><td>Miami</td><td>171462</td><td>2793</td><td>55457</td><td>903</td></tr>\n" +
        "<tr><td>Atlanta</td><td>167515</td><td>2712</td><td>42616</td><td>690</td></tr>\n" +
        "<tr><td>Orlando</td><td>63405</td><td>2330</td><td>15099</td><td>555</td></tr>\n</table></body></html>\n",
    },
    expect: [
      {
        file: "metro.html",
        table: {
          rows: 3,
          columns: [
            "Metro",
            "Fraud Reports:BIGINT",
            "Fraud Per 100K:BIGINT",
            "Identity Theft Reports:BIGINT",
            "Identity Theft Per 100K:BIGINT",
          ],
        },
      },
    ],
  },
  {
    name: "survey-header-notes",
    owner: "layout",
    about: "a Qualtrics export: question texts and import ids in the two rows under the header",
    files: {
      "survey.csv": lines([
        "StartDate,ResponseId,Q1,Q2",
        "Start Date,Response ID,How satisfied are you with onboarding? (1-5),How likely are you to recommend us? (0-10)",
        '"{""ImportId"":""startDate""}","{""ImportId"":""_recordId""}","{""ImportId"":""QID1""}","{""ImportId"":""QID2""}"',
        "2024-03-04 09:10:44,R_1,4,9",
        "2024-03-05 10:11:02,R_2,5,10",
        "2024-03-06 11:12:13,R_3,3,6",
      ]),
    },
    expect: [
      {
        file: "survey.csv",
        table: {
          rows: 3,
          headerLine: 1,
          columns: ["StartDate:TIMESTAMP", "ResponseId", "Q1:BIGINT", "Q2:BIGINT"],
          check: (t) =>
            t.headerBand?.length === 2 ? undefined : `header band ${JSON.stringify(t.headerBand)}`,
        },
      },
    ],
  },
  {
    name: "headerless-numeric",
    owner: "layout",
    about: "an export without a header row: the first row is data, not column names",
    files: { "nohead.csv": "1,Alice,10.5\n2,Bob,20\n3,Carol,7.25\n" },
    expect: [
      {
        file: "nohead.csv",
        table: { rows: 3, headerLine: 0, columns: ["column0:BIGINT", "column1", "column2:DOUBLE"] },
      },
    ],
  },
  {
    name: "title-with-comma-no-blank",
    owner: "layout",
    about: "a title line with a comma directly above the header (no blank line)",
    files: {
      "rates.csv": lines([
        "Unemployment rate, seasonally adjusted",
        "state,month,rate",
        "Alabama,2024-01,2.9",
        "Alaska,2024-01,4.6",
        "Arizona,2024-01,4.1",
      ]),
    },
    expect: [
      { file: "rates.csv", table: { rows: 3, headerLine: 2, columns: ["state", "month", "rate:DOUBLE"] } },
    ],
  },
  {
    name: "fixed-width-dash-underline",
    owner: "layout",
    about: "a fixed-width report with a title, a header underlined with dashes, and a note",
    files: {
      "report.txt": lines([
        "Inventory report, warehouse 7",
        "",
        "ID   ITEM        QTY    PRICE",
        "---  ----------  -----  ------",
        "1    bolt M6       120    0.15",
        "2    nut M6        300    0.05",
        "3    washer         80    0.02",
        "",
        "Prices in EUR.",
      ]),
    },
    expect: [
      {
        file: "report.txt",
        table: {
          rows: 3,
          headerLine: 3,
          columns: ["ID:BIGINT", "ITEM", "QTY:BIGINT", "PRICE:DOUBLE"],
          titleLines: ["Inventory report, warehouse 7"],
          footer: ["Prices in EUR."],
        },
      },
    ],
  },
  // ---------------------------------------------------------------------------------- blocks
  {
    name: "blocks-short-names",
    owner: "layout",
    about: "a data-book sheet holding four tables, each with a title row and a header",
    files: { "report-type.csv": legal("2024_CSN_Report_Type.csv") },
    expect: [
      {
        file: "report-type.csv",
        table: {
          sheets: ["block 1", "block 2", "block 3", "block 4"],
          check: (t) => (t.title === "Report Type" ? undefined : `title ${JSON.stringify(t.title)}`),
        },
      },
    ],
  },
  {
    name: "block-header-names-its-title",
    owner: "layout",
    about: "the fourth block of FTC data contributors puts its title where the others have 'Year'",
    files: { "contributors.csv": legal("2024_CSN_Data_Contributors.csv") },
    expect: [
      {
        file: "contributors.csv",
        table: {
          sheet: "block 4",
          rows: 65,
          columns: ["Year:BIGINT", "Data Contributor", "# of Reports:BIGINT", "%"],
          check: (t) =>
            t.title === "State Law Enforcement Agencies" ? undefined : `title ${JSON.stringify(t.title)}`,
        },
      },
    ],
  },
  // ------------------------------------------------------------------------------------ dates
  {
    name: "dates-long-month-names",
    owner: "layout",
    about: "dates written as 'September 1, 2024'",
    files: {
      "visits.csv": 'day,visits\n"September 1, 2024",10\n"September 15, 2024",12\n"October 3, 2024",9\n',
    },
    expect: [{ file: "visits.csv", table: { rows: 3, columns: ["day:DATE", "visits:BIGINT"] } }],
  },
  {
    name: "dates-dd-mon-yyyy",
    owner: "layout",
    about: "dates written as '1-Sep-2024' (Excel's d-mmm-yyyy)",
    files: { "samples.csv": "sampled,value\n1-Sep-2024,3\n15-Sep-2024,4\n2-Oct-2024,5\n" },
    expect: [{ file: "samples.csv", table: { rows: 3, columns: ["sampled:DATE", "value:BIGINT"] } }],
  },
  {
    name: "dates-us-slashes",
    owner: "layout",
    about: "US dates '09/13/2024' (a day above 12 settles the order)",
    files: { "us.csv": "date,amount\n09/01/2024,1\n09/13/2024,2\n10/02/2024,3\n" },
    expect: [
      {
        file: "us.csv",
        table: {
          rows: 3,
          columns: ["date:DATE", "amount:BIGINT"],
          check: (t) =>
            t.columns[0]?.dateFormat === "%m/%d/%Y" ? undefined : `format ${t.columns[0]?.dateFormat}`,
        },
      },
    ],
  },
  {
    name: "dates-european-slashes",
    owner: "layout",
    about: "European dates '13/09/2024'",
    files: { "eu.csv": "datum;betrag\n01/09/2024;1\n13/09/2024;2\n02/10/2024;3\n" },
    expect: [
      {
        file: "eu.csv",
        table: {
          rows: 3,
          columns: ["datum:DATE", "betrag:BIGINT"],
          check: (t) =>
            t.columns[0]?.dateFormat === "%d/%m/%Y" ? undefined : `format ${t.columns[0]?.dateFormat}`,
        },
      },
    ],
  },
  {
    name: "dates-ambiguous-order",
    owner: "layout",
    about: "slash dates whose day and month are all 12 or less: no order can be told, so no guess",
    files: { "amb.csv": "date,n\n01/02/2024,1\n03/04/2024,2\n05/06/2024,3\n" },
    expect: [{ file: "amb.csv", table: { rows: 3, columns: ["date:VARCHAR", "n:BIGINT"] } }],
  },
  {
    name: "timestamps-keep-time",
    owner: "layout",
    about: "ISO timestamps: typed TIMESTAMP, not cut to their date",
    files: { "events.csv": "at,n\n2024-03-04 09:10:44,1\n2024-03-04 17:45:00,2\n" },
    expect: [{ file: "events.csv", table: { rows: 2, columns: ["at:TIMESTAMP", "n:BIGINT"] } }],
  },
  // ------------------------------------------------------------------------ header/value fit
  {
    name: "swapped-header",
    owner: "layout",
    about: "FTC's top identity theft types: 'Theft Type,Year' over '2020,Bank Account'",
    files: { "top3.csv": legal("2024_CSN_Top_Three_Identity_Theft_Reports_by_Year.csv") },
    expect: [
      {
        file: "top3.csv",
        table: {
          rows: 15,
          check: (t) =>
            (t.headerFit?.length ?? 0) > 0
              ? undefined
              : "the header/value misfit (Year over text) is not reported",
        },
      },
    ],
  },
  // ---------------------------------------------------------------- long fields, NUL, fixed width
  {
    name: "long-field",
    owner: "layout",
    about: "a 5 MB field on a single line (an embedded document)",
    files: {
      "doc.csv": () => `id,body,n\n1,"${"lorem ipsum ".repeat(440_000)}",7\n2,short,8\n`,
    },
    expect: [{ file: "doc.csv", table: { rows: 2, columns: ["id:BIGINT", "body", "n:BIGINT"] } }],
  },
  {
    name: "nul-padded-fields",
    owner: "layout",
    about: "fields padded with NUL bytes by a fixed-length record writer",
    files: {
      "padded.csv": bytes(
        "id,name,qty\n1,bolt",
        [0, 0, 0, 0],
        ",10\n2,nut",
        [0, 0, 0, 0, 0],
        ",20\n3,washer,30\n",
      ),
    },
    expect: [
      { file: "padded.csv", table: { rows: 3, columns: ["id:BIGINT", "name:VARCHAR", "qty:BIGINT"] } },
    ],
  },
  {
    name: "fixed-width-with-header",
    owner: "layout",
    about: "a fixed-width text report with a header line (columns aligned by spaces)",
    files: {
      "stations.txt": lines([
        "STATION      NAME                 ELEV   TEMP",
        "USW00012345  AUSTIN BERGSTROM     146.0  21.4",
        "USW00023456  DALLAS LOVE FIELD    148.1  19.8",
        "USW00034567  EL PASO INTL        1194.1  17.9",
        "USW00045678  HOUSTON HOBBY         13.4  22.0",
      ]),
    },
    expect: [
      {
        file: "stations.txt",
        table: { rows: 4, columns: ["STATION", "NAME", "ELEV:DOUBLE", "TEMP:DOUBLE"] },
      },
    ],
  },
  // ------------------------------------------------------------------------- not tables at all
  {
    name: "prose-with-commas",
    owner: "layout",
    about: "a README in plain text whose sentences contain commas",
    files: {
      "notes.txt":
        "These files come from the survey, which ran in 2023.\nEach row is one visit, not one person.\n",
    },
    expect: [{ file: "notes.txt", text: true }],
  },
  {
    name: "binary-junk",
    owner: "layout",
    about: "a macOS .DS_Store file in the lake",
    files: { ".DS_Store": Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31, 0, 0, 0x10, 0, 0, 0, 0x08, 0]) },
    expect: [{ file: ".DS_Store", flag: /binary/ }],
  },
  {
    name: "random-bytes-dat",
    owner: "layout",
    about: "a compressed or encrypted blob with a table-like extension (.dat): binary, whatever its few NULs",
    files: {
      "blob.dat": () => {
        let x = 12345;
        return Buffer.from(
          Array.from({ length: 4096 }, () => {
            x = (x * 1103515245 + 12345) % 2147483648;
            return (x >> 16) & 0xff;
          }),
        );
      },
    },
    expect: [{ file: "blob.dat", flag: /binary/ }],
  },
  {
    name: "empty-file",
    owner: "layout",
    about: "a zero-byte CSV",
    files: { "empty.csv": "" },
    expect: [{ file: "empty.csv", flag: /empty/ }],
  },
];
