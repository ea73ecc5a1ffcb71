import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { density, temps } from "../../cases/fillLakes.ts";

/**
 * A fatality list whose records without a date carry the epoch placeholder `12/31/1969` (OSHA,
 * held-out FK-02), or open-ended permits that end `9999-12-31`; `real` keeps the placeholder out.
 */
function incidents(placeholder: "epoch" | "open-end" | "none"): string {
  const rows = Array.from({ length: 40 }, (_, i) => {
    const month = (i % 12) + 1;
    const day = (i % 27) + 1;
    const start = `${month}/${day}/${2017 + (i % 6)}`;
    const end = `${2018 + (i % 6)}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    return `${start},${end},Site ${i},${(i % 4) + 1}`;
  });
  if (placeholder === "epoch")
    rows.push(
      "12/31/1969,2020-01-01,Site 90,1",
      "12/31/1969,2021-05-01,Site 91,2",
      "12/31/1969,2022-03-03,Site 92,1",
    );
  if (placeholder === "open-end") rows.push("3/3/2019,9999-12-31,Site 90,1", "4/4/2020,9999-12-31,Site 91,2");
  return csv("Date of Incident,Permit End,Site,Deaths", ...rows);
}

/**
 * Conservative votes by seat, 1931 (held-out FT-03): a seat returned unopposed is written -1, or
 * -2 for a two-member seat, among vote counts in the thousands.
 */
const UNOPPOSED_VOTES = csv(
  "seat,con_votes",
  ...Array.from({ length: 48 }, (_, i) => `Seat ${i + 1},${12000 + 613 * i}`),
  "City of London,-2",
  "Bath,-1",
  "Bury,-1",
  "Eye,-1",
);

/**
 * Public library survey rows (IMLS PLS, held-out GB): -1 missing, -3 closed, -9 suppressed in the
 * population and circulation counts; PR reports circulation only as -1.
 */
const LIBRARIES = csv(
  "STABR,FSCSKEY,POPU_LSA,TOTCIR",
  ...Array.from(
    { length: 150 },
    (_, i) => `${["CA", "OR", "WA"][i % 3]},L${i},${5000 + 917 * i},${20000 + 1311 * i}`,
  ),
  ...Array.from({ length: 6 }, (_, i) => `CA,LAW${i},-9,${300 + i}`),
  ...Array.from({ length: 4 }, (_, i) => `OR,C${i},-3,-3`),
  ...Array.from({ length: 5 }, (_, i) => `PR,P${i},${40000 + i},-1`),
  "WA,M1,-1,-1",
);

/** The fill-value cases of `fill-value` (their lakes, shared with other codes' cases, are in src/core/validation/cases/fillLakes.ts). */
/**
 * Beer production by state, year and package (TTB, held-out JM-10): barrels written with two
 * decimals; where a figure was missing the publisher wrote the column's mean, 1165834.9758888278,
 * to its last digit. `filled` adds the mean cells; without them the twin's figures are all measured.
 */
function barrels(filled: boolean): string {
  const states = ["AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DE", "FL", "GA", "IA", "ID"];
  const rows: string[] = [];
  let sum = 0;
  let n = 0;
  for (const [y, year] of [2008, 2009, 2010].entries())
    states.forEach((st, k) => {
      const v = Math.round((1000 + ((k * 7919 + y * 104729) % 90000)) * 100 + k * 13 + y) / 100;
      sum += v;
      n += 1;
      rows.push(`${st},${year},Bottles and Cans,${v.toFixed(2)}`);
    });
  if (filled) {
    const mean = sum / n;
    for (const [k, st] of ["ND", "SD", "WY", "VT"].entries())
      rows.push(`${st},${2008 + (k % 3)},Kegs,${String(mean)}`);
  }
  return csv("state,year,type,barrels", ...rows);
}

export const fillValueFillCases = silentCasesOf("fill-value", ({ flagged, clean }) => [
  flagged(
    "held-out JM-10: barrels summed per year, four cells holding the column's mean written to its last digit",
    { "beer_states.csv": barrels(true) },
    scanThenQuery(
      { b: "beer_states.csv" },
      "SELECT year, sum(barrels) AS total FROM b GROUP BY year ORDER BY year",
    ),
  ),
  clean(
    "its twin: the same sums over measured figures only",
    { "beer_states.csv": barrels(false) },
    scanThenQuery(
      { b: "beer_states.csv" },
      "SELECT year, sum(barrels) AS total FROM b GROUP BY year ORDER BY year",
    ),
  ),
  flagged(
    "daily temperatures: avg per station over -9999 written for days not reported",
    { "weather/daily.csv": temps(true) },
    scanThenQuery(
      { daily: "weather/daily.csv" },
      "SELECT station, avg(temp_c) AS mean_temp FROM daily GROUP BY station",
    ),
  ),
  flagged(
    "issue 25: max(density) over 9.99e+32 'no data' fills",
    { "swarm/density.csv": density("9.99e+32") },
    scanThenQuery({ density: "swarm/density.csv" }, "SELECT max(density) AS peak FROM density"),
  ),
  flagged(
    "stop 33 held-out: the earliest incident date over the epoch placeholder 12/31/1969",
    { "osha/deaths.csv": incidents("epoch") },
    scanThenQuery({ deaths: "osha/deaths.csv" }, 'SELECT min("Date of Incident") AS earliest FROM deaths'),
  ),
  flagged(
    "stop 33 held-out: the latest permit end over the open end 9999-12-31",
    { "osha/deaths.csv": incidents("open-end") },
    scanThenQuery({ deaths: "osha/deaths.csv" }, 'SELECT max("Permit End") AS last_end FROM deaths'),
  ),
  flagged(
    "stop 33 held-out: fatalities per year, grouped by the year of a date holding the epoch placeholder",
    { "osha/deaths.csv": incidents("epoch") },
    scanThenQuery(
      { deaths: "osha/deaths.csv" },
      'SELECT year("Date of Incident") AS yr, count(*) AS n FROM deaths GROUP BY 1 ORDER BY yr',
    ),
  ),
  clean(
    "stop 33 twin: fatalities per year with the placeholder left out",
    { "osha/deaths.csv": incidents("epoch") },
    scanThenQuery(
      { deaths: "osha/deaths.csv" },
      `SELECT year("Date of Incident") AS yr, count(*) AS n FROM deaths WHERE "Date of Incident" <> DATE '1969-12-31' GROUP BY 1 ORDER BY yr`,
    ),
  ),
  clean(
    "stop 33 twin: the earliest incident date where no placeholder is written",
    { "osha/deaths.csv": incidents("none") },
    scanThenQuery(
      { deaths: "osha/deaths.csv" },
      'SELECT min("Date of Incident") AS earliest, max("Permit End") AS last_end FROM deaths',
    ),
  ),
  clean(
    "stop 33 twin: the placeholder left out in WHERE",
    { "osha/deaths.csv": incidents("epoch") },
    scanThenQuery(
      { deaths: "osha/deaths.csv" },
      `SELECT min("Date of Incident") AS earliest FROM deaths WHERE "Date of Incident" > DATE '1970-01-01'`,
    ),
  ),
  clean(
    "issue 25: a percentage whose true maximum 100 repeats is data",
    { "swarm/density.csv": density(undefined) },
    scanThenQuery(
      { density: "swarm/density.csv" },
      "SELECT max(cover) AS top, avg(cover) AS mean, max(density) AS peak FROM density",
    ),
  ),
  flagged(
    "sums Conservative votes where -1 and -2 mark seats returned unopposed (held-out FT-03)",
    { "results.csv": UNOPPOSED_VOTES },
    scanThenQuery({ r: "results.csv" }, "SELECT sum(con_votes) AS votes FROM r"),
  ),
  clean(
    "counts the unopposed seats through their codes",
    { "results.csv": UNOPPOSED_VOTES },
    scanThenQuery(
      { r: "results.csv" },
      "SELECT count(CASE WHEN con_votes < 0 THEN 1 END) AS unopposed, sum(CASE WHEN con_votes < 0 THEN -con_votes END) AS members FROM r",
    ),
  ),
  // Held-out GB (stop 35): a library survey's -1/-3/-9 codes, counted and listed before use.
  clean(
    "counts the coded rows with a 0/1 CASE beside the sums that leave them out",
    { "pls.csv": LIBRARIES },
    scanThenQuery(
      { f: "pls.csv" },
      "SELECT STABR, count(*) AS n, sum(CASE WHEN POPU_LSA <= 0 THEN 1 ELSE 0 END) AS coded, sum(CASE WHEN POPU_LSA > 0 THEN POPU_LSA END) AS pop FROM f GROUP BY ROLLUP(1)",
    ),
  ),
  clean(
    "groups by whether the population is a code, with min, max and sum in each group",
    { "pls.csv": LIBRARIES },
    scanThenQuery(
      { f: "pls.csv" },
      "SELECT POPU_LSA < 0 AS neg, min(POPU_LSA) AS lo, max(POPU_LSA) AS hi, count(*) AS n, sum(POPU_LSA) AS s FROM f GROUP BY 1",
    ),
  ),
  clean(
    "lists the codes and their counts (a WHERE keeps only the coded rows)",
    { "pls.csv": LIBRARIES },
    scanThenQuery({ f: "pls.csv" }, "SELECT TOTCIR, count(*) AS n FROM f WHERE TOTCIR < 0 GROUP BY 1"),
  ),
  flagged(
    "stop 35 twin: sums the population per state over the -9 codes",
    { "pls.csv": LIBRARIES },
    scanThenQuery({ f: "pls.csv" }, "SELECT STABR, sum(POPU_LSA) AS pop FROM f GROUP BY STABR"),
  ),
  flagged(
    "stop 35 twin: the largest circulation per state, where one state reports only codes",
    { "pls.csv": LIBRARIES },
    scanThenQuery({ f: "pls.csv" }, "SELECT STABR, max(TOTCIR) AS top FROM f GROUP BY STABR"),
  ),
  // Held-out GM-07 (stop 36): a search for repeated values whose HAVING keeps none of the codes' groups.
  clean(
    "lists circulation figures that repeat more than six times: the -1 and -3 codes' groups do not",
    { "pls.csv": LIBRARIES },
    scanThenQuery(
      { f: "pls.csv" },
      "SELECT TOTCIR, count(*) AS n FROM f GROUP BY TOTCIR HAVING count(*) > 6",
    ),
  ),
  flagged(
    "stop 36 twin: the same search for figures that repeat at all lists the codes as repeated figures",
    { "pls.csv": LIBRARIES },
    scanThenQuery(
      { f: "pls.csv" },
      "SELECT TOTCIR, count(*) AS n FROM f GROUP BY TOTCIR HAVING count(*) > 1",
    ),
  ),
]);
