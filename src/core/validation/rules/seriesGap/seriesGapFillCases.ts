import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { monthly, regional } from "../../cases/fillLakes.ts";

/** The fill-value cases of `series-gap` (their lakes, shared with other codes' cases, are in src/core/validation/cases/fillLakes.ts). */
export const seriesGapFillCases = silentCasesOf("series-gap", ({ flagged, clean }) => [
  flagged(
    "month-on-month change per region by lag(), one region missing a month",
    { "sales.csv": regional("2024-06-01") },
    scanThenQuery(
      { sales: "sales.csv" },
      "SELECT region, month, sales - lag(sales) OVER (PARTITION BY region ORDER BY month) AS change FROM sales",
    ),
  ),
  flagged(
    "issue 25 (EE-us-05): a monthly change by lag() across a missing month",
    { "cpi.csv": monthly("2025-10") },
    scanThenQuery({ cpi: "cpi.csv" }, "SELECT Date, CPI - lag(CPI) OVER (ORDER BY Date) AS change FROM cpi"),
  ),
  clean(
    "issue 25: a monthly change by lag() over a complete series",
    { "cpi.csv": monthly(undefined) },
    scanThenQuery({ cpi: "cpi.csv" }, "SELECT Date, CPI - lag(CPI) OVER (ORDER BY Date) AS change FROM cpi"),
  ),
]);
