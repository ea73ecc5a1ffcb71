import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, unionScan, query, probe, scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { CSVS, IDT_RANKINGS, REPORT_TYPE, AMOUNT_LOST, MSA_IDT } from "../../cases/legalLake.ts";
import { FRAUD_TOP } from "../../cases/sharedLakes.ts";

/** A contracts register whose header ends with a delimiter; one row has an extra empty field, shifting its values right. */
function contracts(shifted: boolean): string {
  const rows = ["item_id,department,vendor,start_dt,end_dt,amount,status,"];
  for (let i = 0; i < 24; i++)
    rows.push(`${1000 + i},DHS,Vendor ${i},7/1/2015,6/30/2016,${(i + 1) * 1000}.50,For Profit,`);
  rows.splice(
    12,
    0,
    shifted
      ? "2000,DHS,,Placement Services,7/1/2015,6/30/2016,641255,Non Profit"
      : "2000,DHS,Placement Services,7/1/2015,6/30/2016,641255,Non Profit,renewed twice",
  );
  return rows.join("\n") + "\n";
}

/**
 * A longer register (600 contracts) where five rows have one field more: each an unquoted comma in
 * the vendor's name (`Smith, Jones LLC`), or, in the correct twin, a note after the last field.
 */
function register(shifted: boolean): string {
  const rows = ["item_id,department,vendor,start_dt,end_dt,amount,status"];
  for (let i = 0; i < 600; i++) {
    const odd = i % 120 === 60;
    const vendor = odd && shifted ? `Smith, Jones ${i} LLC` : `Vendor ${i}`;
    rows.push(
      `${1000 + i},DHS,${vendor},7/1/2015,6/30/2016,${(i + 1) * 10}.50,For Profit${odd && !shifted ? ",renewed" : ""}`,
    );
  }
  return rows.join("\n") + "\n";
}

/** The silent-error suite's cases of `header-offset` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const headerOffsetSilentCases = silentCasesOf("header-offset", ({ flagged, clean }) => [
  // Was a silent error (the units row read as data, every column text); the Source Map now
  // appends the units to the names, so the case checks the corrected reading stays clean.
  clean(
    "a units row under the header is appended to the column names",
    {
      "state_losses.csv": csv(
        "State,Fraud reports,Total loss,Median loss",
        ",(count),(USD),(USD)",
        "Alabama,26049,104201969,400",
        "Alaska,4917,26942595,525",
        "Arizona,54367,336716502,600",
        "Arkansas,14393,52115298,375",
        "California,238705,1678703608,542",
      ),
    },
    [scan("state_losses.csv", "losses"), probe("losses", ["Total loss (USD)"])],
  ),
  // Corrected by the Source Map: the group labels are combined into the column names.
  clean(
    "a two-row header with group labels over merged cells is combined into the names",
    {
      "metro_reports.csv": csv(
        "Metropolitan Area,Fraud and Other,,Identity Theft,",
        ",Reports,Per 100K,Reports,Per 100K",
        '"Miami-Fort Lauderdale-West Palm Beach, FL",171462,2793,55457,903',
        '"Atlanta-Sandy Springs-Roswell, GA",167515,2712,42616,690',
        '"Orlando-Kissimmee-Sanford, FL",63405,2330,15099,555',
        '"Houston-Pasadena-The Woodlands, TX",141920,1937,41668,573',
      ),
    },
    [scan("metro_reports.csv", "metro")],
  ),
  // Corrected by the Source Map: the header is the row that starts the consistent table.
  clean(
    "a two-cell title row is not taken for the header",
    {
      "categories.csv": csv(
        "Consumer Sentinel Network,Data Book 2024,,",
        ",,,",
        "Rank,Category,# of Reports,Percentage",
        '1,Credit Bureaus and Information Furnishers,"1,353,175",20.91%',
        '2,Identity Theft,"1,135,291",17.54%',
        '3,Imposter Scams,"845,806",13.07%',
        '4,Online Shopping and Negative Reviews,"384,946",5.95%',
      ),
    },
    [scan("categories.csv", "categories")],
  ),
  flagged(
    "the data book's Report Type sheet: a query reads its '% of total reports' column, which has no header cell",
    legal,
    scanThenQuery({ report_type: REPORT_TYPE }, 'SELECT "Report Type", column2 AS share FROM report_type'),
  ),
  clean(
    "the data book's Report Type sheet scanned and its named columns read: the unnamed one is only noted",
    legal,
    [
      scan(REPORT_TYPE, "report_type", "block 1"),
      query('SELECT "Report Type", "# of Reports" FROM report_type', ["report_type"]),
    ],
  ),
  flagged("Fraud Reports by Amount Lost: a key/value block with no header row", legal, [
    scan(AMOUNT_LOST, "amount_lost"),
  ]),
  flagged(
    "Top Three Identity Theft Reports by Year: the header says Theft Type,Year over 2020,Bank Account",
    legal,
    scanThenQuery(
      { top3: `${CSVS}/2024_CSN_Top_Three_Identity_Theft_Reports_by_Year.csv` },
      'SELECT "Year", sum("# of Reports") AS reports FROM top3 GROUP BY "Year" ORDER BY "Year"',
    ),
  ),
  clean(
    "title rows and footnotes of a CSN ranking are corrected (info only)",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      'SELECT State, "Reports per 100K Population" FROM idt WHERE Rank <= 3',
    ),
  ),
  clean("a union of two per-state MSA files, each with a title row and footnotes", legal, [
    unionScan([`${MSA_IDT}/Hawaii.csv`, `${MSA_IDT}/Alaska.csv`], "msa", "state_file"),
  ]),
  clean(
    "a small export with a title, a blank row and a Source: footnote",
    { "fraud_top.csv": FRAUD_TOP },
    scanThenQuery(
      { fraud: "fraud_top.csv" },
      'SELECT State, "# of Reports" FROM fraud WHERE Rank <= 3 ORDER BY Rank',
    ),
  ),
  clean(
    "a suppressed first data row ('*' for fewer than 10 reports) is data, not a header",
    {
      "tx_metros.csv": csv(
        "Metropolitan Area,Reports,Median Loss",
        '"Abilene, TX",*,*',
        '"Amarillo, TX",1210,410',
        '"Austin-Round Rock-San Marcos, TX",21840,520',
        '"Beaumont-Port Arthur, TX",2035,380',
        '"Brownsville-Harlingen, TX",1422,300',
      ),
    },
    [scan("tx_metros.csv", "tx")],
  ),
  // Held-out FD-03: NOAA's billion-dollar list, dates written YYYYMMDD beside costs like 2685.7.
  clean(
    "dates written compactly beside costs in millions",
    {
      "events.csv": csv(
        "Name,Disaster,Begin Date,End Date,Total CPI-Adjusted Cost (Millions of Dollars),Deaths",
        "Southern Severe Storms and Flooding (April 1980),Flooding,19800410,19800417,2685.7,7",
        "Hurricane Allen (August 1980),Tropical Cyclone,19800807,19800811,2177.2,13",
        "Central/Eastern Drought/Heat Wave (Summer-Fall 1980),Drought,19800601,19801130,40480.8,1260",
        "Florida Freeze (January 1981),Freeze,19810112,19810114,2070.6,0",
      ),
    },
    scanThenQuery(
      { events: "events.csv" },
      'SELECT sum("Total CPI-Adjusted Cost (Millions of Dollars)") AS cost FROM events',
    ),
  ),
  // Held-out FA-01: a comma unquoted inside the last name, `Year, (metric tons)`.
  clean(
    "a header whose last name holds an unquoted comma over records of one field fewer",
    {
      "capture.csv": csv(
        "Entity,Code,Year,Year, (metric tons)",
        ...Array.from({ length: 12 }, (_, i) => `Afghanistan,AFG,${1960 + i},${200 + 100 * (i % 3)}`),
      ),
    },
    scanThenQuery({ capture: "capture.csv" }, 'SELECT sum("Year, (metric tons)") AS tonnes FROM capture'),
  ),
  flagged(
    "a header naming one field more than its records, with no sign of which",
    {
      "capture.csv": csv(
        "Entity,Code,Year,Catch,Farmed",
        ...Array.from({ length: 12 }, (_, i) => `Afghanistan,AFG,${1960 + i},${200 + 100 * (i % 3)}`),
      ),
    },
    [scan("capture.csv", "capture")],
  ),
  clean(
    "the data book's Report Type sheet: a query lists its unnamed column's values, the look the Scan's note asks for",
    legal,
    [
      scan(REPORT_TYPE, "report_type", "block 1"),
      query("SELECT column2, count(*) AS n FROM report_type GROUP BY 1", ["report_type"]),
    ],
  ),
  flagged(
    "a row with one field more than the header: its value past the last named column, and its dates and amounts shifted one column right",
    { "contracts.csv": contracts(true) },
    [scan("contracts.csv", "contracts")],
  ),
  clean(
    "a note in the unnamed last column of one row whose fields fit their columns",
    { "contracts.csv": contracts(false) },
    [scan("contracts.csv", "contracts")],
  ),
  flagged(
    "five rows of 600 with an unquoted comma in the vendor's name: their dates and amounts sit one column right",
    { "register.csv": register(true) },
    [scan("register.csv", "register")],
  ),
  clean(
    "five rows of 600 with a note after the last field, every other field where it belongs",
    { "register.csv": register(false) },
    [scan("register.csv", "register")],
  ),
]);
