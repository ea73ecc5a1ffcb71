import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";

const PLAYERS = [
  "Sergio Garcia",
  "Justin Rose",
  "Charl Schwartzel",
  "Thomas Pieters",
  "Matt Kuchar",
  "Paul Casey",
  "Kevin Chappell",
];

/** A year's results: each player's four rounds and total, the scores varying by year. */
function results(year: number, shift: number): string[] {
  return PLAYERS.map((p, i) => {
    const rounds = [
      71 + ((i + shift) % 3),
      69 + ((i * 2 + shift) % 4),
      70 + (i % 2),
      69 + ((i + 2 * shift) % 3),
    ];
    return `${year},${i + 1},${p},${rounds.join(",")},${rounds.reduce((s, r) => s + r, 0)}`;
  });
}

const HEADER = "year,pos,player,r1,r2,r3,r4,total";

/** The silent-error suite's cases of `copied-period` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
/**
 * The makes NHTSA rated by model year (held-out JX-04): a vehicle id always 0, the year and the
 * make; the same makes in 2017 and 2018, as a list may be from one year to the next.
 */
const MAKES = ["ACURA", "AUDI", "BMW", "BUICK", "CADILLAC", "CHEVROLET", "CHRYSLER", "DODGE"];
const MAKE_LIST = csv(
  "vehicle_id,model_year,make",
  ...[2016, 2017, 2018].flatMap((year) =>
    (year === 2016 ? MAKES.slice(0, 6) : MAKES).map((make) => `0,${year},${make}`),
  ),
);

export const copiedPeriodSilentCases = silentCasesOf("copied-period", ({ flagged, clean }) => [
  clean(
    "held-out JX-04: the makes rated in 2018 are those of 2017 (a list, no measure), counted by year",
    { "makes.csv": MAKE_LIST },
    scanThenQuery({ m: "makes.csv" }, "SELECT model_year, count(*) AS makes FROM m GROUP BY 1 ORDER BY 1"),
  ),
  flagged(
    "the winners' totals by year from a results file whose 2016 block is a copy of 2017's",
    { "masters.csv": csv(HEADER, ...results(2017, 0), ...results(2016, 0), ...results(2015, 2)) },
    scanThenQuery({ m: "masters.csv" }, "SELECT year, player, total FROM m WHERE pos = 1 ORDER BY year"),
  ),
  flagged(
    "the field's mean total per year over the same file, written oldest first",
    { "masters.csv": csv(HEADER, ...results(2015, 2), ...results(2016, 0), ...results(2017, 0)) },
    scanThenQuery({ m: "masters.csv" }, "SELECT year, avg(total) AS mean FROM m GROUP BY year ORDER BY year"),
  ),
  clean(
    "the 2015 winner from the file whose 2016 block is a copy of 2017's: the query reads neither year",
    { "masters.csv": csv(HEADER, ...results(2017, 0), ...results(2016, 0), ...results(2015, 2)) },
    scanThenQuery({ m: "masters.csv" }, "SELECT player, total FROM m WHERE pos = 1 AND year = 2015"),
  ),
  clean(
    "the winners' totals by year where every year holds its own results",
    { "masters.csv": csv(HEADER, ...results(2017, 0), ...results(2016, 1), ...results(2015, 2)) },
    scanThenQuery({ m: "masters.csv" }, "SELECT year, player, total FROM m WHERE pos = 1 ORDER BY year"),
  ),
]);
