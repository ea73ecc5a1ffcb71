import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query, probe } from "../../cases/caseCalls.ts";
import { legal, IDT_RANKINGS } from "../../cases/legalLake.ts";
import { SALES, REGIONS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unknown-table` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unknownTableSilentCases: SilentCase[] = [
  // ===================================== unknown-table ==================================
  {
    code: "unknown-table",
    name: "assumes a table name after a Scan without output (it is t_2024_csn_…)",
    expect: "flagged",
    lake: legal,
    calls: [scan(IDT_RANKINGS), query("SELECT State FROM idt_rankings WHERE Rank <= 5", ["idt_rankings"])],
  },
  {
    code: "unknown-table",
    name: "probes the file name instead of the table",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [scan("sales.csv", "sales"), probe("sales.csv", ["region"])],
  },
  {
    code: "unknown-table",
    name: "reads an intermediate by a shortened name",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query("SELECT region, sum(amount) AS total FROM sales GROUP BY region", ["sales"], "region_totals"),
      query(
        "SELECT t.region, t.total / r.population AS per_head FROM totals t JOIN regions r ON r.region = t.region",
        ["totals", "regions"],
      ),
    ],
  },
  {
    code: "unknown-table",
    name: "uses the derived name the Scan observation reported",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS),
      query("SELECT State FROM t_2024_csn_state_rankings_identity_theft_reports WHERE Rank <= 5", [
        "t_2024_csn_state_rankings_identity_theft_reports",
      ]),
    ],
  },
  {
    code: "unknown-table",
    name: "chains two queries through a registered intermediate",
    expect: "clean",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query("SELECT region, sum(amount) AS total FROM sales GROUP BY region", ["sales"], "region_totals"),
      query(
        "SELECT t.region, t.total / r.population AS per_head FROM region_totals t JOIN regions r ON r.region = t.region",
        ["region_totals", "regions"],
      ),
    ],
  },
];
