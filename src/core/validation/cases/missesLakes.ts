import { csv } from "./csvText.ts";

/**
 * Issue 25's misses met by fresh analysts (stop 26), each with its quiet twin: an aggregate over an
 * expression skipping rows where one operand is blank (null-in-aggregate); two editions whose labels
 * differ by a trailing space left unmatched by a FULL JOIN (join-key-mismatch); a text 'NA' counted
 * as a state where the file writes it for a missing value (text-missing-marker).
 */

export const teams = (blank: boolean) =>
  csv(
    "team,league,rating_then,rating_now",
    "Arbor,East,1502,1560",
    `Brook,East,${blank ? "" : "1431"},1448`,
    "Cliff,East,1610,1598",
    "Dale,West,1388,1420",
    `Eden,West,${blank ? "" : "1466"},1471`,
    "Fern,West,1540,1552",
  );
export const edition = (trailing: boolean) =>
  csv(
    "Item,Area",
    "Wheat,1200",
    `Oats${trailing ? " " : ""},340`,
    `Rye${trailing ? " " : ""},55`,
    "Peas,120",
  );
export const airfields = (marker: boolean) =>
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
export const stores = (hyphen: boolean) => ({
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
export const survey = (marker: boolean) =>
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
