import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import { FRAUD_RANKINGS, IDT_RANKINGS, NEW_ENGLAND } from "../../cases/legalLake.ts";
import { SALES, REGIONS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `undeclared-input` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const undeclaredInputSilentCases = silentCasesOf("undeclared-input", ({ flagged, clean }) => [
  flagged("joins the two rankings but declares only one", legal, [
    scan(FRAUD_RANKINGS, "fraud"),
    scan(IDT_RANKINGS, "idt"),
    query(
      'SELECT f.State, f."Reports per 100K Population" AS fraud_rate, i."Reports per 100K Population" AS idt_rate FROM fraud f JOIN idt i ON f.State = i.State',
      ["fraud"],
    ),
  ]),
  flagged("filters with an IN subquery over an undeclared table", legal, [
    scan(IDT_RANKINGS, "idt"),
    scan(NEW_ENGLAND, "ne"),
    query('SELECT State, "Reports per 100K Population" FROM idt WHERE State IN (SELECT Name FROM ne)', [
      "idt",
    ]),
  ]),
  flagged(
    "a CTE over sales joined to an undeclared population table",
    { "sales.csv": SALES, "regions.csv": REGIONS },
    [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query(
        "WITH totals AS (SELECT region, sum(amount) AS total FROM sales GROUP BY region) SELECT t.region, t.total / r.population AS per_head FROM totals t JOIN regions r ON r.region = t.region",
        ["sales"],
      ),
    ],
  ),
  clean(
    "the IN subquery with both tables declared",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS, ne: NEW_ENGLAND },
      'SELECT State, "Reports per 100K Population" FROM idt WHERE State IN (SELECT Name FROM ne) ORDER BY 2 DESC',
    ),
  ),
  clean(
    "a CTE (not declared: it is not a table) and inputs in another letter case",
    { "sales.csv": SALES, "regions.csv": REGIONS },
    [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query(
        "WITH totals AS (SELECT region, sum(amount) AS total FROM sales GROUP BY region) SELECT t.region, t.total / r.population AS per_head FROM totals t JOIN regions r ON r.region = t.region",
        ["Sales", "REGIONS"],
      ),
    ],
  ),
]);
