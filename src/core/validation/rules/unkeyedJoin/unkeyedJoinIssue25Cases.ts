import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { cohort, fires, rankings } from "../../cases/issue25Lakes.ts";

/** Issue 25's cases of `unkeyed-join` (their lakes, shared with other codes' cases, are in src/core/validation/cases/issue25Lakes.ts). */
export const unkeyedJoinIssue25Cases = silentCasesOf("unkeyed-join", ({ flagged, clean }) => [
  // unkeyed-join: conditions that link both sides without `=`, and grids.
  clean(
    "issue 25: nearest-age matching, ON abs(s.age - c.age) <= 1",
    cohort,
    scanThenQuery(
      { subjects: "study/subjects.csv", controls: "study/controls.csv" },
      "SELECT s.name, c.name AS control FROM subjects s JOIN controls c ON abs(s.age - c.age) <= 1",
    ),
  ),
  clean(
    "issue 25: fuzzy name match, ON jaro_winkler_similarity(a.name, b.name) > 0.9",
    cohort,
    scanThenQuery(
      { subjects: "study/subjects.csv", controls: "study/controls.csv" },
      "SELECT a.name, b.name AS match FROM subjects a JOIN controls b ON jaro_winkler_similarity(a.name, b.name) > 0.9",
    ),
  ),
  clean(
    "issue 25: a range join, ON r.t BETWEEN p.start AND p.stop",
    {
      "readings.csv": csv("t,value", "5,1.2", "15,3.4", "25,2.2", "40,0.7"),
      "periods.csv": csv("start,stop,label", "0,10,first", "11,30,second", "31,50,third"),
    },
    scanThenQuery(
      { readings: "readings.csv", periods: "periods.csv" },
      "SELECT p.label, avg(r.value) AS mean FROM readings r JOIN periods p ON r.t BETWEEN p.start AND p.stop GROUP BY p.label",
    ),
  ),
  clean(
    "issue 25: keyword themes, ON regexp_matches(c.Conflict, kw.pattern)",
    {
      "conflicts.csv": csv(
        "Conflict,Year",
        "Border war over river,1998",
        "Civil war in the north,2003",
        "Trade dispute,2010",
      ),
      "keywords.csv": csv("pattern,theme", "war,armed", "dispute,political"),
    },
    scanThenQuery(
      { conflicts: "conflicts.csv", kw: "keywords.csv" },
      "SELECT c.Conflict, kw.theme FROM conflicts c JOIN kw ON regexp_matches(c.Conflict, kw.pattern)",
    ),
  ),
  clean(
    "issue 25: χ² expected counts, region totals × cause totals",
    fires,
    scanThenQuery(
      { fires: "fires/by_region_cause.csv" },
      `WITH r AS (SELECT Region, sum(Fires) AS rt FROM fires GROUP BY Region),
              c AS (SELECT Cause, sum(Fires) AS ct FROM fires GROUP BY Cause),
              t AS (SELECT sum(Fires) AS total FROM fires)
         SELECT r.Region, c.Cause, r.rt * c.ct / t.total AS expected FROM r CROSS JOIN c CROSS JOIN t`,
    ),
  ),
  clean(
    "issue 25: every station × a 0–48 h lag grid from range()",
    fires,
    scanThenQuery(
      { hourly: "fires/hourly.csv" },
      "SELECT h.station, l.lag, h.hour + l.lag AS at_hour FROM hourly h CROSS JOIN range(0, 49) AS l(lag)",
    ),
  ),
  clean(
    "stop 33 held-out: every (country, year) × every series code, anti-joined to find the missing ones",
    {
      "subs.csv": csv(
        "country,year,series_code,value",
        "Ukraine,2022,i911,125.2",
        "Ukraine,2022,i911c,51800000",
        "Ukraine,2023,i911,131.0",
        "Moldova,2022,i911,118.1",
        "Moldova,2022,i911c,3100000",
      ),
    },
    scanThenQuery(
      { mob: "subs.csv" },
      `SELECT country, year, series_code
           FROM (SELECT DISTINCT country, year FROM mob) a
           CROSS JOIN (SELECT DISTINCT series_code FROM mob) b
           ANTI JOIN mob USING (country, year, series_code)`,
    ),
  ),
  flagged(
    "stop 33 held-out twin: distinct (State, Rank) × distinct States of another list (they share State)",
    rankings,
    scanThenQuery(
      { fraud: "fraud_reports.csv", idt: "idt_reports.csv" },
      "SELECT a.State, a.Reports, b.State AS other FROM (SELECT DISTINCT State, Reports FROM fraud) a CROSS JOIN (SELECT DISTINCT State FROM idt) b",
    ),
  ),
  flagged(
    "issue 25: two aggregated lists of states cross-joined (they share State)",
    rankings,
    scanThenQuery(
      { fraud: "fraud_reports.csv", idt: "idt_reports.csv" },
      `SELECT a.State AS fraud_state, b.State AS idt_state
         FROM (SELECT State, sum(Reports) AS n FROM fraud GROUP BY State ORDER BY n DESC LIMIT 3) a
         CROSS JOIN (SELECT State, sum(Reports) AS n FROM idt GROUP BY State ORDER BY n DESC LIMIT 3) b`,
    ),
  ),
  flagged(
    "issue 25: a per-state aggregate cross-joined to a table of states",
    rankings,
    scanThenQuery(
      { fraud: "fraud_reports.csv", idt: "idt_reports.csv" },
      "SELECT f.State, f.Reports, t.idt FROM fraud f CROSS JOIN (SELECT State, sum(Reports) AS idt FROM idt GROUP BY State) t",
    ),
  ),
]);
