import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { WILDFIRES, RAINFALL } from "../../cases/sharedLakes.ts";

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
]);
