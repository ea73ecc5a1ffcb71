import type { OperatorCall } from "../../src/core/runtime.ts";
import type { SilentCase } from "./silentCase.ts";

/**
 * Issue 25's false alarms, each with the mistake its rule must still catch: joins whose condition
 * links both sides without `=` and cross joins that are grids (unkeyed-join), two series over
 * different periods (join-row-loss), near names of different entities (value-variants).
 */

const scan = (file: string, output: string): OperatorCall => ({ op: "Scan", file, output });
const query = (sql: string, inputs: string[], output = "answer"): OperatorCall => ({
  op: "Query",
  sql,
  inputs,
  output,
});
const csv = (...lines: string[]): string => `${lines.join("\n")}\n`;

const cohort = {
  files: {
    "study/subjects.csv": csv(
      "id,name,age",
      "1,Ann Lee,34",
      "2,Bob Stone,51",
      "3,Cara Diaz,47",
      "4,Dev Patel,62",
    ),
    "study/controls.csv": csv(
      "id,name,age",
      "10,Anne Lee,35",
      "11,Rob Stone,50",
      "12,Kara Diaz,29",
      "13,Dev Patil,61",
    ),
  },
};
const fires = {
  files: {
    "fires/by_region_cause.csv": csv(
      "Region,Cause,Fires",
      "Alaska,Human,7",
      "Alaska,Lightning,23",
      "Southwest,Human,40",
      "Southwest,Lightning,61",
      "Northwest,Human,12",
      "Northwest,Lightning,9",
    ),
    "fires/hourly.csv": csv("station,hour,temp", "A,0,11.2", "A,1,10.9", "B,0,13.1", "B,1,12.7"),
  },
};
const years = (from: number, to: number, skip: number[] = []): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((y) => !skip.includes(y));
const seriesLake = (skip: number[]) => ({
  files: {
    "fires_per_year.csv": csv("year,fires", ...years(1983, 2024).map((y) => `${y},${(y * 37) % 900}`)),
    "suppression_costs.csv": csv(
      "year,cost_musd",
      ...years(2001, 2023, skip).map((y) => `${y},${(y * 13) % 500}`),
    ),
  },
});
const rankings = {
  files: {
    "fraud_reports.csv": csv(
      "State,Reports",
      "Florida,1522",
      "Georgia,1298",
      "Nevada,1204",
      "Delaware,1153",
      "Texas,990",
    ),
    "idt_reports.csv": csv(
      "State,Reports",
      "Florida,528",
      "Georgia,517",
      "Nevada,466",
      "Texas,393",
      "Delaware,392",
    ),
  },
};
const beachNames: [string, string][] = [
  ["Camp Lowe Beach", "Lancaster"],
  ["Camp Howe Beach", "Ashburnham"],
  ["Camp Arrowhead", "Natick"],
  ["Camp Arrow Head", "Pittsfield"],
  ["Sandy Point Beach", "Acton"],
  ["Long Pond Beach", "Dover"],
  ["Nantasket Beach", "Hull"],
  ["Laurel Lake Beach", "Lenox"],
  ["Town Beach", "Acton"],
  ["Memorial Beach", "Dover"],
  ["Pleasant Beach", "Hull"],
  ["Shaker Beach", "Lenox"],
  ["Mill Pond Beach", "Natick"],
  ["Onota Beach", "Pittsfield"],
  ["Whalom Beach", "Lancaster"],
  ["Sholan Beach", "Lancaster"],
];
const beachRows = [1, 2, 3, 4].flatMap((day) =>
  beachNames.map(([name, town], i) => `2024-06-0${day},${name},${town},${(i * 7 + day * 3) % 50}`),
);

export const issue25Cases: SilentCase[] = [
  // unkeyed-join: conditions that link both sides without `=`, and grids.
  {
    code: "unkeyed-join",
    name: "issue 25: nearest-age matching, ON abs(s.age - c.age) <= 1",
    expect: "clean",
    lake: cohort,
    calls: [
      scan("study/subjects.csv", "subjects"),
      scan("study/controls.csv", "controls"),
      query("SELECT s.name, c.name AS control FROM subjects s JOIN controls c ON abs(s.age - c.age) <= 1", [
        "subjects",
        "controls",
      ]),
    ],
  },
  {
    code: "unkeyed-join",
    name: "issue 25: fuzzy name match, ON jaro_winkler_similarity(a.name, b.name) > 0.9",
    expect: "clean",
    lake: cohort,
    calls: [
      scan("study/subjects.csv", "subjects"),
      scan("study/controls.csv", "controls"),
      query(
        "SELECT a.name, b.name AS match FROM subjects a JOIN controls b ON jaro_winkler_similarity(a.name, b.name) > 0.9",
        ["subjects", "controls"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "issue 25: a range join, ON r.t BETWEEN p.start AND p.stop",
    expect: "clean",
    lake: {
      files: {
        "readings.csv": csv("t,value", "5,1.2", "15,3.4", "25,2.2", "40,0.7"),
        "periods.csv": csv("start,stop,label", "0,10,first", "11,30,second", "31,50,third"),
      },
    },
    calls: [
      scan("readings.csv", "readings"),
      scan("periods.csv", "periods"),
      query(
        "SELECT p.label, avg(r.value) AS mean FROM readings r JOIN periods p ON r.t BETWEEN p.start AND p.stop GROUP BY p.label",
        ["readings", "periods"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "issue 25: keyword themes, ON regexp_matches(c.Conflict, kw.pattern)",
    expect: "clean",
    lake: {
      files: {
        "conflicts.csv": csv(
          "Conflict,Year",
          "Border war over river,1998",
          "Civil war in the north,2003",
          "Trade dispute,2010",
        ),
        "keywords.csv": csv("pattern,theme", "war,armed", "dispute,political"),
      },
    },
    calls: [
      scan("conflicts.csv", "conflicts"),
      scan("keywords.csv", "kw"),
      query(
        "SELECT c.Conflict, kw.theme FROM conflicts c JOIN kw ON regexp_matches(c.Conflict, kw.pattern)",
        ["conflicts", "kw"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "issue 25: χ² expected counts, region totals × cause totals",
    expect: "clean",
    lake: fires,
    calls: [
      scan("fires/by_region_cause.csv", "fires"),
      query(
        `WITH r AS (SELECT Region, sum(Fires) AS rt FROM fires GROUP BY Region),
              c AS (SELECT Cause, sum(Fires) AS ct FROM fires GROUP BY Cause),
              t AS (SELECT sum(Fires) AS total FROM fires)
         SELECT r.Region, c.Cause, r.rt * c.ct / t.total AS expected FROM r CROSS JOIN c CROSS JOIN t`,
        ["fires"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "issue 25: every station × a 0–48 h lag grid from range()",
    expect: "clean",
    lake: fires,
    calls: [
      scan("fires/hourly.csv", "hourly"),
      query(
        "SELECT h.station, l.lag, h.hour + l.lag AS at_hour FROM hourly h CROSS JOIN range(0, 49) AS l(lag)",
        ["hourly"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "issue 25: two aggregated lists of states cross-joined (they share State)",
    expect: "flagged",
    lake: rankings,
    calls: [
      scan("fraud_reports.csv", "fraud"),
      scan("idt_reports.csv", "idt"),
      query(
        `SELECT a.State AS fraud_state, b.State AS idt_state
         FROM (SELECT State, sum(Reports) AS n FROM fraud GROUP BY State ORDER BY n DESC LIMIT 3) a
         CROSS JOIN (SELECT State, sum(Reports) AS n FROM idt GROUP BY State ORDER BY n DESC LIMIT 3) b`,
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "issue 25: a per-state aggregate cross-joined to a table of states",
    expect: "flagged",
    lake: rankings,
    calls: [
      scan("fraud_reports.csv", "fraud"),
      scan("idt_reports.csv", "idt"),
      query(
        "SELECT f.State, f.Reports, t.idt FROM fraud f CROSS JOIN (SELECT State, sum(Reports) AS idt FROM idt GROUP BY State) t",
        ["fraud", "idt"],
      ),
    ],
  },
  // join-row-loss: two series over different periods keep their overlap; a gap inside is a loss.
  {
    code: "join-row-loss",
    name: "issue 25: fires 1983–2024 joined to costs 2001–2023 keep the overlap",
    expect: "clean",
    lake: seriesLake([]),
    calls: [
      scan("fires_per_year.csv", "fires"),
      scan("suppression_costs.csv", "costs"),
      query("SELECT corr(f.fires, c.cost_musd) AS r FROM fires f JOIN costs c ON f.year = c.year", [
        "fires",
        "costs",
      ]),
    ],
  },
  {
    code: "join-row-loss",
    name: "issue 25: costs lack 2012 inside their span — the join drops that year",
    expect: "flagged",
    lake: seriesLake([2012]),
    calls: [
      scan("fires_per_year.csv", "fires"),
      scan("suppression_costs.csv", "costs"),
      query("SELECT corr(f.fires, c.cost_musd) AS r FROM fires f JOIN costs c ON f.year = c.year", [
        "fires",
        "costs",
      ]),
    ],
  },
  // value-variants: near names of beaches in different towns are different beaches.
  {
    code: "value-variants",
    name: "issue 25: 'Camp Lowe Beach' (Lancaster) and 'Camp Howe Beach' (Ashburnham) are two beaches",
    expect: "clean",
    lake: { files: { "beach_samples.csv": csv("date,beach,town,enterococcus", ...beachRows) } },
    calls: [
      scan("beach_samples.csv", "samples"),
      query(
        "SELECT beach, town, avg(enterococcus) AS mean_ent FROM samples GROUP BY beach, town ORDER BY mean_ent DESC",
        ["samples"],
      ),
    ],
  },
  {
    code: "value-variants",
    name: "issue 25: the same beach spelt two ways in its town is still a variant",
    expect: "flagged",
    lake: {
      files: {
        "beach_samples.csv": csv(
          "date,beach,town,enterococcus",
          ...beachRows,
          "2024-06-05,Nantasket beach,Hull,30",
          "2024-06-06,Nantasket beach,Hull,12",
        ),
      },
    },
    calls: [
      scan("beach_samples.csv", "samples"),
      query("SELECT beach, avg(enterococcus) AS mean_ent FROM samples GROUP BY beach", ["samples"]),
    ],
  },
];
