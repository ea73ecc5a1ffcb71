import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { teams } from "../../cases/missesLakes.ts";

/** Issue 25's misses met by fresh analysts of `null-in-aggregate` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const nullInAggregateMissesCases: SilentCase[] = [
  {
    code: "null-in-aggregate",
    name: "issue 25 (EH-sport-05): avg(now - then) skips the teams with a blank earlier rating",
    expect: "flagged",
    lake: { files: { "teams.csv": teams(true) } },
    calls: [
      scan("teams.csv", "teams"),
      query("SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league", ["teams"]),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "issue 25: avg(now - then) over teams rated in both years",
    expect: "clean",
    lake: { files: { "teams.csv": teams(false) } },
    calls: [
      scan("teams.csv", "teams"),
      query("SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league", ["teams"]),
    ],
  },
];
