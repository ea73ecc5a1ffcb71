import type { SilentCase } from "../../cases/silentCase.ts";
import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { teams } from "../../cases/missesLakes.ts";

const { flagged, clean } = silentCasesOf("null-in-aggregate");

/** Issue 25's misses met by fresh analysts of `null-in-aggregate` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const nullInAggregateMissesCases: SilentCase[] = [
  flagged(
    "issue 25 (EH-sport-05): avg(now - then) skips the teams with a blank earlier rating",
    { "teams.csv": teams(true) },
    [
      scan("teams.csv", "teams"),
      query("SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league", ["teams"]),
    ],
  ),
  clean("issue 25: avg(now - then) over teams rated in both years", { "teams.csv": teams(false) }, [
    scan("teams.csv", "teams"),
    query("SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league", ["teams"]),
  ]),
];
