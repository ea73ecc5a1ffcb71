import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { airfields, survey } from "../../cases/missesLakes.ts";

/** Issue 25's misses met by fresh analysts of `text-missing-marker` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const textMissingMarkerMissesCases = silentCasesOf("text-missing-marker", ({ flagged, clean }) => [
  flagged(
    "count(DISTINCT state) counts 'n/a', which the file writes for a missing income too",
    { "survey.csv": survey(true) },
    scanThenQuery({ survey: "survey.csv" }, "SELECT count(DISTINCT state) AS states FROM survey"),
  ),
  flagged(
    "issue 25 (EH-sport-08): count(DISTINCT region) counts 'NA' where town and region both read 'NA'",
    { "airfields.csv": airfields(true) },
    scanThenQuery({ airfields: "airfields.csv" }, "SELECT count(DISTINCT region) AS regions FROM airfields"),
  ),
  clean(
    "issue 25: count(DISTINCT region) over airfields that all have a region",
    { "airfields.csv": airfields(false) },
    scanThenQuery({ airfields: "airfields.csv" }, "SELECT count(DISTINCT region) AS regions FROM airfields"),
  ),
]);
