import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { unionScan, query } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { CSVS } from "../../cases/legalLake.ts";

/** The silent-error suite's cases of `union-schema-drift` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
/**
 * Rugby match files (held-out JP-02, Rugby-Data's JSON of one tournament each): every match lists
 * its players' yellow cards by minute. In three tournaments no listed player got one, so those
 * files hold only empty lists there, which the reader types JSON[].
 */
const matches = (tournament: string, cards: (i: number) => string): string =>
  JSON.stringify(
    Array.from({ length: 6 }, (_, i) => ({
      date: `2023-0${1 + (i % 9)}-1${i}`,
      tournament,
      home: { team: ["England", "France", "Ireland"][i % 3], score: 20 + i, yellows: JSON.parse(cards(i)) },
      away: { team: ["Italy", "Scotland", "Wales"][i % 3], score: 10 + i, yellows: [] },
    })),
  );
const MATCH_FILES = {
  "matches/six-nations-2022.json": matches("2022", () => "[]"),
  "matches/six-nations-2023.json": matches("2023", (i) => (i % 2 ? "[64]" : "[]")),
  "matches/six-nations-2024.json": matches("2024", () => "[]"),
};

export const unionSchemaDriftSilentCases = silentCasesOf("union-schema-drift", ({ flagged, clean }) => [
  clean(
    "PGA Tour season files: two seasons name RESET POINTS and leave it blank, the other two have FEDEXCUP STROKES in its place",
    {
      "seasons/2018.csv": csv(
        "NAME,WINS,RESET POINTS",
        "Justin Thomas,3,",
        "Dustin Johnson,3,",
        "Bubba Watson,3,",
      ),
      "seasons/2019.csv": csv(
        "NAME,WINS,FEDEXCUP STROKES",
        "Brooks Koepka,3,-8",
        "Rory McIlroy,3,-7",
        "Matt Kuchar,2,-6",
      ),
      "seasons/2020.csv": csv(
        "NAME,WINS,FEDEXCUP STROKES",
        "Justin Thomas,3,-10",
        "Dustin Johnson,2,-8",
        "Webb Simpson,2,-7",
      ),
      "seasons/2021.csv": csv(
        "NAME,WINS,RESET POINTS",
        "Jon Rahm,1,",
        "Collin Morikawa,1,",
        "Patrick Cantlay,4,",
      ),
    },
    [unionScan(["seasons/*.csv"], "seasons", "season")],
  ),
  flagged(
    "the same season files where RESET POINTS holds points: FEDEXCUP STROKES may be its other name",
    {
      "seasons/2018.csv": csv(
        "NAME,WINS,RESET POINTS",
        "Justin Thomas,3,2000",
        "Dustin Johnson,3,1800",
        "Bubba Watson,3,1600",
      ),
      "seasons/2019.csv": csv(
        "NAME,WINS,FEDEXCUP STROKES",
        "Brooks Koepka,3,-8",
        "Rory McIlroy,3,-7",
        "Matt Kuchar,2,-6",
      ),
    },
    [unionScan(["seasons/*.csv"], "seasons", "season")],
  ),
  clean(
    "held-out JP-02: match files whose yellow-card lists are empty in some tournaments (typed JSON[]) and hold minutes in another",
    MATCH_FILES,
    [unionScan(["matches/*.json"], "m", "src")],
  ),
  flagged(
    "the count column renamed in the newest yearly file",
    {
      "by_year/2022.csv": csv("State,Reports", "Florida,402113", "Georgia,201560"),
      "by_year/2023.csv": csv("State,Reports", "Florida,458012", "Georgia,219870"),
      "by_year/2024.csv": csv("State,# of Reports", "Florida,474314", "Georgia,228132"),
    },
    [unionScan(["by_year/*.csv"], "reports", "year")],
  ),
  flagged(
    "one export spells the column in lower case",
    {
      "losses/q1.csv": csv("State,Total Loss", "Florida,410220311", "Texas,398120000"),
      "losses/q2.csv": csv("State,total loss", "Florida,402883120", "Texas,377415402"),
    },
    [unionScan(["losses/*.csv"], "losses", "quarter")],
  ),
  flagged(
    "'N/A' in one month turns its amount column to text",
    {
      "monthly/2024-01.csv": csv("state,amount", "Florida,1200", "Georgia,950"),
      "monthly/2024-02.csv": csv("state,amount", "Florida,N/A", "Georgia,1105"),
    },
    [unionScan(["monthly/*.csv"], "monthly", "month")],
  ),
  flagged("a glob that also picks the three-year categories file (Year vs Rank)", legal, [
    unionScan([`${CSVS}/2024_CSN_Report_Categories*.csv`], "categories", "source_file"),
  ]),
  clean(
    "yearly files with one header",
    {
      "by_year/2023.csv": csv("State,Reports", "Florida,458012", "Georgia,219870"),
      "by_year/2024.csv": csv("State,Reports", "Florida,474314", "Georgia,228132"),
    },
    [
      unionScan(["by_year/*.csv"], "reports", "year"),
      query("SELECT year, sum(Reports) AS reports FROM reports GROUP BY year ORDER BY year", ["reports"]),
    ],
  ),
  clean("the fraud and identity-theft metro rankings share one layout", legal, [
    unionScan([`${CSVS}/2024_CSN_Metropolitan_Areas_*.csv`], "metros", "report_kind"),
  ]),
  clean(
    "two daily updates that both hold `pos` (a position) and `%Pos` (a share of possessions): two columns, not one spelled two ways",
    {
      "daily/through_03-04.csv": csv("player,pos,%Pos,war", "youngtr01,PG,31.2,5.6", "huertke01,SG,18.4,1.1"),
      "daily/through_03-11.csv": csv("player,pos,%Pos,war", "youngtr01,PG,31.4,5.9", "huertke01,SG,18.1,1.2"),
    },
    [
      unionScan(["daily/*.csv"], "daily", "update"),
      query("SELECT update, sum(war) AS war FROM daily GROUP BY update", ["daily"]),
    ],
  ),
]);
