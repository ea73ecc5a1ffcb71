import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";

const HOSTS = ["Sri Lanka", "India", "England", "Australia", "South Africa"];

/**
 * One-day match results as a statistics export has them (held-out IH): 40 matches, then 30 rows
 * where only the derived columns (host, innings) were filled down past the last match.
 */
function matchResults(padding: number): string {
  const matches = Array.from({ length: 40 }, (_, i) =>
    [
      `ODI # ${i + 1}`,
      `Team ${String.fromCharCode(65 + (i % 7))}`,
      `Team ${String.fromCharCode(72 + (i % 5))}`,
      `${2000 + (i % 9)}-0${1 + (i % 9)}-1${i % 10}`,
      `Ground ${i % 11}`,
      i % 3 === 0 ? "won by 4 wickets" : `won by ${10 + i} runs`,
      `Team ${String.fromCharCode(65 + (i % 7))}`,
      HOSTS[i % 5],
      i % 2 ? "First" : "Second",
      i % 2 ? "Second" : "First",
    ].join(","),
  );
  const pad = Array.from({ length: padding }, (_, i) => `,,,,,,,${HOSTS[i % 5]},First,Second`);
  return csv("Scorecard,Team 1,Team 2,Date,Ground,Margin,Winner,Host_Country,Bat1,Bat2", ...matches, ...pad);
}

/**
 * An incident log saved from a sheet with its empty grid (held-out IM): 30 incidents, then rows
 * with a case number `0` and the sheet's running number, then blank rows.
 */
function incidentLog(): string {
  const countries = ["USA", "AUSTRALIA", "SOUTH AFRICA", "BRAZIL"];
  const incidents = Array.from({ length: 30 }, (_, i) =>
    [
      `2017.0${1 + (i % 9)}.${10 + i}`,
      2017 - (i % 3),
      i % 4 === 0 ? "Provoked" : "Unprovoked",
      countries[i % 4],
      `Beach ${i}`,
      i % 2 ? "Surfing" : "Swimming",
      i % 5 === 0 ? "Y" : "N",
      30 - i,
    ].join(","),
  );
  // The sheet's running number goes on down the case-'0' rows, as in the file.
  const zeros = Array.from({ length: 25 }, (_, i) => `0,,,,,,,${31 + i}`);
  const blank = Array.from({ length: 25 }, () => ",,,,,,,");
  return csv(
    "Case Number,Year,Type,Country,Location,Activity,Fatal (Y/N),original order",
    ...incidents,
    ...zeros,
    ...blank,
  );
}

/** An incident log whose last 25 incidents hold only case number, type and country so far. */
function recentIncidents(): string {
  const full = Array.from({ length: 30 }, (_, i) =>
    [`2016.0${1 + (i % 9)}.${10 + i}`, 2016, "Unprovoked", "USA", `Beach ${i}`, "Surfing", "N", i + 1].join(
      ",",
    ),
  );
  const recent = Array.from(
    { length: 25 },
    (_, i) => `2018.0${1 + (i % 9)}.${10 + i},,Unprovoked,AUSTRALIA,,,,`,
  );
  return csv(
    "Case Number,Year,Type,Country,Location,Activity,Fatal (Y/N),original order",
    ...full,
    ...recent,
  );
}

/** The silent-error suite's cases of `padding-rows` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const paddingRowsSilentCases = silentCasesOf("padding-rows", ({ flagged, clean }) => [
  flagged(
    "the matches hosted by each country counted over a results file padded with filled-down host rows",
    { "odi_results.csv": matchResults(30) },
    scanThenQuery(
      { r: "odi_results.csv" },
      "SELECT Host_Country, count(*) AS matches FROM r GROUP BY Host_Country ORDER BY matches DESC",
    ),
  ),
  flagged(
    "incidents counted over a log that ends with '0' case numbers and blank rows",
    { "attacks.csv": incidentLog() },
    scanThenQuery({ a: "attacks.csv" }, "SELECT count(*) AS incidents FROM a"),
  ),
  clean(
    "a log whose latest incidents are not fully recorded yet: their rows hold date, type and country",
    { "attacks.csv": recentIncidents() },
    scanThenQuery({ a: "attacks.csv" }, "SELECT count(*) AS incidents FROM a"),
  ),
  clean(
    "a results file with a few sparse rows among its matches: no block below the data",
    { "odi_results.csv": matchResults(5) },
    scanThenQuery({ r: "odi_results.csv" }, "SELECT count(*) AS matches FROM r"),
  ),
]);
