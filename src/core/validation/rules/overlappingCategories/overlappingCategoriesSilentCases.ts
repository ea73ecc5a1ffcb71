import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { query, scanThenQuery } from "../../cases/caseCalls.ts";
import { IDT_RANKINGS, STATE_IDT_TYPES, IDT_BY_TYPE } from "../../cases/legalLake.ts";

/** The silent-error suite's cases of `overlapping-categories` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const overlappingCategoriesSilentCases = silentCasesOf(
  "overlapping-categories",
  ({ flagged, clean }) => [
    // overlapping-categories: the data book's identity-theft types overlap — "Consumers can report
    // multiple types of identity theft." — so Alabama's seven types add up to 16,589 for its 13,596
    // reports (the state ranking's count).
    flagged(
      "identity-theft types summed per state as if they were the state's reports",
      legal,
      scanThenQuery(
        { state_idt: STATE_IDT_TYPES },
        'SELECT State, sum("# of Reports") AS idt_reports FROM state_idt GROUP BY State ORDER BY idt_reports DESC',
      ),
    ),
    flagged(
      "credit-card share of Alabama's reports divided by the sum of its types",
      legal,
      scanThenQuery(
        { state_idt: STATE_IDT_TYPES },
        `SELECT round(sum("# of Reports") FILTER (WHERE "Theft Type" = 'Credit Card') / sum("# of Reports"), 4) AS credit_card_share
         FROM state_idt WHERE State = 'Alabama'`,
      ),
    ),
    flagged(
      "each type's share within its state, over a window sum of the types",
      legal,
      scanThenQuery(
        { state_idt: STATE_IDT_TYPES },
        'SELECT State, "Theft Type", "# of Reports" / sum("# of Reports") OVER (PARTITION BY State) AS share FROM state_idt',
      ),
    ),
    flagged(
      "subtypes summed into their theft type (the data book's own type totals are lower)",
      legal,
      scanThenQuery(
        { by_type: IDT_BY_TYPE },
        'SELECT "Theft Type", sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Type" ORDER BY reports DESC',
      ),
    ),
    flagged("one state's rows kept in a table first, then its types summed", legal, [
      ...scanThenQuery(
        { state_idt: STATE_IDT_TYPES },
        `SELECT * FROM state_idt WHERE State = 'Alabama'`,
        "alabama",
      ),
      query('SELECT sum("# of Reports") AS reports FROM alabama', ["alabama"], "alabama_total"),
    ]),
    clean(
      "one theft type summed across the states (the states do not overlap)",
      legal,
      scanThenQuery(
        { state_idt: STATE_IDT_TYPES },
        `SELECT sum("# of Reports") AS credit_card_reports FROM state_idt WHERE "Theft Type" = 'Credit Card'`,
      ),
    ),
    clean(
      "credit-card share of Alabama's reports over the state ranking's report count",
      legal,
      scanThenQuery(
        { state_idt: STATE_IDT_TYPES, idt_rank: IDT_RANKINGS },
        `SELECT round(s."# of Reports" / r."# of Reports", 4) AS credit_card_share
         FROM state_idt s JOIN idt_rank r ON r.State = s.State
         WHERE s.State = 'Alabama' AND s."Theft Type" = 'Credit Card'`,
      ),
    ),
    clean(
      "per state and type: every group is one category",
      legal,
      scanThenQuery(
        { state_idt: STATE_IDT_TYPES },
        'SELECT State, "Theft Type", sum("# of Reports") AS reports FROM state_idt GROUP BY State, "Theft Type"',
      ),
    ),
  ],
);
