import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { unionScan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { IDT_RANKINGS, REPORT_COUNT } from "../../cases/legalLake.ts";
import { SURVEY, WEATHER_AND_YIELDS } from "../../cases/sharedLakes.ts";

/** State milk output in blocks parted by blank report lines (held-out FN-02); Vermont's 2017 figure as given. */
function milkBlocks(vermont2017: string): Record<string, string> {
  return {
    "milk.csv": csv(
      "State,Production 2016,Production 2017",
      "Maine,594,630",
      `Vermont,2727,${vermont2017}`,
      ",,",
      "Michigan,10897,11247",
      "Wisconsin,30124,30320",
      ",,",
      "Washington,6573,6637",
      "Oregon,2633,2625",
    ),
  };
}

/** Hourly bike counts (held-out FR-03): three hours of 2016 have no count; 2017 is complete. */
const HOURLY_COUNTS = csv(
  "hour,bikes",
  ...["2016-11", "2016-12", "2017-01", "2017-02"].flatMap((month) =>
    Array.from({ length: 6 }, (_, h) => `${month}-01 0${h}:00,${month === "2016-12" && h < 3 ? "" : 10 + h}`),
  ),
);

/**
 * Votes by seat, one column per party and the seat's total (held-out FT-02): Labour did not stand
 * in the two Antrim seats, whose totals are the other parties' votes.
 */
const PARTY_VOTES = csv(
  "seat,con_votes,lab_votes,lib_votes,total_votes",
  "Battersea,15670,3383,2273,21326",
  "Bath,12000,9000,11000,32000",
  "Bristol West,14000,16000,9000,39000",
  "Exeter,18000,15000,6000,39000",
  "Hull North,9000,21000,4000,34000",
  "Leeds Central,8000,25000,3000,36000",
  "Leeds East,10000,24000,2500,36500",
  "Sheffield Central,7000,23000,5000,35000",
  "York,13000,19000,6000,38000",
  "Luton,16000,17000,4500,37500",
  "Antrim North,8000,,2000,10000",
  "Antrim South,9000,,3000,12000",
);

/**
 * Enrolment by school and grade (held-out GT-10, Connecticut): the Total column leads a block of
 * grade counts with a kindergarten subtotal among them; `NA` where a school has no such grade.
 */
const GRADE_ENROLMENT = csv(
  "School ID,School Name,School Year,Total ,Prekindergarten ,KindergartenFull Day ,KindergartenHalf Day ,Totalk,Grade 1 ,Grade 2 ,Grade 3",
  "1,Bulkeley Lower,2010-11,305,NA,40,20,60,80,82,83",
  "2,Capital Prep,2010-11,240,NA,NA,NA,NA,80,80,80",
  "3,Hooker,2010-11,345,40,45,15,60,80,85,80",
  "4,Kinsella,2010-11,300,30,40,NA,40,70,80,80",
  "5,Naylor,2010-11,320,45,35,10,45,75,75,80",
  "6,Parkville,2010-11,281,20,41,NA,41,70,70,80",
  "7,Sanchez,2010-11,300,35,30,15,45,70,75,75",
  "8,Wish,2010-11,289,24,40,5,45,70,70,80",
);

/** NDBC buoys listed by region (held-out GA): two of them never reported a wave height. */
const BUOY_STATIONS = csv(
  "buoy,region",
  "41040,Caribbean",
  "41041,Caribbean",
  "41016,Caribbean",
  "42036,Eastern Gulf",
  "42039,Eastern Gulf",
  "41018,Eastern Gulf",
);

/** Wave heights, several readings per buoy. */
const BUOY_WAVES = csv(
  "buoy,day,wave_height",
  ...["41040", "41041", "42036", "42039"].flatMap((b, i) =>
    Array.from(
      { length: 6 },
      (_, d) => `${b},2011-01-${String(d + 1).padStart(2, "0")},${(1.2 + 0.3 * i + 0.1 * d).toFixed(2)}`,
    ),
  ),
);

/**
 * Coffee imports by importer, a column per year (ICO, held-out GQ-02): Belgium and Luxembourg were
 * reported together until 1998 and apart from 1999. `stopped` makes Germany's reports stop after
 * 1998 with no successor instead: its 1999 import is missing, not gone.
 */
function importsByYear(stopped: boolean): string {
  const years = [1996, 1997, 1998, 1999, 2000];
  const row = (name: string, from: number, to: number, base: number): string =>
    [name, ...years.map((y, i) => (y >= from && y <= to ? String(base + 10 * i) : ""))].join(",");
  return csv(
    ["Importer", ...years].join(","),
    row("Austria", 1996, 2000, 1500),
    row("Belgium/Luxembourg", 1996, 1998, 2600),
    row("Belgium", 1999, 2000, 2900),
    row("Luxembourg", 1999, 2000, 150),
    row("Germany", 1996, stopped ? 1998 : 2000, 15000),
    row("France", 1996, 2000, 6000),
  );
}

/**
 * Births by day, one column per year, as ONS writes them (held-out GP-05): 29 February is `[z]`
 * (not applicable) in a year that has none; `unavailable` writes a day not yet counted as `[x]`.
 */
function birthsByDay(missing: "[z]" | "[x]"): string {
  const days = ["27/02", "28/02", "29/02", "01/03", "02/03", "03/03"];
  return csv(
    "Date,2023,2024",
    ...days.map((d, i) => `${d},${d === "29/02" ? missing : 1600 + i},${1700 + i}`),
  );
}

/** A query over the weather and yield files, read through the CTEs `w` (weather) and `y` (yields). */
function overWeatherAndYields(select: string): ReturnType<typeof scanThenQuery> {
  return scanThenQuery(
    { weather: "weather.csv", yields: "yields.csv" },
    `WITH w AS (SELECT year, rainfall_mm FROM weather), y AS (SELECT year, yield_t_ha FROM yields) ${select}`,
  );
}

/**
 * A contest's final points per year and their jury and televote parts (held-out IG-10): the parts
 * are published from 2016 only, and empty before; `split2015` also splits one 2015 entry.
 */
function contestPoints(split2015: boolean): string {
  return csv(
    "year,country,points_final,points_jury,points_tele",
    "2014,United Kingdom,40,,",
    "2014,Sweden,169,,",
    `2015,United Kingdom,5,${split2015 ? "5," : ","}`,
    "2015,Sweden,365,,",
    "2016,United Kingdom,62,54,8",
    "2016,Sweden,261,122,139",
    "2017,United Kingdom,111,99,12",
    "2017,Sweden,344,218,126",
  );
}

/**
 * Season lines of two players (held-out IL-03): a season without playoffs has no Post columns at
 * all. `lost`: one playoff season's points are empty though its games and goals are there.
 */
function seasonLines(lost: boolean): string {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const player = i % 2 ? "richama01" : "richahe01";
    const playoffs = i % 3 !== 0;
    const post = playoffs
      ? [6 + (i % 4), 3 + (i % 3), 2 + (i % 2), lost && i === 4 ? "" : 5 + (i % 5)]
      : ["", "", "", ""];
    return [player, 1950 + i, 70, 30 + i, 20 + i, 50 + 2 * i, ...post].join(",");
  });
  return csv("playerID,year,GP,G,A,Pts,PostGP,PostG,PostA,PostPts", ...rows);
}

/**
 * PGA Tour season statistics (held-out JH-09): a player with no FedExCup season line has EVENTS,
 * # OF WINS, # OF TOP-10S and POINTS BEHIND LEAD all blank — no name prefix gathers them. `lost`:
 * one player's wins are blank though his events and top-10s are there.
 */
function pgaSeason(lost: boolean): string {
  const rows = Array.from({ length: 14 }, (_, i) => {
    const season = i % 4 !== 3;
    const block = season
      ? [18 + (i % 5), lost && i === 5 ? "" : i % 3, 2 + (i % 4), 100 * i]
      : ["", "", "", ""];
    return [`Player ${i + 1}`, 60 + i, 4200 + 70 * i, ...block].join(",");
  });
  return csv("NAME,TOTAL ROUNDS,TOTAL STROKES,EVENTS,# OF WINS,# OF TOP-10S,POINTS BEHIND LEAD", ...rows);
}

/** The silent-error suite's cases of `null-in-aggregate` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const nullInAggregateSilentCases = silentCasesOf("null-in-aggregate", ({ flagged, clean }) => [
  clean(
    "wins summed over a season's players: those without a season line have every column of it blank",
    { "2018.csv": pgaSeason(false) },
    scanThenQuery({ st: "2018.csv" }, 'SELECT sum("# OF WINS") AS wins FROM st'),
  ),
  flagged(
    "wins summed over a season's players: one player's wins are blank though his events and top-10s are there",
    { "2018.csv": pgaSeason(true) },
    scanThenQuery({ st: "2018.csv" }, 'SELECT sum("# OF WINS") AS wins FROM st'),
  ),
  clean(
    "a player's career playoff points: his seasons without a playoff line have every Post column empty",
    { "scoring.csv": seasonLines(false) },
    scanThenQuery(
      { sc: "scoring.csv" },
      "SELECT playerID, sum(Pts) AS pts, sum(PostPts) AS post_pts FROM sc GROUP BY playerID",
    ),
  ),
  flagged(
    "the same, with one season's playoff points left empty where its playoff games are given",
    { "scoring.csv": seasonLines(true) },
    scanThenQuery(
      { sc: "scoring.csv" },
      "SELECT playerID, sum(Pts) AS pts, sum(PostPts) AS post_pts FROM sc GROUP BY playerID",
    ),
  ),
  flagged(
    "average yield over every weather year through CTEs: the left join leaves 2020 without a yield",
    WEATHER_AND_YIELDS,
    overWeatherAndYields(
      `SELECT count(*) AS years, avg(y.yield_t_ha) AS mean_yield FROM w LEFT JOIN y ON w.year = y.year`,
    ),
  ),
  clean(
    "the same CTE left join, the missing yield counted explicitly as unknown",
    WEATHER_AND_YIELDS,
    overWeatherAndYields(
      `SELECT count(*) AS years, count(y.yield_t_ha) AS years_with_yield,
                avg(y.yield_t_ha) FILTER (WHERE y.yield_t_ha IS NOT NULL) AS mean_yield
         FROM w LEFT JOIN y ON w.year = y.year`,
    ),
  ),
  clean(
    "a full join's coverage check: the yields of years no weather row has, summed under FILTER (WHERE w.year IS NULL) (held-out HV-03)",
    WEATHER_AND_YIELDS,
    overWeatherAndYields(
      `SELECT count(*) FILTER (WHERE w.year IS NOT NULL AND y.year IS NOT NULL) AS both_years,
                count(*) FILTER (WHERE y.year IS NULL) AS weather_only,
                sum(y.yield_t_ha) FILTER (WHERE w.year IS NULL) AS yield_without_weather
         FROM w FULL OUTER JOIN y ON w.year = y.year`,
    ),
  ),
  flagged(
    "the same full join, the yields summed over every row: the weather years without a yield are skipped",
    WEATHER_AND_YIELDS,
    overWeatherAndYields(
      `SELECT count(*) AS years, sum(y.yield_t_ha) AS total_yield
         FROM w FULL OUTER JOIN y ON w.year = y.year`,
    ),
  ),
  clean(
    "held-out GA-09 (stop 35): mean wave height per region over buoys listed by region, some of which never reported (several readings per buoy)",
    { "stations.csv": BUOY_STATIONS, "waves.csv": BUOY_WAVES },
    scanThenQuery(
      { st: "stations.csv", w: "waves.csv" },
      "SELECT st.region, count(w.buoy) AS readings, avg(w.wave_height) AS mean_height FROM st LEFT JOIN w ON w.buoy = st.buoy GROUP BY st.region",
    ),
  ),
  flagged(
    "average loss over a survey where non-victims left the amount blank",
    { "survey.csv": SURVEY },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT state, avg(amount_lost) AS avg_loss FROM survey GROUP BY state",
    ),
  ),
  flagged(
    "refunds summed over a union where one month lacks the column",
    {
      "monthly/2024-01.csv": csv("state,sales,refunds", "Florida,1200,80", "Georgia,950,35"),
      "monthly/2024-02.csv": csv("state,sales", "Florida,1310", "Georgia,1105"),
      "monthly/2024-03.csv": csv("state,sales,refunds", "Florida,1280,60", "Georgia,1010,40"),
    },
    [
      unionScan(["monthly/*.csv"], "monthly", "month"),
      query("SELECT state, sum(refunds) AS refunds, sum(sales) AS sales FROM monthly GROUP BY state", [
        "monthly",
      ]),
    ],
  ),
  flagged(
    "median of state medians where suppressed cells are empty",
    {
      "median_loss.csv": csv(
        "State,Reports,Median Loss",
        "Alabama,26049,400",
        "Alaska,4917,525",
        "Guam,61,",
        "Arizona,54367,600",
        "U.S. Virgin Islands,48,",
        "Arkansas,14393,375",
      ),
    },
    scanThenQuery(
      { median_loss: "median_loss.csv" },
      'SELECT median("Median Loss") AS typical_median FROM median_loss',
    ),
  ),
  clean(
    "stop 33 held-out: a report's blank lines between its blocks are no missing values",
    milkBlocks("2728"),
    scanThenQuery({ milk: "milk.csv" }, 'SELECT avg("Production 2017") AS mean FROM milk'),
  ),
  flagged(
    "stop 33 twin: a state whose figure is blank among the blocks is a missing value",
    milkBlocks(""),
    scanThenQuery({ milk: "milk.csv" }, 'SELECT sum("Production 2017") AS total FROM milk'),
  ),
  clean(
    "the average over victims only, blanks excluded in WHERE",
    { "survey.csv": SURVEY },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT state, avg(amount_lost) AS avg_loss FROM survey WHERE amount_lost IS NOT NULL GROUP BY state",
    ),
  ),
  clean(
    "blanks counted as zero loss with coalesce",
    { "survey.csv": SURVEY },
    scanThenQuery(
      { survey: "survey.csv" },
      "SELECT state, sum(coalesce(amount_lost, 0)) AS total_loss FROM survey GROUP BY state",
    ),
  ),
  clean(
    "KramaBench legal-easy-9: year-over-year growth with lag(), the first year's NULL sorted last",
    legal,
    scanThenQuery(
      { counts: REPORT_COUNT },
      'SELECT Year, round("# of Reports" / lag("# of Reports") OVER (ORDER BY Year) - 1, 4) AS growth FROM counts ORDER BY growth DESC NULLS LAST LIMIT 1',
    ),
  ),
  clean(
    "average rate over the ranking (DC and Puerto Rico have a rate, only no rank)",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      'SELECT avg("Reports per 100K Population") AS mean_rate, sum("# of Reports") AS reports FROM idt',
    ),
  ),
  // Held-out FD-04: two death columns empty on the same rows, the count of one beside count(*).
  clean(
    "sums two columns empty together, reporting the count of one beside count(*)",
    {
      "quakes.csv": csv(
        "YEAR,DEATHS,TOTAL_DEATHS,MAG",
        "2017,4,4,6.1",
        "2017,,,5.2",
        "2017,370,370,7.1",
        "2017,,,5.9",
        "2017,1,2,6.3",
        "2016,9,9,6.0",
      ),
    },
    scanThenQuery(
      { eq: "quakes.csv" },
      "SELECT count(*) AS n, sum(TOTAL_DEATHS) AS td, sum(DEATHS) AS d, count(TOTAL_DEATHS) AS n_td FROM eq WHERE YEAR = 2017",
    ),
  ),
  clean(
    "hourly counts with empty hours in 2016, summed by month in a CTE the outer query keeps to 2017",
    { "hourly.csv": HOURLY_COUNTS },
    scanThenQuery(
      { h: "hourly.csv" },
      "WITH m AS (SELECT strftime(hour, '%Y-%m') AS month, sum(bikes) AS bikes FROM h GROUP BY 1) SELECT month, bikes FROM m WHERE month LIKE '2017%' ORDER BY month",
    ),
  ),
  clean(
    "imports summed over 1999, where Belgium/Luxembourg ended in 1998 and Belgium began: no importer is missing (held-out GQ-02)",
    { "imports.csv": importsByYear(false) },
    scanThenQuery({ i: "imports.csv" }, 'SELECT sum("1999") AS total FROM i'),
  ),
  flagged(
    "the same sum where Germany's reports stop after 1998 with no successor: its 1999 import is missing",
    { "imports.csv": importsByYear(true) },
    scanThenQuery({ i: "imports.csv" }, 'SELECT sum("1999") AS total FROM i'),
  ),
  clean(
    "births summed over the days of 2023, 29 February marked [z] (not applicable): nothing is left out (held-out GP-05)",
    { "births.csv": birthsByDay("[z]") },
    scanThenQuery({ b: "births.csv" }, 'SELECT sum("2023") AS births FROM b'),
  ),
  flagged(
    "the same sum where the day is marked [x] (not available): a count is missing",
    { "births.csv": birthsByDay("[x]") },
    scanThenQuery({ b: "births.csv" }, 'SELECT sum("2023") AS births FROM b'),
  ),
  clean(
    "a party's empty votes in seats it did not stand in: the row's total counts none there (held-out FT-02)",
    { "results.csv": PARTY_VOTES },
    scanThenQuery({ r: "results.csv" }, "SELECT sum(lab_votes) AS labour FROM r"),
  ),
  flagged(
    "the same votes where a seat's total does hold the party's missing count",
    { "results.csv": PARTY_VOTES.replace("Antrim North,8000,,2000,10000", "Antrim North,8000,,2000,14000") },
    scanThenQuery({ r: "results.csv" }, "SELECT sum(lab_votes) AS labour FROM r"),
  ),
  clean(
    "prekindergarten pupils summed where schools with no such grade say NA: the Total beside the grades counts none there (held-out GT-10)",
    { "enrolment.csv": GRADE_ENROLMENT },
    scanThenQuery({ e: "enrolment.csv" }, "SELECT sum(Prekindergarten) AS prek FROM e"),
  ),
  flagged(
    "the same sum where a school's Total does count prekindergarten pupils the grade column lacks",
    {
      "enrolment.csv": GRADE_ENROLMENT.replace(
        "2,Capital Prep,2010-11,240,NA",
        "2,Capital Prep,2010-11,270,NA",
      ),
    },
    scanThenQuery({ e: "enrolment.csv" }, "SELECT sum(Prekindergarten) AS prek FROM e"),
  ),
  clean(
    "jury and televote points summed per year, the years before the split empty in every row: each such year shows NULL (held-out IG-10)",
    { "contestants.csv": contestPoints(false) },
    scanThenQuery(
      { c: "contestants.csv" },
      "SELECT year, sum(points_final) AS total, sum(points_jury) AS jury, sum(points_tele) AS tele FROM c GROUP BY year ORDER BY year",
    ),
  ),
  clean(
    "the same sums where one 2015 entry has a jury figure and its televote part is empty: one year's figure of four leaves it out, said as info (held-out KB-05)",
    { "contestants.csv": contestPoints(true) },
    scanThenQuery(
      { c: "contestants.csv" },
      "SELECT year, sum(points_final) AS total, sum(points_jury) AS jury, sum(points_tele) AS tele FROM c GROUP BY year ORDER BY year",
    ),
  ),
  flagged(
    "the same sums for 2015 alone: the one figure of the result leaves the empty televote part out",
    { "contestants.csv": contestPoints(true) },
    scanThenQuery(
      { c: "contestants.csv" },
      "SELECT year, sum(points_final) AS total, sum(points_jury) AS jury, sum(points_tele) AS tele FROM c WHERE year = 2015 GROUP BY year",
    ),
  ),
]);
