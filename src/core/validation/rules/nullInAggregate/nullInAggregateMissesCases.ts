import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { teams } from "../../cases/missesLakes.ts";

/** Issue 25's misses met by fresh analysts of `null-in-aggregate` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const nullInAggregateMissesCases = silentCasesOf("null-in-aggregate", ({ flagged, clean }) => [
  flagged(
    "issue 25 (EH-sport-05): avg(now - then) skips the teams with a blank earlier rating",
    { "teams.csv": teams(true) },
    scanThenQuery(
      { teams: "teams.csv" },
      "SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league",
    ),
  ),
  clean(
    "issue 25: avg(now - then) over teams rated in both years",
    { "teams.csv": teams(false) },
    scanThenQuery(
      { teams: "teams.csv" },
      "SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league",
    ),
  ),
]);
