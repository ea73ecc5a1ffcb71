import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import {
  legal,
  FRAUD_RANKINGS,
  STATE_IDT_TYPES,
  STATE_TOP_TEN,
  REPORT_COUNT,
  METRO_IDT,
  METRO_FRAUD,
} from "../../cases/legalLake.ts";
import { SURVEY_CLEAN, STUDY_SHEETS } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `filter-no-match` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const filterNoMatchSilentCases: SilentCase[] = [
  // ===================================== filter-no-match ================================
  {
    code: "filter-no-match",
    name: "State = 'CA' on the fraud ranking (it says California)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      query("SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'CA'", ["fraud"]),
    ],
  },
  {
    code: "filter-no-match",
    name: "one value of an IN list in the plural ('Bank Accounts')",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT "Theft Type", sum("# of Reports") AS reports FROM state_idt WHERE "Theft Type" IN (\'Credit Card\', \'Bank Accounts\') GROUP BY "Theft Type"',
        ["state_idt"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "case-sensitive LIKE '%miami%'",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(METRO_FRAUD, "metro_fraud"),
      query(
        'SELECT i."Metropolitan Area", i."# of Reports" AS idt, f."# of Reports" AS fraud FROM metro i JOIN metro_fraud f ON f."Metropolitan Area" = i."Metropolitan Area" WHERE i."Metropolitan Area" LIKE \'%miami%\'',
        ["metro", "metro_fraud"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "KramaBench legal-easy-27 with an Oxford comma ('Prizes, Sweepstakes, and Lotteries'): count 0",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes, and Lotteries'",
        ["top10"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "'Yes' where the survey says YES",
    expect: "flagged",
    lake: { files: { "survey.csv": SURVEY_CLEAN } },
    calls: [
      scan("survey.csv", "survey"),
      query("SELECT count(*) AS victims FROM survey WHERE lost_money = 'Yes'", ["survey"]),
    ],
  },
  {
    code: "filter-no-match",
    name: "the full state name on the ranking",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      query("SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'California'", ["fraud"]),
    ],
  },
  {
    code: "filter-no-match",
    name: "ILIKE for a case-insensitive name match, IN with observed values",
    expect: "clean",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT "Metropolitan Area", "# of Reports" FROM metro WHERE "Metropolitan Area" ILIKE \'%miami%\'',
        ["metro"],
        "miami",
      ),
      query(
        "SELECT State, \"Theft Type\", \"# of Reports\" FROM state_idt WHERE State IN ('Florida', 'Georgia') AND \"Theft Type\" = 'Credit Card'",
        ["state_idt"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "KramaBench legal-easy-27: states with 'Prizes, Sweepstakes and Lotteries' in their top ten",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes and Lotteries'",
        ["top10"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "a numeric year filter, with the year written as a string",
    expect: "clean",
    lake: legal,
    calls: [
      scan(REPORT_COUNT, "counts"),
      query("SELECT \"# of Reports\" FROM counts WHERE Year = '2024'", ["counts"]),
    ],
  },

  {
    code: "filter-no-match",
    name: "a gene searched for in each sheet of a study, found in one: the empty sheets are the answer",
    expect: "clean",
    lake: { files: STUDY_SHEETS },
    calls: [
      scan("study/proteins.csv", "proteins"),
      scan("study/phospho.csv", "phospho"),
      query("SELECT * FROM proteins WHERE gene = 'PLK1'", ["proteins"], "plk1_proteins"),
      query("SELECT * FROM phospho WHERE gene = 'PLK1'", ["phospho"], "plk1_phospho"),
    ],
  },
  {
    code: "filter-no-match",
    name: "a gene misspelled ('PLK-1') in the search over each sheet: found in none",
    expect: "flagged",
    lake: { files: STUDY_SHEETS },
    calls: [
      scan("study/proteins.csv", "proteins"),
      scan("study/phospho.csv", "phospho"),
      query("SELECT * FROM proteins WHERE gene = 'PLK-1'", ["proteins"], "plk1_proteins"),
      query("SELECT * FROM phospho WHERE gene = 'PLK-1'", ["phospho"], "plk1_phospho"),
    ],
  },
];
