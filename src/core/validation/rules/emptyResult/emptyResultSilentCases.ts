import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import {
  legal,
  FRAUD_RANKINGS,
  IDT_RANKINGS,
  STATE_TOP_TEN,
  METRO_IDT,
  METRO_FRAUD,
  METRO_HTML,
  METRO_HTML_MSA,
} from "../../cases/legalLake.ts";

/** The silent-error suite's cases of `empty-result` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const emptyResultSilentCases: SilentCase[] = [
  // ===================================== empty-result ===================================
  {
    code: "empty-result",
    name: "filters State = 'CA' where the ranking spells out California",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query("SELECT Rank, \"Reports per 100K Population\" FROM idt WHERE State = 'CA'", ["idt"]),
    ],
  },
  {
    code: "empty-result",
    name: "joins CSN metro names to the population page's names (other punctuation)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(METRO_HTML, "pop", METRO_HTML_MSA),
      query(
        'SELECT m."Metropolitan Area", m."# of Reports", p."2024 estimate" FROM metro m JOIN pop p ON p."Metropolitan statistical area" = m."Metropolitan Area"',
        ["metro", "pop"],
      ),
    ],
  },
  {
    code: "empty-result",
    name: "LIKE without wildcards",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_FRAUD, "metro"),
      query('SELECT Rank, "# of Reports" FROM metro WHERE "Metropolitan Area" LIKE \'Columbus, GA-AL\'', [
        "metro",
      ]),
    ],
  },
  {
    code: "empty-result",
    // The Source Map now reads US-format dates as DATE (format %m/%d/%Y), so the comparison holds.
    name: "US-format dates are read as DATE, so an ISO date comparison keeps its rows",
    expect: "clean",
    lake: {
      files: {
        "complaints.csv": csv(
          "complaint_id,received,category",
          "C-1,12/29/2023,Imposter Scams",
          "C-2,01/04/2024,Online Shopping",
          "C-3,01/17/2024,Imposter Scams",
          "C-4,02/02/2024,Debt Collection",
        ),
      },
    },
    calls: [
      scan("complaints.csv", "complaints"),
      query("SELECT complaint_id, category FROM complaints WHERE received >= '2024-01-01'", ["complaints"]),
    ],
  },
  {
    code: "empty-result",
    name: "State = 'California' returns its row",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query("SELECT Rank, \"Reports per 100K Population\" FROM idt WHERE State = 'California'", ["idt"]),
    ],
  },
  {
    code: "empty-result",
    name: "KramaBench legal-easy-26: states whose top category is Identity Theft (correlated subquery)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        `SELECT t.State FROM top10 t WHERE t.Category = 'Identity Theft' AND t."# of Reports" = (SELECT max(x."# of Reports") FROM top10 x WHERE x.State = t.State) ORDER BY t.State`,
        ["top10"],
      ),
    ],
  },
  {
    code: "empty-result",
    name: "Top-10 fraud states missing from the identity-theft Top 10",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        "SELECT f.Rank, f.State FROM fraud f WHERE f.Rank <= 10 AND f.State NOT IN (SELECT State FROM idt WHERE Rank <= 10) ORDER BY f.Rank",
        ["fraud", "idt"],
      ),
    ],
  },
];
