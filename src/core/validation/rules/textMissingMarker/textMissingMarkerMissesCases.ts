import type { SilentCase } from "../../cases/silentCase.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { airfields, survey } from "../../cases/missesLakes.ts";

/** Issue 25's misses met by fresh analysts of `text-missing-marker` (their lakes, shared with other codes' cases, are in src/core/validation/cases/missesLakes.ts). */
export const textMissingMarkerMissesCases: SilentCase[] = [
  {
    code: "text-missing-marker",
    name: "count(DISTINCT state) counts 'n/a', which the file writes for a missing income too",
    expect: "flagged",
    lake: { files: { "survey.csv": survey(true) } },
    calls: [
      scan("survey.csv", "survey"),
      query("SELECT count(DISTINCT state) AS states FROM survey", ["survey"]),
    ],
  },
  {
    code: "text-missing-marker",
    name: "issue 25 (EH-sport-08): count(DISTINCT region) counts 'NA' where town and region both read 'NA'",
    expect: "flagged",
    lake: { files: { "airfields.csv": airfields(true) } },
    calls: [
      scan("airfields.csv", "airfields"),
      query("SELECT count(DISTINCT region) AS regions FROM airfields", ["airfields"]),
    ],
  },
  {
    code: "text-missing-marker",
    name: "issue 25: count(DISTINCT region) over airfields that all have a region",
    expect: "clean",
    lake: { files: { "airfields.csv": airfields(false) } },
    calls: [
      scan("airfields.csv", "airfields"),
      query("SELECT count(DISTINCT region) AS regions FROM airfields", ["airfields"]),
    ],
  },
];
