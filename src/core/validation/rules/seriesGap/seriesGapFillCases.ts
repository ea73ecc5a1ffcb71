import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { monthly, regional } from "../../cases/fillLakes.ts";

/** The fill-value cases of `series-gap` (their lakes, shared with other codes' cases, are in src/core/validation/cases/fillLakes.ts). */
export const seriesGapFillCases: SilentCase[] = [
  {
    code: "series-gap",
    name: "month-on-month change per region by lag(), one region missing a month",
    expect: "flagged",
    lake: { files: { "sales.csv": regional("2024-06-01") } },
    calls: [
      scan("sales.csv", "sales"),
      query(
        "SELECT region, month, sales - lag(sales) OVER (PARTITION BY region ORDER BY month) AS change FROM sales",
        ["sales"],
      ),
    ],
  },
  {
    code: "series-gap",
    name: "issue 25 (EE-us-05): a monthly change by lag() across a missing month",
    expect: "flagged",
    lake: { files: { "cpi.csv": monthly("2025-10") } },
    calls: [
      scan("cpi.csv", "cpi"),
      query("SELECT Date, CPI - lag(CPI) OVER (ORDER BY Date) AS change FROM cpi", ["cpi"]),
    ],
  },
  {
    code: "series-gap",
    name: "issue 25: a monthly change by lag() over a complete series",
    expect: "clean",
    lake: { files: { "cpi.csv": monthly(undefined) } },
    calls: [
      scan("cpi.csv", "cpi"),
      query("SELECT Date, CPI - lag(CPI) OVER (ORDER BY Date) AS change FROM cpi", ["cpi"]),
    ],
  },
];
