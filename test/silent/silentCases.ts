import type { OperatorCall } from "../../src/core/runtime.ts";
import type { DiagnosticCode } from "../../src/core/validation/diagnosticCode.ts";
import { fillCases } from "./fillCases.ts";
import { missesCases } from "./missesCases.ts";
import { issue25Cases } from "./issue25Cases.ts";

/**
 * The silent-error suite: for every diagnostic code, realistic analyst mistakes that execute fine
 * but answer the wrong question ("flagged": the code must be reported as an error or warning) and
 * their correct twins ("clean": no warning or error at all, every call ok). Each case is a lake
 * (small files written for the case, or the shared KramaBench legal lake) and an operator batch
 * run through the real runtime. The temporary lakes copy the layout of the legal lake's data-book
 * CSVs: title rows, footnotes, quoted numbers with thousands separators, names with spaces.
 */
export interface SilentCase {
  code: DiagnosticCode;
  name: string;
  expect: "flagged" | "clean";
  lake: { files: Record<string, string | Buffer> } | { shared: "legal" };
  calls: OperatorCall[];
}

// ---------------------------------------------------------------------------------------------
// Call builders and shared paths

const scan = (file: string, output?: string, sheet?: string): OperatorCall => ({
  op: "Scan",
  file,
  ...(output ? { output } : {}),
  ...(sheet ? { sheet } : {}),
});
const unionScan = (files: string[], output: string, source_column = "source_file"): OperatorCall => ({
  op: "UnionScan",
  files,
  source_column,
  output,
});
const query = (sql: string, inputs: string[], output = "answer"): OperatorCall => ({
  op: "Query",
  sql,
  inputs,
  output,
});
const probe = (table: string, columns: string[] = []): OperatorCall => ({ op: "Probe", table, columns });
const bash = (command: string): OperatorCall => ({ op: "Bash", command });

/** A CSV file from its lines (LF line ends, trailing newline). */
const csv = (...lines: string[]): string => `${lines.join("\n")}\n`;
/** The same with CRLF line ends, as the data book's exports have. */
const crlf = (...lines: string[]): string => `${lines.join("\r\n")}\r\n`;

const legal = { shared: "legal" } as const;
const CSVS = "csn-data-book-2024-csv/CSVs";
const FRAUD_RANKINGS = `${CSVS}/2024_CSN_State_Rankings_Fraud_and_Other_Reports.csv`;
const IDT_RANKINGS = `${CSVS}/2024_CSN_State_Rankings_Identity_Theft_Reports.csv`;
const STATE_LOSSES = `${CSVS}/2024_CSN_State_Fraud_Reports_and_Losses.csv`;
const STATE_IDT_TYPES = `${CSVS}/2024_CSN_State_Identity_Theft_Reports.csv`;
const STATE_TOP_TEN = `${CSVS}/2024_CSN_State_Top_Ten_Report_Categories.csv`;
const IDT_BY_TYPE = `${CSVS}/2024_CSN_Identity_Theft_Reports_by_Type.csv`;
const PAYMENT_METHOD = `${CSVS}/2024_CSN_Fraud_Reports_by_Payment_Method.csv`;
const CONTACT_METHOD = `${CSVS}/2024_CSN_Fraud_Reports_by_Contact_Method.csv`;
const REPORT_TYPE = `${CSVS}/2024_CSN_Report_Type.csv`;
const AMOUNT_LOST = `${CSVS}/2024_CSN_Fraud_Reports_by_Amount_Lost.csv`;
const REPORT_COUNT = `${CSVS}/2024_CSN_Report_Count.csv`;
const METRO_IDT = `${CSVS}/2024_CSN_Metropolitan_Areas_Identity_Theft_Reports.csv`;
const METRO_FRAUD = `${CSVS}/2024_CSN_Metropolitan_Areas_Fraud_and_Other_Reports.csv`;
const MSA_IDT = `${CSVS}/State MSA Identity Theft data`;
const MSA_FRAUD = `${CSVS}/State MSA Fraud and Other data`;
const NEW_ENGLAND = "new_england_states.csv";
const METRO_HTML = "metropolitan_statistics.html";
const METRO_HTML_MSA = "table 2: The 387 metropolitan statistical areas of the United States[15]";
const NEW_ENGLAND_MSA_FILES = [
  "Connecticut",
  "Maine",
  "Massachusetts",
  "NewHampshire",
  "RhodeIsland",
  "Vermont",
].map((state) => `${MSA_IDT}/${state}.csv`);

// ---------------------------------------------------------------------------------------------
// Small lakes in the shape of the data book

/** Top of the fraud ranking, as exported: title row, blank row, header, unranked DC, footnotes. */
const FRAUD_TOP = crlf(
  "State Rankings: Fraud and Other Reports,,,",
  ",,,",
  "Rank,State,Reports per 100K Population,# of Reports",
  '1,Florida,"2,163","474,314"',
  '2,Georgia,"2,108","228,132"',
  '3,Delaware,"1,876","18,870"',
  '4,Nevada,"1,867","58,640"',
  '5,Maryland,"1,799","111,041"',
  '6,Texas,"1,561","462,667"',
  '7,South Carolina,"1,536","80,070"',
  ',District of Columbia,"2,509","16,860"',
  ",,,",
  '"Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission",,,',
);

const IDT_TOP = crlf(
  "State Rankings: Identity Theft Reports,,,",
  ",,,",
  "Rank,State,Reports per 100K Population,# of Reports",
  '1,Florida,528,"115,840"',
  '2,Georgia,517,"55,955"',
  '3,Nevada,466,"14,631"',
  '4,Texas,393,"116,484"',
  '5,Delaware,392,"3,942"',
  '6,Massachusetts,388,"27,141"',
  '7,California,356,"139,665"',
  ',District of Columbia,480,"3,225"',
  ",,,",
  '"Source: Consumer Sentinel Network Data Book 2024, Federal Trade Commission",,,',
);

/** Monthly sales per region, three months. */
const SALES = csv(
  "month,region,amount",
  "2024-01,North,1200",
  "2024-01,South,950",
  "2024-02,North,1310",
  "2024-02,South,1105",
  "2024-03,North,1280",
  "2024-03,South,1010",
);

const REGIONS = csv("region,population", "North,52000", "South,48000");

/** Figure 1C: weather for five years, crop yields for four (2020 is missing). */
const WEATHER = csv(
  "year,rainfall_mm,mean_temp_c",
  "2017,812,11.2",
  "2018,774,11.9",
  "2019,901,10.8",
  "2020,655,12.4",
  "2021,842,11.5",
);
const YIELDS = csv("year,yield_t_ha", "2017,7.9", "2018,7.4", "2019,8.6", "2021,8.1");

/** A consumer survey whose free-entry answers were never normalised. */
const SURVEY = csv(
  "respondent,state,contacted_by,lost_money,amount_lost",
  "1,Florida,Phone call,YES,250",
  "2,Georgia,Email,NO,",
  "3,Florida,Text,YES,1200",
  "4,Texas,Phone call,no,",
  "5,Texas,Email,No,",
  "6,Georgia,Phone call,YES,80",
  "7,Florida,Social Media,NO,",
  "8,Texas,Text,YES,430",
  "9,Georgia,Email,yes,60",
  "10,Florida,Phone call,NO,",
);

/** The same survey after cleaning: one spelling per answer, 0 where nothing was lost. */
const SURVEY_CLEAN = csv(
  "respondent,state,contacted_by,lost_money,amount_lost",
  "1,Florida,Phone call,YES,250",
  "2,Georgia,Email,NO,0",
  "3,Florida,Text,YES,1200",
  "4,Texas,Phone call,NO,0",
  "5,Texas,Email,NO,0",
  "6,Georgia,Phone call,YES,80",
  "7,Florida,Social Media,NO,0",
  "8,Texas,Text,YES,430",
  "9,Georgia,Email,YES,60",
  "10,Florida,Phone call,NO,0",
);

/** Losses by state with a total row at the bottom, as report tables have. */
const LOSSES_WITH_TOTAL = csv(
  "State,Reports,Reports with Loss",
  "Florida,474314,190250",
  "Georgia,228132,85420",
  "Texas,462667,176010",
  "Nevada,58640,22115",
  "Total,1223753,473795",
);

/** Orders and their shipments: large orders ship in several parcels. */
const ORDERS = csv(
  "order_id,customer,order_total",
  "A-1001,Acme,1200.00",
  "A-1002,Birch,300.00",
  "A-1003,Cobalt,75.50",
  "A-1004,Acme,980.00",
);
const SHIPMENTS = csv(
  "shipment_id,order_id,carrier,shipped_on",
  "S-1,A-1001,UPS,2024-03-02",
  "S-2,A-1001,UPS,2024-03-04",
  "S-3,A-1002,FedEx,2024-03-03",
  "S-4,A-1003,USPS,2024-03-05",
  "S-5,A-1004,UPS,2024-03-06",
  "S-6,A-1004,FedEx,2024-03-07",
  "S-7,A-1004,FedEx,2024-03-08",
);

// ---------------------------------------------------------------------------------------------

/** A beach-sample export of `rows` rows; its first rows are the same in every length (duplicate-file). */
const beachSamples = (rows: number): string =>
  csv(
    "Sample ID,Beach Name,Sample Date,Enterococcus",
    ...Array.from(
      { length: rows },
      (_, i) =>
        `S-${1000 + i},${["Kings Beach", "Revere Beach", "Carson Beach"][i % 3]},2024-06-${String(1 + (i % 28)).padStart(2, "0")},${(i * 37) % 400}`,
    ),
  );

/** Wildfires per year with acres as text; one acreage carries a footnote mark (`*`), one is missing. */
const WILDFIRES = csv(
  "Year,Fires,Acres",
  '2016,67743,"5,509,995"',
  '2017,71499,"10,026,086"',
  '2018,58083,"*8,767,492"',
  '2019,50477,"4,664,364"',
  '2020,58950,"10,122,336"',
  '2021,58985,"7,125,643"',
  "2022,68988,NA",
);
/** Monthly rainfall with 'M' for missing months and one June cell holding a value and its year. */
const RAINFALL = csv(
  "Station,Jun,Jul",
  "Albany,3.1,2.9",
  "Boston,9.44 2013,M",
  "Chatham,2.7,3.3",
  "Dover,M,1.8",
  "Essex,3.4,2.2",
);

/** Two sheets of a proteomics study; PLK1 is measured in one of them. */
const STUDY_SHEETS = {
  "study/proteins.csv": csv("gene,abundance", "PLK1,2.5", "TP53,1.1", "MYC,0.7"),
  "study/phospho.csv": csv("gene,site,ratio", "TP53,S15,1.9", "MYC,T58,0.4"),
};

export const silentCases: SilentCase[] = [
  // ===================================== unsafe-sql =====================================
  {
    code: "unsafe-sql",
    name: "reads the CSV straight from disk with read_csv_auto instead of scanning it",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [query("SELECT region, sum(amount) AS total FROM read_csv_auto('sales.csv') GROUP BY region", [])],
  },
  {
    code: "unsafe-sql",
    name: "FROM a quoted file path of the legal lake",
    expect: "flagged",
    lake: legal,
    calls: [query(`SELECT Rank, State FROM '${IDT_RANKINGS}' WHERE Rank <= 5`, [])],
  },
  {
    code: "unsafe-sql",
    name: "keeps an intermediate result with CREATE TABLE … AS",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query("CREATE TABLE top5 AS SELECT Rank, State FROM idt WHERE Rank <= 5", ["idt"]),
    ],
  },
  {
    code: "unsafe-sql",
    name: "exports the answer with COPY … TO a file",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [
      scan("sales.csv", "sales"),
      query(
        "COPY (SELECT region, sum(amount) AS total FROM sales GROUP BY region) TO 'totals.csv' (HEADER)",
        ["sales"],
      ),
    ],
  },
  {
    code: "unsafe-sql",
    name: "two statements in one Query call",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      scan(FRAUD_RANKINGS, "fraud"),
      query(
        "SELECT count(*) AS n FROM idt WHERE Rank <= 10; SELECT count(*) AS n FROM fraud WHERE Rank <= 10",
        ["idt", "fraud"],
      ),
    ],
  },
  {
    code: "unsafe-sql",
    name: "a commented SELECT with a trailing semicolon",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query(
        '-- the five states with the highest identity-theft rate\nSELECT Rank, State, "Reports per 100K Population" FROM idt WHERE Rank <= 5 ORDER BY Rank;',
        ["idt"],
      ),
    ],
  },
  {
    code: "unsafe-sql",
    name: "a year series from range() left-joined to the yields, missing years kept as NULL",
    expect: "clean",
    lake: { files: { "yields.csv": YIELDS } },
    calls: [
      scan("yields.csv", "yields"),
      query(
        "WITH years AS (SELECT range AS year FROM range(2017, 2022)) SELECT y.year, c.yield_t_ha FROM years y LEFT JOIN yields c ON c.year = y.year ORDER BY y.year",
        ["yields"],
      ),
    ],
  },

  // ===================================== bash-denied ====================================
  {
    code: "bash-denied",
    name: "saves a sample of the file with a > redirection",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("head -n 3 sales.csv > sample.csv"), scan("sales.csv", "sales")],
  },
  {
    code: "bash-denied",
    name: "sums a column with awk",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("awk -F, 'NR > 1 { s += $3 } END { print s }' sales.csv"), scan("sales.csv", "sales")],
  },
  {
    code: "bash-denied",
    name: "looks for more data outside the lake",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("find .. -name '*.csv'")],
  },
  {
    code: "bash-denied",
    name: "deletes the macOS .DS_Store junk before a union",
    expect: "flagged",
    lake: {
      files: {
        "exports/.DS_Store": Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]),
        "exports/2024-01.csv": SALES,
      },
    },
    calls: [bash("rm exports/.DS_Store"), unionScan(["exports/*.csv"], "sales")],
  },
  {
    code: "bash-denied",
    name: "chains two commands with &&",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [bash("wc -l sales.csv && wc -l regions.csv")],
  },
  {
    code: "bash-denied",
    name: "counts the multi-state MSAs of Alabama with grep",
    expect: "clean",
    lake: legal,
    calls: [bash(`grep -c "GA-AL" "${MSA_IDT}/Alabama.csv"`)],
  },
  {
    code: "bash-denied",
    name: "lists the per-state folder and counts regions with cut | sort | uniq",
    expect: "clean",
    lake: { files: { "sales.csv": SALES } },
    calls: [bash("ls -la"), bash("cut -d, -f2 sales.csv | sort | uniq -c")],
  },

  // ===================================== unknown-source =================================
  {
    code: "unknown-source",
    name: "scans the ranking by its table title, not its file name",
    expect: "flagged",
    lake: legal,
    calls: [scan(`${CSVS}/2024_CSN_State_Rankings_Identity_Theft.csv`, "idt")],
  },
  {
    code: "unknown-source",
    name: "writes District of Columbia with spaces (the file is DistrictofColumbia.csv)",
    expect: "flagged",
    lake: legal,
    calls: [scan(`${MSA_IDT}/District of Columbia.csv`, "dc")],
  },
  {
    code: "unknown-source",
    name: "a union pattern without the data book's parent folders",
    expect: "flagged",
    lake: legal,
    calls: [unionScan(["State MSA Identity Theft data/*.csv"], "msa")],
  },
  {
    code: "unknown-source",
    name: "asks for the .xlsx when the lake holds the .csv export",
    expect: "flagged",
    lake: { files: { "sales_2024.csv": SALES } },
    calls: [scan("sales_2024.xlsx", "sales")],
  },
  {
    code: "unknown-source",
    name: "the real per-state file name, spaces in the folder name",
    expect: "clean",
    lake: legal,
    calls: [scan(`${MSA_IDT}/DistrictofColumbia.csv`, "dc")],
  },
  {
    code: "unknown-source",
    name: "a glob over yearly files",
    expect: "clean",
    lake: {
      files: {
        "sales/2023.csv": csv("region,amount", "North,10", "South,20"),
        "sales/2024.csv": csv("region,amount", "North,30", "South,45"),
      },
    },
    calls: [unionScan(["sales/*.csv"], "sales", "year")],
  },

  // ===================================== unknown-table ==================================
  {
    code: "unknown-table",
    name: "assumes a table name after a Scan without output (it is t_2024_csn_…)",
    expect: "flagged",
    lake: legal,
    calls: [scan(IDT_RANKINGS), query("SELECT State FROM idt_rankings WHERE Rank <= 5", ["idt_rankings"])],
  },
  {
    code: "unknown-table",
    name: "probes the file name instead of the table",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES } },
    calls: [scan("sales.csv", "sales"), probe("sales.csv", ["region"])],
  },
  {
    code: "unknown-table",
    name: "reads an intermediate by a shortened name",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query("SELECT region, sum(amount) AS total FROM sales GROUP BY region", ["sales"], "region_totals"),
      query(
        "SELECT t.region, t.total / r.population AS per_head FROM totals t JOIN regions r ON r.region = t.region",
        ["totals", "regions"],
      ),
    ],
  },
  {
    code: "unknown-table",
    name: "uses the derived name the Scan observation reported",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS),
      query("SELECT State FROM t_2024_csn_state_rankings_identity_theft_reports WHERE Rank <= 5", [
        "t_2024_csn_state_rankings_identity_theft_reports",
      ]),
    ],
  },
  {
    code: "unknown-table",
    name: "chains two queries through a registered intermediate",
    expect: "clean",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query("SELECT region, sum(amount) AS total FROM sales GROUP BY region", ["sales"], "region_totals"),
      query(
        "SELECT t.region, t.total / r.population AS per_head FROM region_totals t JOIN regions r ON r.region = t.region",
        ["region_totals", "regions"],
      ),
    ],
  },

  // ===================================== undeclared-input ===============================
  {
    code: "undeclared-input",
    name: "joins the two rankings but declares only one",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        'SELECT f.State, f."Reports per 100K Population" AS fraud_rate, i."Reports per 100K Population" AS idt_rate FROM fraud f JOIN idt i ON f.State = i.State',
        ["fraud"],
      ),
    ],
  },
  {
    code: "undeclared-input",
    name: "filters with an IN subquery over an undeclared table",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      scan(NEW_ENGLAND, "ne"),
      query('SELECT State, "Reports per 100K Population" FROM idt WHERE State IN (SELECT Name FROM ne)', [
        "idt",
      ]),
    ],
  },
  {
    code: "undeclared-input",
    name: "a CTE over sales joined to an undeclared population table",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query(
        "WITH totals AS (SELECT region, sum(amount) AS total FROM sales GROUP BY region) SELECT t.region, t.total / r.population AS per_head FROM totals t JOIN regions r ON r.region = t.region",
        ["sales"],
      ),
    ],
  },
  {
    code: "undeclared-input",
    name: "the IN subquery with both tables declared",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      scan(NEW_ENGLAND, "ne"),
      query(
        'SELECT State, "Reports per 100K Population" FROM idt WHERE State IN (SELECT Name FROM ne) ORDER BY 2 DESC',
        ["idt", "ne"],
      ),
    ],
  },
  {
    code: "undeclared-input",
    name: "a CTE (not declared: it is not a table) and inputs in another letter case",
    expect: "clean",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query(
        "WITH totals AS (SELECT region, sum(amount) AS total FROM sales GROUP BY region) SELECT t.region, t.total / r.population AS per_head FROM totals t JOIN regions r ON r.region = t.region",
        ["Sales", "REGIONS"],
      ),
    ],
  },

  // ===================================== unknown-column =================================
  {
    code: "unknown-column",
    name: "copies the header cell from `head` with its padding spaces (' Total $ Loss ')",
    expect: "flagged",
    lake: legal,
    calls: [
      bash(`head -n 4 "${PAYMENT_METHOD}"`),
      scan(PAYMENT_METHOD, "payment"),
      query('SELECT "Payment Method", " Total $ Loss " FROM payment', ["payment"]),
    ],
  },
  {
    code: "unknown-column",
    name: "calls the count column Reports (it is '# of Reports')",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query("SELECT State, Reports FROM idt ORDER BY Reports DESC LIMIT 5", ["idt"]),
    ],
  },
  {
    code: "unknown-column",
    name: "a column name with a space left unquoted",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(`${MSA_IDT}/Georgia.csv`, "ga"),
      query('SELECT Metropolitan Area, "# of Reports" FROM ga', ["ga"]),
    ],
  },
  {
    code: "unknown-column",
    name: "takes the population from the wrong side of a join",
    expect: "flagged",
    lake: {
      files: {
        "fraud_top.csv": FRAUD_TOP,
        "population.csv": csv(
          "State,Population",
          "Florida,22610726",
          "Georgia,11029227",
          "Delaware,1031890",
          "Nevada,3194176",
          "Maryland,6180253",
          "Texas,30503301",
          "South Carolina,5373555",
          "District of Columbia,678972",
        ),
      },
    },
    calls: [
      scan("fraud_top.csv", "fraud"),
      scan("population.csv", "pop"),
      query('SELECT f.State, f."# of Reports", f.Population FROM fraud f JOIN pop p ON p.State = f.State', [
        "fraud",
        "pop",
      ]),
    ],
  },
  {
    code: "unknown-column",
    name: "a CTE column used under another name than its alias",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query(
        'WITH t AS (SELECT State, "# of Reports" AS reports FROM idt) SELECT State, n_reports FROM t ORDER BY n_reports DESC LIMIT 5',
        ["idt"],
      ),
    ],
  },
  {
    code: "unknown-column",
    name: "probes a column of another file",
    expect: "flagged",
    lake: legal,
    calls: [scan(IDT_RANKINGS, "idt"), probe("idt", ["Total $ Loss"])],
  },
  {
    code: "unknown-column",
    name: "quoted names with spaces and symbols",
    expect: "clean",
    lake: legal,
    calls: [
      scan(`${MSA_IDT}/Georgia.csv`, "ga"),
      query('SELECT "Metropolitan Area", "# of Reports" FROM ga ORDER BY "# of Reports" DESC LIMIT 3', [
        "ga",
      ]),
      probe("ga", ["Metropolitan Area", "# of reports"]),
    ],
  },
  {
    code: "unknown-column",
    name: "other letter case, quoted or not (DuckDB names are case-insensitive)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query('SELECT i.state, i."REPORTS PER 100K POPULATION" AS rate FROM idt AS i WHERE i.RANK <= 3', [
        "idt",
      ]),
    ],
  },
  {
    code: "unknown-column",
    name: "a derived table's column through its alias, and an ORDER BY on a select alias",
    expect: "clean",
    lake: { files: { "sales.csv": SALES } },
    calls: [
      scan("sales.csv", "sales"),
      query(
        "SELECT t.region, t.total FROM (SELECT region, sum(amount) AS total FROM sales GROUP BY region) AS t ORDER BY total DESC",
        ["sales"],
      ),
    ],
  },

  // ===================================== unkeyed-join ===================================
  {
    code: "unkeyed-join",
    name: "Figure 1B: the two Top-5 rankings combined by a comma join (25 rows)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        "SELECT f.State AS fraud_state, i.State AS idt_state FROM fraud f, idt i WHERE f.Rank <= 5 AND i.Rank <= 5",
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "the two Top-5 lists put side by side with POSITIONAL JOIN",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        "SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state FROM (SELECT * FROM fraud WHERE Rank <= 5 ORDER BY Rank) f POSITIONAL JOIN (SELECT * FROM idt WHERE Rank <= 5 ORDER BY Rank) i",
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "an explicit CROSS JOIN of the two exported Top lists",
    expect: "flagged",
    lake: { files: { "fraud_top.csv": FRAUD_TOP, "idt_top.csv": IDT_TOP } },
    calls: [
      scan("fraud_top.csv", "fraud"),
      scan("idt_top.csv", "idt"),
      query(
        'SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state, i."# of Reports" AS idt_reports FROM fraud AS f CROSS JOIN idt AS i WHERE f.Rank <= 5 AND i.Rank <= 5 ORDER BY f.Rank',
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "JOIN … ON TRUE with the filter put in WHERE on one side only",
    expect: "flagged",
    lake: { files: { "sales.csv": SALES, "regions.csv": REGIONS } },
    calls: [
      scan("sales.csv", "sales"),
      scan("regions.csv", "regions"),
      query(
        "SELECT s.region, s.amount, r.population FROM sales s JOIN regions r ON TRUE WHERE s.month = '2024-03'",
        ["sales", "regions"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "a typo in the join alias: ON f.State = f.State",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        'SELECT f.State, f."Reports per 100K Population" AS fraud_rate, i."Reports per 100K Population" AS idt_rate FROM fraud f JOIN idt i ON f.State = f.State WHERE f.Rank <= 5',
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "a three-table comma join that keys only two of them",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      scan(STATE_LOSSES, "losses"),
      query(
        'SELECT f.State, f.Rank AS fraud_rank, i.Rank AS idt_rank, l."Median $ Loss" FROM fraud f, idt i, losses l WHERE f.State = i.State AND f.Rank <= 5',
        ["fraud", "idt", "losses"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "the correct twin: both rankings joined on State",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        "SELECT f.State, f.Rank AS fraud_rank, i.Rank AS idt_rank FROM fraud f JOIN idt i ON f.State = i.State WHERE f.Rank <= 5 ORDER BY f.Rank",
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "a comma join keyed in WHERE",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        "SELECT f.State, f.Rank AS fraud_rank, i.Rank AS idt_rank FROM fraud f, idt i WHERE f.State = i.State AND i.Rank <= 5",
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "JOIN … USING (State) on three data-book tables",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(STATE_LOSSES, "losses"),
      query(
        'SELECT State, fraud.Rank, losses."# of Reports" AS fraud_reports FROM fraud JOIN losses USING (State) WHERE fraud.Rank <= 10',
        ["fraud", "losses"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "each state's share of the total via a CROSS JOIN with the one-row total",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query(
        'SELECT i.State, round(100.0 * i."# of Reports" / t.total, 2) AS pct_of_all FROM idt i CROSS JOIN (SELECT sum("# of Reports") AS total FROM idt) t ORDER BY pct_of_all DESC LIMIT 5',
        ["idt"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "KramaBench legal-hard-17: a comma join of two one-row selections (2007 total × Auto Related)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(REPORT_COUNT, "counts"),
      scan(`${CSVS}/2024_CSN_Report_Categories.csv`, "cats"),
      query(
        `SELECT round(rc."# of Reports" * cat."# of Reports" / 6471708.0) AS auto_related_2007 FROM counts rc, cats cat WHERE rc.Year = 2007 AND cat.Category = 'Auto Related'`,
        ["counts", "cats"],
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "a two-key join on (state, year)",
    expect: "clean",
    lake: {
      files: {
        "reports.csv": csv(
          "state,year,reports",
          "Florida,2023,458012",
          "Florida,2024,474314",
          "Georgia,2023,219870",
          "Georgia,2024,228132",
        ),
        "population.csv": csv(
          "state,year,population",
          "Florida,2023,22610726",
          "Florida,2024,23372215",
          "Georgia,2023,11029227",
          "Georgia,2024,11180878",
        ),
      },
    },
    calls: [
      scan("reports.csv", "reports"),
      scan("population.csv", "population"),
      query(
        "SELECT r.state, r.year, round(r.reports * 100000.0 / p.population) AS per_100k FROM reports r JOIN population p ON p.state = r.state AND p.year = r.year ORDER BY r.state, r.year",
        ["reports", "population"],
      ),
    ],
  },

  // ===================================== header-offset ==================================
  {
    code: "header-offset",
    // Was a silent error (the units row read as data, every column text); the Source Map now
    // appends the units to the names, so the case checks the corrected reading stays clean.
    name: "a units row under the header is appended to the column names",
    expect: "clean",
    lake: {
      files: {
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
    },
    calls: [scan("state_losses.csv", "losses"), probe("losses", ["Total loss (USD)"])],
  },
  {
    code: "header-offset",
    // Corrected by the Source Map: the group labels are combined into the column names.
    name: "a two-row header with group labels over merged cells is combined into the names",
    expect: "clean",
    lake: {
      files: {
        "metro_reports.csv": csv(
          "Metropolitan Area,Fraud and Other,,Identity Theft,",
          ",Reports,Per 100K,Reports,Per 100K",
          '"Miami-Fort Lauderdale-West Palm Beach, FL",171462,2793,55457,903',
          '"Atlanta-Sandy Springs-Roswell, GA",167515,2712,42616,690',
          '"Orlando-Kissimmee-Sanford, FL",63405,2330,15099,555',
          '"Houston-Pasadena-The Woodlands, TX",141920,1937,41668,573',
        ),
      },
    },
    calls: [scan("metro_reports.csv", "metro")],
  },
  {
    code: "header-offset",
    // Corrected by the Source Map: the header is the row that starts the consistent table.
    name: "a two-cell title row is not taken for the header",
    expect: "clean",
    lake: {
      files: {
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
    },
    calls: [scan("categories.csv", "categories")],
  },
  {
    code: "header-offset",
    name: "the data book's Report Type sheet: a query reads its '% of total reports' column, which has no header cell",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(REPORT_TYPE, "report_type"),
      query('SELECT "Report Type", column2 AS share FROM report_type', ["report_type"]),
    ],
  },
  {
    code: "header-offset",
    name: "the data book's Report Type sheet scanned and its named columns read: the unnamed one is only noted",
    expect: "clean",
    lake: legal,
    calls: [
      scan(REPORT_TYPE, "report_type", "block 1"),
      query('SELECT "Report Type", "# of Reports" FROM report_type', ["report_type"]),
    ],
  },
  {
    code: "header-offset",
    name: "Fraud Reports by Amount Lost: a key/value block with no header row",
    expect: "flagged",
    lake: legal,
    calls: [scan(AMOUNT_LOST, "amount_lost")],
  },
  {
    code: "header-offset",
    name: "Top Three Identity Theft Reports by Year: the header says Theft Type,Year over 2020,Bank Account",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(`${CSVS}/2024_CSN_Top_Three_Identity_Theft_Reports_by_Year.csv`, "top3"),
      query('SELECT "Year", sum("# of Reports") AS reports FROM top3 GROUP BY "Year" ORDER BY "Year"', [
        "top3",
      ]),
    ],
  },
  {
    code: "header-offset",
    name: "title rows and footnotes of a CSN ranking are corrected (info only)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query('SELECT State, "Reports per 100K Population" FROM idt WHERE Rank <= 3', ["idt"]),
    ],
  },
  {
    code: "header-offset",
    name: "a union of two per-state MSA files, each with a title row and footnotes",
    expect: "clean",
    lake: legal,
    calls: [unionScan([`${MSA_IDT}/Hawaii.csv`, `${MSA_IDT}/Alaska.csv`], "msa", "state_file")],
  },
  {
    code: "header-offset",
    name: "a small export with a title, a blank row and a Source: footnote",
    expect: "clean",
    lake: { files: { "fraud_top.csv": FRAUD_TOP } },
    calls: [
      scan("fraud_top.csv", "fraud"),
      query('SELECT State, "# of Reports" FROM fraud WHERE Rank <= 3 ORDER BY Rank', ["fraud"]),
    ],
  },
  {
    code: "header-offset",
    name: "a suppressed first data row ('*' for fewer than 10 reports) is data, not a header",
    expect: "clean",
    lake: {
      files: {
        "tx_metros.csv": csv(
          "Metropolitan Area,Reports,Median Loss",
          '"Abilene, TX",*,*',
          '"Amarillo, TX",1210,410',
          '"Austin-Round Rock-San Marcos, TX",21840,520',
          '"Beaumont-Port Arthur, TX",2035,380',
          '"Brownsville-Harlingen, TX",1422,300',
        ),
      },
    },
    calls: [scan("tx_metros.csv", "tx")],
  },

  // ===================================== partial-coverage ===============================
  {
    code: "partial-coverage",
    name: "sums Florida's MSAs from the first 10 lines of a 29-line file",
    expect: "flagged",
    lake: legal,
    calls: [bash(`head -n 10 "${MSA_IDT}/Florida.csv"`)],
  },
  {
    code: "partial-coverage",
    name: "scans the metropolitan statistics page without choosing its table (gets the navigation box)",
    expect: "flagged",
    lake: legal,
    calls: [scan(METRO_HTML, "metro_pop")],
  },
  {
    code: "partial-coverage",
    name: "counts refunds in the first 100 lines of a longer log",
    expect: "flagged",
    lake: {
      files: {
        "transactions.csv": csv(
          "id,kind,amount",
          ...Array.from(
            { length: 300 },
            (_, i) => `${i + 1},${i % 7 === 0 ? "Refund" : "Sale"},${(i % 13) * 10 + 5}`,
          ),
        ),
      },
    },
    calls: [bash("head -n 100 transactions.csv | grep -c Refund")],
  },
  {
    code: "partial-coverage",
    name: "an HTML report with one table per year, scanned without naming the year",
    expect: "flagged",
    lake: {
      files: {
        "report.html":
          "<html><body><h2>Reports 2023</h2><table><tr><th>State</th><th>Reports</th></tr><tr><td>Florida</td><td>458012</td></tr><tr><td>Georgia</td><td>219870</td></tr></table>" +
          "<h2>Reports 2024</h2><table><tr><th>State</th><th>Reports</th></tr><tr><td>Florida</td><td>474314</td></tr><tr><td>Georgia</td><td>228132</td></tr></table></body></html>\n",
      },
    },
    calls: [scan("report.html", "reports")],
  },
  {
    code: "partial-coverage",
    name: "looks at the head, then scans the whole file",
    expect: "clean",
    lake: legal,
    calls: [
      bash(`head -n 10 "${MSA_IDT}/Florida.csv"`),
      scan(`${MSA_IDT}/Florida.csv`, "fl"),
      query('SELECT sum("# of Reports") AS reports FROM fl', ["fl"]),
    ],
  },
  {
    code: "partial-coverage",
    name: "names the MSA table of the page",
    expect: "clean",
    lake: legal,
    calls: [scan(METRO_HTML, "metro_pop", METRO_HTML_MSA)],
  },
  {
    code: "partial-coverage",
    name: "head of a file shorter than the lines shown",
    expect: "clean",
    lake: legal,
    calls: [bash(`head -n 20 ${NEW_ENGLAND}`)],
  },

  // ===================================== union-schema-drift =============================
  {
    code: "union-schema-drift",
    name: "the count column renamed in the newest yearly file",
    expect: "flagged",
    lake: {
      files: {
        "by_year/2022.csv": csv("State,Reports", "Florida,402113", "Georgia,201560"),
        "by_year/2023.csv": csv("State,Reports", "Florida,458012", "Georgia,219870"),
        "by_year/2024.csv": csv("State,# of Reports", "Florida,474314", "Georgia,228132"),
      },
    },
    calls: [unionScan(["by_year/*.csv"], "reports", "year")],
  },
  {
    code: "union-schema-drift",
    name: "one export spells the column in lower case",
    expect: "flagged",
    lake: {
      files: {
        "losses/q1.csv": csv("State,Total Loss", "Florida,410220311", "Texas,398120000"),
        "losses/q2.csv": csv("State,total loss", "Florida,402883120", "Texas,377415402"),
      },
    },
    calls: [unionScan(["losses/*.csv"], "losses", "quarter")],
  },
  {
    code: "union-schema-drift",
    name: "'N/A' in one month turns its amount column to text",
    expect: "flagged",
    lake: {
      files: {
        "monthly/2024-01.csv": csv("state,amount", "Florida,1200", "Georgia,950"),
        "monthly/2024-02.csv": csv("state,amount", "Florida,N/A", "Georgia,1105"),
      },
    },
    calls: [unionScan(["monthly/*.csv"], "monthly", "month")],
  },
  {
    code: "union-schema-drift",
    name: "a glob that also picks the three-year categories file (Year vs Rank)",
    expect: "flagged",
    lake: legal,
    calls: [unionScan([`${CSVS}/2024_CSN_Report_Categories*.csv`], "categories", "source_file")],
  },
  {
    code: "union-schema-drift",
    name: "yearly files with one header",
    expect: "clean",
    lake: {
      files: {
        "by_year/2023.csv": csv("State,Reports", "Florida,458012", "Georgia,219870"),
        "by_year/2024.csv": csv("State,Reports", "Florida,474314", "Georgia,228132"),
      },
    },
    calls: [
      unionScan(["by_year/*.csv"], "reports", "year"),
      query("SELECT year, sum(Reports) AS reports FROM reports GROUP BY year ORDER BY year", ["reports"]),
    ],
  },
  {
    code: "union-schema-drift",
    name: "the fraud and identity-theft metro rankings share one layout",
    expect: "clean",
    lake: legal,
    calls: [unionScan([`${CSVS}/2024_CSN_Metropolitan_Areas_*.csv`], "metros", "report_kind")],
  },

  // ===================================== union-duplicate-rows ===========================
  {
    code: "union-duplicate-rows",
    name: "every per-state identity-theft file: multi-state MSAs (Columbus, GA-AL) appear twice",
    expect: "flagged",
    lake: legal,
    calls: [
      unionScan([`${MSA_IDT}/*.csv`], "msa_idt", "state_file"),
      query('SELECT sum("# of Reports") AS msa_reports FROM msa_idt', ["msa_idt"]),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "every per-state fraud file, then a national sum",
    expect: "flagged",
    lake: legal,
    calls: [
      unionScan([`${MSA_FRAUD}/*.csv`], "msa_fraud", "state_file"),
      query('SELECT sum("# of Reports") AS msa_reports FROM msa_fraud', ["msa_fraud"]),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "monthly exports whose date windows overlap",
    expect: "flagged",
    lake: {
      files: {
        "exports/2024-01.csv": csv(
          "complaint_id,received,category,amount_lost",
          "C-88120,2024-01-29,Imposter Scams,1200",
          "C-88121,2024-01-30,Online Shopping,85",
          "C-88133,2024-01-31,Imposter Scams,400",
        ),
        "exports/2024-02.csv": csv(
          "complaint_id,received,category,amount_lost",
          "C-88133,2024-01-31,Imposter Scams,400",
          "C-88140,2024-02-01,Prizes and Lotteries,0",
          "C-88152,2024-02-02,Online Shopping,60",
        ),
      },
    },
    calls: [
      unionScan(["exports/*.csv"], "complaints", "export_file"),
      query("SELECT category, sum(amount_lost) AS lost FROM complaints GROUP BY category", ["complaints"]),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "a downloaded copy 'report (1).csv' next to the original",
    expect: "flagged",
    lake: {
      files: {
        "reports/florida.csv": csv(
          "Metropolitan Area,# of Reports",
          '"Miami, FL",55457',
          '"Orlando, FL",15099',
        ),
        "reports/georgia.csv": csv(
          "Metropolitan Area,# of Reports",
          '"Atlanta, GA",42616',
          '"Savannah, GA",1801',
        ),
        "reports/georgia (1).csv": csv(
          "Metropolitan Area,# of Reports",
          '"Atlanta, GA",42616',
          '"Savannah, GA",1801',
        ),
      },
    },
    calls: [
      unionScan(["reports/*.csv"], "reports", "file"),
      query('SELECT sum("# of Reports") AS reports FROM reports', ["reports"]),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "two per-state files with no shared MSA",
    expect: "clean",
    lake: legal,
    calls: [
      unionScan([`${MSA_IDT}/Hawaii.csv`, `${MSA_IDT}/Alaska.csv`], "msa", "state_file"),
      query('SELECT state_file, sum("# of Reports") AS reports FROM msa GROUP BY state_file', ["msa"]),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "KramaBench legal-hard-14: New England's files unioned, shared MSAs kept once with DISTINCT",
    expect: "clean",
    lake: legal,
    calls: [
      unionScan(NEW_ENGLAND_MSA_FILES, "ne_msa", "state_file"),
      query(
        'SELECT DISTINCT "Metropolitan Area", "# of Reports" FROM ne_msa ORDER BY "# of Reports" DESC LIMIT 5',
        ["ne_msa"],
      ),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "monthly complaint counts per category: equal counts in two months are not duplicates",
    expect: "clean",
    lake: {
      files: {
        "counts/2024-01.csv": csv(
          "category,complaints",
          "Imposter Scams,412",
          "Online Shopping,187",
          "Prizes and Lotteries,23",
          "Debt Collection,64",
        ),
        "counts/2024-02.csv": csv(
          "category,complaints",
          "Imposter Scams,398",
          "Online Shopping,201",
          "Prizes and Lotteries,23",
          "Debt Collection,71",
        ),
      },
    },
    calls: [
      unionScan(["counts/*.csv"], "counts", "month"),
      query("SELECT category, sum(complaints) AS complaints FROM counts GROUP BY category", ["counts"]),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "yearly files with the year in a column",
    expect: "clean",
    lake: {
      files: {
        "by_year/2023.csv": csv("year,State,Reports", "2023,Florida,458012", "2023,Georgia,219870"),
        "by_year/2024.csv": csv("year,State,Reports", "2024,Florida,474314", "2024,Georgia,228132"),
      },
    },
    calls: [unionScan(["by_year/*.csv"], "reports", "file")],
  },

  // ===================================== empty-result ===================================
  {
    code: "empty-result",
    name: "filters State = 'CA' where the ranking spells out California",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query("SELECT Rank, \"Reports per 100K Population\" FROM idt WHERE State = 'CA'", ["idt"]),
    ],
  },
  {
    code: "empty-result",
    name: "joins CSN metro names to the population page's names (other punctuation)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(METRO_HTML, "pop", METRO_HTML_MSA),
      query(
        'SELECT m."Metropolitan Area", m."# of Reports", p."2024 estimate" FROM metro m JOIN pop p ON p."Metropolitan statistical area" = m."Metropolitan Area"',
        ["metro", "pop"],
      ),
    ],
  },
  {
    code: "empty-result",
    name: "LIKE without wildcards",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_FRAUD, "metro"),
      query('SELECT Rank, "# of Reports" FROM metro WHERE "Metropolitan Area" LIKE \'Columbus, GA-AL\'', [
        "metro",
      ]),
    ],
  },
  {
    code: "empty-result",
    // The Source Map now reads US-format dates as DATE (format %m/%d/%Y), so the comparison holds.
    name: "US-format dates are read as DATE, so an ISO date comparison keeps its rows",
    expect: "clean",
    lake: {
      files: {
        "complaints.csv": csv(
          "complaint_id,received,category",
          "C-1,12/29/2023,Imposter Scams",
          "C-2,01/04/2024,Online Shopping",
          "C-3,01/17/2024,Imposter Scams",
          "C-4,02/02/2024,Debt Collection",
        ),
      },
    },
    calls: [
      scan("complaints.csv", "complaints"),
      query("SELECT complaint_id, category FROM complaints WHERE received >= '2024-01-01'", ["complaints"]),
    ],
  },
  {
    code: "empty-result",
    name: "State = 'California' returns its row",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query("SELECT Rank, \"Reports per 100K Population\" FROM idt WHERE State = 'California'", ["idt"]),
    ],
  },
  {
    code: "empty-result",
    name: "KramaBench legal-easy-26: states whose top category is Identity Theft (correlated subquery)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        `SELECT t.State FROM top10 t WHERE t.Category = 'Identity Theft' AND t."# of Reports" = (SELECT max(x."# of Reports") FROM top10 x WHERE x.State = t.State) ORDER BY t.State`,
        ["top10"],
      ),
    ],
  },
  {
    code: "empty-result",
    name: "Top-10 fraud states missing from the identity-theft Top 10",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        "SELECT f.Rank, f.State FROM fraud f WHERE f.Rank <= 10 AND f.State NOT IN (SELECT State FROM idt WHERE Rank <= 10) ORDER BY f.Rank",
        ["fraud", "idt"],
      ),
    ],
  },

  // ===================================== filter-no-match ================================
  {
    code: "filter-no-match",
    name: "State = 'CA' on the fraud ranking (it says California)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      query("SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'CA'", ["fraud"]),
    ],
  },
  {
    code: "filter-no-match",
    name: "one value of an IN list in the plural ('Bank Accounts')",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT "Theft Type", sum("# of Reports") AS reports FROM state_idt WHERE "Theft Type" IN (\'Credit Card\', \'Bank Accounts\') GROUP BY "Theft Type"',
        ["state_idt"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "case-sensitive LIKE '%miami%'",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(METRO_FRAUD, "metro_fraud"),
      query(
        'SELECT i."Metropolitan Area", i."# of Reports" AS idt, f."# of Reports" AS fraud FROM metro i JOIN metro_fraud f ON f."Metropolitan Area" = i."Metropolitan Area" WHERE i."Metropolitan Area" LIKE \'%miami%\'',
        ["metro", "metro_fraud"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "KramaBench legal-easy-27 with an Oxford comma ('Prizes, Sweepstakes, and Lotteries'): count 0",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes, and Lotteries'",
        ["top10"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "'Yes' where the survey says YES",
    expect: "flagged",
    lake: { files: { "survey.csv": SURVEY_CLEAN } },
    calls: [
      scan("survey.csv", "survey"),
      query("SELECT count(*) AS victims FROM survey WHERE lost_money = 'Yes'", ["survey"]),
    ],
  },
  {
    code: "filter-no-match",
    name: "the full state name on the ranking",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      query("SELECT Rank, \"# of Reports\" FROM fraud WHERE State = 'California'", ["fraud"]),
    ],
  },
  {
    code: "filter-no-match",
    name: "ILIKE for a case-insensitive name match, IN with observed values",
    expect: "clean",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT "Metropolitan Area", "# of Reports" FROM metro WHERE "Metropolitan Area" ILIKE \'%miami%\'',
        ["metro"],
        "miami",
      ),
      query(
        "SELECT State, \"Theft Type\", \"# of Reports\" FROM state_idt WHERE State IN ('Florida', 'Georgia') AND \"Theft Type\" = 'Credit Card'",
        ["state_idt"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "KramaBench legal-easy-27: states with 'Prizes, Sweepstakes and Lotteries' in their top ten",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        "SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes and Lotteries'",
        ["top10"],
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "a numeric year filter, with the year written as a string",
    expect: "clean",
    lake: legal,
    calls: [
      scan(REPORT_COUNT, "counts"),
      query("SELECT \"# of Reports\" FROM counts WHERE Year = '2024'", ["counts"]),
    ],
  },

  {
    code: "filter-no-match",
    name: "a gene searched for in each sheet of a study, found in one: the empty sheets are the answer",
    expect: "clean",
    lake: { files: STUDY_SHEETS },
    calls: [
      scan("study/proteins.csv", "proteins"),
      scan("study/phospho.csv", "phospho"),
      query("SELECT * FROM proteins WHERE gene = 'PLK1'", ["proteins"], "plk1_proteins"),
      query("SELECT * FROM phospho WHERE gene = 'PLK1'", ["phospho"], "plk1_phospho"),
    ],
  },
  {
    code: "filter-no-match",
    name: "a gene misspelled ('PLK-1') in the search over each sheet: found in none",
    expect: "flagged",
    lake: { files: STUDY_SHEETS },
    calls: [
      scan("study/proteins.csv", "proteins"),
      scan("study/phospho.csv", "phospho"),
      query("SELECT * FROM proteins WHERE gene = 'PLK-1'", ["proteins"], "plk1_proteins"),
      query("SELECT * FROM phospho WHERE gene = 'PLK-1'", ["phospho"], "plk1_phospho"),
    ],
  },

  // ===================================== join-row-loss ==================================
  {
    code: "join-row-loss",
    name: "Figure 1C: the inner join of weather and yields loses 2020",
    expect: "flagged",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        "SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM weather w JOIN yields y ON y.year = w.year",
        ["weather", "yields"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "Figure 1C written with CTEs: the cleaned weather and yields, joined, lose 2020",
    expect: "flagged",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        `WITH w AS (SELECT year, rainfall_mm FROM weather WHERE rainfall_mm IS NOT NULL),
              y AS (SELECT year, yield_t_ha FROM yields WHERE yield_t_ha > 0)
         SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM w JOIN y ON w.year = y.year`,
        ["weather", "yields"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "year-over-year change of yields through a self-join: 2021 has no 2020 to compare with",
    expect: "flagged",
    lake: { files: { "yields.csv": YIELDS } },
    calls: [
      scan("yields.csv", "yields"),
      query(
        "SELECT avg(cur.yield_t_ha - prev.yield_t_ha) AS mean_change FROM yields cur JOIN yields prev ON prev.year = cur.year - 1",
        ["yields"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "year-over-year change of rainfall through a self-join over an unbroken series",
    expect: "clean",
    lake: { files: { "weather.csv": WEATHER } },
    calls: [
      scan("weather.csv", "weather"),
      query(
        "SELECT cur.year, cur.rainfall_mm - prev.rainfall_mm AS change FROM weather cur JOIN weather prev ON prev.year = cur.year - 1 ORDER BY cur.year",
        ["weather"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "the years without a yield excluded explicitly with IN (SELECT year FROM yields)",
    expect: "clean",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        "SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM weather w JOIN yields y ON y.year = w.year WHERE w.year IN (SELECT year FROM yields)",
        ["weather", "yields"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "CTEs join the weather and yields, 2020 excluded on purpose inside the CTE",
    expect: "clean",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        `WITH w AS (SELECT year, rainfall_mm FROM weather WHERE year IN (SELECT year FROM yields)),
              y AS (SELECT year, yield_t_ha FROM yields)
         SELECT corr(w.rainfall_mm, y.yield_t_ha) AS r, count(*) AS years FROM w JOIN y ON w.year = y.year`,
        ["weather", "yields"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "metro names normalised in two steps, but the population page writes en dashes",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(METRO_HTML, "pop", METRO_HTML_MSA),
      query(
        `SELECT replace("Metropolitan Area", ' Metropolitan Statistical Area', '') AS msa, "# of Reports" AS reports FROM metro`,
        ["metro"],
        "metro_k",
      ),
      query(
        `SELECT replace("Metropolitan statistical area", ' MSA', '') AS msa, "2020 census" AS census_2020 FROM pop`,
        ["pop"],
        "pop_k",
      ),
      query(
        "SELECT avg(m.reports) AS avg_reports, count(*) AS areas FROM metro_k m JOIN pop_k p ON p.msa = m.msa WHERE p.census_2020 > 1000000",
        ["metro_k", "pop_k"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "the same normalisation written in the join condition (17 of 55 large MSAs match)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro"),
      scan(METRO_HTML, "pop", METRO_HTML_MSA),
      query(
        `SELECT avg(m."# of Reports") AS avg_reports, count(*) AS areas FROM metro m JOIN pop p ON replace(p."Metropolitan statistical area", ' MSA', '') = replace(m."Metropolitan Area", ' Metropolitan Statistical Area', '') WHERE p."2020 census" > 1000000`,
        ["metro", "pop"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "Georgia's MSAs enriched with their national rate (the other states' areas are not wanted)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(`${MSA_IDT}/Georgia.csv`, "ga"),
      scan(METRO_IDT, "metro"),
      query(
        'SELECT g."Metropolitan Area", g."# of Reports", m."Reports per 100K Population" FROM ga g JOIN metro m ON m."Metropolitan Area" = g."Metropolitan Area" ORDER BY 3 DESC',
        ["ga", "metro"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "a (state, year) join where one state lacks 2024",
    expect: "flagged",
    lake: {
      files: {
        "reports.csv": csv(
          "state,year,reports",
          "Florida,2023,458012",
          "Florida,2024,474314",
          "Georgia,2023,219870",
          "Georgia,2024,228132",
          "Nevada,2023,55870",
          "Nevada,2024,58640",
        ),
        "population.csv": csv(
          "state,year,population",
          "Florida,2023,22610726",
          "Florida,2024,23372215",
          "Georgia,2023,11029227",
          "Georgia,2024,11180878",
          "Nevada,2023,3194176",
        ),
      },
    },
    calls: [
      scan("reports.csv", "reports"),
      scan("population.csv", "population"),
      query(
        "SELECT r.year, sum(r.reports) * 100000.0 / sum(p.population) AS per_100k FROM reports r JOIN population p ON p.state = r.state AND p.year = r.year GROUP BY r.year ORDER BY r.year",
        ["reports", "population"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "a trailing space in one file's state name drops it from the join",
    expect: "flagged",
    lake: {
      files: {
        "fraud_top.csv": FRAUD_TOP,
        "population.csv": csv(
          "State,Population",
          "Florida,22610726",
          "Georgia,11029227",
          "Delaware,1031890",
          "Nevada,3194176",
          '"Maryland ",6180253',
          "Texas,30503301",
          "South Carolina,5373555",
          "District of Columbia,678972",
        ),
      },
    },
    calls: [
      scan("fraud_top.csv", "fraud"),
      scan("population.csv", "pop"),
      query('SELECT f.State, f."# of Reports", p.Population FROM fraud f JOIN pop p ON p.State = f.State', [
        "fraud",
        "pop",
      ]),
    ],
  },
  {
    code: "join-row-loss",
    name: "the LEFT JOIN twin keeps 2020 with a NULL yield",
    expect: "clean",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        "SELECT w.year, w.rainfall_mm, y.yield_t_ha FROM weather w LEFT JOIN yields y ON y.year = w.year ORDER BY w.year",
        ["weather", "yields"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "the New England list used as a filter on the ranking",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      scan(NEW_ENGLAND, "ne"),
      query(
        'SELECT r.State, r."Reports per 100K Population" FROM idt r JOIN ne n ON r.State = n.Name ORDER BY 2 DESC',
        ["idt", "ne"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "both rankings hold the same 52 states and territories",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud"),
      scan(IDT_RANKINGS, "idt"),
      query(
        'SELECT f.State, f."Reports per 100K Population" AS fraud_rate, i."Reports per 100K Population" AS idt_rate FROM fraud f JOIN idt i ON i.State = f.State ORDER BY fraud_rate DESC',
        ["fraud", "idt"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "KramaBench legal-hard-8: Miami's count in the Florida file checked against the national table",
    expect: "clean",
    lake: legal,
    calls: [
      scan(`${MSA_FRAUD}/Florida.csv`, "fl"),
      scan(METRO_FRAUD, "metro"),
      query(
        `SELECT f."Metropolitan Area", f."# of Reports" = m."# of Reports" AS consistent FROM fl f JOIN metro m ON m."Metropolitan Area" = f."Metropolitan Area" WHERE f."Metropolitan Area" LIKE 'Miami%'`,
        ["fl", "metro"],
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "the year without a yield excluded explicitly in WHERE",
    expect: "clean",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        "SELECT w.year, w.rainfall_mm, y.yield_t_ha FROM weather w JOIN yields y ON y.year = w.year WHERE w.year <> 2020 ORDER BY w.year",
        ["weather", "yields"],
      ),
    ],
  },

  // ===================================== join-fanout ====================================
  {
    code: "join-fanout",
    name: "state fraud totals summed after a join to seven theft-type rows per state",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT l.State, sum(l."# of Reports") AS fraud_reports, sum(s."# of Reports") AS idt_reports FROM losses l JOIN state_idt s ON s.State = l.State GROUP BY l.State ORDER BY fraud_reports DESC',
        ["losses", "state_idt"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "the same fan-out written with CTEs: fraud totals summed once per theft type",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        `WITH fraud AS (SELECT State, "# of Reports" AS reports FROM losses),
              idt AS (SELECT State, "Theft Type" AS theft_type, "# of Reports" AS reports FROM state_idt)
         SELECT fraud.State, sum(fraud.reports) AS fraud_reports, sum(idt.reports) AS idt_reports
         FROM fraud JOIN idt ON idt.State = fraud.State GROUP BY fraud.State ORDER BY fraud_reports DESC`,
        ["losses", "state_idt"],
      ),
    ],
  },
  {
    code: "join-fanout",
    // The identity-theft types of a state overlap (one report can name several: the file's
    // footnote), so their sum is no total; the state's top-ten categories are totalled instead.
    name: "CTEs that total the top-ten categories per state before the join",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      scan(STATE_TOP_TEN, "top10"),
      query(
        `WITH fraud AS (SELECT State, "# of Reports" AS reports FROM losses),
              idt AS (SELECT State, sum("# of Reports") AS reports FROM top10 GROUP BY State)
         SELECT fraud.State, sum(fraud.reports) AS fraud_reports, sum(idt.reports) AS idt_reports
         FROM fraud JOIN idt ON idt.State = fraud.State GROUP BY fraud.State ORDER BY fraud_reports DESC`,
        ["losses", "top10"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "line quantities × catalogue prices summed per category over a one-to-many join",
    expect: "clean",
    lake: {
      files: {
        "orders/lines.csv": csv(
          "order_id,sku,qty",
          "1001,B-01,2",
          "1001,K-03,1",
          "1002,B-01,1",
          "1003,G-02,4",
          "1003,B-01,1",
          "1004,K-03,2",
          "1005,G-02,1",
          "1005,K-03,1",
        ),
        "catalogue.csv": csv(
          "sku,category,unit_price",
          "B-01,books,12.50",
          "G-02,garden,30.00",
          "K-03,kitchen,8.75",
        ),
      },
    },
    calls: [
      scan("orders/lines.csv", "lines"),
      scan("catalogue.csv", "catalogue"),
      query(
        "SELECT c.category, sum(l.qty * c.unit_price) AS revenue, sum(l.qty) AS units FROM lines l JOIN catalogue c ON l.sku = c.sku GROUP BY c.category",
        ["lines", "catalogue"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "top-ten categories × theft types per state: many-to-many",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT t.State, sum(t."# of Reports") AS top_ten_reports, sum(i."# of Reports") AS idt_reports FROM top10 t JOIN state_idt i ON i.State = t.State GROUP BY t.State',
        ["top10", "state_idt"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "the two per-state unions joined on the MSA name alone: multi-state MSAs count 4 times",
    expect: "flagged",
    lake: legal,
    calls: [
      unionScan([`${MSA_IDT}/*.csv`], "msa_idt", "state_file"),
      unionScan([`${MSA_FRAUD}/*.csv`], "msa_fraud", "state_file"),
      query(
        'SELECT sum(i."# of Reports") AS idt_reports, sum(f."# of Reports") AS fraud_reports FROM msa_idt i JOIN msa_fraud f ON f."Metropolitan Area" = i."Metropolitan Area"',
        ["msa_idt", "msa_fraud"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "order totals summed after joining split shipments",
    expect: "flagged",
    lake: { files: { "orders.csv": ORDERS, "shipments.csv": SHIPMENTS } },
    calls: [
      scan("orders.csv", "orders"),
      scan("shipments.csv", "shipments"),
      query(
        "SELECT s.carrier, sum(o.order_total) AS revenue FROM orders o JOIN shipments s ON s.order_id = o.order_id GROUP BY s.carrier",
        ["orders", "shipments"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "a revised target appended for one (store, month) doubles its sales",
    expect: "flagged",
    lake: {
      files: {
        "sales.csv": csv(
          "store,month,revenue",
          "S1,2024-01,10400",
          "S1,2024-02,11250",
          "S2,2024-01,8700",
          "S2,2024-02,9020",
        ),
        "targets.csv": csv(
          "store,month,target",
          "S1,2024-01,10000",
          "S1,2024-02,11000",
          "S2,2024-01,9000",
          "S2,2024-02,9000",
          "S2,2024-02,8800",
        ),
      },
    },
    calls: [
      scan("sales.csv", "sales"),
      scan("targets.csv", "targets"),
      query(
        "SELECT s.store, sum(s.revenue) AS revenue, sum(t.target) AS target FROM sales s JOIN targets t ON t.store = s.store AND t.month = s.month GROUP BY s.store",
        ["sales", "targets"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "one-to-many where only the many side is summed",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      scan(STATE_TOP_TEN, "top10"),
      query(
        'SELECT s.State, l."# of Reports" AS fraud_reports, sum(s."# of Reports") AS top_ten_reports FROM top10 s JOIN losses l ON l.State = s.State GROUP BY s.State, l."# of Reports"',
        ["losses", "top10"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "the one side taken with any_value() per key, as the diagnostic advises",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      scan(STATE_TOP_TEN, "top10"),
      query(
        'SELECT s.State, any_value(l."# of Reports") AS fraud_reports, sum(s."# of Reports") AS top_ten_reports FROM top10 s JOIN losses l ON l.State = s.State GROUP BY s.State',
        ["losses", "top10"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "both sides filtered to one row per state before the join",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT t.State, t."# of Reports" AS idt_category_reports, i."# of Reports" AS credit_card_reports FROM top10 t JOIN state_idt i ON i.State = t.State WHERE t.Category = \'Identity Theft\' AND i."Theft Type" = \'Credit Card\' ORDER BY 3 DESC',
        ["top10", "state_idt"],
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "shipments per order: the order side only grouped, counts on the many side",
    expect: "clean",
    lake: { files: { "orders.csv": ORDERS, "shipments.csv": SHIPMENTS } },
    calls: [
      scan("orders.csv", "orders"),
      scan("shipments.csv", "shipments"),
      query(
        "SELECT o.order_id, o.order_total, count(s.shipment_id) AS parcels FROM orders o JOIN shipments s ON s.order_id = o.order_id GROUP BY o.order_id, o.order_total ORDER BY o.order_id",
        ["orders", "shipments"],
      ),
    ],
  },

  // ===================================== null-in-aggregate ==============================
  {
    code: "null-in-aggregate",
    name: "average yield over every weather year through CTEs: the left join leaves 2020 without a yield",
    expect: "flagged",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        `WITH w AS (SELECT year, rainfall_mm FROM weather), y AS (SELECT year, yield_t_ha FROM yields)
         SELECT count(*) AS years, avg(y.yield_t_ha) AS mean_yield FROM w LEFT JOIN y ON w.year = y.year`,
        ["weather", "yields"],
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "the same CTE left join, the missing yield counted explicitly as unknown",
    expect: "clean",
    lake: { files: { "weather.csv": WEATHER, "yields.csv": YIELDS } },
    calls: [
      scan("weather.csv", "weather"),
      scan("yields.csv", "yields"),
      query(
        `WITH w AS (SELECT year, rainfall_mm FROM weather), y AS (SELECT year, yield_t_ha FROM yields)
         SELECT count(*) AS years, count(y.yield_t_ha) AS years_with_yield,
                avg(y.yield_t_ha) FILTER (WHERE y.yield_t_ha IS NOT NULL) AS mean_yield
         FROM w LEFT JOIN y ON w.year = y.year`,
        ["weather", "yields"],
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "average loss over a survey where non-victims left the amount blank",
    expect: "flagged",
    lake: { files: { "survey.csv": SURVEY } },
    calls: [
      scan("survey.csv", "survey"),
      query("SELECT state, avg(amount_lost) AS avg_loss FROM survey GROUP BY state", ["survey"]),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "refunds summed over a union where one month lacks the column",
    expect: "flagged",
    lake: {
      files: {
        "monthly/2024-01.csv": csv("state,sales,refunds", "Florida,1200,80", "Georgia,950,35"),
        "monthly/2024-02.csv": csv("state,sales", "Florida,1310", "Georgia,1105"),
        "monthly/2024-03.csv": csv("state,sales,refunds", "Florida,1280,60", "Georgia,1010,40"),
      },
    },
    calls: [
      unionScan(["monthly/*.csv"], "monthly", "month"),
      query("SELECT state, sum(refunds) AS refunds, sum(sales) AS sales FROM monthly GROUP BY state", [
        "monthly",
      ]),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "median of state medians where suppressed cells are empty",
    expect: "flagged",
    lake: {
      files: {
        "median_loss.csv": csv(
          "State,Reports,Median Loss",
          "Alabama,26049,400",
          "Alaska,4917,525",
          "Guam,61,",
          "Arizona,54367,600",
          "U.S. Virgin Islands,48,",
          "Arkansas,14393,375",
        ),
      },
    },
    calls: [
      scan("median_loss.csv", "median_loss"),
      query('SELECT median("Median Loss") AS typical_median FROM median_loss', ["median_loss"]),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "the average over victims only, blanks excluded in WHERE",
    expect: "clean",
    lake: { files: { "survey.csv": SURVEY } },
    calls: [
      scan("survey.csv", "survey"),
      query(
        "SELECT state, avg(amount_lost) AS avg_loss FROM survey WHERE amount_lost IS NOT NULL GROUP BY state",
        ["survey"],
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "blanks counted as zero loss with coalesce",
    expect: "clean",
    lake: { files: { "survey.csv": SURVEY } },
    calls: [
      scan("survey.csv", "survey"),
      query("SELECT state, sum(coalesce(amount_lost, 0)) AS total_loss FROM survey GROUP BY state", [
        "survey",
      ]),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "KramaBench legal-easy-9: year-over-year growth with lag(), the first year's NULL sorted last",
    expect: "clean",
    lake: legal,
    calls: [
      scan(REPORT_COUNT, "counts"),
      query(
        'SELECT Year, round("# of Reports" / lag("# of Reports") OVER (ORDER BY Year) - 1, 4) AS growth FROM counts ORDER BY growth DESC NULLS LAST LIMIT 1',
        ["counts"],
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "average rate over the ranking (DC and Puerto Rico have a rate, only no rank)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query(
        'SELECT avg("Reports per 100K Population") AS mean_rate, sum("# of Reports") AS reports FROM idt',
        ["idt"],
      ),
    ],
  },

  // ===================================== numeric-as-text ================================
  {
    code: "numeric-as-text",
    name: "top 5 states by total loss sorted on the '$1,678,703,608 ' text",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      query('SELECT State, "Total $ Loss" FROM losses ORDER BY "Total $ Loss" DESC LIMIT 5', ["losses"]),
    ],
  },
  {
    code: "numeric-as-text",
    name: "the highest total loss with max() over text",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      query('SELECT max("Total $ Loss") AS highest_loss FROM losses', ["losses"]),
    ],
  },
  {
    code: "numeric-as-text",
    name: "TRY_CAST of '$502M' to DOUBLE gives NULL for every contact method",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(CONTACT_METHOD, "contact"),
      query(
        'SELECT sum(TRY_CAST("Total $ Lost" AS DOUBLE)) AS total_lost FROM contact WHERE "Contact Method" IS NOT NULL',
        ["contact"],
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "fastest-growing MSAs sorted on the '% change' text (with Unicode minus signs)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_HTML, "pop", METRO_HTML_MSA),
      query('SELECT "Metropolitan statistical area", "% change" FROM pop ORDER BY "% change" DESC LIMIT 5', [
        "pop",
      ]),
    ],
  },
  {
    code: "numeric-as-text",
    name: "KramaBench legal-easy-5: TRY_CAST after stripping $ and M but not the comma ('$2,089M' → NULL)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        `SELECT sum(TRY_CAST(replace(replace(trim("Total $ Loss"), '$', ''), 'M', '') AS INTEGER)) AS total_loss_musd FROM payment`,
        ["payment"],
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "share above 40% compared as text",
    expect: "flagged",
    lake: {
      files: {
        "loss_share.csv": csv(
          "State,% Reporting $ Loss",
          "Alabama,39%",
          "Alaska,39%",
          "Arizona,41%",
          "Guam,100%",
          "Hawaii,8%",
        ),
      },
    },
    calls: [
      scan("loss_share.csv", "share"),
      query("SELECT State FROM share WHERE \"% Reporting $ Loss\" > '40%'", ["share"]),
    ],
  },
  {
    code: "numeric-as-text",
    name: "the loss cleaned and cast before sorting",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      query(
        "SELECT State, CAST(replace(replace(trim(\"Total $ Loss\"), '$', ''), ',', '') AS BIGINT) AS total_loss FROM losses ORDER BY total_loss DESC LIMIT 5",
        ["losses"],
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "the cleaned loss keeps the column's name and is sorted by it",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      query(
        "SELECT State, CAST(replace(replace(trim(\"Total $ Loss\"), '$', ''), ',', '') AS BIGINT) AS \"Total $ Loss\" FROM losses ORDER BY \"Total $ Loss\" DESC LIMIT 5",
        ["losses"],
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "KramaBench legal-easy-5 done right: '$2,089M' cleaned of $, M and commas, summary rows left out",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        `SELECT sum(CAST(replace(replace(replace(trim("Total $ Loss"), '$', ''), 'M', ''), ',', '') AS INTEGER)) AS total_loss_musd FROM payment WHERE "Total $ Loss" LIKE '$%'`,
        ["payment"],
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "a ZIP-code range compared as text (leading zeros kept on purpose)",
    expect: "clean",
    lake: {
      files: {
        "complaints_by_zip.csv": csv(
          "zip,complaints",
          "02108,41",
          "02139,37",
          "03101,12",
          "05401,9",
          "06103,22",
          "10001,88",
        ),
      },
    },
    calls: [
      scan("complaints_by_zip.csv", "by_zip"),
      query(
        "SELECT sum(complaints) AS new_england_complaints FROM by_zip WHERE zip >= '01000' AND zip < '07000'",
        ["by_zip"],
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "sorting the numeric '# of Reports' column",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_LOSSES, "losses"),
      query('SELECT State, "# of Reports" FROM losses ORDER BY "# of Reports" DESC LIMIT 5', ["losses"]),
    ],
  },

  // ===================================== blanked-cast ===================================
  {
    code: "blanked-cast",
    name: "corr of fires and acres: TRY_CAST turns the footnoted '*8,097,880' into NULL",
    expect: "flagged",
    lake: { files: { "wildfires.csv": WILDFIRES } },
    calls: [
      scan("wildfires.csv", "fires"),
      query(`SELECT corr(Fires, TRY_CAST(replace(Acres, ',', '') AS DOUBLE)) AS r FROM fires`, ["fires"]),
    ],
  },
  {
    code: "blanked-cast",
    name: "the footnote mark stripped before the cast: every acreage is read",
    expect: "clean",
    lake: { files: { "wildfires.csv": WILDFIRES } },
    calls: [
      scan("wildfires.csv", "fires"),
      query(
        `SELECT corr(Fires, TRY_CAST(regexp_replace(Acres, '[^0-9.]', '', 'g') AS DOUBLE)) AS r FROM fires`,
        ["fires"],
      ),
    ],
  },
  {
    code: "blanked-cast",
    name: "June rainfall averaged with TRY_CAST: '9.44 2013' (a value with its year) becomes NULL",
    expect: "flagged",
    lake: { files: { "rainfall.csv": RAINFALL } },
    calls: [
      scan("rainfall.csv", "rain"),
      query(`SELECT avg(TRY_CAST(Jun AS DOUBLE)) AS mean_jun FROM rain`, ["rain"]),
    ],
  },
  {
    code: "blanked-cast",
    name: "July rainfall averaged with TRY_CAST: only the missing marker 'M' becomes NULL",
    expect: "clean",
    lake: { files: { "rainfall.csv": RAINFALL } },
    calls: [
      scan("rainfall.csv", "rain"),
      // The map reads 'M' as NULL (a missing-value marker), so the average skips a NULL like any
      // empty cell and null-in-aggregate asks what it means: the correct query says so.
      query(`SELECT avg(TRY_CAST(Jul AS DOUBLE)) AS mean_jul FROM rain WHERE Jul IS NOT NULL`, ["rain"]),
    ],
  },

  // ===================================== summary-row ====================================
  {
    code: "summary-row",
    // The Source Map now ends the table at the trailer block: no footer rows reach the CTE.
    name: "payment-method shares through a CTE: the data book's trailer rows are not in the table",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        `WITH m AS (SELECT "Payment Method" AS method, "# of Reports" AS reports FROM payment WHERE "# of Reports" > 0)
         SELECT method, round(100.0 * reports / sum(reports) OVER (), 1) AS pct FROM m ORDER BY pct DESC`,
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "the same shares with the footer rows left out inside the CTE",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        `WITH m AS (SELECT "Payment Method" AS method, "# of Reports" AS reports FROM payment
                    WHERE "# of Reports" > 0 AND "Payment Method" NOT IN ('Number of Fraud Reports', '# of Reports with Payment Method'))
         SELECT method, round(100.0 * reports / sum(reports) OVER (), 1) AS pct FROM m ORDER BY pct DESC`,
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "sums a state table whose last row is Total",
    expect: "flagged",
    lake: { files: { "losses.csv": LOSSES_WITH_TOTAL } },
    calls: [
      scan("losses.csv", "losses"),
      query('SELECT sum(Reports) AS reports, sum("Reports with Loss") AS with_loss FROM losses', ["losses"]),
    ],
  },
  {
    code: "summary-row",
    name: "averages age groups including the 'All ages' row",
    expect: "flagged",
    lake: {
      files: {
        "losses_by_age.csv": csv(
          "Age Range,# of Reports,Median Loss",
          "19 and Under,30330,189",
          "20 - 29,155346,417",
          "30 - 39,203764,450",
          "40 - 49,191508,500",
          "All ages,581948,450",
        ),
      },
    },
    calls: [
      scan("losses_by_age.csv", "by_age"),
      query('SELECT avg("# of Reports") AS reports_per_group FROM by_age', ["by_age"]),
    ],
  },
  {
    code: "summary-row",
    name: "regions plus an unlabelled national row equal to their sum",
    expect: "flagged",
    lake: {
      files: {
        "census_regions.csv": csv(
          "Region,Fraud Reports",
          "Northeast,402118",
          "Midwest,389420",
          "South,1187405",
          "West,621735",
          "United States,2600678",
        ),
      },
    },
    calls: [
      scan("census_regions.csv", "regions"),
      query('SELECT sum("Fraud Reports") AS fraud_reports FROM regions', ["regions"]),
    ],
  },
  {
    code: "summary-row",
    // The Source Map now leaves the two trailer rows out of the table (sum = 475,905).
    name: "payment methods summed: the data book's two trailer rows are left out of the table",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        'SELECT sum("# of Reports") AS reports_with_payment_method FROM payment WHERE "Payment Method" IS NOT NULL',
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "the Total row excluded in WHERE",
    expect: "clean",
    lake: { files: { "losses.csv": LOSSES_WITH_TOTAL } },
    calls: [
      scan("losses.csv", "losses"),
      query("SELECT sum(Reports) AS reports FROM losses WHERE State <> 'Total'", ["losses"]),
    ],
  },
  {
    code: "summary-row",
    name: "the identity-theft ranking has no total row",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt"),
      query('SELECT sum("# of Reports") AS reports FROM idt WHERE Rank IS NOT NULL', ["idt"]),
    ],
  },
  {
    code: "summary-row",
    name: "payment methods summed with the summary rows excluded",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        "SELECT sum(\"# of Reports\") AS reports_with_payment_method FROM payment WHERE \"Payment Method\" NOT IN ('Number of Fraud Reports', '# of Reports with Payment Method')",
        ["payment"],
      ),
    ],
  },
  {
    code: "summary-row",
    name: "small channel counts where one happens to equal the other two",
    expect: "clean",
    lake: {
      files: {
        "channels.csv": csv("Channel,Complaints", "Phone,12", "Web form,7", "Mail,5"),
      },
    },
    calls: [
      scan("channels.csv", "channels"),
      query("SELECT sum(Complaints) AS complaints FROM channels", ["channels"]),
    ],
  },

  // ===================================== value-variants =================================
  {
    code: "value-variants",
    name: "groups theft subtypes where Credit Card's have a trailing space ('New Accounts ')",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "by_type"),
      query(
        'SELECT "Theft Subtype", sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Subtype" ORDER BY reports DESC',
        ["by_type"],
      ),
    ],
  },
  {
    code: "value-variants",
    name: "filters 'New Accounts' and misses the 406,110 credit-card 'New Accounts '",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "by_type"),
      query(
        'SELECT sum("# of Reports") AS new_account_reports FROM by_type WHERE "Theft Subtype" = \'New Accounts\'',
        ["by_type"],
      ),
    ],
  },
  {
    code: "value-variants",
    name: "counts survey answers split over YES/yes/NO/No/no",
    expect: "flagged",
    lake: { files: { "survey.csv": SURVEY } },
    calls: [
      scan("survey.csv", "survey"),
      query("SELECT lost_money, count(*) AS respondents FROM survey GROUP BY lost_money", ["survey"]),
    ],
  },
  {
    code: "value-variants",
    name: "'St. Louis' and 'St Louis' grouped apart",
    expect: "flagged",
    lake: {
      files: {
        "complaints.csv": csv(
          "complaint_id,city,category",
          "1,St. Louis,Imposter Scams",
          "2,Kansas City,Online Shopping",
          "3,St Louis,Imposter Scams",
          "4,St. Louis,Debt Collection",
          "5,Springfield,Imposter Scams",
          "6,St Louis,Online Shopping",
        ),
      },
    },
    calls: [
      scan("complaints.csv", "complaints"),
      query("SELECT city, count(*) AS complaints FROM complaints GROUP BY city ORDER BY complaints DESC", [
        "complaints",
      ]),
    ],
  },
  {
    code: "value-variants",
    name: "a misspelt city ('Pittsburg') grouped apart from 'Pittsburgh'",
    expect: "flagged",
    lake: {
      files: {
        "complaints.csv": csv(
          "complaint_id,city,category",
          "1,Pittsburgh,Imposter Scams",
          "2,Philadelphia,Online Shopping",
          "3,Pittsburg,Imposter Scams",
          "4,Pittsburgh,Debt Collection",
          "5,Philadelphia,Imposter Scams",
          "6,Pittsburgh,Online Shopping",
        ),
      },
    },
    calls: [
      scan("complaints.csv", "complaints"),
      query("SELECT city, count(*) AS complaints FROM complaints GROUP BY city ORDER BY complaints DESC", [
        "complaints",
      ]),
    ],
  },
  {
    code: "value-variants",
    // Within its theft type: the types overlap (the file's footnote), so a subtype is not summed
    // across them.
    name: "subtypes normalised with lower(trim()) before grouping",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "by_type"),
      query(
        'SELECT "Theft Type", lower(trim("Theft Subtype")) AS subtype, sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Type", lower(trim("Theft Subtype")) ORDER BY reports DESC',
        ["by_type"],
      ),
    ],
  },
  {
    code: "value-variants",
    name: "KramaBench legal-hard-22: 'New Accounts' of Bank Account (spelled one way within that type)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "by_type"),
      query(
        `SELECT round(sum("# of Reports") / 1135291.0, 4) AS share FROM by_type WHERE "Theft Type" = 'Bank Account' AND "Theft Subtype" = 'New Accounts'`,
        ["by_type"],
      ),
    ],
  },
  {
    code: "value-variants",
    name: "groups the consistent Theft Type column",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "by_type"),
      query(
        // Counted, not summed: a theft type's subtypes overlap (its sum would exceed the type's reports).
        'SELECT "Theft Type", count(*) AS subtypes, max("# of Reports") AS largest FROM by_type GROUP BY "Theft Type" ORDER BY largest DESC',
        ["by_type"],
      ),
    ],
  },
  {
    code: "value-variants",
    name: "the cleaned survey grouped by answer and state",
    expect: "clean",
    lake: { files: { "survey.csv": SURVEY_CLEAN } },
    calls: [
      scan("survey.csv", "survey"),
      query(
        "SELECT state, lost_money, count(*) AS respondents FROM survey WHERE lost_money = 'YES' GROUP BY state, lost_money",
        ["survey"],
      ),
    ],
  },
  {
    code: "duplicate-file",
    name: "scans the downloaded copy that holds only the first 37 of the export's 50 rows",
    expect: "flagged",
    lake: {
      files: {
        "reports/beach-samples-2024.csv": beachSamples(50),
        "downloads/beach-samples-2024.csv": beachSamples(37),
      },
    },
    calls: [
      scan("downloads/beach-samples-2024.csv", "samples"),
      query("SELECT avg(Enterococcus) AS mean_enterococcus FROM samples", ["samples"]),
    ],
  },
  {
    code: "duplicate-file",
    name: "unions an export folder holding a browser copy 'june (1).csv' of one month",
    expect: "flagged",
    lake: {
      files: {
        "exports/may.csv": beachSamples(12).replace(/2024-06-/g, "2024-05-"),
        "exports/june.csv": beachSamples(20),
        "exports/june (1).csv": beachSamples(20),
      },
    },
    calls: [
      unionScan(["exports/*.csv"], "samples", "export_file"),
      query("SELECT count(*) AS samples FROM samples", ["samples"]),
    ],
  },
  {
    code: "duplicate-file",
    name: "unions the partial folder, whose 2024 file is the start of the complete one",
    expect: "flagged",
    lake: {
      files: {
        "partial/beach-samples-2023.csv": beachSamples(30).replace(/2024-06-/g, "2023-06-"),
        "partial/beach-samples-2024.csv": beachSamples(37),
        "complete/beach-samples-2024.csv": beachSamples(50),
      },
    },
    calls: [unionScan(["partial/*.csv"], "samples", "year_file")],
  },
  {
    code: "duplicate-file",
    name: "scans the complete export, next to its truncated copy",
    expect: "clean",
    lake: {
      files: {
        "reports/beach-samples-2024.csv": beachSamples(50),
        "downloads/beach-samples-2024.csv": beachSamples(37),
      },
    },
    calls: [
      scan("reports/beach-samples-2024.csv", "samples"),
      query("SELECT avg(Enterococcus) AS mean_enterococcus FROM samples", ["samples"]),
    ],
  },
  {
    code: "duplicate-file",
    name: "unions the months of an export folder without its copy",
    expect: "clean",
    lake: {
      files: {
        "exports/may.csv": beachSamples(12).replace(/2024-06-/g, "2024-05-"),
        "exports/june.csv": beachSamples(20),
        "downloads/june (1).csv": beachSamples(20),
      },
    },
    calls: [unionScan(["exports/*.csv"], "samples", "export_file")],
  },
  // overlapping-categories: the data book's identity-theft types overlap — "Consumers can report
  // multiple types of identity theft." — so Alabama's seven types add up to 16,589 for its 13,596
  // reports (the state ranking's count).
  {
    code: "overlapping-categories",
    name: "identity-theft types summed per state as if they were the state's reports",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT State, sum("# of Reports") AS idt_reports FROM state_idt GROUP BY State ORDER BY idt_reports DESC',
        ["state_idt"],
      ),
    ],
  },
  {
    code: "overlapping-categories",
    name: "credit-card share of Alabama's reports divided by the sum of its types",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        `SELECT round(sum("# of Reports") FILTER (WHERE "Theft Type" = 'Credit Card') / sum("# of Reports"), 4) AS credit_card_share
         FROM state_idt WHERE State = 'Alabama'`,
        ["state_idt"],
      ),
    ],
  },
  {
    code: "overlapping-categories",
    name: "each type's share within its state, over a window sum of the types",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT State, "Theft Type", "# of Reports" / sum("# of Reports") OVER (PARTITION BY State) AS share FROM state_idt',
        ["state_idt"],
      ),
    ],
  },
  {
    code: "overlapping-categories",
    name: "subtypes summed into their theft type (the data book's own type totals are lower)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "by_type"),
      query(
        'SELECT "Theft Type", sum("# of Reports") AS reports FROM by_type GROUP BY "Theft Type" ORDER BY reports DESC',
        ["by_type"],
      ),
    ],
  },
  {
    code: "overlapping-categories",
    name: "one state's rows kept in a table first, then its types summed",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(`SELECT * FROM state_idt WHERE State = 'Alabama'`, ["state_idt"], "alabama"),
      query('SELECT sum("# of Reports") AS reports FROM alabama', ["alabama"], "alabama_total"),
    ],
  },
  {
    code: "overlapping-categories",
    name: "one theft type summed across the states (the states do not overlap)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        `SELECT sum("# of Reports") AS credit_card_reports FROM state_idt WHERE "Theft Type" = 'Credit Card'`,
        ["state_idt"],
      ),
    ],
  },
  {
    code: "overlapping-categories",
    name: "credit-card share of Alabama's reports over the state ranking's report count",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        `SELECT round(s."# of Reports" / r."# of Reports", 4) AS credit_card_share
         FROM state_idt s JOIN idt_rank r ON r.State = s.State
         WHERE s.State = 'Alabama' AND s."Theft Type" = 'Credit Card'`,
        ["state_idt", "idt_rank"],
      ),
    ],
  },
  {
    code: "overlapping-categories",
    name: "per state and type: every group is one category",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_IDT_TYPES, "state_idt"),
      query(
        'SELECT State, "Theft Type", sum("# of Reports") AS reports FROM state_idt GROUP BY State, "Theft Type"',
        ["state_idt"],
      ),
    ],
  },
  ...issue25Cases,
  ...fillCases,
  ...missesCases,
];
