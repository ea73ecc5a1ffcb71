import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { legal, FRAUD_RANKINGS, IDT_RANKINGS } from "../../cases/legalLake.ts";
import { SALES, YIELDS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unsafe-sql` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unsafeSqlSilentCases: SilentCase[] = [
  // ===================================== unsafe-sql =====================================
  {
    code: "unsafe-sql",
    name: "reads the CSV straight from disk with read_csv_auto instead of scanning it",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [query("SELECT region, sum(amount) AS total FROM read_csv_auto('sales.csv') GROUP BY region", [])],
  },
  {
    code: "unsafe-sql",
    name: "FROM a quoted file path of the legal lake",
    expect: "flagged",
    lake: legal,
    calls: [query(`SELECT Rank, State FROM '${IDT_RANKINGS}' WHERE Rank <= 5`, [])],
  },
  {
    code: "unsafe-sql",
    name: "keeps an intermediate result with CREATE TABLE … AS",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query("CREATE TABLE top5 AS SELECT Rank, State FROM idt WHERE Rank <= 5", ["idt"]),
    ],
  },
  {
    code: "unsafe-sql",
    name: "exports the answer with COPY … TO a file",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [
      scan("sales.csv", "sales"),
      query(
        "COPY (SELECT region, sum(amount) AS total FROM sales GROUP BY region) TO 'totals.csv' (HEADER)",
        ["sales"],
      ),
    ],
  },
  {
    code: "unsafe-sql",
    name: "two statements in one Query call",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      scan(FRAUD_RANKINGS, "fraud"),
      query(
        "SELECT count(*) AS n FROM idt WHERE Rank <= 10; SELECT count(*) AS n FROM fraud WHERE Rank <= 10",
        ["idt", "fraud"],
      ),
    ],
  },
  {
    code: "unsafe-sql",
    name: "a commented SELECT with a trailing semicolon",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query(
        '-- the five states with the highest identity-theft rate\nSELECT Rank, State, "Reports per 100K Population" FROM idt WHERE Rank <= 5 ORDER BY Rank;',
        ["idt"],
      ),
    ],
  },
  {
    code: "unsafe-sql",
    name: "a year series from range() left-joined to the yields, missing years kept as NULL",
    expect: "clean",
    lake: { files: { "yields.csv": YIELDS } },
    calls: [
      scan("yields.csv", "yields"),
      query(
        "WITH years AS (SELECT range AS year FROM range(2017, 2022)) SELECT y.year, c.yield_t_ha FROM years y LEFT JOIN yields c ON c.year = y.year ORDER BY y.year",
        ["yields"],
      ),
    ],
  },
];
