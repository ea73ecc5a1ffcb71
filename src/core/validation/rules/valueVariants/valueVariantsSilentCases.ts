import type { SilentCase } from "../../cases/silentCase.ts";
import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { IDT_BY_TYPE } from "../../cases/legalLake.ts";
import { SURVEY, SURVEY_CLEAN } from "../../cases/sharedLakes.ts";

const { flagged, clean } = silentCasesOf("value-variants");

/** The silent-error suite's cases of `value-variants` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const valueVariantsSilentCases: SilentCase[] = [
  flagged("groups theft subtypes where Credit Card's have a trailing space ('New Accounts ')", legal, [
    scan(IDT_BY_TYPE, "by_type"),
    query(
      'SELECT "Theft Subtype", sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Subtype" ORDER BY reports DESC',
      ["by_type"],
    ),
  ]),
  flagged("filters 'New Accounts' and misses the 406,110 credit-card 'New Accounts '", legal, [
    scan(IDT_BY_TYPE, "by_type"),
    query(
      'SELECT sum("# of Reports") AS new_account_reports FROM by_type WHERE "Theft Subtype" = \'New Accounts\'',
      ["by_type"],
    ),
  ]),
  flagged("counts survey answers split over YES/yes/NO/No/no", { "survey.csv": SURVEY }, [
    scan("survey.csv", "survey"),
    query("SELECT lost_money, count(*) AS respondents FROM survey GROUP BY lost_money", ["survey"]),
  ]),
  flagged(
    "'St. Louis' and 'St Louis' grouped apart",
    {
      "complaints.csv": csv(
        "complaint_id,city,category",
        "1,St. Louis,Imposter Scams",
        "2,Kansas City,Online Shopping",
        "3,St Louis,Imposter Scams",
        "4,St. Louis,Debt Collection",
        "5,Springfield,Imposter Scams",
        "6,St Louis,Online Shopping",
      ),
    },
    [
      scan("complaints.csv", "complaints"),
      query("SELECT city, count(*) AS complaints FROM complaints GROUP BY city ORDER BY complaints DESC", [
        "complaints",
      ]),
    ],
  ),
  flagged(
    "a misspelt city ('Pittsburg') grouped apart from 'Pittsburgh'",
    {
      "complaints.csv": csv(
        "complaint_id,city,category",
        "1,Pittsburgh,Imposter Scams",
        "2,Philadelphia,Online Shopping",
        "3,Pittsburg,Imposter Scams",
        "4,Pittsburgh,Debt Collection",
        "5,Philadelphia,Imposter Scams",
        "6,Pittsburgh,Online Shopping",
      ),
    },
    [
      scan("complaints.csv", "complaints"),
      query("SELECT city, count(*) AS complaints FROM complaints GROUP BY city ORDER BY complaints DESC", [
        "complaints",
      ]),
    ],
  ),
  // Within its theft type: the types overlap (the file's footnote), so a subtype is not summed
  // across them.
  clean("subtypes normalised with lower(trim()) before grouping", legal, [
    scan(IDT_BY_TYPE, "by_type"),
    query(
      'SELECT "Theft Type", lower(trim("Theft Subtype")) AS subtype, sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Type", lower(trim("Theft Subtype")) ORDER BY reports DESC',
      ["by_type"],
    ),
  ]),
  clean(
    "KramaBench legal-hard-22: 'New Accounts' of Bank Account (spelled one way within that type)",
    legal,
    [
      scan(IDT_BY_TYPE, "by_type"),
      query(
        `SELECT round(sum("# of Reports") / 1135291.0, 4) AS share FROM by_type WHERE "Theft Type" = 'Bank Account' AND "Theft Subtype" = 'New Accounts'`,
        ["by_type"],
      ),
    ],
  ),
  clean("groups the consistent Theft Type column", legal, [
    scan(IDT_BY_TYPE, "by_type"),
    query(
      // Counted, not summed: a theft type's subtypes overlap (its sum would exceed the type's reports).
      'SELECT "Theft Type", count(*) AS subtypes, max("# of Reports") AS largest FROM by_type GROUP BY "Theft Type" ORDER BY largest DESC',
      ["by_type"],
    ),
  ]),
  clean("the cleaned survey grouped by answer and state", { "survey.csv": SURVEY_CLEAN }, [
    scan("survey.csv", "survey"),
    query(
      "SELECT state, lost_money, count(*) AS respondents FROM survey WHERE lost_money = 'YES' GROUP BY state, lost_money",
      ["survey"],
    ),
  ]),
];
