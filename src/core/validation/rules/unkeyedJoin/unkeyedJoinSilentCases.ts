import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { CSVS, FRAUD_RANKINGS, IDT_RANKINGS, STATE_LOSSES, REPORT_COUNT } from "../../cases/legalLake.ts";
import {
  FRAUD_TOP,
  IDT_TOP,
  SALES,
  REGIONS,
  STATE_YEAR_REPORTS,
  STATE_YEAR_POPULATION,
  ROSTER_SNAPSHOTS,
} from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unkeyed-join` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unkeyedJoinSilentCases = silentCasesOf("unkeyed-join", ({ flagged, clean }) => [
  clean(
    "how the two Top lists' report counts were typed, read side by side with one comma join: typeof pairs no values",
    { "fraud_top.csv": FRAUD_TOP, "idt_top.csv": IDT_TOP },
    scanThenQuery(
      { fraud: "fraud_top.csv", idt: "idt_top.csv" },
      'SELECT typeof(f."# of Reports") AS fraud_type, typeof(i."# of Reports") AS idt_type FROM fraud AS f, idt AS i LIMIT 1',
    ),
  ),
  flagged(
    "the two Top lists' types and states read side by side with one comma join: the states are paired",
    { "fraud_top.csv": FRAUD_TOP, "idt_top.csv": IDT_TOP },
    scanThenQuery(
      { fraud: "fraud_top.csv", idt: "idt_top.csv" },
      'SELECT typeof(f."# of Reports") AS fraud_type, f.State, i.State FROM fraud AS f, idt AS i',
    ),
  ),
  flagged(
    "Figure 1B: the two Top-5 rankings combined by a comma join (25 rows)",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS },
      "SELECT f.State AS fraud_state, i.State AS idt_state FROM fraud f, idt i WHERE f.Rank <= 5 AND i.Rank <= 5",
    ),
  ),
  flagged(
    "the two Top-5 lists put side by side with POSITIONAL JOIN",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS },
      "SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state FROM (SELECT * FROM fraud WHERE Rank <= 5 ORDER BY Rank) f POSITIONAL JOIN (SELECT * FROM idt WHERE Rank <= 5 ORDER BY Rank) i",
    ),
  ),
  flagged(
    "an explicit CROSS JOIN of the two exported Top lists",
    { "fraud_top.csv": FRAUD_TOP, "idt_top.csv": IDT_TOP },
    scanThenQuery(
      { fraud: "fraud_top.csv", idt: "idt_top.csv" },
      'SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state, i."# of Reports" AS idt_reports FROM fraud AS f CROSS JOIN idt AS i WHERE f.Rank <= 5 AND i.Rank <= 5 ORDER BY f.Rank',
    ),
  ),
  flagged(
    "JOIN … ON TRUE with the filter put in WHERE on one side only",
    { "sales.csv": SALES, "regions.csv": REGIONS },
    scanThenQuery(
      { sales: "sales.csv", regions: "regions.csv" },
      "SELECT s.region, s.amount, r.population FROM sales s JOIN regions r ON TRUE WHERE s.month = '2024-03'",
    ),
  ),
  flagged(
    "a typo in the join alias: ON f.State = f.State",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS },
      'SELECT f.State, f."Reports per 100K Population" AS fraud_rate, i."Reports per 100K Population" AS idt_rate FROM fraud f JOIN idt i ON f.State = f.State WHERE f.Rank <= 5',
    ),
  ),
  flagged(
    "a three-table comma join that keys only two of them",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS, losses: STATE_LOSSES },
      'SELECT f.State, f.Rank AS fraud_rank, i.Rank AS idt_rank, l."Median $ Loss" FROM fraud f, idt i, losses l WHERE f.State = i.State AND f.Rank <= 5',
    ),
  ),
  clean(
    "the correct twin: both rankings joined on State",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS },
      "SELECT f.State, f.Rank AS fraud_rank, i.Rank AS idt_rank FROM fraud f JOIN idt i ON f.State = i.State WHERE f.Rank <= 5 ORDER BY f.Rank",
    ),
  ),
  clean(
    "laureates' prizes and each prize's affiliations unnested in FROM: each row's own lists (held-out HY-09)",
    {
      "laureates.json":
        '[{"id":1,"name":"Marie Curie","prizes":[{"year":1903,"affiliations":[{"name":"Sorbonne"}]},{"year":1911,"affiliations":[{"name":"Sorbonne"}]}]},' +
        '{"id":2,"name":"John Bardeen","prizes":[{"year":1956,"affiliations":[{"name":"Bell Labs"}]},{"year":1972,"affiliations":[{"name":"Illinois"}]}]},' +
        '{"id":3,"name":"Linus Pauling","prizes":[{"year":1954,"affiliations":[{"name":"Caltech"}]},{"year":1962,"affiliations":[]}]}]\n',
    },
    scanThenQuery(
      { l: "laureates.json" },
      "SELECT l.name, p.year, aff.name AS affiliation FROM l, unnest(l.prizes) t(p), unnest(p.affiliations) u(aff)",
    ),
  ),
  clean(
    "a comma join keyed in WHERE",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS },
      "SELECT f.State, f.Rank AS fraud_rank, i.Rank AS idt_rank FROM fraud f, idt i WHERE f.State = i.State AND i.Rank <= 5",
    ),
  ),
  clean(
    "JOIN … USING (State) on three data-book tables",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, losses: STATE_LOSSES },
      'SELECT State, fraud.Rank, losses."# of Reports" AS fraud_reports FROM fraud JOIN losses USING (State) WHERE fraud.Rank <= 10',
    ),
  ),
  clean(
    "each state's share of the total via a CROSS JOIN with the one-row total",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      'SELECT i.State, round(100.0 * i."# of Reports" / t.total, 2) AS pct_of_all FROM idt i CROSS JOIN (SELECT sum("# of Reports") AS total FROM idt) t ORDER BY pct_of_all DESC LIMIT 5',
    ),
  ),
  clean(
    "KramaBench legal-hard-17: a comma join of two one-row selections (2007 total × Auto Related)",
    legal,
    scanThenQuery(
      { counts: REPORT_COUNT, cats: `${CSVS}/2024_CSN_Report_Categories.csv` },
      `SELECT round(rc."# of Reports" * cat."# of Reports" / 6471708.0) AS auto_related_2007 FROM counts rc, cats cat WHERE rc.Year = 2007 AND cat.Category = 'Auto Related'`,
    ),
  ),
  clean(
    "a two-key join on (state, year)",
    {
      "reports.csv": csv("state,year,reports", ...STATE_YEAR_REPORTS),
      "population.csv": csv("state,year,population", ...STATE_YEAR_POPULATION),
    },
    scanThenQuery(
      { reports: "reports.csv", population: "population.csv" },
      "SELECT r.state, r.year, round(r.reports * 100000.0 / p.population) AS per_100k FROM reports r JOIN population p ON p.state = r.state AND p.year = r.year ORDER BY r.state, r.year",
    ),
  ),
  clean(
    "three ids of one snapshot beside three of the next, each picked by name (held-out HL-10)",
    ROSTER_SNAPSHOTS,
    scanThenQuery(
      { s23: "snapshots/roster_2023.csv", cur: "roster.csv" },
      "SELECT a.bioguide_id, a.last_name, b.bioguide_id AS cur_id, b.last_name AS cur_name FROM s23 a JOIN cur b ON a.bioguide_id IN ('B001323', 'B001324', 'B001311') AND b.bioguide_id IN ('B001223', 'B001224', 'B001321')",
    ),
  ),
  flagged(
    "the Republicans of one snapshot beside those of the next: a party names many rows, no pick",
    ROSTER_SNAPSHOTS,
    scanThenQuery(
      { s23: "snapshots/roster_2023.csv", cur: "roster.csv" },
      "SELECT a.bioguide_id, b.bioguide_id AS cur_id FROM s23 a JOIN cur b ON a.party = 'Republican' AND b.party IN ('Republican')",
    ),
  ),
]);
