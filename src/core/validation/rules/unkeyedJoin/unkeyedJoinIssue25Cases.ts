import type { SilentCase } from "../../cases/silentCase.ts";
import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { cohort, fires, rankings } from "../../cases/issue25Lakes.ts";

const { flagged, clean } = silentCasesOf("unkeyed-join");

/** Issue 25's cases of `unkeyed-join` (their lakes, shared with other codes' cases, are in src/core/validation/cases/issue25Lakes.ts). */
export const unkeyedJoinIssue25Cases: SilentCase[] = [
  // unkeyed-join: conditions that link both sides without `=`, and grids.
  clean("issue 25: nearest-age matching, ON abs(s.age - c.age) <= 1", cohort, [
    scan("study/subjects.csv", "subjects"),
    scan("study/controls.csv", "controls"),
    query("SELECT s.name, c.name AS control FROM subjects s JOIN controls c ON abs(s.age - c.age) <= 1", [
      "subjects",
      "controls",
    ]),
  ]),
  clean("issue 25: fuzzy name match, ON jaro_winkler_similarity(a.name, b.name) > 0.9", cohort, [
    scan("study/subjects.csv", "subjects"),
    scan("study/controls.csv", "controls"),
    query(
      "SELECT a.name, b.name AS match FROM subjects a JOIN controls b ON jaro_winkler_similarity(a.name, b.name) > 0.9",
      ["subjects", "controls"],
    ),
  ]),
  clean(
    "issue 25: a range join, ON r.t BETWEEN p.start AND p.stop",
    {
      "readings.csv": csv("t,value", "5,1.2", "15,3.4", "25,2.2", "40,0.7"),
      "periods.csv": csv("start,stop,label", "0,10,first", "11,30,second", "31,50,third"),
    },
    [
      scan("readings.csv", "readings"),
      scan("periods.csv", "periods"),
      query(
        "SELECT p.label, avg(r.value) AS mean FROM readings r JOIN periods p ON r.t BETWEEN p.start AND p.stop GROUP BY p.label",
        ["readings", "periods"],
      ),
    ],
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
    [
      scan("conflicts.csv", "conflicts"),
      scan("keywords.csv", "kw"),
      query(
        "SELECT c.Conflict, kw.theme FROM conflicts c JOIN kw ON regexp_matches(c.Conflict, kw.pattern)",
        ["conflicts", "kw"],
      ),
    ],
  ),
  clean("issue 25: χ² expected counts, region totals × cause totals", fires, [
    scan("fires/by_region_cause.csv", "fires"),
    query(
      `WITH r AS (SELECT Region, sum(Fires) AS rt FROM fires GROUP BY Region),
              c AS (SELECT Cause, sum(Fires) AS ct FROM fires GROUP BY Cause),
              t AS (SELECT sum(Fires) AS total FROM fires)
         SELECT r.Region, c.Cause, r.rt * c.ct / t.total AS expected FROM r CROSS JOIN c CROSS JOIN t`,
      ["fires"],
    ),
  ]),
  clean("issue 25: every station × a 0–48 h lag grid from range()", fires, [
    scan("fires/hourly.csv", "hourly"),
    query(
      "SELECT h.station, l.lag, h.hour + l.lag AS at_hour FROM hourly h CROSS JOIN range(0, 49) AS l(lag)",
      ["hourly"],
    ),
  ]),
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
    [
      scan("subs.csv", "mob"),
      query(
        `SELECT country, year, series_code
           FROM (SELECT DISTINCT country, year FROM mob) a
           CROSS JOIN (SELECT DISTINCT series_code FROM mob) b
           ANTI JOIN mob USING (country, year, series_code)`,
        ["mob"],
      ),
    ],
  ),
  flagged(
    "stop 33 held-out twin: distinct (State, Rank) × distinct States of another list (they share State)",
    rankings,
    [
      scan("fraud_reports.csv", "fraud"),
      scan("idt_reports.csv", "idt"),
      query(
        "SELECT a.State, a.Reports, b.State AS other FROM (SELECT DISTINCT State, Reports FROM fraud) a CROSS JOIN (SELECT DISTINCT State FROM idt) b",
        ["fraud", "idt"],
      ),
    ],
  ),
  flagged("issue 25: two aggregated lists of states cross-joined (they share State)", rankings, [
    scan("fraud_reports.csv", "fraud"),
    scan("idt_reports.csv", "idt"),
    query(
      `SELECT a.State AS fraud_state, b.State AS idt_state
         FROM (SELECT State, sum(Reports) AS n FROM fraud GROUP BY State ORDER BY n DESC LIMIT 3) a
         CROSS JOIN (SELECT State, sum(Reports) AS n FROM idt GROUP BY State ORDER BY n DESC LIMIT 3) b`,
      ["fraud", "idt"],
    ),
  ]),
  flagged("issue 25: a per-state aggregate cross-joined to a table of states", rankings, [
    scan("fraud_reports.csv", "fraud"),
    scan("idt_reports.csv", "idt"),
    query(
      "SELECT f.State, f.Reports, t.idt FROM fraud f CROSS JOIN (SELECT State, sum(Reports) AS idt FROM idt GROUP BY State) t",
      ["fraud", "idt"],
    ),
  ]),
];
