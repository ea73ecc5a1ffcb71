import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { query, scanThenQuery } from "../../cases/caseCalls.ts";
import { FRAUD_RANKINGS, IDT_RANKINGS } from "../../cases/legalLake.ts";
import { SALES, YIELDS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unsafe-sql` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unsafeSqlSilentCases = silentCasesOf("unsafe-sql", ({ flagged, clean }) => [
  flagged(
    "reads the CSV straight from disk with read_csv_auto instead of scanning it",
    { "sales.csv": SALES },
    [query("SELECT region, sum(amount) AS total FROM read_csv_auto('sales.csv') GROUP BY region", [])],
  ),
  flagged("FROM a quoted file path of the legal lake", legal, [
    query(`SELECT Rank, State FROM '${IDT_RANKINGS}' WHERE Rank <= 5`, []),
  ]),
  flagged(
    "keeps an intermediate result with CREATE TABLE … AS",
    legal,
    scanThenQuery({ idt: IDT_RANKINGS }, "CREATE TABLE top5 AS SELECT Rank, State FROM idt WHERE Rank <= 5"),
  ),
  flagged(
    "exports the answer with COPY … TO a file",
    { "sales.csv": SALES },
    scanThenQuery(
      { sales: "sales.csv" },
      "COPY (SELECT region, sum(amount) AS total FROM sales GROUP BY region) TO 'totals.csv' (HEADER)",
    ),
  ),
  flagged(
    "two statements in one Query call",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS, fraud: FRAUD_RANKINGS },
      "SELECT count(*) AS n FROM idt WHERE Rank <= 10; SELECT count(*) AS n FROM fraud WHERE Rank <= 10",
    ),
  ),
  clean(
    "a commented SELECT with a trailing semicolon",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      '-- the five states with the highest identity-theft rate\nSELECT Rank, State, "Reports per 100K Population" FROM idt WHERE Rank <= 5 ORDER BY Rank;',
    ),
  ),
  clean(
    "a year series from range() left-joined to the yields, missing years kept as NULL",
    { "yields.csv": YIELDS },
    scanThenQuery(
      { yields: "yields.csv" },
      "WITH years AS (SELECT range AS year FROM range(2017, 2022)) SELECT y.year, c.yield_t_ha FROM years y LEFT JOIN yields c ON c.year = y.year ORDER BY y.year",
    ),
  ),
]);
