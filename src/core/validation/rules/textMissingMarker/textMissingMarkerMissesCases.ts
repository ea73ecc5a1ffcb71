import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { airfields, survey } from "../../cases/missesLakes.ts";

/**
 * Artists of a museum export (held-out HK-05): the March file writes `NULL` for a nationality not
 * recorded, the May file leaves it blank (read as NULL); a lookup of the artists' home towns.
 */
const artists = (missing: string): string =>
  csv(
    "id,name,nationality,town",
    ...Array.from(
      { length: 24 },
      (_, i) =>
        `${i + 1},Artist ${i + 1},${i % 5 === 0 ? missing : ["American", "French", "German"][i % 3]},t${i % 4}`,
    ),
  );
const TOWNS = csv("town,country", "t0,USA", "t1,France", "t2,Germany", "t9,Italy");

/**
 * Team seasons of a baseball databank (held-out JY-01): the team's code in three systems, equal on
 * most rows; Tampa Bay is 'TBA' in all three — a code, not "to be announced".
 */
const TEAMS = csv(
  "yearID,teamID,teamIDlahman45,teamIDretro,name,H",
  ...["BOS", "NYA", "TBA", "TOR", "BAL"].flatMap((team, t) =>
    [2016, 2017, 2018].map(
      (year) => `${year},${team},${team},${team},Team ${t},${1300 + 7 * t + year - 2016}`,
    ),
  ),
);

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
  flagged(
    "counts the artists whose nationality IS NULL where the file writes NULL as text (held-out HK-05)",
    { "artists.csv": artists("NULL") },
    scanThenQuery(
      { a: "artists.csv" },
      "SELECT count(*) FILTER (WHERE nationality IS NULL) AS unrecorded, count(*) AS n FROM a",
    ),
  ),
  clean(
    "IS NULL beside a count of the text 'NULL': the query already looks for the text",
    { "artists.csv": artists("NULL") },
    scanThenQuery(
      { a: "artists.csv" },
      "SELECT count(*) FILTER (WHERE nationality IS NULL) AS nulls, count(*) FILTER (WHERE nationality = 'NULL') AS texts FROM a",
    ),
  ),
  flagged(
    "IS NULL beside a count of blanks where the file writes 'NULL' (held-out HK-05)",
    { "artists.csv": artists("NULL") },
    scanThenQuery(
      { a: "artists.csv" },
      "SELECT count(*) FILTER (WHERE nationality IS NULL) AS nulls, count(*) FILTER (WHERE trim(nationality) = '') AS blanks FROM a",
    ),
  ),
  clean(
    "nationalities listed that are NULL or not a word of letters: the second branch keeps the 'NULL' texts too (held-out KO-04)",
    { "artists.csv": artists("NULL") },
    scanThenQuery(
      { a: "artists.csv" },
      "SELECT nationality, count(*) AS n FROM a WHERE nationality IS NULL OR NOT regexp_full_match(nationality, '[A-Z][a-z]+') GROUP BY 1",
    ),
  ),
  flagged(
    "its twin: NULL or a name of three letters or fewer, a branch the 'NULL' texts fail",
    { "artists.csv": artists("NULL") },
    scanThenQuery(
      { a: "artists.csv" },
      "SELECT nationality, count(*) AS n FROM a WHERE nationality IS NULL OR length(nationality) < 4 GROUP BY 1",
    ),
  ),
  clean(
    "the same count where the file leaves the nationality blank (NULL)",
    { "artists.csv": artists("") },
    scanThenQuery(
      { a: "artists.csv" },
      "SELECT count(*) FILTER (WHERE nationality IS NULL) AS unrecorded, count(*) AS n FROM a",
    ),
  ),
  clean(
    "IS NULL after a LEFT JOIN tests the join: artists whose town the lookup lacks",
    { "artists.csv": artists("NULL"), "towns.csv": TOWNS },
    scanThenQuery(
      { a: "artists.csv", t: "towns.csv" },
      "SELECT a.id, a.town FROM a LEFT JOIN t ON t.town = a.town WHERE t.country IS NULL",
    ),
  ),
  clean(
    "count(DISTINCT teamID) where 'TBA' is a team's code in three columns that repeat it (held-out JY-01)",
    { "teams.csv": TEAMS },
    scanThenQuery(
      { teams: "teams.csv" },
      "SELECT count(DISTINCT teamID) AS teams, sum(H) AS hits FROM teams WHERE yearID = 2018",
    ),
  ),
]);
