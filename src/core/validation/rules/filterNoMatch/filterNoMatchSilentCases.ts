import type { SilentCase } from "../../cases/silentCase.ts";
import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import {
  FRAUD_RANKINGS,
  STATE_IDT_TYPES,
  STATE_TOP_TEN,
  REPORT_COUNT,
  METRO_IDT,
  METRO_FRAUD,
} from "../../cases/legalLake.ts";
import { SURVEY_CLEAN, STUDY_SHEETS } from "../../cases/sharedLakes.ts";

const { flagged, clean } = silentCasesOf("filter-no-match");

/** The silent-error suite's cases of `filter-no-match` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const filterNoMatchSilentCases: SilentCase[] = [
  flagged("State = 'CA' on the fraud ranking (it says California)", legal, [
    scan(FRAUD_RANKINGS, "fraud"),
    query("SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'CA'", ["fraud"]),
  ]),
  flagged("one value of an IN list in the plural ('Bank Accounts')", legal, [
    scan(STATE_IDT_TYPES, "state_idt"),
    query(
      'SELECT "Theft Type", sum("# of Reports") AS reports FROM state_idt WHERE "Theft Type" IN (\'Credit Card\', \'Bank Accounts\') GROUP BY "Theft Type"',
      ["state_idt"],
    ),
  ]),
  flagged("case-sensitive LIKE '%miami%'", legal, [
    scan(METRO_IDT, "metro"),
    scan(METRO_FRAUD, "metro_fraud"),
    query(
      'SELECT i."Metropolitan Area", i."# of Reports" AS idt, f."# of Reports" AS fraud FROM metro i JOIN metro_fraud f ON f."Metropolitan Area" = i."Metropolitan Area" WHERE i."Metropolitan Area" LIKE \'%miami%\'',
      ["metro", "metro_fraud"],
    ),
  ]),
  flagged(
    "KramaBench legal-easy-27 with an Oxford comma ('Prizes, Sweepstakes, and Lotteries'): count 0",
    legal,
    [
      scan(STATE_TOP_TEN, "top10"),
      query(
        "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes, and Lotteries'",
        ["top10"],
      ),
    ],
  ),
  flagged("'Yes' where the survey says YES", { "survey.csv": SURVEY_CLEAN }, [
    scan("survey.csv", "survey"),
    query("SELECT count(*) AS victims FROM survey WHERE lost_money = 'Yes'", ["survey"]),
  ]),
  clean("the full state name on the ranking", legal, [
    scan(FRAUD_RANKINGS, "fraud"),
    query("SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'California'", ["fraud"]),
  ]),
  clean("ILIKE for a case-insensitive name match, IN with observed values", legal, [
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
  ]),
  clean("KramaBench legal-easy-27: states with 'Prizes, Sweepstakes and Lotteries' in their top ten", legal, [
    scan(STATE_TOP_TEN, "top10"),
    query(
      "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes and Lotteries'",
      ["top10"],
    ),
  ]),
  clean("a numeric year filter, with the year written as a string", legal, [
    scan(REPORT_COUNT, "counts"),
    query("SELECT \"# of Reports\" FROM counts WHERE Year = '2024'", ["counts"]),
  ]),
  clean(
    "a gene searched for in each sheet of a study, found in one: the empty sheets are the answer",
    STUDY_SHEETS,
    [
      scan("study/proteins.csv", "proteins"),
      scan("study/phospho.csv", "phospho"),
      query("SELECT * FROM proteins WHERE gene = 'PLK1'", ["proteins"], "plk1_proteins"),
      query("SELECT * FROM phospho WHERE gene = 'PLK1'", ["phospho"], "plk1_phospho"),
    ],
  ),
  flagged("a gene misspelled ('PLK-1') in the search over each sheet: found in none", STUDY_SHEETS, [
    scan("study/proteins.csv", "proteins"),
    scan("study/phospho.csv", "phospho"),
    query("SELECT * FROM proteins WHERE gene = 'PLK-1'", ["proteins"], "plk1_proteins"),
    query("SELECT * FROM phospho WHERE gene = 'PLK-1'", ["phospho"], "plk1_phospho"),
  ]),
];
