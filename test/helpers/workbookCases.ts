import type { FodsCell, FodsSheet } from "./fods.ts";

/**
 * Workbooks as people make them, written by LibreOffice into .xlsx, .xls and .ods (see
 * realWorkbooks.ts), each with what the Source Map must find in every one of the three formats.
 */

export interface ExpectedSheet {
  sheet: string;
  rowCount: number;
  headerLine?: number;
  /** "name:TYPE" of the columns, when the layout is plain. */
  columns?: string[];
  hidden?: boolean;
  /** Merged ranges that must be noted. */
  merged?: string[];
  /** Substrings of the profile's notes. */
  notes?: string[];
  /** Values that must appear among a column's samples ("column=value"). */
  samples?: string[];
  titleLines?: string[];
  footer?: string[];
}

export interface WorkbookCase {
  name: string;
  why: string;
  sheets: FodsSheet[];
  expect: ExpectedSheet[];
}

const STATES = ["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado"];

/** A Census-style table: a title merged across the table, two header rows with merged labels, rich text. */
const census: WorkbookCase = {
  name: "census-merged-title",
  why: "title merged across A1:D1, a label merged down A3:A4 and one across B3:D3, rich-text state names (issue 16 crash, issue 12 Census workbook)",
  sheets: [
    {
      name: "Population",
      rows: [
        [
          {
            merge: "Annual Estimates of the Resident Population: April 1, 2020 to July 1, 2023",
            columns: 4,
          },
          null,
          null,
          null,
        ],
        [],
        [
          { merge: "Geographic Area", rows: 2 },
          { merge: "Population Estimate (as of July 1)", columns: 3 },
          null,
          null,
        ],
        [null, 2021, 2022, 2023],
        ...STATES.map((state, i): FodsCell[] => [
          { rich: [".", { bold: state }] },
          1_000_000 + i * 1000,
          1_001_000 + i * 1000,
          1_002_000 + i * 1000,
        ]),
        [],
        ["Source: U.S. Census Bureau, Population Division"],
      ],
    },
  ],
  expect: [
    {
      sheet: "Population",
      // Two header rows: the merged labels of row 3 name the groups over the years of row 4
      // (A3:A4 merged down names the first column), so the data are the six states.
      rowCount: 6,
      headerLine: 4,
      columns: [
        "Geographic Area:VARCHAR",
        "Population Estimate (as of July 1) 2021:BIGINT",
        "Population Estimate (as of July 1) 2022:BIGINT",
        "Population Estimate (as of July 1) 2023:BIGINT",
      ],
      merged: ["A1:D1", "A3:A4", "B3:D3"],
      notes: ["merged cell range", "top-left cell"],
      samples: ["Geographic Area=.Alabama"],
      titleLines: ["Annual Estimates of the Resident Population: April 1, 2020 to July 1, 2023"],
      footer: ["Source: U.S. Census Bureau, Population Division"],
    },
  ],
};

const salesRows: FodsCell[][] = [
  ["Date", "Region", "Units", "Unit price", "Revenue", "Share", "Paid", "Margin"],
  ...[
    ["2024-01-15", "North", 12, 2.55, 0.25, true],
    ["2024-02-01", "South", 8, 3.25, 0.125, false],
    ["2024-02-29", "East", 20, 1.75, 0.5, true],
    ["2024-03-31", "West", 0, 4, 0.125, false],
  ].map(([date, region, units, price, share, paid], i): FodsCell[] => {
    const row = i + 2;
    return [
      { date: date as string },
      region as string,
      units as number,
      price as number,
      { formula: `of:=[.C${row}]*[.D${row}]`, value: (units as number) * (price as number) },
      { percent: share as number },
      paid as boolean,
      // Units 0 in the last row: the margin formula divides by zero (#DIV/0!).
      { formula: `of:=[.E${row}]/[.C${row}]`, value: price as number },
    ];
  }),
];

const sales: WorkbookCase = {
  name: "sales-every-sheet",
  why: "four sheets, one empty and one hidden; dates, times, timestamps, currency, percentages, booleans, formulas with cached results and a #DIV/0! (issue 16: sheets after the first were lost)",
  sheets: [
    { name: "Sales", rows: salesRows },
    { name: "Empty", rows: [] },
    {
      name: "Costs",
      rows: [
        ["Item", "Amount", "Due", "Start time", "Logged at"],
        [
          "Rent",
          { currency: 1200 },
          { date: "2024-01-31" },
          { time: "09:30:00" },
          { date: "2024-01-02T08:15:00" },
        ],
        [
          "Power",
          { currency: 310.45 },
          { date: "2024-02-15" },
          { time: "13:45:30" },
          { date: "2024-02-03T17:05:10" },
        ],
        [
          "Water",
          { currency: 89.9 },
          { date: "2024-03-01" },
          { time: "07:00:00" },
          { date: "2024-03-04T12:00:00" },
        ],
      ],
    },
    {
      name: "Lookup",
      hidden: true,
      rows: [
        ["Code", "Region name"],
        ["N", "North"],
        ["S", "South"],
      ],
    },
  ],
  expect: [
    {
      sheet: "Sales",
      rowCount: 4,
      headerLine: 1,
      columns: [
        "Date:DATE",
        "Region:VARCHAR",
        "Units:BIGINT",
        "Unit price:DOUBLE",
        "Revenue:DOUBLE",
        "Share:DOUBLE",
        "Paid:BOOLEAN",
        "Margin:DOUBLE",
      ],
      notes: ["error value", "H5 #DIV/0!"],
      samples: ["Date=2024-01-15", "Revenue=30.6", "Share=0.25"],
    },
    { sheet: "Empty", rowCount: 0, notes: ["empty"] },
    {
      sheet: "Costs",
      rowCount: 3,
      headerLine: 1,
      columns: ["Item:VARCHAR", "Amount:DOUBLE", "Due:DATE", "Start time:TIME", "Logged at:TIMESTAMP"],
      samples: ["Start time=13:45:30", "Logged at=2024-02-03 17:05:10", "Amount=310.45"],
    },
    {
      sheet: "Lookup",
      rowCount: 2,
      headerLine: 1,
      hidden: true,
      columns: ["Code:VARCHAR", "Region name:VARCHAR"],
    },
  ],
};

const WIDE = 60;
const wide: WorkbookCase = {
  name: "wide-60-columns",
  why: "a sheet wider than 26 columns (AA…BH)",
  sheets: [
    {
      name: "Wide",
      rows: [
        Array.from({ length: WIDE }, (_, c) => `m${c + 1}`),
        ...Array.from({ length: 30 }, (_, r) => Array.from({ length: WIDE }, (_, c) => r * WIDE + c)),
      ],
    },
  ],
  expect: [
    {
      sheet: "Wide",
      rowCount: 30,
      headerLine: 1,
      columns: Array.from({ length: WIDE }, (_, c) => `m${c + 1}:BIGINT`),
      samples: ["m1=0"],
    },
  ],
};

const TALL = 1500;
const tall: WorkbookCase = {
  name: "tall-1500-rows",
  why: "a sheet taller than the rows kept in memory, with a footnote under the data",
  sheets: [
    {
      name: "Readings",
      rows: [
        ["station", "day", "reading", "flag"],
        ...Array.from({ length: TALL }, (_, r): FodsCell[] => [
          `S${r % 17}`,
          { date: new Date(Date.UTC(2020, 0, 1 + r)).toISOString().slice(0, 10) },
          Math.round(Math.sin(r) * 1000) / 10,
          r % 5 === 0 ? "check" : "ok",
        ]),
        [],
        ["Provisional data, subject to revision."],
      ],
    },
  ],
  expect: [
    {
      sheet: "Readings",
      rowCount: TALL,
      headerLine: 1,
      columns: ["station:VARCHAR", "day:DATE", "reading:DOUBLE", "flag:VARCHAR"],
      footer: ["Provisional data, subject to revision."],
    },
  ],
};

export const workbookCases: WorkbookCase[] = [census, sales, wide, tall];
