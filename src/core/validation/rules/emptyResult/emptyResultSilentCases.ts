import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import {
  FRAUD_RANKINGS,
  IDT_RANKINGS,
  STATE_TOP_TEN,
  METRO_IDT,
  METRO_FRAUD,
  METRO_HTML,
  METRO_HTML_MSA,
} from "../../cases/legalLake.ts";
import { ROSTER_SNAPSHOTS } from "../../cases/sharedLakes.ts";

/** Referendum results by counting area (held-out FT-05): Remain and Leave add up to the valid votes. */
const REFERENDUM = csv(
  "Area_Code,Area,Valid_Votes,Remain,Leave",
  "E06000031,Peterborough,87392,34176,53216",
  "E06000032,Luton,84481,36708,47773",
  "E06000033,Southend-on-Sea,98305,39348,58957",
  "E06000034,Thurrock,79916,22151,57765",
);

/** Days in foster care by setting (held-out GW-06): the settings add up to the total in every row. */
const CARE_DAYS = csv(
  "County,Year,Total Days In Care,Foster Boarding Home,Group Home,Institution",
  "ALBANY,2016,120000,80000,15000,25000",
  "ALBANY,2017,118000,79000,14000,25000",
  "BRONX,2017,900000,600000,100000,200000",
  "CAYUGA,2017,30000,20000,4000,6000",
);

/** The silent-error suite's cases of `empty-result` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const emptyResultSilentCases = silentCasesOf("empty-result", ({ flagged, clean }) => [
  flagged(
    "filters State = 'CA' where the ranking spells out California",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      "SELECT Rank, \"Reports per 100K Population\" FROM idt WHERE State = 'CA'",
    ),
  ),
  flagged("joins CSN metro names to the population page's names (other punctuation)", legal, [
    scan(METRO_IDT, "metro"),
    scan(METRO_HTML, "pop", METRO_HTML_MSA),
    query(
      'SELECT m."Metropolitan Area", m."# of Reports", p."2024 estimate" FROM metro m JOIN pop p ON p."Metropolitan statistical area" = m."Metropolitan Area"',
      ["metro", "pop"],
    ),
  ]),
  flagged(
    "LIKE without wildcards",
    legal,
    scanThenQuery(
      { metro: METRO_FRAUD },
      'SELECT Rank, "# of Reports" FROM metro WHERE "Metropolitan Area" LIKE \'Columbus, GA-AL\'',
    ),
  ),
  // The Source Map now reads US-format dates as DATE (format %m/%d/%Y), so the comparison holds.
  clean(
    "US-format dates are read as DATE, so an ISO date comparison keeps its rows",
    {
      "complaints.csv": csv(
        "complaint_id,received,category",
        "C-1,12/29/2023,Imposter Scams",
        "C-2,01/04/2024,Online Shopping",
        "C-3,01/17/2024,Imposter Scams",
        "C-4,02/02/2024,Debt Collection",
      ),
    },
    scanThenQuery(
      { complaints: "complaints.csv" },
      "SELECT complaint_id, category FROM complaints WHERE received >= '2024-01-01'",
    ),
  ),
  flagged(
    "a UNION ALL of two rankings filtered by state codes the files spell out",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS, fraud: FRAUD_RANKINGS },
      "SELECT 'idt' AS list, Rank FROM idt WHERE State = 'CA' UNION ALL SELECT 'fraud', Rank FROM fraud WHERE State = 'CA'",
    ),
  ),
  clean(
    "a UNION ALL of two checks for exceptions: no state name breaks the pattern in either ranking",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS, fraud: FRAUD_RANKINGS },
      "SELECT 'idt' AS list, State FROM idt WHERE State IS NULL UNION ALL SELECT 'fraud', State FROM fraud WHERE State NOT LIKE '%_%'",
    ),
  ),
  clean(
    "State = 'California' returns its row",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      "SELECT Rank, \"Reports per 100K Population\" FROM idt WHERE State = 'California'",
    ),
  ),
  clean(
    "KramaBench legal-easy-26: states whose top category is Identity Theft (correlated subquery)",
    legal,
    scanThenQuery(
      { top10: STATE_TOP_TEN },
      `SELECT t.State FROM top10 t WHERE t.Category = 'Identity Theft' AND t."# of Reports" = (SELECT max(x."# of Reports") FROM top10 x WHERE x.State = t.State) ORDER BY t.State`,
    ),
  ),
  clean(
    "Top-10 fraud states missing from the identity-theft Top 10",
    legal,
    scanThenQuery(
      { fraud: FRAUD_RANKINGS, idt: IDT_RANKINGS },
      "SELECT f.Rank, f.State FROM fraud f WHERE f.Rank <= 10 AND f.State NOT IN (SELECT State FROM idt WHERE Rank <= 10) ORDER BY f.Rank",
    ),
  ),
  // Held-out FC-01: a hunt for total rows or missing codes in an agency table that has none.
  clean(
    "searches for total rows in any case, or a missing code: none is the answer",
    legal,
    scanThenQuery(
      { ranks: FRAUD_RANKINGS },
      `SELECT * FROM ranks WHERE State ILIKE '%total%' OR State IS NULL`,
    ),
  ),
  // Held-out FJ-06, FK-07: the rows of keys that occur more than once, in a table where none does.
  clean(
    "lists the rows of repeated states: none repeats",
    legal,
    scanThenQuery(
      { ranks: FRAUD_RANKINGS },
      `SELECT * FROM ranks WHERE State IN (SELECT State FROM ranks GROUP BY State HAVING count(*) > 1)`,
    ),
  ),
  clean(
    "a consistency check: no area counts more Leave votes than valid votes (held-out FT-05)",
    { "referendum.csv": REFERENDUM },
    scanThenQuery(
      { eu: "referendum.csv" },
      "SELECT * FROM eu WHERE Leave > Valid_Votes OR Remain > Valid_Votes",
    ),
  ),
  // Held-out FZ-02: two releases of one table compared both ways after lower-casing the names.
  clean(
    "compares two copies both ways (EXCEPT ALL in subqueries over CTEs, UNION ALL): none differs",
    { "referendum.csv": REFERENDUM, "referendum_lower.csv": REFERENDUM.toLowerCase() },
    scanThenQuery(
      { eu: "referendum.csv", eu2: "referendum_lower.csv" },
      `WITH a AS (SELECT * REPLACE (lower(Area) AS Area) FROM eu), b AS (SELECT * REPLACE (lower(Area) AS Area) FROM eu2)
       SELECT 'a-b' AS side, * FROM (SELECT * FROM a EXCEPT ALL SELECT * FROM b)
       UNION ALL SELECT 'b-a', * FROM (SELECT * FROM b EXCEPT ALL SELECT * FROM a)`,
    ),
  ),
  flagged(
    "stop 35 twin: the differences filtered on a spelling the copies do not hold",
    { "referendum.csv": REFERENDUM, "referendum_lower.csv": REFERENDUM.toLowerCase() },
    scanThenQuery(
      { eu: "referendum.csv", eu2: "referendum_lower.csv" },
      `SELECT * FROM (SELECT * FROM eu EXCEPT ALL SELECT * FROM eu2) WHERE Area = 'PETERBOROUGH'`,
    ),
  ),
  // Held-out GG-04: columns the header leaves unnamed, checked for any value below it.
  clean(
    "checks whether any of two columns holds a value (an OR of IS NOT NULL): they hold none",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery(
      { rep: "report.csv" },
      "SELECT * FROM rep WHERE Park IS NOT NULL AND (column1 IS NOT NULL OR column3 IS NOT NULL)",
    ),
  ),
  // Held-out GK-01: a search for duplicate bridges (a CTE of keys seen twice, joined back) that finds none.
  clean(
    "joins back a CTE of the keys that repeat (HAVING count(*) > 1): none repeats",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery(
      { rep: "report.csv" },
      "WITH k AS (SELECT Park FROM rep GROUP BY Park HAVING count(*) > 1) SELECT rep.* FROM rep JOIN k ON rep.Park = k.Park",
    ),
  ),
  flagged(
    "stop 36 twin: joins back a CTE that a misspelt filter emptied",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery(
      { rep: "report.csv" },
      "WITH k AS (SELECT Park FROM rep WHERE Park = 'Arcadia') SELECT rep.* FROM rep JOIN k ON rep.Park = k.Park",
    ),
  ),
  // Held-out GL-01/02: rows of any odd kind looked for at once (a total, a zero code, a negative, a gap).
  clean(
    "an OR of checks for odd rows — a word, a zero code, a negative, a NULL — finds none",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery(
      { rep: "report.csv" },
      "SELECT * FROM rep WHERE Park ILIKE '%total%' OR Rank = 0 OR Visits < 0 OR Park IS NULL",
    ),
  ),
  // Held-out GM-01/02: the same search written lower(x) LIKE '%total%'.
  clean(
    "looks for a total row as lower(Park) LIKE '%total%' or a missing name: none",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery(
      { rep: "report.csv" },
      "SELECT * FROM rep WHERE lower(Park) LIKE '%total%' OR Park IS NULL",
    ),
  ),
  flagged(
    "stop 36 twin: lower(Park) compared with a pattern in capitals, which it can never hold",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery({ rep: "report.csv" }, "SELECT * FROM rep WHERE lower(Park) LIKE '%Arch%'"),
  ),
  flagged(
    "stop 36 twin: an OR that looks up a park by a name the table spells otherwise",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery({ rep: "report.csv" }, "SELECT * FROM rep WHERE Park = 'Arcadia' OR Visits < 0"),
  ),
  flagged(
    "stop 36 twin: an OR of a value test and a NULL test that keeps no row",
    { "report.csv": "Park,,Visits,,Rank\nAcadia,,100,,3\nArches,,80,,2\nBadlands,,60,,1\n" },
    scanThenQuery({ rep: "report.csv" }, "SELECT * FROM rep WHERE Park = 'Yosemite' OR column1 IS NOT NULL"),
  ),
  clean(
    "a consistency check through the select list's aliases: no county's settings miss its total (held-out GW-06)",
    { "care.csv": CARE_DAYS },
    scanThenQuery(
      { ny: "care.csv" },
      'SELECT County, "Total Days In Care" t, ("Foster Boarding Home" + "Group Home" + Institution) comp FROM ny WHERE Year = 2017 AND t <> comp',
    ),
  ),
  flagged(
    "the same check for a year the file does not hold",
    { "care.csv": CARE_DAYS },
    scanThenQuery(
      { ny: "care.csv" },
      'SELECT County, "Total Days In Care" t, ("Foster Boarding Home" + "Group Home" + Institution) comp FROM ny WHERE Year = 2031 AND t <> comp',
    ),
  ),
  clean(
    "a search for one member under two ids finds none: the names join, no pair differs in its id (held-out HL-10)",
    ROSTER_SNAPSHOTS,
    scanThenQuery(
      { s23: "snapshots/roster_2023.csv", cur: "roster.csv" },
      "SELECT a.bioguide_id, b.bioguide_id AS new_id FROM s23 a JOIN cur b ON a.bioguide_id <> b.bioguide_id AND a.last_name = b.last_name",
    ),
  ),
  flagged(
    "the same search on names one side writes in capitals: no name joins",
    ROSTER_SNAPSHOTS,
    scanThenQuery(
      { s23: "snapshots/roster_2023.csv", cur: "roster.csv" },
      "SELECT a.bioguide_id, b.bioguide_id AS new_id FROM s23 a JOIN cur b ON a.bioguide_id <> b.bioguide_id AND upper(a.last_name) = b.last_name",
    ),
  ),
]);
