import type { SilentCase } from "../../cases/silentCase.ts";
import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { airfields, survey } from "../../cases/missesLakes.ts";

const { flagged, clean } = silentCasesOf("text-missing-marker");

/** Issue 25's misses met by fresh analysts of `text-missing-marker` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const textMissingMarkerMissesCases: SilentCase[] = [
  flagged(
    "count(DISTINCT state) counts 'n/a', which the file writes for a missing income too",
    { "survey.csv": survey(true) },
    [scan("survey.csv", "survey"), query("SELECT count(DISTINCT state) AS states FROM survey", ["survey"])],
  ),
  flagged(
    "issue 25 (EH-sport-08): count(DISTINCT region) counts 'NA' where town and region both read 'NA'",
    { "airfields.csv": airfields(true) },
    [
      scan("airfields.csv", "airfields"),
      query("SELECT count(DISTINCT region) AS regions FROM airfields", ["airfields"]),
    ],
  ),
  clean(
    "issue 25: count(DISTINCT region) over airfields that all have a region",
    { "airfields.csv": airfields(false) },
    [
      scan("airfields.csv", "airfields"),
      query("SELECT count(DISTINCT region) AS regions FROM airfields", ["airfields"]),
    ],
  ),
];
