import type { OperatorCall } from "../../src/core/runtime.ts";
import type { SilentCase } from "./silentCase.ts";

/**
 * Issue 25's misses met by fresh analysts (stop 26), each with its quiet twin: an aggregate over an
 * expression skipping rows where one operand is blank (null-in-aggregate); two editions whose labels
 * differ by a trailing space left unmatched by a FULL JOIN (join-key-mismatch); a text 'NA' counted
 * as a state where the file writes it for a missing value (text-missing-marker).
 */

const scan = (file: string, output: string): OperatorCall => ({ op: "Scan", file, output });
const query = (sql: string, inputs: string[], output = "answer"): OperatorCall => ({
  op: "Query",
  sql,
  inputs,
  output,
});
const csv = (...lines: string[]): string => `${lines.join("\n")}\n`;

const teams = (blank: boolean) =>
  csv(
    "team,league,rating_then,rating_now",
    "Arbor,East,1502,1560",
    `Brook,East,${blank ? "" : "1431"},1448`,
    "Cliff,East,1610,1598",
    "Dale,West,1388,1420",
    `Eden,West,${blank ? "" : "1466"},1471`,
    "Fern,West,1540,1552",
  );
const edition = (trailing: boolean) =>
  csv(
    "Item,Area",
    "Wheat,1200",
    `Oats${trailing ? " " : ""},340`,
    `Rye${trailing ? " " : ""},55`,
    "Peas,120",
  );
const airfields = (marker: boolean) =>
  csv(
    "code,town,region,runways",
    "AAA,Alton,HS,2",
    `BBB,${marker ? "NA,NA" : "Bourne,LI"},1`,
    "CCC,Crewe,CH,3",
    `DDD,${marker ? "NA,NA" : "Diss,NF"},1`,
    "EEE,Ely,CB,2",
    "FFF,Frome,SO,1",
  );

/** Sales per store, and a store list that writes two names with a hyphen where sales has a space. */
const stores = (hyphen: boolean) => ({
  "sales.csv": csv("store,sales", "North End,120", "Old Town,340", "Riverside,210", "West Gate,90"),
  "stores.csv": csv(
    "store,manager",
    `${hyphen ? "North-End" : "North End"},Ames`,
    `${hyphen ? "Old-Town" : "Old Town"},Birk`,
    "Riverside,Cole",
    "West Gate,Dunn",
  ),
});
/** Survey answers whose file writes 'n/a' for a missing income and, on the same rows, a missing state. */
const survey = (marker: boolean) =>
  csv(
    "respondent,state,income",
    "1,OH,52000",
    `2,${marker ? "n/a,n/a" : "PA,61000"}`,
    "3,OH,47000",
    "4,MI,58000",
    `5,${marker ? "n/a,n/a" : "MI,39000"}`,
    "6,PA,71000",
    "7,IN,44000",
  );

export const missesCases: SilentCase[] = [
  {
    code: "join-key-mismatch",
    name: "a LEFT JOIN of sales to a store list spelling two stores with a hyphen",
    expect: "flagged",
    lake: { files: stores(true) },
    calls: [
      scan("sales.csv", "sales"),
      scan("stores.csv", "stores"),
      query("SELECT s.store, s.sales, m.manager FROM sales s LEFT JOIN stores m ON s.store = m.store", [
        "sales",
        "stores",
      ]),
    ],
  },
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
    code: "null-in-aggregate",
    name: "issue 25 (EH-sport-05): avg(now - then) skips the teams with a blank earlier rating",
    expect: "flagged",
    lake: { files: { "teams.csv": teams(true) } },
    calls: [
      scan("teams.csv", "teams"),
      query("SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league", ["teams"]),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "issue 25: avg(now - then) over teams rated in both years",
    expect: "clean",
    lake: { files: { "teams.csv": teams(false) } },
    calls: [
      scan("teams.csv", "teams"),
      query("SELECT league, avg(rating_now - rating_then) AS change FROM teams GROUP BY league", ["teams"]),
    ],
  },
  {
    code: "join-key-mismatch",
    name: "issue 25 (EI-agri-08): a FULL JOIN of two editions whose labels end in a space in one",
    expect: "flagged",
    lake: { files: { "ed2023.csv": edition(true), "ed2025.csv": edition(false) } },
    calls: [
      scan("ed2023.csv", "ed2023"),
      scan("ed2025.csv", "ed2025"),
      query(
        "SELECT coalesce(a.Item, b.Item) AS item, a.Area - b.Area AS diff FROM ed2023 a FULL JOIN ed2025 b ON lower(a.Item) = lower(b.Item)",
        ["ed2023", "ed2025"],
      ),
    ],
  },
  {
    code: "join-key-mismatch",
    name: "issue 25: a FULL JOIN of two editions spelled alike",
    expect: "clean",
    lake: { files: { "ed2023.csv": edition(false), "ed2025.csv": edition(false) } },
    calls: [
      scan("ed2023.csv", "ed2023"),
      scan("ed2025.csv", "ed2025"),
      query(
        "SELECT coalesce(a.Item, b.Item) AS item, a.Area - b.Area AS diff FROM ed2023 a FULL JOIN ed2025 b ON lower(a.Item) = lower(b.Item)",
        ["ed2023", "ed2025"],
      ),
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
