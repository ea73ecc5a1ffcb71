import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { legal, IDT_RANKINGS, PAYMENT_METHOD } from "../../cases/legalLake.ts";
import { LOSSES_WITH_TOTAL } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `summary-row` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const summaryRowSilentCases: SilentCase[] = [
  // ===================================== summary-row ====================================
  {
    code: "summary-row",
    // The Source Map now ends the table at the trailer block: no footer rows reach the CTE.
    name: "payment-method shares through a CTE: the data book's trailer rows are not in the table",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        `WITH m AS (SELECT "Payment Method" AS method, "# of Reports" AS reports FROM payment WHERE "# of Reports" > 0)
         SELECT method, round(100.0 * reports / sum(reports) OVER (), 1) AS pct FROM m ORDER BY pct DESC`,
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "the same shares with the footer rows left out inside the CTE",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        `WITH m AS (SELECT "Payment Method" AS method, "# of Reports" AS reports FROM payment
                    WHERE "# of Reports" > 0 AND "Payment Method" NOT IN ('Number of Fraud Reports', '# of Reports with Payment Method'))
         SELECT method, round(100.0 * reports / sum(reports) OVER (), 1) AS pct FROM m ORDER BY pct DESC`,
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "sums a state table whose last row is Total",
    expect: "flagged",
    lake: { files: { "losses.csv": LOSSES_WITH_TOTAL } },
    calls: [
      scan("losses.csv", "losses"),
      query('SELECT sum(Reports) AS reports, sum("Reports with Loss") AS with_loss FROM losses', ["losses"]),
    ],
  },
  {
    code: "summary-row",
    name: "averages age groups including the 'All ages' row",
    expect: "flagged",
    lake: {
      files: {
        "losses_by_age.csv": csv(
          "Age Range,# of Reports,Median Loss",
          "19 and Under,30330,189",
          "20 - 29,155346,417",
          "30 - 39,203764,450",
          "40 - 49,191508,500",
          "All ages,581948,450",
        ),
      },
    },
    calls: [
      scan("losses_by_age.csv", "by_age"),
      query('SELECT avg("# of Reports") AS reports_per_group FROM by_age', ["by_age"]),
    ],
  },
  {
    code: "summary-row",
    name: "regions plus an unlabelled national row equal to their sum",
    expect: "flagged",
    lake: {
      files: {
        "census_regions.csv": csv(
          "Region,Fraud Reports",
          "Northeast,402118",
          "Midwest,389420",
          "South,1187405",
          "West,621735",
          "United States,2600678",
        ),
      },
    },
    calls: [
      scan("census_regions.csv", "regions"),
      query('SELECT sum("Fraud Reports") AS fraud_reports FROM regions', ["regions"]),
    ],
  },
  {
    code: "summary-row",
    // The Source Map now leaves the two trailer rows out of the table (sum = 475,905).
    name: "payment methods summed: the data book's two trailer rows are left out of the table",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        'SELECT sum("# of Reports") AS reports_with_payment_method FROM payment WHERE "Payment Method" IS NOT NULL',
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "the Total row excluded in WHERE",
    expect: "clean",
    lake: { files: { "losses.csv": LOSSES_WITH_TOTAL } },
    calls: [
      scan("losses.csv", "losses"),
      query("SELECT sum(Reports) AS reports FROM losses WHERE State <> 'Total'", ["losses"]),
    ],
  },
  {
    code: "summary-row",
    name: "the identity-theft ranking has no total row",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query('SELECT sum("# of Reports") AS reports FROM idt WHERE Rank IS NOT NULL', ["idt"]),
    ],
  },
  {
    code: "summary-row",
    name: "payment methods summed with the summary rows excluded",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        "SELECT sum(\"# of Reports\") AS reports_with_payment_method FROM payment WHERE \"Payment Method\" NOT IN ('Number of Fraud Reports', '# of Reports with Payment Method')",
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "small channel counts where one happens to equal the other two",
    expect: "clean",
    lake: {
      files: {
        "channels.csv": csv("Channel,Complaints", "Phone,12", "Web form,7", "Mail,5"),
      },
    },
    calls: [
      scan("channels.csv", "channels"),
      query("SELECT sum(Complaints) AS complaints FROM channels", ["channels"]),
    ],
  },
];
