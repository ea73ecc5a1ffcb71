import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";

const YEARS = [1990, 1991, 1992, 1993, 1994, 1995, 1996, 1997, 1998, 1999, 2000];

/**
 * Runs by year as a statistics site writes them (held-out IH-05): each year's cell is the player's
 * career total to date — level before the debut, in a year without matches and after retiring.
 */
function careerRunsToDate(): string {
  const rows = Array.from({ length: 24 }, (_, p) => {
    let total = 0;
    const debut = p % 5;
    const cells = YEARS.map((_, y) => {
      // Some players miss a season (their total stays level); the rest add runs.
      if (y >= debut && (y + p) % 4 !== 0) total += 150 + ((p * 37 + y * 53) % 900);
      return y < debut ? 0 : total;
    });
    return [`Player ${String.fromCharCode(65 + p)}`, ...cells].join(",");
  });
  return csv(["Cricketer", ...YEARS].join(","), ...rows);
}

/** A population by year for 24 towns: growing every year, never level. */
function populationByYear(): string {
  const rows = Array.from({ length: 24 }, (_, t) =>
    [`Town ${t + 1}`, ...YEARS.map((_, y) => 10_000 + t * 1_000 + y * (40 + t))].join(","),
  );
  return csv(["Town", ...YEARS].join(","), ...rows);
}

/** The silent-error suite's cases of `cumulative-columns` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const cumulativeColumnsSilentCases = silentCasesOf("cumulative-columns", ({ flagged, clean }) => [
  flagged(
    "the top scorer of 1998 read off a 'runs by year' table of career totals to date",
    { "runs_by_year.csv": careerRunsToDate() },
    scanThenQuery({ r: "runs_by_year.csv" }, 'SELECT Cricketer, "1998" FROM r ORDER BY "1998" DESC LIMIT 3'),
  ),
  flagged(
    "the mean of 1996 over the same table",
    { "runs_by_year.csv": careerRunsToDate() },
    scanThenQuery({ r: "runs_by_year.csv" }, 'SELECT avg("1996") AS mean_runs FROM r'),
  ),
  clean(
    "the same table, 1998's runs as the difference from 1997",
    { "runs_by_year.csv": careerRunsToDate() },
    scanThenQuery(
      { r: "runs_by_year.csv" },
      'SELECT Cricketer, "1998" - "1997" AS runs_1998 FROM r ORDER BY runs_1998 DESC LIMIT 3',
    ),
  ),
  clean(
    "towns ranked by their 1998 population: a series that grows every year, never level",
    { "population.csv": populationByYear() },
    scanThenQuery({ p: "population.csv" }, 'SELECT Town, "1998" FROM p ORDER BY "1998" DESC LIMIT 3'),
  ),
]);
