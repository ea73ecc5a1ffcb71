import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query, probe } from "../../cases/caseCalls.ts";
import { IDT_RANKINGS } from "../../cases/legalLake.ts";
import { SALES, REGIONS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unknown-table` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unknownTableSilentCases = silentCasesOf("unknown-table", ({ flagged, clean }) => [
  flagged("assumes a table name after a Scan without output (it is t_2024_csn_…)", legal, [
    scan(IDT_RANKINGS),
    query("SELECT State FROM idt_rankings WHERE Rank <= 5", ["idt_rankings"]),
  ]),
  flagged("probes the file name instead of the table", { "sales.csv": SALES }, [
    scan("sales.csv", "sales"),
    probe("sales.csv", ["region"]),
  ]),
  flagged("reads an intermediate by a shortened name", { "sales.csv": SALES, "regions.csv": REGIONS }, [
    scan("sales.csv", "sales"),
    scan("regions.csv", "regions"),
    query("SELECT region, sum(amount) AS total FROM sales GROUP BY region", ["sales"], "region_totals"),
    query(
      "SELECT t.region, t.total / r.population AS per_head FROM totals t JOIN regions r ON r.region = t.region",
      ["totals", "regions"],
    ),
  ]),
  clean("uses the derived name the Scan observation reported", legal, [
    scan(IDT_RANKINGS),
    query("SELECT State FROM t_2024_csn_state_rankings_identity_theft_reports WHERE Rank <= 5", [
      "t_2024_csn_state_rankings_identity_theft_reports",
    ]),
  ]),
  clean(
    "chains two queries through a registered intermediate",
    { "sales.csv": SALES, "regions.csv": REGIONS },
    [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query("SELECT region, sum(amount) AS total FROM sales GROUP BY region", ["sales"], "region_totals"),
      query(
        "SELECT t.region, t.total / r.population AS per_head FROM region_totals t JOIN regions r ON r.region = t.region",
        ["region_totals", "regions"],
      ),
    ],
  ),
]);
