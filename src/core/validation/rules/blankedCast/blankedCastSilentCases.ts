import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { WILDFIRES, RAINFALL } from "../../cases/sharedLakes.ts";

/** A ranking whose places past 5 are published as bands, as university rankings are. */
const RANKING = [
  "world_rank,university,score",
  "1,Alpha,100",
  "2,Beta,91.5",
  "3,Gamma,88.0",
  "4,Delta,80.2",
  "5,Epsilon,77.7",
  "6-10,Zeta,70.1",
  "6-10,Eta,69.9",
  "11-20,Theta,60.0",
  "11-20,Iota,58.3",
  "11-20,Kappa,55.0",
].join("\n");

/** The silent-error suite's cases of `blanked-cast` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const blankedCastSilentCases = silentCasesOf("blanked-cast", ({ flagged, clean }) => [
  flagged(
    "corr of fires and acres: TRY_CAST turns the footnoted '*8,097,880' into NULL",
    { "wildfires.csv": WILDFIRES },
    scanThenQuery(
      { fires: "wildfires.csv" },
      `SELECT corr(Fires, TRY_CAST(replace(Acres, ',', '') AS DOUBLE)) AS r FROM fires`,
    ),
  ),
  clean(
    "the footnote mark stripped before the cast: every acreage is read",
    { "wildfires.csv": WILDFIRES },
    scanThenQuery(
      { fires: "wildfires.csv" },
      `SELECT corr(Fires, TRY_CAST(regexp_replace(Acres, '[^0-9.]', '', 'g') AS DOUBLE)) AS r FROM fires`,
    ),
  ),
  flagged(
    "June rainfall averaged with TRY_CAST: '9.44 2013' (a value with its year) becomes NULL",
    { "rainfall.csv": RAINFALL },
    scanThenQuery({ rain: "rainfall.csv" }, `SELECT avg(TRY_CAST(Jun AS DOUBLE)) AS mean_jun FROM rain`),
  ),
  clean(
    "July rainfall averaged with TRY_CAST: only the missing marker 'M' becomes NULL",
    { "rainfall.csv": RAINFALL },
    scanThenQuery(
      { rain: "rainfall.csv" },
      // The map reads 'M' as NULL (a missing-value marker), so the average skips a NULL like any
      // empty cell and null-in-aggregate asks what it means: the correct query says so.
      `SELECT avg(TRY_CAST(Jul AS DOUBLE)) AS mean_jul FROM rain WHERE Jul IS NOT NULL`,
    ),
  ),
  clean(
    "the top 5 counted with TRY_CAST: the bands '6-10' and '11-20' blank, but no reading between their bounds is a place <= 5",
    { "ranking.csv": RANKING },
    scanThenQuery(
      { r: "ranking.csv" },
      `SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) <= 5) AS top5, count(*) AS n FROM r`,
    ),
  ),
  flagged(
    "the top 8 counted with TRY_CAST: the band '6-10' blanks, and places 6 to 8 lie inside it",
    { "ranking.csv": RANKING },
    scanThenQuery(
      { r: "ranking.csv" },
      `SELECT count(*) FILTER (WHERE TRY_CAST(world_rank AS INT) <= 8) AS top8, count(*) AS n FROM r`,
    ),
  ),
]);
