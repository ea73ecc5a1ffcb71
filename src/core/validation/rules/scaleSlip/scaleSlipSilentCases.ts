import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { query, scanThenQuery } from "../../cases/caseCalls.ts";
import { admissions, anomalies, bacteria, pm25, quoteUnits, realJumps } from "../../cases/slipLakes.ts";

const CHANGE =
  'SELECT District, max("Admissions per 1000") FILTER (WHERE Year = 2016) - max("Admissions per 1000") FILTER (WHERE Year = 2014) AS change ' +
  "FROM adm GROUP BY District ORDER BY change DESC";

const PIVOT =
  'SELECT District, max("Admissions per 1000") FILTER (WHERE Year = 2014) AS r2014, ' +
  'max("Admissions per 1000") FILTER (WHERE Year = 2016) AS r2016 FROM adm GROUP BY District';
const RANKED = "SELECT District, r2016 - r2014 AS change FROM wide ORDER BY change DESC";

/** The silent-error cases of `scale-slip` (their lakes are in src/core/validation/cases/slipLakes.ts). */
export const scaleSlipSilentCases = silentCasesOf("scale-slip", ({ flagged, clean }) => [
  flagged(
    "issue 25 (EO-food-07): a change 2014→2016 ranked per district, one 2016 value written 63 between 6.0 and 6.1",
    { "health/admissions.csv": admissions("inside") },
    scanThenQuery({ adm: "health/admissions.csv" }, CHANGE),
  ),
  flagged(
    "a station's yearly mean over a July value one tenth of June's and August's",
    { "air/pm25.csv": pm25(true) },
    scanThenQuery(
      { pm: "air/pm25.csv" },
      "SELECT station, avg(pm25) AS mean_pm25 FROM pm GROUP BY station ORDER BY station",
    ),
  ),
  flagged(
    "issue 25 (EO-food-07, call 3): the change ranked in a second Query, over the pivot the first one made",
    { "health/admissions.csv": admissions("inside") },
    [...scanThenQuery({ adm: "health/admissions.csv" }, PIVOT, "wide"), query(RANKED, ["wide"])],
  ),
  clean(
    "the ranking over a pivot of 2012 and 2014, which the slipped 2016 value is not in",
    { "health/admissions.csv": admissions("inside") },
    [
      ...scanThenQuery({ adm: "health/admissions.csv" }, PIVOT.replace("2016", "2012"), "wide"),
      query(RANKED, ["wide"]),
    ],
  ),
  clean(
    "issue 25: the same change ranked over a series without a slip",
    { "health/admissions.csv": admissions("none") },
    scanThenQuery({ adm: "health/admissions.csv" }, CHANGE),
  ),
  clean(
    "a slipped 2016 value the query does not read (it compares 2012 with 2014)",
    { "health/admissions.csv": admissions("inside") },
    scanThenQuery(
      { adm: "health/admissions.csv" },
      'SELECT District, "Admissions per 1000" AS rate FROM adm WHERE Year IN (2012, 2014) ORDER BY District, Year',
    ),
  ),
  clean(
    "a tenfold value at a series' end (one neighbour: not told from a level change)",
    { "health/admissions.csv": admissions("end") },
    scanThenQuery(
      { adm: "health/admissions.csv" },
      'SELECT District, avg("Admissions per 1000") AS mean_rate FROM adm GROUP BY District ORDER BY District',
    ),
  ),
  ...(["level", "outbreaks", "counts"] as const).map((kind) =>
    clean(
      {
        level: "a real level change: tenfold from one year on, and it stays",
        outbreaks: "outbreak years: one about tenfold among jumps of other sizes (3×, 5×)",
        counts: "small counts: 2 → 20 → 2 and 3 → 30 → 3",
      }[kind],
      { "series.csv": realJumps(kind) },
      scanThenQuery(
        { s: "series.csv" },
        "SELECT Series, max(Value) AS peak, avg(Value) AS mean FROM s GROUP BY Series ORDER BY Series",
      ),
    ),
  ),
  clean(
    "a signed quantity: a temperature anomaly of 3.1 between 0.31 and 0.3",
    { "climate/anomalies.csv": anomalies() },
    scanThenQuery(
      { an: "climate/anomalies.csv" },
      "SELECT Region, max(Anomaly) AS warmest FROM an GROUP BY Region ORDER BY Region",
    ),
  ),
  clean(
    "corpus (CW-water-22): bacteria counts, 254 between 27 and 32 — whole numbers, read back it would be 25.4",
    { "beach/enterococcus.csv": bacteria() },
    scanThenQuery(
      { ent: "beach/enterococcus.csv" },
      "SELECT max(Enterococcus) AS peak, avg(Enterococcus) AS mean FROM ent",
    ),
  ),
  ...[false, true].map((slip) =>
    (slip ? flagged : clean)(
      slip
        ? "a daily rate quoted per 1 throughout, one day written tenfold"
        : "held-out HR (BNB TRY.csv): a daily rate quoted per 1 and per 10 in turn, one day per 10 between days per 1",
      { "rates/TRY.csv": quoteUnits(slip) },
      scanThenQuery({ r: "rates/TRY.csv" }, "SELECT avg(rate) AS mean_rate, max(rate) AS top FROM r"),
    ),
  ),
]);
