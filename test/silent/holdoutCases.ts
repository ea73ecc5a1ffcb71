import type { SilentCase } from "../../src/core/validation/cases/silentCase.ts";
import {
  scan,
  query,
  probe,
  bash,
  discover,
  legal,
  lake,
  CSN,
  STATE_FRAUD_LOSSES,
  FRAUD_RANKINGS,
  IDT_RANKINGS,
  STATE_IDT_BY_TYPE,
  STATE_TOP_TEN,
  PAYMENT_METHOD,
  METRO_IDT,
  NEW_ENGLAND,
  METRO_HTML,
  METRO_HTML_US,
  CSN_MSA_KEY,
  HTML_MSA_KEY,
  csv,
  rng,
  pick,
} from "./heldOutBuilders.ts";
import type { Call } from "./heldOutBuilders.ts";

/**
 * A HELD-OUT silent-error set, written without looking at the validation rules or at the tuned
 * cases of `silentCases.ts`, to measure how well the rules generalise. For every code: two
 * realistic analyst mistakes ("flagged") and two pieces of careful, correct work ("clean": no
 * warning or error of any code, every call ok). About a third run on the shared KramaBench legal
 * lake (FTC Consumer Sentinel data book), the rest on small synthetic business lakes: sales,
 * surveys, logs, census-like tables. Run by `bench/evalHoldout.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Call builders

const unionScan = (files: string[], output: string, source_column = "source_file"): Call => ({
  op: "UnionScan",
  files,
  source_column,
  output,
});

// ---------------------------------------------------------------------------------------------
// The legal lake's paths

const IDT_BY_TYPE = `${CSN}2024_CSN_Identity_Theft_Reports_by_Type.csv`;
const REPORTS_BY_TYPE = `${CSN}2024_CSN_Number_of_Reports_by_Type.csv`;
const REPORT_COUNT = `${CSN}2024_CSN_Report_Count.csv`;

const MSA_IDT_FILES = `${CSN}State MSA Identity Theft data/*.csv`;

// ---------------------------------------------------------------------------------------------
// Synthetic lakes

const isoDay = (start: string, plusDays: number): string => {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
};

// A B2B sales lake: customers and their orders (every customer has orders).
const CUSTOMERS: [string, string, string, string, number][] = [
  ["C-101", "Northwind Traders", "Enterprise", "US", 250000],
  ["C-102", "Contoso Ltd", "SMB", "US", 40000],
  ["C-103", "Fabrikam Inc", "Mid-Market", "CA", 90000],
  ["C-104", "Adventure Works", "Enterprise", "UK", 300000],
  ["C-105", "Tailspin Toys", "SMB", "US", 25000],
  ["C-106", "Wide World Importers", "Mid-Market", "DE", 120000],
  ["C-107", "Litware Inc", "SMB", "FR", 30000],
  ["C-108", "Proseware", "Enterprise", "US", 400000],
];
const customersCsv = csv([["customer_id", "company", "segment", "country", "credit_limit"], ...CUSTOMERS]);
const ordersCsv = (() => {
  const r = rng(7);
  const rows: (string | number)[][] = [
    ["order_id", "order_date", "customer_id", "region", "order_amount", "discount_pct"],
  ];
  for (let i = 0; i < 30; i++) {
    const c = CUSTOMERS[i % CUSTOMERS.length] as (typeof CUSTOMERS)[number];
    const region = c[3] === "US" || c[3] === "CA" ? "North America" : "EMEA";
    const amount = (Math.round(r() * 1800000) / 100 + 450).toFixed(2);
    rows.push([10001 + i, isoDay("2024-01-04", i * 3), c[0], region, amount, pick(r, [0, 0, 5, 10])]);
  }
  return csv(rows);
})();

// Web request logs for March 2024; `duration` is in seconds.
const requestLogCsv = (() => {
  const r = rng(42);
  const paths = ["/api/v2/cart", "/api/v2/checkout", "/api/v2/search", "/static/app.js", "/", "/account"];
  const rows: (string | number)[][] = [["ts", "method", "path", "status", "duration", "bytes"]];
  for (let i = 0; i < 160; i++) {
    const path = pick(r, paths);
    const slow = path === "/api/v2/checkout" && i % 7 === 0;
    const duration = slow ? 3 + r() * 6 : 0.02 + r() * 0.9;
    const status = slow && i % 2 === 0 ? 504 : pick(r, [200, 200, 200, 200, 304, 404]);
    const ts = `${isoDay("2024-03-01", Math.floor(i / 6))} ${String(8 + (i % 12)).padStart(2, "0")}:${String((i * 7) % 60).padStart(2, "0")}:00`;
    rows.push([
      ts,
      path.startsWith("/api") ? pick(r, ["GET", "POST"]) : "GET",
      path,
      status,
      duration.toFixed(3),
      Math.floor(r() * 90000) + 300,
    ]);
  }
  return csv(rows);
})();

// Help-desk tickets; the status field is free text typed by agents.
const ticketsCsv = (statusVariants: boolean): string => {
  const r = rng(99);
  const rows: (string | number)[][] = [
    ["ticket_id", "opened", "assignee", "priority", "status", "first_response_min"],
  ];
  const closed = statusVariants ? ["Closed", "Closed", "closed", "CLOSED", "Closed "] : ["Closed"];
  for (let i = 0; i < 180; i++) {
    const status = r() < 0.6 ? pick(r, closed) : pick(r, ["Open", "Pending"]);
    rows.push([
      `HD-${5200 + i}`,
      isoDay("2024-01-02", Math.floor(i / 2)),
      pick(r, ["amara", "jonas", "li.wei", "priya", "tomas"]),
      pick(r, ["P1", "P2", "P3", "P3"]),
      status,
      Math.floor(r() * 240) + 3,
    ]);
  }
  return csv(rows);
};

// An employee engagement survey; rating is blank where the employee skipped the question.
const engagementCsv = (() => {
  const r = rng(5);
  const rows: (string | number)[][] = [
    ["respondent", "department", "tenure_years", "rating", "would_recommend"],
  ];
  const answers = ["Yes", "Yes", "yes", "YES ", "No", "no", "Yes"];
  for (let i = 0; i < 90; i++) {
    const rating = i % 9 === 4 ? "" : String(1 + Math.floor(r() * 5));
    rows.push([
      `E${1000 + i}`,
      pick(r, ["Engineering", "Sales", "Support", "Finance", "Marketing"]),
      Math.floor(r() * 12),
      rating,
      pick(r, answers),
    ]);
  }
  return csv(rows);
})();

const sumOf = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------------------
// unknown-column

const unknownColumn: SilentCase[] = [
  {
    code: "unknown-column",
    name: "sales: revenue summed from a guessed column name (order_total; the file says order_amount)",
    expect: "flagged",
    lake: lake({ "sales/orders_2024.csv": ordersCsv }),
    calls: [
      scan("sales/orders_2024.csv", "orders"),
      query(
        "revenue_by_region",
        ["orders"],
        "SELECT region, SUM(order_total) AS revenue FROM orders GROUP BY region ORDER BY revenue DESC",
      ),
    ],
  },
  {
    code: "unknown-column",
    name: 'support: Probe of "Satisfaction" on a CSAT export (the column is "Satisfaction (1-5)")',
    expect: "flagged",
    lake: lake({
      "surveys/csat_2024-05.csv": csv([
        ["Ticket ID", "Channel", "Satisfaction (1-5)", "Resolved on first contact"],
        ...Array.from({ length: 30 }, (_, i) => [
          `T-${88100 + i}`,
          ["Email", "Chat", "Phone"][i % 3] as string,
          1 + ((i * 7) % 5),
          i % 4 === 0 ? "No" : "Yes",
        ]),
      ]),
    }),
    calls: [scan("surveys/csat_2024-05.csv", "csat"), probe("csat", ["Channel", "Satisfaction"])],
  },
  {
    code: "unknown-column",
    name: "finance: CTE aliases over quoted names with spaces and symbols",
    expect: "clean",
    lake: lake({
      "finance/store_pnl.csv": csv([
        ["Store ID", "Month", "Net Sales ($)", "COGS ($)", "Headcount"],
        ["S-01", "2024-01", 182400, 109440, 14],
        ["S-01", "2024-02", 171950, 104890, 14],
        ["S-01", "2024-03", 199300, 117590, 15],
        ["S-02", "2024-01", 96500, 61760, 8],
        ["S-02", "2024-02", 101200, 63760, 8],
        ["S-02", "2024-03", 110800, 68700, 9],
        ["S-03", "2024-01", 143000, 88660, 11],
        ["S-03", "2024-02", 139700, 85220, 11],
        ["S-03", "2024-03", 151250, 92260, 12],
      ]),
    }),
    calls: [
      scan("finance/store_pnl.csv", "pnl"),
      probe("pnl", ["Net Sales ($)", "COGS ($)"]),
      query(
        "gross_margin_by_store",
        ["pnl"],
        `WITH monthly AS (
           SELECT "Store ID" AS store, "Month" AS month, "Net Sales ($)" - "COGS ($)" AS gross_margin,
                  "Net Sales ($)" / "Headcount" AS sales_per_head
           FROM pnl
         )
         SELECT store, sum(gross_margin) AS q1_gross_margin, round(avg(sales_per_head), 0) AS avg_sales_per_head
         FROM monthly
         GROUP BY store
         ORDER BY q1_gross_margin DESC`,
      ),
    ],
  },
  {
    code: "unknown-column",
    name: "web analytics: qualified references to a derived table's computed columns",
    expect: "clean",
    lake: lake({
      "analytics/pageviews.csv": csv([
        ["page_path", "views", "unique_visitors"],
        ["/", 48210, 30112],
        ["/pricing", 12840, 9921],
        ["/docs/getting-started", 9730, 6105],
        ["/blog/q1-release", 5120, 4388],
        ["/signup", 7405, 6890],
      ]),
      "analytics/sessions.csv": csv([
        ["session_id", "page_path", "bounced", "seconds_on_page"],
        ...Array.from({ length: 40 }, (_, i) => [
          `s${8000 + i}`,
          ["/", "/pricing", "/docs/getting-started", "/blog/q1-release", "/signup"][i % 5] as string,
          i % 3 === 0 ? 1 : 0,
          20 + ((i * 37) % 300),
        ]),
      ]),
    }),
    calls: [
      scan("analytics/pageviews.csv", "pageviews"),
      scan("analytics/sessions.csv", "sessions"),
      query(
        "page_engagement",
        ["pageviews", "sessions"],
        `SELECT p.page_path, p.views, s.bounce_rate, s.avg_seconds
         FROM pageviews AS p
         JOIN (SELECT page_path, avg(bounced) AS bounce_rate, avg(seconds_on_page) AS avg_seconds
               FROM sessions GROUP BY page_path) AS s
           ON s.page_path = p.page_path
         ORDER BY s.bounce_rate DESC`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// undeclared-input

const undeclaredInput: SilentCase[] = [
  {
    code: "undeclared-input",
    name: "sales: orders joined to customers, only orders declared",
    expect: "flagged",
    lake: lake({ "crm/customers.csv": customersCsv, "sales/orders.csv": ordersCsv }),
    calls: [
      scan("crm/customers.csv", "customers"),
      scan("sales/orders.csv", "orders"),
      query(
        "revenue_by_segment",
        ["orders"],
        `SELECT c.segment, count(*) AS orders, sum(o.order_amount) AS revenue
         FROM orders o JOIN customers c ON c.customer_id = o.customer_id
         GROUP BY c.segment`,
      ),
    ],
  },
  {
    code: "undeclared-input",
    name: "legal: New England fraud reports filtered by an IN-subquery over an undeclared table",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(NEW_ENGLAND, "ne_states"),
      query(
        "ne_fraud",
        ["fraud_rank"],
        `SELECT State, "# of Reports" FROM fraud_rank
         WHERE State IN (SELECT Name FROM ne_states)
         ORDER BY "# of Reports" DESC`,
      ),
    ],
  },
  {
    code: "undeclared-input",
    name: "sales: CTE names (recent_orders, vip) next to the two declared tables",
    expect: "clean",
    lake: lake({ "crm/customers.csv": customersCsv, "sales/orders.csv": ordersCsv }),
    calls: [
      scan("crm/customers.csv", "customers"),
      scan("sales/orders.csv", "orders"),
      query(
        "enterprise_spend_since_march",
        ["orders", "customers"],
        `WITH recent_orders AS (
           SELECT * FROM orders WHERE CAST(order_date AS DATE) >= DATE '2024-03-01'
         ), vip AS (
           SELECT customer_id FROM customers WHERE segment = 'Enterprise'
         )
         SELECT r.customer_id, count(*) AS orders, sum(r.order_amount) AS spend
         FROM recent_orders r
         WHERE r.customer_id IN (SELECT customer_id FROM vip)
         GROUP BY r.customer_id
         ORDER BY spend DESC`,
      ),
    ],
  },
  {
    code: "undeclared-input",
    name: "marketing: signups of two channels stacked with UNION ALL, both declared",
    expect: "clean",
    lake: lake({
      "signups/web.csv": csv([
        ["signup_id", "signup_date", "plan"],
        ...Array.from({ length: 24 }, (_, i) => [
          `W${300 + i}`,
          isoDay("2024-02-01", i),
          ["free", "pro", "team"][i % 3] as string,
        ]),
      ]),
      "signups/retail.csv": csv([
        ["signup_id", "signup_date", "plan"],
        ...Array.from({ length: 11 }, (_, i) => [
          `R${70 + i}`,
          isoDay("2024-02-03", i * 2),
          ["pro", "team"][i % 2] as string,
        ]),
      ]),
    }),
    calls: [
      scan("signups/web.csv", "web_signups"),
      scan("signups/retail.csv", "retail_signups"),
      query(
        "signups_by_channel",
        ["web_signups", "retail_signups"],
        `SELECT 'web' AS channel, plan, count(*) AS signups FROM web_signups GROUP BY plan
         UNION ALL
         SELECT 'retail' AS channel, plan, count(*) AS signups FROM retail_signups GROUP BY plan
         ORDER BY channel, plan`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// unkeyed-join

const budgetLake = lake({
  "finance/budget_2024.csv": csv([
    ["department", "budget_usd"],
    ["Engineering", 4200000],
    ["Marketing", 1850000],
    ["Sales", 2600000],
    ["Support", 950000],
    ["G&A", 1100000],
  ]),
  "finance/actuals_2024.csv": csv([
    ["department", "actual_usd"],
    ["Engineering", 4415500],
    ["Marketing", 1702300],
    ["Sales", 2688900],
    ["Support", 1012400],
    ["G&A", 1064800],
  ]),
});

const unkeyedJoin: SilentCase[] = [
  {
    code: "unkeyed-join",
    name: "legal: top-5 fraud and top-5 identity-theft states combined with a comma join (25 pairs)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "top5_side_by_side",
        ["fraud_rank", "idt_rank"],
        `SELECT f.State AS top_fraud_state, i.State AS top_idt_state
         FROM fraud_rank f, idt_rank i
         WHERE f.Rank <= 5 AND i.Rank <= 5
         ORDER BY f.Rank`,
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "finance: budget vs actuals joined ON b.department = b.department (typo, one side only)",
    expect: "flagged",
    lake: budgetLake,
    calls: [
      scan("finance/budget_2024.csv", "budget"),
      scan("finance/actuals_2024.csv", "actuals"),
      query(
        "variance",
        ["budget", "actuals"],
        `SELECT b.department, b.budget_usd, a.actual_usd, a.actual_usd - b.budget_usd AS variance_usd
         FROM budget b JOIN actuals a ON b.department = b.department
         ORDER BY variance_usd DESC`,
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "legal: top-5 rankings paired rank by rank (ON f.Rank = i.Rank)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "top5_by_rank",
        ["fraud_rank", "idt_rank"],
        `WITH f AS (SELECT Rank, State FROM fraud_rank WHERE Rank <= 5),
              i AS (SELECT Rank, State FROM idt_rank WHERE Rank <= 5)
         SELECT f.Rank, f.State AS fraud_state, i.State AS idt_state
         FROM f JOIN i ON f.Rank = i.Rank
         ORDER BY f.Rank`,
      ),
    ],
  },
  {
    code: "unkeyed-join",
    name: "sales: share of total via CROSS JOIN with the one-row grand total",
    expect: "clean",
    lake: lake({
      "sales/region_revenue_2024.csv": csv([
        ["region", "revenue"],
        ["North America", 4210000],
        ["EMEA", 3105000],
        ["APAC", 2712000],
        ["LATAM", 1184000],
        ["ANZ", 806000],
      ]),
    }),
    calls: [
      scan("sales/region_revenue_2024.csv", "region_sales"),
      query(
        "region_share",
        ["region_sales"],
        `SELECT r.region, r.revenue, round(100.0 * r.revenue / t.total, 1) AS pct_of_total
         FROM region_sales r
         CROSS JOIN (SELECT sum(revenue) AS total FROM region_sales) AS t
         ORDER BY pct_of_total DESC`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// unknown-table

const eventsCsv = (() => {
  const r = rng(11);
  const rows: (string | number)[][] = [["event_time", "user_id", "event"]];
  for (let d = 0; d < 21; d++)
    for (let k = 0; k < 6 + (d % 4); k++)
      rows.push([
        `${isoDay("2024-04-01", d)} ${String(9 + k).padStart(2, "0")}:15:00`,
        `u${100 + Math.floor(r() * 40)}`,
        pick(r, ["login", "view", "export"]),
      ]);
  return csv(rows);
})();

const unknownTable: SilentCase[] = [
  {
    code: "unknown-table",
    name: "legal: Scan without output, then a Query on a guessed table name (report_count)",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(REPORT_COUNT),
      query(
        "recent_counts",
        ["report_count"],
        `SELECT Year, "# of Reports" FROM report_count WHERE Year >= 2020 ORDER BY Year`,
      ),
    ],
  },
  {
    code: "unknown-table",
    name: "hr: Probe of 'employee' after registering 'employees'",
    expect: "flagged",
    lake: lake({
      "hr/employees.csv": csv([
        ["employee_id", "name", "department", "hire_date", "salary"],
        [1, "Ana Ruiz", "Engineering", "2019-04-15", 128000],
        [2, "Ben Okafor", "Sales", "2021-09-01", 86000],
        [3, "Chen Yu", "Engineering", "2022-01-10", 117500],
        [4, "Dana Levi", "Finance", "2018-06-25", 99000],
        [5, "Eli Novak", "Support", "2023-03-13", 61000],
      ]),
    }),
    calls: [scan("hr/employees.csv", "employees"), probe("employee", ["department", "salary"])],
  },
  {
    code: "unknown-table",
    name: "product analytics: a chain of registered Query outputs with a 7-day rolling window",
    expect: "clean",
    lake: lake({ "product/events.csv": eventsCsv }),
    calls: [
      scan("product/events.csv", "events"),
      query(
        "daily_active",
        ["events"],
        `SELECT CAST(event_time AS DATE) AS day, count(DISTINCT user_id) AS dau
         FROM events GROUP BY 1`,
      ),
      query(
        "dau_rolling",
        ["daily_active"],
        `SELECT day, dau,
                avg(dau) OVER (ORDER BY day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS dau_7d
         FROM daily_active
         ORDER BY day`,
      ),
    ],
  },
  {
    code: "unknown-table",
    name: "web: Discover, Scan, Probe, then a CTE named like a table (sessions_clean)",
    expect: "clean",
    lake: lake({
      "web/sessions.csv": csv([
        ["session_id", "started_at", "device", "pages", "converted"],
        ...Array.from({ length: 36 }, (_, i) => [
          `ss-${i + 1}`,
          `${isoDay("2024-05-01", i % 9)} 1${i % 10}:00:00`,
          ["desktop", "mobile", "tablet"][i % 3] as string,
          1 + ((i * 5) % 11),
          i % 4 === 0 ? 1 : 0,
        ]),
      ]),
    }),
    calls: [
      discover("web sessions by device"),
      scan("web/sessions.csv", "sessions"),
      probe("sessions", ["device", "pages"]),
      query(
        "conversion_by_device",
        ["sessions"],
        `WITH sessions_clean AS (SELECT device, pages, converted FROM sessions WHERE pages > 0)
         SELECT device, count(*) AS sessions, avg(converted) AS conversion_rate, avg(pages) AS avg_pages
         FROM sessions_clean GROUP BY device ORDER BY conversion_rate DESC`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// unknown-source

const unknownSource: SilentCase[] = [
  {
    code: "unknown-source",
    name: 'legal: Scan of "State MSA Identity Theft data/New York.csv" (the file is NewYork.csv)',
    expect: "flagged",
    lake: legal,
    calls: [
      scan(`${CSN}State MSA Identity Theft data/New York.csv`, "ny_msa"),
      query(
        "ny_top_msa",
        ["ny_msa"],
        `SELECT "Metropolitan Area", "# of Reports" FROM ny_msa ORDER BY "# of Reports" DESC LIMIT 1`,
      ),
    ],
  },
  {
    code: "unknown-source",
    name: "logs: Scan of access_2024-03.csv (the file is access-2024-03.csv)",
    expect: "flagged",
    lake: lake({ "logs/access-2024-03.csv": requestLogCsv }),
    calls: [scan("logs/access_2024-03.csv", "access")],
  },
  {
    code: "unknown-source",
    name: "sales: exact path with spaces in folder and file names",
    expect: "clean",
    lake: lake({
      "Regional Reports/North East/2024 Q1 sales.csv": csv([
        ["rep", "territory", "deals_closed", "bookings"],
        ["M. Alvarez", "Boston", 14, 412000],
        ["K. Brandt", "Hartford", 9, 265500],
        ["S. Cole", "Providence", 7, 198300],
        ["T. Dube", "Portland ME", 5, 120800],
      ]),
      "Regional Reports/South/2024 Q1 sales.csv": csv([
        ["rep", "territory", "deals_closed", "bookings"],
        ["R. Evans", "Atlanta", 12, 350100],
      ]),
    }),
    calls: [
      scan("Regional Reports/North East/2024 Q1 sales.csv", "ne_q1"),
      query(
        "ne_q1_by_rep",
        ["ne_q1"],
        `SELECT rep, bookings, round(bookings / deals_closed, 0) AS avg_deal FROM ne_q1 ORDER BY bookings DESC`,
      ),
    ],
  },
  {
    code: "unknown-source",
    name: "crm: exact path of a dated export with parentheses in its name",
    expect: "clean",
    lake: lake({ "exports/customers (2024-06-30).csv": customersCsv }),
    calls: [
      scan("exports/customers (2024-06-30).csv", "customers"),
      query(
        "customers_by_country",
        ["customers"],
        `SELECT country, count(*) AS customers, sum(credit_limit) AS total_credit
         FROM customers GROUP BY country ORDER BY customers DESC, country`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// header-offset

const qualtricsCsv =
  [
    "StartDate,EndDate,Status,ResponseId,Q1,Q2,Q3",
    "Start Date,End Date,Response Type,Response ID,How satisfied are you with onboarding? (1-5),How likely are you to recommend us to a colleague? (0-10),Which team are you on?",
    '"{""ImportId"":""startDate"",""timeZone"":""America/Denver""}","{""ImportId"":""endDate"",""timeZone"":""America/Denver""}","{""ImportId"":""status""}","{""ImportId"":""_recordId""}","{""ImportId"":""QID1""}","{""ImportId"":""QID2""}","{""ImportId"":""QID3""}"',
    ...Array.from({ length: 28 }, (_, i) => {
      const day = isoDay("2024-03-04", i % 10);
      const team = ["Engineering", "Sales", "Support", "Finance"][i % 4];
      return `${day} 09:${String(10 + i).padStart(2, "0")}:44,${day} 09:${String(14 + i).padStart(2, "0")}:02,IP Address,R_${(1e6 + i * 7919).toString(36)},${1 + ((i * 3) % 5)},${(i * 7) % 11},${team}`;
    }),
  ].join("\n") + "\n";

const headerOffset: SilentCase[] = [
  {
    code: "header-offset",
    // Corrected by the Source Map: the question-text and ImportId rows are kept as notes on the
    // header, not read as responses (28 rows, Q1–Q3 numeric).
    name: "survey: Qualtrics export with question-text and ImportId rows under the header (kept as header notes)",
    expect: "clean",
    lake: lake({ "surveys/onboarding_2024-03.csv": qualtricsCsv }),
    calls: [
      scan("surveys/onboarding_2024-03.csv", "onboarding"),
      query(
        "nps_counts",
        ["onboarding"],
        `SELECT count(*) AS responses, count(*) FILTER (WHERE Q2 IN ('9', '10')) AS promoters FROM onboarding`,
      ),
    ],
  },
  {
    code: "header-offset",
    // Corrected by the Source Map: the fiscal years are combined into the names (FY2024 Revenue).
    name: "finance: two-row header (fiscal year over Units/Revenue) combined into the names",
    expect: "clean",
    lake: lake({
      "finance/regional_kpis.csv":
        [
          "Region,FY2023,,FY2024,",
          ",Units,Revenue,Units,Revenue",
          "North,1200,48000,1350,55350",
          "South,980,39200,1010,41410",
          "East,1530,61200,1620,66420",
          "West,870,34800,940,38540",
        ].join("\n") + "\n",
    }),
    calls: [
      scan("finance/regional_kpis.csv", "kpis"),
      query(
        "fy2024_by_region",
        ["kpis"],
        `SELECT Region, "FY2024 Revenue" AS revenue_2024 FROM kpis WHERE Region IS NOT NULL ORDER BY Region`,
      ),
    ],
  },
  {
    code: "header-offset",
    name: "help desk: report export with title lines and a trailing note (corrected by Scan)",
    expect: "clean",
    lake: lake({
      "support/team_volume_q1.csv":
        [
          "Quarterly Ticket Volume by Team,,,",
          "Generated 2024-04-02 08:00 UTC by HelpDesk Analytics,,,",
          ",,,",
          "Team,Q1 Tickets,Q1 Median Resolution (h),Q1 CSAT",
          "Billing,1284,6.5,4.4",
          "Technical,2210,11.2,4.1",
          "Accounts,930,4.8,4.6",
          "Onboarding,412,3.1,4.7",
          "Returns,655,8.9,4.2",
          ",,,",
          "Note: tickets reopened after closure are counted once.,,,",
        ].join("\n") + "\n",
    }),
    calls: [
      scan("support/team_volume_q1.csv", "team_volume"),
      query(
        "team_share",
        ["team_volume"],
        `SELECT Team, "Q1 Tickets",
                round("Q1 Tickets" * 100.0 / sum("Q1 Tickets") OVER (), 1) AS share_pct,
                "Q1 Median Resolution (h)"
         FROM team_volume
         ORDER BY "Q1 Tickets" DESC`,
      ),
    ],
  },
  {
    code: "header-offset",
    name: "legal: year-over-year growth with LAG on the report-count file (title and footnotes skipped)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(REPORT_COUNT, "report_count"),
      query(
        "largest_yoy_increase",
        ["report_count"],
        `WITH g AS (
           SELECT Year, "# of Reports" AS reports,
                  "# of Reports" * 1.0 / LAG("# of Reports") OVER (ORDER BY Year) - 1 AS growth
           FROM report_count
         )
         SELECT Year, reports, round(growth, 4) AS growth FROM g
         WHERE Year BETWEEN 2002 AND 2024
         ORDER BY growth DESC LIMIT 1`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// partial-coverage

const bookingsHtml = (() => {
  const table = (caption: string, rows: [string, number, number][]): string =>
    `<table class="report">\n<caption>${caption}</caption>\n<thead><tr><th>Venue</th><th>Bookings</th><th>Revenue</th></tr></thead>\n<tbody>\n` +
    rows.map(([v, b, r]) => `<tr><td>${v}</td><td>${b}</td><td>${r}</td></tr>`).join("\n") +
    "\n</tbody>\n</table>\n";
  return (
    '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Venue bookings 2024</title></head><body>\n' +
    "<h1>Venue bookings 2024</h1>\n<p>Confirmed bookings per venue, by quarter.</p>\n" +
    table("Q1 2024 bookings", [
      ["Harbor Hall", 42, 126000],
      ["Riverside Loft", 31, 71300],
      ["Garden Pavilion", 18, 54900],
    ]) +
    "<h2>Second quarter</h2>\n" +
    table("Q2 2024 bookings", [
      ["Harbor Hall", 51, 158100],
      ["Riverside Loft", 27, 64800],
      ["Garden Pavilion", 39, 120900],
    ]) +
    "</body></html>\n"
  );
})();

const partialCoverage: SilentCase[] = [
  {
    code: "partial-coverage",
    name: "legal: Scan of the metro-population HTML page without naming the table",
    expect: "flagged",
    lake: legal,
    calls: [scan(METRO_HTML, "metro_pop"), probe("metro_pop", [])],
  },
  {
    code: "partial-coverage",
    name: "help desk: priorities judged from `head -n 25` of a 180-ticket file, never scanned",
    expect: "flagged",
    lake: lake({ "support/tickets_2024q1.csv": ticketsCsv(false) }),
    calls: [discover("support tickets 2024"), bash("head -n 25 support/tickets_2024q1.csv")],
  },
  {
    code: "partial-coverage",
    name: "legal: head to inspect the layout, then Scan of the whole file and the named HTML table",
    expect: "clean",
    lake: legal,
    calls: [
      bash(`head -n 6 ${REPORTS_BY_TYPE}`),
      scan(REPORTS_BY_TYPE, "by_type"),
      query(
        "fraud_majority_years",
        ["by_type"],
        `SELECT Year FROM by_type
         WHERE Fraud >= 0.5 * (Fraud + "Identity Theft" + Other)
         ORDER BY Year`,
      ),
      scan(METRO_HTML, "metro_pop", METRO_HTML_US),
      query(
        "largest_metros",
        ["metro_pop"],
        `SELECT "Metropolitan statistical area", "2024 estimate" FROM metro_pop
         ORDER BY "2024 estimate" DESC LIMIT 5`,
      ),
    ],
  },
  {
    code: "partial-coverage",
    name: "events: both quarterly tables of an HTML report scanned by name and combined",
    expect: "clean",
    lake: lake({ "reports/venue_bookings_2024.html": bookingsHtml }),
    calls: [
      discover("venue bookings by quarter"),
      scan("reports/venue_bookings_2024.html", "q1_bookings", "table 1: Q1 2024 bookings"),
      scan("reports/venue_bookings_2024.html", "q2_bookings", "table 2: Q2 2024 bookings"),
      query(
        "h1_by_venue",
        ["q1_bookings", "q2_bookings"],
        `WITH h1 AS (
           SELECT 'Q1' AS quarter, Venue, Bookings, Revenue FROM q1_bookings
           UNION ALL
           SELECT 'Q2' AS quarter, Venue, Bookings, Revenue FROM q2_bookings
         )
         SELECT Venue, sum(Bookings) AS bookings, sum(Revenue) AS revenue
         FROM h1 GROUP BY Venue ORDER BY revenue DESC`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// union-schema-drift

const monthlySales = (header: string, month: string, seed: number): string => {
  const r = rng(seed);
  const lines = [header];
  for (let i = 0; i < 12; i++)
    lines.push(
      `${isoDay(`${month}-01`, i * 2)},${pick(r, ["SKU-1001", "SKU-1002", "SKU-2040", "SKU-3300"])},${1 + Math.floor(r() * 9)},${pick(r, ["19.99", "24.50", "7.25", "129.00"])}`,
    );
  return lines.join("\n") + "\n";
};

const unionSchemaDrift: SilentCase[] = [
  {
    code: "union-schema-drift",
    name: "legal: glob 2024_CSN_Report_Categories*.csv also catches the three-year file (Rank vs Year)",
    expect: "flagged",
    lake: legal,
    calls: [
      unionScan([`${CSN}2024_CSN_Report_Categories*.csv`], "categories", "source_file"),
      query(
        "category_totals",
        ["categories"],
        `SELECT Category, sum("# of Reports") AS reports FROM categories GROUP BY Category ORDER BY reports DESC`,
      ),
    ],
  },
  {
    code: "union-schema-drift",
    name: "retail: March export renamed 'Unit Price' to unit_price",
    expect: "flagged",
    lake: lake({
      "pos/2024-01.csv": monthlySales("Date,SKU,Units,Unit Price", "2024-01", 1),
      "pos/2024-02.csv": monthlySales("Date,SKU,Units,Unit Price", "2024-02", 2),
      "pos/2024-03.csv": monthlySales("Date,SKU,Units,unit_price", "2024-03", 3),
    }),
    calls: [
      unionScan(["pos/2024-*.csv"], "q1_sales", "month_file"),
      query(
        "q1_revenue",
        ["q1_sales"],
        `SELECT SKU, sum(Units * "Unit Price") AS revenue FROM q1_sales GROUP BY SKU ORDER BY revenue DESC`,
      ),
    ],
  },
  {
    code: "union-schema-drift",
    name: "retail: three monthly exports with one layout",
    expect: "clean",
    lake: lake({
      "pos/2024-04.csv": monthlySales("Date,SKU,Units,Unit Price", "2024-04", 4),
      "pos/2024-05.csv": monthlySales("Date,SKU,Units,Unit Price", "2024-05", 5),
      "pos/2024-06.csv": monthlySales("Date,SKU,Units,Unit Price", "2024-06", 6),
    }),
    calls: [
      unionScan(["pos/2024-*.csv"], "q2_sales", "month_file"),
      query(
        "q2_revenue_by_month",
        ["q2_sales"],
        `SELECT month_file, sum(Units) AS units, round(sum(Units * "Unit Price"), 2) AS revenue
         FROM q2_sales GROUP BY month_file ORDER BY month_file`,
      ),
    ],
  },
  {
    code: "union-schema-drift",
    name: "retail: the renamed March layout scanned apart and aligned with a Query before combining",
    expect: "clean",
    lake: lake({
      "pos/2024-01.csv": monthlySales("Date,SKU,Units,Unit Price", "2024-01", 1),
      "pos/2024-02.csv": monthlySales("Date,SKU,Units,Unit Price", "2024-02", 2),
      "pos/2024-03.csv": monthlySales("Date,SKU,Units,unit_price", "2024-03", 3),
    }),
    calls: [
      unionScan(["pos/2024-01.csv", "pos/2024-02.csv"], "janfeb", "month_file"),
      scan("pos/2024-03.csv", "mar"),
      query(
        "q1_sales",
        ["janfeb", "mar"],
        `SELECT Date, SKU, Units, "Unit Price" FROM janfeb
         UNION ALL
         SELECT Date, SKU, Units, unit_price AS "Unit Price" FROM mar`,
      ),
      query(
        "q1_revenue",
        ["q1_sales"],
        `SELECT SKU, round(sum(Units * "Unit Price"), 2) AS revenue FROM q1_sales GROUP BY SKU ORDER BY revenue DESC`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// union-duplicate-rows

/** Two POS exports whose windows overlap on 5-7 March: those transactions are in both files. */
const posExports = (() => {
  const r = rng(21);
  const txns: string[] = [];
  for (let d = 0; d < 11; d++)
    for (let k = 0; k < 4; k++)
      txns.push(
        `T${240000 + d * 10 + k},${isoDay("2024-03-01", d)} ${String(10 + k * 2).padStart(2, "0")}:0${k}:00,${pick(r, ["Downtown", "Airport", "Mall"])},${(5 + r() * 95).toFixed(2)}`,
      );
  const header = "txn_id,ts,store,amount";
  const first = txns.filter((t) => (t.split(",")[1] as string) < "2024-03-08");
  const second = txns.filter((t) => (t.split(",")[1] as string) >= "2024-03-05");
  return {
    "pos/export_2024-03-01_to_03-07.csv": [header, ...first].join("\n") + "\n",
    "pos/export_2024-03-05_to_03-11.csv": [header, ...second].join("\n") + "\n",
  };
})();

const unionDuplicateRows: SilentCase[] = [
  {
    code: "union-duplicate-rows",
    name: "legal: nationwide metro identity-theft total summed over the per-state union",
    expect: "flagged",
    lake: legal,
    calls: [
      unionScan([MSA_IDT_FILES], "idt_msa", "state_file"),
      query(
        "metro_total",
        ["idt_msa"],
        `SELECT count(*) AS metro_areas, sum("# of Reports") AS reports FROM idt_msa`,
      ),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "retail: overlapping weekly POS exports summed per store",
    expect: "flagged",
    lake: lake(posExports),
    calls: [
      unionScan(["pos/export_*.csv"], "pos_march", "export_file"),
      query(
        "store_revenue",
        ["pos_march"],
        `SELECT store, count(*) AS transactions, round(sum(amount), 2) AS revenue
         FROM pos_march GROUP BY store ORDER BY revenue DESC`,
      ),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "legal: nationwide metro total after SELECT DISTINCT over the data columns",
    expect: "clean",
    lake: legal,
    calls: [
      unionScan([MSA_IDT_FILES], "idt_msa", "state_file"),
      query(
        "metro_total",
        ["idt_msa"],
        `WITH msa AS (SELECT DISTINCT "Metropolitan Area", "# of Reports" FROM idt_msa)
         SELECT count(*) AS metro_areas, sum("# of Reports") AS reports FROM msa`,
      ),
    ],
  },
  {
    code: "union-duplicate-rows",
    name: "legal: per-state concentration, each multi-state MSA counted in each of its states by design",
    expect: "clean",
    lake: legal,
    calls: [
      unionScan([MSA_IDT_FILES], "idt_msa", "state_file"),
      query(
        "top_concentration",
        ["idt_msa"],
        `WITH per_state AS (
           SELECT state_file, count(*) AS msas, sum("# of Reports") AS state_total,
                  max("# of Reports") AS largest
           FROM idt_msa
           GROUP BY state_file
         )
         SELECT state_file, msas, round(largest * 1.0 / state_total, 4) AS concentration
         FROM per_state
         WHERE msas >= 2
         ORDER BY concentration DESC
         LIMIT 1`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// empty-result

const emptyResult: SilentCase[] = [
  {
    code: "empty-result",
    name: "logs: slow requests filtered as duration > 5000 (duration is in seconds)",
    expect: "flagged",
    lake: lake({ "logs/requests_2024-03.csv": requestLogCsv }),
    calls: [
      scan("logs/requests_2024-03.csv", "requests"),
      query(
        "slow_requests",
        ["requests"],
        `SELECT path, count(*) AS slow, max(duration) AS worst FROM requests
         WHERE duration > 5000 GROUP BY path ORDER BY slow DESC`,
      ),
    ],
  },
  {
    code: "empty-result",
    name: "legal: CSN metro names joined verbatim to the HTML page's MSA names",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "msa_idt"),
      scan(METRO_HTML, "metro_pop", METRO_HTML_US),
      query(
        "big_metro_idt",
        ["msa_idt", "metro_pop"],
        `SELECT i."Metropolitan Area", i."# of Reports", p."2024 estimate"
         FROM msa_idt i JOIN metro_pop p ON i."Metropolitan Area" = p."Metropolitan statistical area"
         WHERE p."2024 estimate" > 1000000`,
      ),
    ],
  },
  {
    code: "empty-result",
    name: "logs: slow API endpoints with LIKE, a range filter and HAVING",
    expect: "clean",
    lake: lake({ "logs/requests_2024-03.csv": requestLogCsv }),
    calls: [
      scan("logs/requests_2024-03.csv", "requests"),
      query(
        "slow_api_endpoints",
        ["requests"],
        `SELECT path, count(*) AS slow_requests, round(max(duration), 2) AS worst_s
         FROM requests
         WHERE path LIKE '/api/%' AND duration > 2.0
         GROUP BY path
         HAVING count(*) >= 2
         ORDER BY slow_requests DESC`,
      ),
    ],
  },
  {
    code: "empty-result",
    name: "legal: states whose top category is Identity Theft (correlated subquery)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        "idt_top_states",
        ["top10"],
        `SELECT t.State FROM top10 t
         WHERE t.Category = 'Identity Theft'
           AND t."# of Reports" = (SELECT max(t2."# of Reports") FROM top10 t2 WHERE t2.State = t.State)
         ORDER BY t.State`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// filter-no-match

const phoneSalesCsv = (() => {
  const r = rng(3);
  const rows: (string | number)[][] = [["order_line", "sold_on", "product_name", "units", "unit_price"]];
  const products: [string, number][] = [
    ["iPhone 15", 799],
    ["iPhone 15 Pro", 999],
    ["Galaxy S24", 859],
    ["Galaxy A55", 449],
    ["Pixel 8", 699],
  ];
  for (let i = 0; i < 50; i++) {
    const [name, price] = pick(r, products);
    rows.push([`L-${7000 + i}`, isoDay("2024-02-01", i % 28), name, 1 + Math.floor(r() * 3), price]);
  }
  return csv(rows);
})();

const filterNoMatch: SilentCase[] = [
  {
    code: "filter-no-match",
    name: "legal: state filter IN (..., 'NY', ...) where the file spells out state names",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "big_state_rates",
        ["idt_rank"],
        `SELECT State, "Reports per 100K Population" AS rate FROM idt_rank
         WHERE State IN ('California', 'Texas', 'Florida', 'NY', 'Illinois')
         ORDER BY rate DESC`,
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "retail: product_name LIKE 'iphone%' (the catalog writes iPhone)",
    expect: "flagged",
    lake: lake({ "sales/phone_sales.csv": phoneSalesCsv }),
    calls: [
      scan("sales/phone_sales.csv", "phone_sales"),
      query(
        "flagship_units",
        ["phone_sales"],
        `SELECT product_name, sum(units) AS units FROM phone_sales
         WHERE product_name LIKE 'iphone%' OR product_name LIKE 'Galaxy%'
         GROUP BY product_name ORDER BY units DESC`,
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "hr: IN list of departments checked with a Probe first",
    expect: "clean",
    lake: lake({ "hr/engagement_2024.csv": engagementCsv }),
    calls: [
      scan("hr/engagement_2024.csv", "engagement"),
      probe("engagement", ["department"]),
      query(
        "frontline_tenure",
        ["engagement"],
        `SELECT department, count(*) AS respondents, round(avg(tenure_years), 1) AS avg_tenure
         FROM engagement
         WHERE department IN ('Engineering', 'Sales', 'Support')
         GROUP BY department ORDER BY department`,
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "legal: Bank Account / New Accounts share of identity-theft reports (trimmed subtype)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "idt_type"),
      scan(REPORTS_BY_TYPE, "by_type"),
      query(
        "bank_new_accounts_share",
        ["idt_type", "by_type"],
        `SELECT round(
           (SELECT sum("# of Reports") FROM idt_type
             WHERE "Theft Type" = 'Bank Account' AND trim("Theft Subtype") = 'New Accounts') * 1.0
           / (SELECT "Identity Theft" FROM by_type WHERE Year = 2024), 4) AS share`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// join-row-loss

const MONTHS = Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, "0")}`);
const signupsCsv = csv([["month", "signups"], ...MONTHS.map((m, i) => [m, 1180 + ((i * 137) % 420)])]);
const spendCsv = csv([
  ["month", "spend_usd"],
  ...MONTHS.filter((m) => m !== "2024-07").map((m, i) => [m, 52000 + ((i * 3911) % 17000)]),
]);

const STORES = ["ST-01", "ST-02", "ST-03", "ST-04"];
const WEEKS = ["2024-W10", "2024-W11", "2024-W12", "2024-W13"];
const storeSalesCsv = csv([
  ["store_id", "week", "revenue"],
  ...STORES.flatMap((s, i) =>
    WEEKS.map((w, j) => [s, w, 41000 + i * 5300 + j * 1250 + ((i * j * 733) % 900)]),
  ),
]);
const storeTargetsCsv = csv([
  ["store_id", "week", "target"],
  ...STORES.flatMap((s, i) => WEEKS.map((w, j) => [s, w, 42000 + i * 5000 + j * 1000])),
]);

const joinRowLoss: SilentCase[] = [
  {
    code: "join-row-loss",
    name: "marketing: monthly CAC report joins signups to spend; July has no spend row",
    expect: "flagged",
    lake: lake({ "marketing/signups_2024.csv": signupsCsv, "marketing/paid_spend_2024.csv": spendCsv }),
    calls: [
      scan("marketing/signups_2024.csv", "signups"),
      scan("marketing/paid_spend_2024.csv", "spend"),
      query(
        "monthly_cac",
        ["signups", "spend"],
        `SELECT month, n.signups, s.spend_usd, round(s.spend_usd / n.signups, 2) AS cac
         FROM signups n JOIN spend s USING (month)
         ORDER BY month`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "legal: largest MSA per New England state, joined on file labels (NewHampshire, RhodeIsland never match)",
    expect: "flagged",
    lake: legal,
    calls: [
      unionScan([MSA_IDT_FILES], "idt_msa", "state_file"),
      scan(NEW_ENGLAND, "ne_states"),
      query(
        "ne_largest_msa",
        ["idt_msa", "ne_states"],
        `SELECT n.Name AS state, arg_max(i."Metropolitan Area", i."# of Reports") AS largest_msa,
                max(i."# of Reports") AS reports
         FROM ne_states n JOIN idt_msa i ON i.state_file = n.Name
         GROUP BY n.Name ORDER BY n.Name`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "retail: weekly target attainment, comma join on store and week (both sides complete)",
    expect: "clean",
    lake: lake({ "retail/store_sales.csv": storeSalesCsv, "retail/store_targets.csv": storeTargetsCsv }),
    calls: [
      scan("retail/store_sales.csv", "store_sales"),
      scan("retail/store_targets.csv", "store_targets"),
      query(
        "attainment",
        ["store_sales", "store_targets"],
        `SELECT s.store_id, s.week, s.revenue, t.target, round(s.revenue / t.target, 3) AS attainment
         FROM store_sales s, store_targets t
         WHERE s.store_id = t.store_id AND s.week = t.week
         ORDER BY attainment DESC`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "legal: largest MSA per New England state, every state kept by a LEFT JOIN on the space-free label",
    expect: "clean",
    lake: legal,
    calls: [
      unionScan([MSA_IDT_FILES], "idt_msa", "state_file"),
      scan(NEW_ENGLAND, "ne_states"),
      query(
        "ne_largest_msa",
        ["idt_msa", "ne_states"],
        `SELECT n.Name AS state, arg_max(i."Metropolitan Area", i."# of Reports") AS largest_msa,
                max(i."# of Reports") AS reports
         FROM ne_states n LEFT JOIN idt_msa i ON i.state_file = replace(n.Name, ' ', '')
         GROUP BY n.Name ORDER BY n.Name`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// join-fanout

const joinFanout: SilentCase[] = [
  {
    code: "join-fanout",
    name: "sales: credit exposure by segment summed after joining customers to their orders",
    expect: "flagged",
    lake: lake({ "crm/customers.csv": customersCsv, "sales/orders.csv": ordersCsv }),
    calls: [
      scan("crm/customers.csv", "customers"),
      scan("sales/orders.csv", "orders"),
      query(
        "exposure_by_segment",
        ["customers", "orders"],
        `SELECT c.segment, count(DISTINCT c.customer_id) AS customers,
                sum(c.credit_limit) AS credit_exposure, sum(o.order_amount) AS revenue
         FROM customers c JOIN orders o ON o.customer_id = c.customer_id
         GROUP BY c.segment ORDER BY credit_exposure DESC`,
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "legal: state fraud totals summed after a join to the 7-rows-per-state identity-theft table",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(STATE_IDT_BY_TYPE, "state_idt"),
      query(
        "southeast_reports",
        ["fraud_rank", "state_idt"],
        `SELECT sum(f."# of Reports") AS fraud_reports, sum(s."# of Reports") AS idt_reports
         FROM fraud_rank f JOIN state_idt s ON s.State = f.State
         WHERE f.State IN ('Florida', 'Georgia', 'South Carolina')`,
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "sales: orders aggregated per customer before the join",
    expect: "clean",
    lake: lake({ "crm/customers.csv": customersCsv, "sales/orders.csv": ordersCsv }),
    calls: [
      scan("crm/customers.csv", "customers"),
      scan("sales/orders.csv", "orders"),
      query(
        "exposure_by_segment",
        ["customers", "orders"],
        `WITH per_customer AS (
           SELECT customer_id, count(*) AS orders, sum(order_amount) AS revenue
           FROM orders GROUP BY customer_id
         )
         SELECT c.segment, count(*) AS customers, sum(c.credit_limit) AS credit_exposure,
                sum(p.revenue) AS revenue, sum(p.orders) AS orders
         FROM customers c JOIN per_customer p ON p.customer_id = c.customer_id
         GROUP BY c.segment ORDER BY credit_exposure DESC`,
      ),
    ],
  },
  {
    code: "join-fanout",
    // The types of a state overlap (the file's footnote): their largest, not their sum.
    name: "legal: identity-theft types per state, grouped by the ranking's columns",
    expect: "clean",
    lake: legal,
    calls: [
      scan(IDT_RANKINGS, "idt_rank"),
      scan(STATE_IDT_BY_TYPE, "state_idt"),
      query(
        "type_mix",
        ["idt_rank", "state_idt"],
        `SELECT r.State, r."Reports per 100K Population" AS idt_rate,
                max(s."# of Reports") AS top_type_reports,
                arg_max(s."Theft Type", s."# of Reports") AS top_type
         FROM idt_rank r JOIN state_idt s ON s.State = r.State
         GROUP BY r.State, r."Reports per 100K Population"
         ORDER BY idt_rate DESC
         LIMIT 10`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// null-in-aggregate

const storeActualsCsv = csv([
  ["store_id", "opened", "revenue_q1"],
  ["ST-01", "2016-05-01", 612000],
  ["ST-02", "2017-09-15", 544500],
  ["ST-03", "2019-03-01", 488200],
  ["ST-04", "2020-11-20", 401900],
  ["ST-05", "2021-06-01", 377300],
  ["ST-06", "2022-02-14", 352800],
  ["ST-07", "2024-01-08", 118400],
  ["ST-08", "2024-02-19", 86100],
]);
const storeQuotaCsv = csv([
  ["store_id", "target_q1"],
  ["ST-01", 600000],
  ["ST-02", 560000],
  ["ST-03", 470000],
  ["ST-04", 420000],
  ["ST-05", 360000],
  ["ST-06", 340000],
]);

const nullInAggregate: SilentCase[] = [
  {
    code: "null-in-aggregate",
    name: "retail: chain-wide attainment over a LEFT JOIN where the two new stores have no target",
    expect: "flagged",
    lake: lake({ "retail/q1_actuals.csv": storeActualsCsv, "retail/q1_targets.csv": storeQuotaCsv }),
    calls: [
      scan("retail/q1_actuals.csv", "actuals"),
      scan("retail/q1_targets.csv", "targets"),
      query(
        "chain_attainment",
        ["actuals", "targets"],
        `SELECT sum(a.revenue_q1) AS revenue, sum(t.target_q1) AS target,
                round(sum(a.revenue_q1) / sum(t.target_q1), 3) AS attainment
         FROM actuals a LEFT JOIN targets t ON t.store_id = a.store_id`,
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "legal: identity thefts per 100K over all metros, population NULL where names don't match",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "msa_idt"),
      scan(METRO_HTML, "metro_pop", METRO_HTML_US),
      query(
        "idt_rate_all_metros",
        ["msa_idt", "metro_pop"],
        `WITH idt AS (SELECT ${CSN_MSA_KEY} AS msa, "# of Reports" AS reports FROM msa_idt),
              pop AS (SELECT ${HTML_MSA_KEY} AS msa, "2024 estimate" AS pop2024 FROM metro_pop)
         SELECT sum(idt.reports) AS reports, sum(pop.pop2024) AS population,
                round(sum(idt.reports) * 100000.0 / sum(pop.pop2024), 1) AS per_100k
         FROM idt LEFT JOIN pop USING (msa)`,
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "hr: average rating over the employees who answered, skipped answers excluded explicitly",
    expect: "clean",
    lake: lake({ "hr/engagement_2024.csv": engagementCsv }),
    calls: [
      scan("hr/engagement_2024.csv", "engagement"),
      query(
        "rating_by_department",
        ["engagement"],
        `SELECT department, count(*) AS answered, round(avg(rating), 2) AS avg_rating
         FROM engagement
         WHERE rating IS NOT NULL
         GROUP BY department
         HAVING count(*) >= 5
         ORDER BY avg_rating DESC`,
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "legal: average identity thefts of metros above 1M (2023 interpolated), unmatched names dropped",
    expect: "clean",
    lake: legal,
    calls: [
      scan(METRO_IDT, "msa_idt"),
      scan(METRO_HTML, "metro_pop", METRO_HTML_US),
      query(
        "big_metro_avg_idt",
        ["msa_idt", "metro_pop"],
        `WITH idt AS (SELECT ${CSN_MSA_KEY} AS msa, "# of Reports" AS reports FROM msa_idt),
              pop AS (
                SELECT ${HTML_MSA_KEY} AS msa,
                       "2020 census" + ("2024 estimate" - "2020 census") * 0.75 AS pop2023
                FROM metro_pop
              )
         SELECT count(*) AS metros, round(avg(reports), 2) AS avg_idt_reports
         FROM idt
         WHERE msa IN (SELECT msa FROM pop WHERE pop2023 > 1000000)`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// numeric-as-text

const invoicesCsv = (() => {
  const r = rng(77);
  const rows: string[] = ["invoice_no,issued,region,amount,status"];
  for (let i = 0; i < 40; i++) {
    const cents = Math.round((200 + r() * 9800) * 100) / 100;
    const amount =
      i % 13 === 6
        ? "N/A"
        : `"$${cents.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}"`;
    rows.push(
      `INV-${24000 + i},${isoDay("2024-01-03", i * 2)},${pick(r, ["East", "West", "Central"])},${amount},${pick(r, ["paid", "paid", "open"])}`,
    );
  }
  return rows.join("\n") + "\n";
})();

const numericAsText: SilentCase[] = [
  {
    code: "numeric-as-text",
    name: 'legal: states ranked by "Total $ Loss" sorted as text',
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_FRAUD_LOSSES, "fraud_losses"),
      query(
        "top_loss_states",
        ["fraud_losses"],
        `SELECT State, "Total $ Loss" FROM fraud_losses ORDER BY "Total $ Loss" DESC LIMIT 5`,
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "billing: TRY_CAST of '$1,234.50' amounts after stripping only the commas",
    expect: "flagged",
    lake: lake({ "billing/invoices_2024.csv": invoicesCsv }),
    calls: [
      scan("billing/invoices_2024.csv", "invoices"),
      query(
        "billed_by_region",
        ["invoices"],
        `SELECT region, sum(TRY_CAST(replace(amount, ',', '') AS DOUBLE)) AS billed
         FROM invoices GROUP BY region ORDER BY billed DESC`,
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: 'legal: "Total $ Loss" stripped of $ and commas, cast, then ranked',
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_FRAUD_LOSSES, "fraud_losses"),
      query(
        "top_loss_states",
        ["fraud_losses"],
        `SELECT State, CAST(replace(replace(trim("Total $ Loss"), '$', ''), ',', '') AS BIGINT) AS total_loss_usd
         FROM fraud_losses
         ORDER BY total_loss_usd DESC
         LIMIT 5`,
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "product: growth percentages parsed with the N/A marker handled explicitly",
    expect: "clean",
    lake: lake({
      "product/kpis_2024.csv": csv([
        ["product_line", "arr_usd", "yoy_growth"],
        ["Analytics", 8420000, "18.4%"],
        ["Billing", 5210000, "6.2%"],
        ["Connect", 3380000, "24.9%"],
        ["Edge", 940000, "N/A"],
        ["Identity", 2760000, "11.0%"],
        ["Insights", 1930000, "-3.5%"],
      ]),
    }),
    calls: [
      scan("product/kpis_2024.csv", "kpis"),
      query(
        "fast_growers",
        ["kpis"],
        `WITH parsed AS (
           SELECT product_line, arr_usd,
                  CASE WHEN yoy_growth = 'N/A' THEN NULL
                       ELSE CAST(rtrim(yoy_growth, '%') AS DOUBLE) END AS growth_pct
           FROM kpis
         )
         SELECT product_line, arr_usd, growth_pct FROM parsed
         WHERE growth_pct > 10
         ORDER BY growth_pct DESC`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// summary-row

const NE_POP: [string, number, number][] = [
  ["Connecticut", 3605944, 3617176],
  ["Maine", 1362359, 1395722],
  ["Massachusetts", 7029917, 7001399],
  ["New Hampshire", 1377529, 1402054],
  ["Rhode Island", 1097379, 1095962],
  ["Vermont", 643077, 647464],
];
const nePopulationCsv = csv([
  ["Geography", "Census 2020", "Estimate 2023"],
  ["New England", sumOf(NE_POP.map((r) => r[1])), sumOf(NE_POP.map((r) => r[2]))],
  ...NE_POP,
]);

const revenueBySubsidiaryCsv = csv([
  ["Region", "Country", "Revenue"],
  ["EMEA", "Germany", 1840000],
  ["EMEA", "France", 1215000],
  ["EMEA", "Spain", 642000],
  ["EMEA", "Subtotal", 3697000],
  ["APAC", "Japan", 1498000],
  ["APAC", "Australia", 871000],
  ["APAC", "Subtotal", 2369000],
  ["Americas", "United States", 5120000],
  ["Americas", "Canada", 934000],
  ["Americas", "Brazil", 508000],
  ["Americas", "Subtotal", 6562000],
  ["All regions", "Total", 12628000],
]);

/** Hourly PM2.5 readings: '<2.0' below the detection limit, 'NA' where the monitor was down. */
const airQualityCsv = csv([
  ["site", "hour", "pm25"],
  ["North", 1, "7.5"],
  ["North", 2, "<2.0"],
  ["North", 3, "9.1"],
  ["North", 4, "NA"],
  ["South", 1, "12.4"],
  ["South", 2, "<2.0"],
  ["South", 3, "11.0"],
  ["South", 4, ""],
]);
/** Admissions whose dates are ISO except two rows exported as month/day/year. */
const admissionsCsv = csv([
  ["ward", "admitted", "patients"],
  ["A", "2024-03-01", 4],
  ["A", "03/14/2024", 6],
  ["B", "2024-03-02", 3],
  ["B", "2024-04-11", 5],
  ["C", "04/20/2024", 2],
  ["C", "2024-04-21", 7],
]);

const blankedCast: SilentCase[] = [
  {
    code: "blanked-cast",
    name: "air quality: mean PM2.5 per site with TRY_CAST, '<2.0' readings turned into NULL",
    expect: "flagged",
    lake: lake({ "air/pm25_hourly.csv": airQualityCsv }),
    calls: [
      scan("air/pm25_hourly.csv", "pm"),
      query(
        "mean_pm",
        ["pm"],
        `SELECT site, avg(TRY_CAST(pm25 AS DOUBLE)) AS mean_pm25 FROM pm GROUP BY site`,
      ),
    ],
  },
  {
    code: "blanked-cast",
    name: "air quality: the readings of the hours the monitor measured, 'NA' and empty cells left out by TRY_CAST",
    expect: "clean",
    lake: lake({ "air/pm25_hourly.csv": airQualityCsv }),
    calls: [
      scan("air/pm25_hourly.csv", "pm"),
      query(
        "mean_pm",
        ["pm"],
        `SELECT site, avg(TRY_CAST(pm25 AS DOUBLE)) AS mean_pm25 FROM pm WHERE pm25 NOT LIKE '<%' GROUP BY site`,
      ),
    ],
  },
  {
    code: "blanked-cast",
    name: "hospital: April admissions by try_strptime with one format, the month/day/year rows lost",
    expect: "flagged",
    lake: lake({ "hospital/admissions.csv": admissionsCsv }),
    calls: [
      scan("hospital/admissions.csv", "adm"),
      query(
        "april",
        ["adm"],
        `SELECT sum(patients) AS april_patients FROM adm WHERE month(try_strptime(admitted, '%Y-%m-%d')) = 4`,
      ),
    ],
  },
  {
    code: "blanked-cast",
    name: "hospital: April admissions with both date formats parsed",
    expect: "clean",
    lake: lake({ "hospital/admissions.csv": admissionsCsv }),
    calls: [
      scan("hospital/admissions.csv", "adm"),
      query(
        "april",
        ["adm"],
        `SELECT sum(patients) AS april_patients FROM adm
         WHERE month(coalesce(try_strptime(admitted, '%Y-%m-%d'), try_strptime(admitted, '%m/%d/%Y'))) = 4`,
      ),
    ],
  },
];

const summaryRow: SilentCase[] = [
  {
    code: "summary-row",
    // The Source Map now ends the table at the trailer block: the sum is the 475,905 of the file.
    name: "legal: reports summed over payment methods (the two trailer lines are left out of the table)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        "payment_reports",
        ["payment"],
        `SELECT sum("# of Reports") AS reports_with_payment FROM payment`,
      ),
    ],
  },
  {
    code: "summary-row",
    name: "census: New England population change summed over a table that opens with the region row",
    expect: "flagged",
    lake: lake({ "census/new_england_population.csv": nePopulationCsv }),
    calls: [
      scan("census/new_england_population.csv", "ne_pop"),
      query(
        "ne_growth",
        ["ne_pop"],
        `SELECT sum("Estimate 2023") - sum("Census 2020") AS change, sum("Estimate 2023") AS population_2023 FROM ne_pop`,
      ),
    ],
  },
  {
    code: "summary-row",
    name: "legal: total $ lost over payment methods, summary lines excluded by name (task: 5435 $M)",
    expect: "clean",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        "payment_losses",
        ["payment"],
        `SELECT sum(CAST(replace(replace(replace(trim("Total $ Loss"), '$', ''), 'M', ''), ',', '') AS INTEGER)) AS loss_musd,
                count(*) AS methods
         FROM payment
         WHERE "Payment Method" NOT IN ('Number of Fraud Reports', '# of Reports with Payment Method')`,
      ),
    ],
  },
  {
    code: "summary-row",
    name: "finance: revenue by region with the Subtotal and Total lines filtered out",
    expect: "clean",
    lake: lake({ "finance/revenue_by_subsidiary.csv": revenueBySubsidiaryCsv }),
    calls: [
      scan("finance/revenue_by_subsidiary.csv", "subsidiaries"),
      query(
        "revenue_by_region",
        ["subsidiaries"],
        `SELECT Region, count(*) AS countries, sum(Revenue) AS revenue
         FROM subsidiaries
         WHERE Country NOT IN ('Subtotal', 'Total')
         GROUP BY Region ORDER BY revenue DESC`,
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// value-variants

const valueVariants: SilentCase[] = [
  {
    code: "value-variants",
    name: "legal: bank and card thefts grouped by subtype ('New Accounts' vs 'New Accounts ')",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(IDT_BY_TYPE, "idt_type"),
      query(
        "card_bank_subtypes",
        ["idt_type"],
        `SELECT "Theft Subtype", sum("# of Reports") AS reports FROM idt_type
         WHERE "Theft Type" IN ('Bank Account', 'Credit Card')
         GROUP BY "Theft Subtype" ORDER BY reports DESC`,
      ),
    ],
  },
  {
    code: "value-variants",
    name: "help desk: closed tickets per assignee with status = 'Closed' (also 'closed', 'CLOSED')",
    expect: "flagged",
    lake: lake({ "support/tickets_2024q1.csv": ticketsCsv(true) }),
    calls: [
      scan("support/tickets_2024q1.csv", "tickets"),
      query(
        "closed_by_assignee",
        ["tickets"],
        `SELECT assignee, count(*) AS closed_tickets FROM tickets
         WHERE status = 'Closed' GROUP BY assignee ORDER BY closed_tickets DESC`,
      ),
    ],
  },
  {
    code: "value-variants",
    name: "hr: would-recommend answers normalised with lower(trim()) before grouping",
    expect: "clean",
    lake: lake({ "hr/engagement_2024.csv": engagementCsv }),
    calls: [
      scan("hr/engagement_2024.csv", "engagement"),
      query(
        "recommend",
        ["engagement"],
        `SELECT lower(trim(would_recommend)) AS answer, count(*) AS employees
         FROM engagement GROUP BY lower(trim(would_recommend)) ORDER BY employees DESC`,
      ),
    ],
  },
  {
    code: "value-variants",
    name: "legal: number of states with Prizes, Sweepstakes and Lotteries in their top ten",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top10"),
      query(
        "prizes_states",
        ["top10"],
        `SELECT count(DISTINCT State) AS states FROM top10 WHERE Category = 'Prizes, Sweepstakes and Lotteries'`,
      ),
    ],
  },
];

export const holdoutCases: SilentCase[] = [
  ...unknownColumn,
  ...undeclaredInput,
  ...unkeyedJoin,
  ...unknownTable,
  ...unknownSource,
  ...headerOffset,
  ...partialCoverage,
  ...unionSchemaDrift,
  ...unionDuplicateRows,
  ...emptyResult,
  ...filterNoMatch,
  ...joinRowLoss,
  ...joinFanout,
  ...nullInAggregate,
  ...numericAsText,
  ...blankedCast,
  ...summaryRow,
  ...valueVariants,
];
