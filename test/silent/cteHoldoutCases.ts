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

/**
 * A second BLIND held-out silent-error set, about queries written with CTEs (`WITH a AS (…), b AS
 * (… FROM a …) SELECT …`) and multi-step SQL: chained CTEs, CTEs joined to CTEs, scalar subqueries
 * and `IN (SELECT …)` filters. Written without looking at the validation rules, at the tuned cases
 * of `silentCases.ts` or at what RADAR reports on these cases, to measure how the rules generalise
 * to work they were not tuned on. Every "flagged" case holds a mistake that is really present in
 * the data (a key really missing on one side, keys really repeated, a literal really absent); every
 * "clean" case is correct on its data. About half run on the shared KramaBench legal lake (FTC
 * Consumer Sentinel data book), the rest on small synthetic business lakes.
 */

// ---------------------------------------------------------------------------------------------
// The legal lake's paths

const METRO_FRAUD = `${CSN}2024_CSN_Metropolitan_Areas_Fraud_and_Other_Reports.csv`;

/** "$1,234,567 " → 1234567 (the data book's money cells carry a dollar sign, commas, a trailing space). */
const money = (col: string): string => `CAST(replace(replace(trim("${col}"), '$', ''), ',', '') AS BIGINT)`;

// ---------------------------------------------------------------------------------------------
// Synthetic lakes

const pad = (n: number): string => String(n).padStart(2, "0");
const cents = (x: number): number => Math.round(x * 100) / 100;

/** Web-shop orders for 2024 (four a month) and the ad platforms' monthly spend export, which has
 * no row at all for September 2024 (the export job failed that month). */
function adSpendLake(): Record<string, string> {
  const r = rng(11);
  const orders: (string | number)[][] = [["order_id", "order_date", "customer_id", "amount"]];
  let id = 5001;
  for (let m = 1; m <= 12; m++)
    for (let k = 0; k < 4; k++)
      orders.push([
        id++,
        `2024-${pad(m)}-${pad(3 + 7 * k)}`,
        `C${100 + Math.floor(r() * 40)}`,
        cents(60 + r() * 440),
      ]);
  const spend: (string | number)[][] = [["month", "channel", "spend"]];
  for (let m = 1; m <= 12; m++) {
    if (m === 9) continue;
    spend.push([`2024-${pad(m)}`, "Search", cents(300 + r() * 200)]);
    spend.push([`2024-${pad(m)}`, "Social", cents(150 + r() * 150)]);
  }
  return { "shop/orders.csv": csv(orders), "marketing/ad_spend.csv": csv(spend) };
}

/** Sales by region; the Central region opened in July and was given no annual target. */
function regionTargetsLake(): Record<string, string> {
  const r = rng(23);
  const regions = ["North", "South", "East", "West", "Central"] as const;
  const sales: (string | number)[][] = [["invoice_id", "invoice_date", "region", "rep", "amount"]];
  for (let i = 0; i < 45; i++) {
    const region = regions[i % regions.length] as string;
    const month = region === "Central" ? 7 + (i % 6) : 1 + (i % 12);
    sales.push([
      `INV-${2400 + i}`,
      `2024-${pad(month)}-${pad(1 + (i % 27))}`,
      region,
      `R${1 + Math.floor(r() * 9)}`,
      cents(900 + r() * 4100),
    ]);
  }
  const targets = csv([
    ["region", "annual_target"],
    ["North", 30000],
    ["South", 25000],
    ["East", 28000],
    ["West", 26000],
  ]);
  return { "sales/invoices_2024.csv": csv(sales), "sales/targets_2024.csv": targets };
}

/** Order lines (1–3 per order) and customer payments (1–3 instalments per order). */
function billingLake(): Record<string, string> {
  const r = rng(37);
  const skus = ["A-100", "A-200", "B-110", "B-300", "C-500", "C-510"] as const;
  const lines: (string | number)[][] = [["order_id", "line_no", "sku", "qty", "line_amount"]];
  const payments: (string | number)[][] = [["payment_id", "order_id", "paid_on", "amount"]];
  let pid = 1;
  for (let o = 0; o < 14; o++) {
    const orderId = `SO-${7100 + o}`;
    const nLines = 1 + (o % 3);
    let total = 0;
    for (let l = 1; l <= nLines; l++) {
      const qty = 1 + Math.floor(r() * 5);
      const amount = cents(qty * (20 + r() * 80));
      total += amount;
      lines.push([orderId, l, pick(r, skus), qty, amount]);
    }
    const nPay = 1 + ((o + 1) % 3);
    const share = cents(total / nPay);
    for (let p = 0; p < nPay; p++) {
      const last = p === nPay - 1;
      // the last instalment of every fourth order is still outstanding
      if (last && o % 4 === 3 && nPay > 1) continue;
      const amount = last ? cents(total - share * (nPay - 1)) : share;
      payments.push([`PAY-${pid++}`, orderId, `2024-03-${pad(1 + o + p * 7)}`, amount]);
    }
  }
  return { "billing/order_lines.csv": csv(lines), "billing/payments.csv": csv(payments) };
}

/** A product catalogue (one row per SKU) and order lines that all reference catalogue SKUs. */
function catalogueLake(): Record<string, string> {
  const r = rng(41);
  const products = [
    ["sku", "product_name", "category", "unit_price"],
    ["K-01", "Chef knife", "Kitchen", 49.9],
    ["K-02", "Cutting board", "Kitchen", 24.5],
    ["K-03", "Cast iron pan", "Kitchen", 39],
    ["G-01", "Hand trowel", "Garden", 12.75],
    ["G-02", "Pruning shears", "Garden", 21.4],
    ["G-03", "Watering can", "Garden", 18],
    ["B-01", "Bath towel", "Bath", 15.2],
    ["B-02", "Shower caddy", "Bath", 27.6],
  ] as const;
  const skus = products.slice(1).map((p) => p[0]);
  const lines: (string | number)[][] = [["order_id", "line_no", "sku", "qty"]];
  for (let i = 0; i < 36; i++) {
    const sku = i < skus.length ? (skus[i] as string) : pick(r, skus);
    lines.push([`W-${3300 + Math.floor(i / 2)}`, 1 + (i % 2), sku, 1 + Math.floor(r() * 4)]);
  }
  return {
    "catalog/products.csv": csv(products.map((p) => [...p])),
    "orders/order_lines_q2.csv": csv(lines),
  };
}

/** HR extract: contractors are paid through agencies and have no salary in the HR system. */
function payrollLake(): Record<string, string> {
  const r = rng(53);
  const depts = ["Engineering", "Sales", "Support", "Finance"] as const;
  const emp: (string | number)[][] = [["emp_id", "dept", "employment_type", "hire_date", "salary"]];
  for (let i = 0; i < 40; i++) {
    const dept = depts[i % depts.length] as string;
    const contractor = dept === "Engineering" ? i % 3 === 0 : dept === "Support" ? i % 5 === 2 : false;
    const base = { Engineering: 118000, Sales: 82000, Support: 56000, Finance: 91000 }[dept] ?? 60000;
    emp.push([
      `E${1000 + i}`,
      dept,
      contractor ? "Contractor" : "Employee",
      `20${pad(15 + (i % 9))}-${pad(1 + (i % 12))}-15`,
      contractor ? "" : Math.round(base * (0.8 + r() * 0.4)),
    ]);
  }
  const budget = csv([
    ["dept", "payroll_budget"],
    ["Engineering", 1500000],
    ["Sales", 900000],
    ["Support", 600000],
    ["Finance", 950000],
  ]);
  return { "hr/employees.csv": csv(emp), "finance/payroll_budget_2025.csv": budget };
}

/** Help-desk tickets: open tickets have no resolution time yet; the Accounts team has none open. */
function ticketsLake(): Record<string, string> {
  const r = rng(67);
  const teams = ["Billing", "Technical", "Accounts"] as const;
  const rows: (string | number)[][] = [["ticket_id", "team", "opened_on", "status", "resolution_hours"]];
  for (let i = 0; i < 48; i++) {
    const team = teams[i % teams.length] as string;
    const open = team !== "Accounts" && i % 7 === 1;
    rows.push([
      `T-${9000 + i}`,
      team,
      `2024-11-${pad(1 + (i % 28))}`,
      open ? "open" : "closed",
      open ? "" : cents(1 + r() * 70),
    ]);
  }
  return { "helpdesk/tickets_nov.csv": csv(rows) };
}

/** HR roster with a status column (terminated staff stay in the extract). */
function rosterLake(): Record<string, string> {
  const r = rng(71);
  const depts = ["Engineering", "Sales", "Marketing", "Finance"] as const;
  const rows: (string | number)[][] = [["emp_id", "full_name", "dept", "status", "hire_year", "salary"]];
  const first = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"] as const;
  const last = ["Moreau", "Okafor", "Silva", "Brandt", "Kowal", "Nakamura", "Haddad"] as const;
  for (let i = 0; i < 36; i++) {
    rows.push([
      `H${300 + i}`,
      `${pick(r, first)} ${pick(r, last)}`,
      depts[i % depts.length] as string,
      i % 6 === 5 ? "Terminated" : "Active",
      2014 + Math.floor(r() * 11),
      Math.round(60000 + r() * 70000),
    ]);
  }
  return { "hr/roster.csv": csv(rows) };
}

/** Store survey answers keyed in from a web form (Yes/No) and from paper cards (YES/yes/NO/no). */
function surveyLake(): Record<string, string> {
  const r = rng(83);
  const stores = ["Downtown", "Airport", "Harbour", "Mall"] as const;
  const web = ["Yes", "No"] as const;
  const paper = ["YES", "yes", "NO", "no", "Yes"] as const;
  const rows: (string | number)[][] = [["response_id", "store", "channel", "would_recommend", "score"]];
  for (let i = 0; i < 50; i++) {
    const viaPaper = i % 3 === 0;
    const answer = viaPaper ? pick(r, paper) : r() < 0.7 ? web[0] : web[1];
    rows.push([
      `S${4000 + i}`,
      pick(r, stores),
      viaPaper ? "paper" : "web",
      answer,
      1 + Math.floor(r() * 10),
    ]);
  }
  return { "surveys/store_survey_2024.csv": csv(rows) };
}

/** Contact-centre log: the channel was typed by agents (Email, email, E-mail, Phone, phone, Chat). */
function contactLake(): Record<string, string> {
  const r = rng(97);
  const channels = ["Email", "email", "E-mail", "Phone", "phone", "PHONE", "Chat", "chat"] as const;
  const rows: (string | number)[][] = [["contact_id", "contact_date", "channel", "handle_minutes", "csat"]];
  for (let i = 0; i < 56; i++)
    rows.push([
      `CC-${600 + i}`,
      `2024-10-${pad(1 + (i % 30))}`,
      channels[i % channels.length] as string,
      cents(3 + r() * 25),
      1 + Math.floor(r() * 5),
    ]);
  return { "contact_centre/contacts_oct.csv": csv(rows) };
}

/** A spreadsheet export of quarterly revenue with a subtotal after each region and a grand total. */
function quarterlyRevenueLake(): Record<string, string> {
  const r = rng(101);
  const rows: (string | number)[][] = [["region", "quarter", "revenue"]];
  let grand = 0;
  for (const region of ["Nordics", "Benelux", "Iberia", "Alps"]) {
    let sub = 0;
    for (const q of ["Q1", "Q2", "Q3", "Q4"]) {
      const v = Math.round(150000 + r() * 250000);
      sub += v;
      rows.push([region, q, v]);
    }
    rows.push([`${region} Subtotal`, "", sub]);
    grand += sub;
  }
  rows.push(["Grand Total", "", grand]);
  return { "finance/revenue_by_region_2024.csv": csv(rows) };
}

/** Customers and their orders over 2023–2024; a few customers ordered in 2023 and never again. */
function churnLake(): Record<string, string> {
  const r = rng(113);
  const segments = ["SMB", "Mid-market", "Enterprise"] as const;
  const customers: (string | number)[][] = [["customer_id", "company", "segment", "signup_date"]];
  const orders: (string | number)[][] = [["order_id", "customer_id", "order_date", "amount"]];
  let oid = 1;
  for (let c = 0; c < 20; c++) {
    const id = `CU-${200 + c}`;
    customers.push([
      id,
      `Company ${String.fromCharCode(65 + c)}`,
      pick(r, segments),
      `2022-${pad(1 + (c % 12))}-01`,
    ]);
    const lapsed = c % 6 === 4; // ordered in 2023 only
    const newIn2024 = c % 9 === 7; // ordered in 2024 only
    if (!newIn2024)
      for (let k = 0; k < 2; k++)
        orders.push([`OR-${oid++}`, id, `2023-${pad(2 + k * 5 + (c % 4))}-10`, cents(500 + r() * 3000)]);
    if (!lapsed)
      for (let k = 0; k < 2; k++)
        orders.push([`OR-${oid++}`, id, `2024-${pad(1 + k * 6 + (c % 5))}-20`, cents(500 + r() * 3000)]);
  }
  return { "crm/customers.csv": csv(customers), "crm/orders.csv": csv(orders) };
}

// ---------------------------------------------------------------------------------------------
// The cases

export const cteHoldoutCases: SilentCase[] = [
  // ----------------------------------------------------------------------------- join-row-loss
  {
    code: "join-row-loss",
    name: "cte: return on ad spend from monthly revenue inner-joined to a spend export that lacks September",
    expect: "flagged",
    lake: lake(adSpendLake()),
    calls: [
      scan("shop/orders.csv", "orders"),
      scan("marketing/ad_spend.csv", "ad_spend"),
      query(
        "roas_2024",
        ["orders", "ad_spend"],
        `WITH revenue AS (
           SELECT strftime(order_date, '%Y-%m') AS month, sum(amount) AS revenue
           FROM orders GROUP BY 1
         ),
         spend AS (
           SELECT month, sum(spend) AS spend FROM ad_spend GROUP BY month
         ),
         monthly AS (
           SELECT r.month, r.revenue, s.spend FROM revenue r JOIN spend s ON r.month = s.month
         )
         SELECT round(sum(revenue), 2) AS revenue_2024, round(sum(spend), 2) AS spend_2024,
                round(sum(revenue) / sum(spend), 2) AS roas
         FROM monthly`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "cte legal: debt-collection share per state inner-joins a top-ten category missing for five states",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_TOP_TEN, "top_ten"),
      scan(FRAUD_RANKINGS, "fraud_rank"),
      query(
        "debt_share",
        ["top_ten", "fraud_rank"],
        `WITH debt AS (
           SELECT State, "# of Reports" AS debt_reports FROM top_ten WHERE Category = 'Debt Collection'
         ),
         totals AS (
           SELECT State, "# of Reports" AS all_reports FROM fraud_rank
         )
         SELECT t.State, d.debt_reports, t.all_reports,
                round(100.0 * d.debt_reports / t.all_reports, 2) AS debt_pct
         FROM totals t JOIN debt d ON t.State = d.State
         ORDER BY debt_pct DESC`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "cte legal: metro fraud rates inner-joined to census populations drop Nashville, Scranton and Puerto Rico",
    expect: "flagged",
    lake: legal,
    calls: [
      discover("metropolitan area fraud reports population"),
      scan(METRO_FRAUD, "metro_fraud"),
      scan(METRO_HTML, "msa_pop", METRO_HTML_US),
      query(
        "metro_fraud_rates",
        ["metro_fraud", "msa_pop"],
        `WITH csn AS (
           SELECT ${CSN_MSA_KEY} AS msa, "# of Reports" AS reports FROM metro_fraud
           WHERE "Metropolitan Area" LIKE '%Metropolitan Statistical Area'
         ),
         pop AS (
           SELECT ${HTML_MSA_KEY} AS msa, "2024 estimate" AS population FROM msa_pop
         )
         SELECT c.msa, c.reports, p.population,
                round(c.reports * 100000.0 / p.population, 1) AS reports_per_100k
         FROM csn c JOIN pop p ON c.msa = p.msa
         ORDER BY reports_per_100k DESC`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "cte legal: fraud vs identity-theft rates per state, two ranking CTEs over the same 52 jurisdictions",
    expect: "clean",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "idt_vs_fraud",
        ["fraud_rank", "idt_rank"],
        `WITH f AS (
           SELECT State, "Reports per 100K Population" AS fraud_per_100k FROM fraud_rank
         ),
         i AS (
           SELECT State, "Reports per 100K Population" AS idt_per_100k FROM idt_rank
         )
         SELECT f.State, f.fraud_per_100k, i.idt_per_100k,
                round(100.0 * i.idt_per_100k / (f.fraud_per_100k + i.idt_per_100k), 1) AS idt_share_pct
         FROM f JOIN i ON f.State = i.State
         ORDER BY idt_share_pct DESC`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "cte legal: New England states picked by joining the state list as a filter",
    expect: "clean",
    lake: legal,
    calls: [
      scan(NEW_ENGLAND, "ne_states"),
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "new_england_rates",
        ["ne_states", "fraud_rank", "idt_rank"],
        `WITH ne AS (SELECT Name FROM ne_states),
         f AS (SELECT State, "Reports per 100K Population" AS fraud_per_100k FROM fraud_rank),
         i AS (SELECT State, "Reports per 100K Population" AS idt_per_100k FROM idt_rank)
         SELECT f.State, f.fraud_per_100k, i.idt_per_100k
         FROM f
         JOIN i ON f.State = i.State
         JOIN ne ON f.State = ne.Name
         ORDER BY f.fraud_per_100k DESC`,
      ),
    ],
  },
  {
    code: "join-row-loss",
    name: "cte: revenue vs target per region, LEFT JOIN keeps the new region that has no target",
    expect: "clean",
    lake: lake(regionTargetsLake()),
    calls: [
      scan("sales/invoices_2024.csv", "invoices"),
      scan("sales/targets_2024.csv", "targets"),
      query(
        "target_attainment",
        ["invoices", "targets"],
        `WITH actual AS (
           SELECT region, count(*) AS invoices, round(sum(amount), 2) AS revenue
           FROM invoices GROUP BY region
         ),
         tgt AS (
           SELECT region, annual_target FROM targets
         )
         SELECT a.region, a.invoices, a.revenue, t.annual_target,
                round(a.revenue - t.annual_target, 2) AS gap,
                t.annual_target IS NULL AS no_target_set
         FROM actual a LEFT JOIN tgt t ON a.region = t.region
         ORDER BY a.region`,
      ),
    ],
  },

  // ----------------------------------------------------------------------------- join-fanout
  {
    code: "join-fanout",
    name: "cte legal: national top-ten share sums each state's report count once per category row",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(STATE_TOP_TEN, "top_ten"),
      query(
        "top_ten_share",
        ["fraud_rank", "top_ten"],
        `WITH st AS (
           SELECT State, "# of Reports" AS state_reports FROM fraud_rank
         ),
         cat AS (
           SELECT State, Category, "# of Reports" AS cat_reports FROM top_ten
         )
         SELECT sum(cat.cat_reports) AS top_ten_reports, sum(st.state_reports) AS all_reports,
                round(100.0 * sum(cat.cat_reports) / sum(st.state_reports), 1) AS top_ten_pct
         FROM st JOIN cat ON st.State = cat.State`,
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "cte: billed vs paid per order joins order lines to payment instalments (many-to-many)",
    expect: "flagged",
    lake: lake(billingLake()),
    calls: [
      scan("billing/order_lines.csv", "order_lines"),
      scan("billing/payments.csv", "payments"),
      query(
        "outstanding",
        ["order_lines", "payments"],
        `WITH lines AS (
           SELECT order_id, line_amount FROM order_lines
         ),
         paid AS (
           SELECT order_id, amount FROM payments
         ),
         recon AS (
           SELECT l.order_id, sum(l.line_amount) AS billed, sum(p.amount) AS paid
           FROM lines l JOIN paid p ON l.order_id = p.order_id
           GROUP BY l.order_id
         )
         SELECT order_id, round(billed, 2) AS billed, round(paid, 2) AS paid,
                round(billed - paid, 2) AS outstanding
         FROM recon
         WHERE abs(billed - paid) > 0.01
         ORDER BY outstanding DESC`,
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "cte: revenue by category from order lines joined to a one-row-per-SKU catalogue",
    expect: "clean",
    lake: lake(catalogueLake()),
    calls: [
      scan("catalog/products.csv", "products"),
      scan("orders/order_lines_q2.csv", "lines"),
      probe("products", ["sku"]),
      query(
        "revenue_by_category",
        ["products", "lines"],
        `WITH l AS (
           SELECT order_id, sku, qty FROM lines
         ),
         p AS (
           SELECT sku, category, unit_price FROM products
         )
         SELECT p.category, count(DISTINCT l.order_id) AS orders, sum(l.qty) AS units,
                round(sum(l.qty * p.unit_price), 2) AS revenue
         FROM l JOIN p ON l.sku = p.sku
         GROUP BY p.category
         ORDER BY revenue DESC`,
      ),
    ],
  },
  {
    code: "join-fanout",
    name: "cte legal: theft-type mentions per report, types aggregated per state before the join",
    expect: "clean",
    lake: legal,
    calls: [
      scan(STATE_IDT_BY_TYPE, "idt_types"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "types_per_report",
        ["idt_types", "idt_rank"],
        `WITH types AS (
           SELECT State, sum("# of Reports") AS type_mentions FROM idt_types GROUP BY State
         ),
         rk AS (
           SELECT State, "# of Reports" AS idt_reports FROM idt_rank
         )
         SELECT rk.State, rk.idt_reports, types.type_mentions,
                round(types.type_mentions * 1.0 / rk.idt_reports, 3) AS types_per_report
         FROM rk JOIN types ON rk.State = types.State
         ORDER BY types_per_report DESC`,
      ),
    ],
  },

  // ----------------------------------------------------------------------------- null-in-aggregate
  {
    code: "null-in-aggregate",
    name: "cte legal: nationwide metro IDT rate sums populations that are NULL for unmatched areas",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro_idt"),
      scan(METRO_HTML, "msa_pop", METRO_HTML_US),
      query(
        "metro_idt_rate",
        ["metro_idt", "msa_pop"],
        `WITH csn AS (
           SELECT ${CSN_MSA_KEY} AS msa, "# of Reports" AS reports FROM metro_idt
         ),
         pop AS (
           SELECT ${HTML_MSA_KEY} AS msa, "2024 estimate" AS population FROM msa_pop
         ),
         joined AS (
           SELECT c.msa, c.reports, p.population FROM csn c LEFT JOIN pop p ON c.msa = p.msa
         )
         SELECT sum(reports) AS reports, sum(population) AS population,
                round(sum(reports) * 100000.0 / sum(population), 1) AS reports_per_100k
         FROM joined`,
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "cte: estimated payroll multiplies an average salary that skips contractors by full headcount",
    expect: "flagged",
    lake: lake(payrollLake()),
    calls: [
      scan("hr/employees.csv", "employees"),
      scan("finance/payroll_budget_2025.csv", "budget"),
      query(
        "payroll_vs_budget",
        ["employees", "budget"],
        `WITH pay AS (
           SELECT dept, count(*) AS headcount, avg(salary) AS avg_salary FROM employees GROUP BY dept
         ),
         b AS (
           SELECT dept, payroll_budget FROM budget
         )
         SELECT pay.dept, pay.headcount, round(pay.avg_salary) AS avg_salary,
                round(pay.avg_salary * pay.headcount) AS est_payroll, b.payroll_budget,
                round(b.payroll_budget - pay.avg_salary * pay.headcount) AS headroom
         FROM pay JOIN b ON pay.dept = b.dept
         ORDER BY headroom`,
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "cte legal: metro IDT rate restricted explicitly to areas with a census population",
    expect: "clean",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro_idt"),
      scan(METRO_HTML, "msa_pop", METRO_HTML_US),
      query(
        "metro_idt_rate",
        ["metro_idt", "msa_pop"],
        `WITH csn AS (
           SELECT ${CSN_MSA_KEY} AS msa, "# of Reports" AS reports FROM metro_idt
         ),
         pop AS (
           SELECT ${HTML_MSA_KEY} AS msa, "2024 estimate" AS population FROM msa_pop
         ),
         joined AS (
           SELECT c.msa, c.reports, p.population FROM csn c LEFT JOIN pop p ON c.msa = p.msa
         )
         SELECT count(*) AS areas, sum(reports) AS reports, sum(population) AS population,
                round(sum(reports) * 100000.0 / sum(population), 1) AS reports_per_100k
         FROM joined
         WHERE population IS NOT NULL`,
      ),
    ],
  },
  {
    code: "null-in-aggregate",
    name: "cte: resolution time per team over closed tickets only, open backlog counted separately",
    expect: "clean",
    lake: lake(ticketsLake()),
    calls: [
      scan("helpdesk/tickets_nov.csv", "tickets"),
      probe("tickets", ["status", "resolution_hours"]),
      query(
        "team_speed",
        ["tickets"],
        `WITH closed AS (
           SELECT team, resolution_hours FROM tickets
           WHERE status = 'closed' AND resolution_hours IS NOT NULL
         ),
         speed AS (
           SELECT team, count(*) AS closed_tickets, round(avg(resolution_hours), 1) AS avg_hours,
                  round(median(resolution_hours), 1) AS median_hours
           FROM closed GROUP BY team
         ),
         backlog AS (
           SELECT team, count(*) AS open_tickets FROM tickets WHERE status = 'open' GROUP BY team
         )
         SELECT s.team, s.closed_tickets, s.avg_hours, s.median_hours,
                coalesce(b.open_tickets, 0) AS open_tickets
         FROM speed s LEFT JOIN backlog b ON s.team = b.team
         ORDER BY s.avg_hours DESC`,
      ),
    ],
  },

  // ----------------------------------------------------------------------------- filter-no-match
  {
    code: "filter-no-match",
    name: "cte legal: DC-area states filtered with 'Washington DC' where the file says District of Columbia",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(FRAUD_RANKINGS, "fraud_rank"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "dmv_rates",
        ["fraud_rank", "idt_rank"],
        `WITH dmv AS (
           SELECT State, "Reports per 100K Population" AS fraud_per_100k FROM fraud_rank
           WHERE State IN ('Maryland', 'Virginia', 'Washington DC')
         ),
         idt AS (
           SELECT State, "Reports per 100K Population" AS idt_per_100k FROM idt_rank
         )
         SELECT d.State, d.fraud_per_100k, i.idt_per_100k
         FROM dmv d JOIN idt i ON d.State = i.State
         ORDER BY d.fraud_per_100k DESC`,
      ),
    ],
  },
  {
    code: "filter-no-match",
    name: "cte: active staff in two departments, filter literals spelled as the roster spells them",
    expect: "clean",
    lake: lake(rosterLake()),
    calls: [
      scan("hr/roster.csv", "roster"),
      probe("roster", ["dept", "status"]),
      query(
        "eng_sales_profile",
        ["roster"],
        `WITH active AS (
           SELECT emp_id, dept, hire_year, salary FROM roster
           WHERE status = 'Active' AND dept IN ('Engineering', 'Sales')
         ),
         by_dept AS (
           SELECT dept, count(*) AS headcount, round(avg(salary)) AS avg_salary,
                  round(avg(2025 - hire_year), 1) AS avg_tenure_years
           FROM active GROUP BY dept
         )
         SELECT * FROM by_dept ORDER BY dept`,
      ),
    ],
  },

  // ----------------------------------------------------------------------------- value-variants
  {
    code: "value-variants",
    name: "cte: recommend rate grouped on raw answers typed as Yes/YES/yes and No/NO/no",
    expect: "flagged",
    lake: lake(surveyLake()),
    calls: [
      scan("surveys/store_survey_2024.csv", "survey"),
      query(
        "recommend_rate",
        ["survey"],
        `WITH answers AS (
           SELECT store, would_recommend FROM survey
         ),
         by_answer AS (
           SELECT would_recommend, count(*) AS responses FROM answers GROUP BY would_recommend
         )
         SELECT would_recommend, responses,
                round(100.0 * responses / (SELECT count(*) FROM answers), 1) AS pct
         FROM by_answer
         ORDER BY responses DESC`,
      ),
    ],
  },
  {
    code: "value-variants",
    name: "cte: contacts per channel after normalising agent-typed channel names",
    expect: "clean",
    lake: lake(contactLake()),
    calls: [
      scan("contact_centre/contacts_oct.csv", "contacts"),
      probe("contacts", ["channel"]),
      query(
        "by_channel",
        ["contacts"],
        `WITH norm AS (
           SELECT regexp_replace(lower(trim(channel)), '[^a-z]', '', 'g') AS channel_key,
                  handle_minutes, csat
           FROM contacts
         ),
         by_channel AS (
           SELECT channel_key, count(*) AS contacts, round(avg(handle_minutes), 1) AS avg_minutes,
                  round(avg(csat), 2) AS avg_csat
           FROM norm GROUP BY channel_key
         )
         SELECT * FROM by_channel ORDER BY contacts DESC`,
      ),
    ],
  },

  // ----------------------------------------------------------------------------- numeric-as-text
  {
    code: "numeric-as-text",
    name: "cte legal: top five states by loss ordered on the '$1,234,567 ' text column",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(STATE_FRAUD_LOSSES, "losses"),
      scan(IDT_RANKINGS, "idt_rank"),
      query(
        "top_loss_states",
        ["losses", "idt_rank"],
        `WITH top_loss AS (
           SELECT State, "Total $ Loss" AS total_loss FROM losses
           ORDER BY "Total $ Loss" DESC LIMIT 5
         ),
         idt AS (
           SELECT State, Rank AS idt_rank FROM idt_rank
         )
         SELECT t.State, t.total_loss, i.idt_rank
         FROM top_loss t JOIN idt i ON t.State = i.State
         ORDER BY t.total_loss DESC`,
      ),
    ],
  },
  {
    code: "numeric-as-text",
    name: "cte legal: loss per fraud report after stripping '$' and ',' and casting",
    expect: "clean",
    lake: legal,
    calls: [
      bash(`head -6 ${STATE_FRAUD_LOSSES}`),
      scan(STATE_FRAUD_LOSSES, "losses"),
      scan(FRAUD_RANKINGS, "fraud_rank"),
      query(
        "loss_per_report",
        ["losses", "fraud_rank"],
        `WITH l AS (
           SELECT State, "# of Reports" AS fraud_reports, ${money("Total $ Loss")} AS total_loss,
                  ${money("Median $ Loss")} AS median_loss
           FROM losses
         ),
         r AS (
           SELECT State, "Reports per 100K Population" AS per_100k FROM fraud_rank
         )
         SELECT l.State, l.total_loss, l.median_loss, r.per_100k,
                round(l.total_loss * 1.0 / l.fraud_reports) AS loss_per_report
         FROM l JOIN r ON l.State = r.State
         ORDER BY l.total_loss DESC
         LIMIT 10`,
      ),
    ],
  },

  // ----------------------------------------------------------------------------- summary-row
  {
    code: "summary-row",
    name: "cte legal: payment-method shares over a table that still holds the two footer total rows",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(PAYMENT_METHOD, "payment"),
      query(
        "payment_shares",
        ["payment"],
        `WITH methods AS (
           SELECT "Payment Method" AS method, "# of Reports" AS reports FROM payment
           WHERE "Payment Method" IS NOT NULL
         ),
         total AS (
           SELECT sum(reports) AS all_reports FROM methods
         )
         SELECT method, reports, round(100.0 * reports / (SELECT all_reports FROM total), 1) AS pct
         FROM methods
         ORDER BY reports DESC`,
      ),
    ],
  },
  {
    code: "summary-row",
    name: "cte: regional revenue shares with subtotal and grand-total rows excluded first",
    expect: "clean",
    lake: lake(quarterlyRevenueLake()),
    calls: [
      scan("finance/revenue_by_region_2024.csv", "revenue"),
      query(
        "region_share",
        ["revenue"],
        `WITH detail AS (
           SELECT region, quarter, revenue FROM revenue WHERE region NOT ILIKE '%total%'
         ),
         by_region AS (
           SELECT region, sum(revenue) AS revenue FROM detail GROUP BY region
         )
         SELECT region, revenue,
                round(100.0 * revenue / (SELECT sum(revenue) FROM detail), 1) AS share_pct
         FROM by_region
         ORDER BY revenue DESC`,
      ),
    ],
  },

  // ----------------------------------------------------------------------------- empty-result
  {
    code: "empty-result",
    name: "cte legal: metro IDT per capita joined to census table on raw names that never match",
    expect: "flagged",
    lake: legal,
    calls: [
      scan(METRO_IDT, "metro_idt"),
      scan(METRO_HTML, "msa_pop", METRO_HTML_US),
      query(
        "metro_per_capita",
        ["metro_idt", "msa_pop"],
        `WITH csn AS (
           SELECT "Metropolitan Area" AS area, "# of Reports" AS reports FROM metro_idt
         ),
         pop AS (
           SELECT "Metropolitan statistical area" AS area, "2024 estimate" AS population FROM msa_pop
         )
         SELECT c.area, c.reports, p.population,
                round(c.reports * 100000.0 / p.population, 1) AS per_100k
         FROM csn c JOIN pop p ON c.area = p.area
         ORDER BY per_100k DESC
         LIMIT 10`,
      ),
    ],
  },
  {
    code: "empty-result",
    name: "cte: customers who ordered in 2023 but not in 2024, via IN / NOT IN subqueries",
    expect: "clean",
    lake: lake(churnLake()),
    calls: [
      scan("crm/customers.csv", "customers"),
      scan("crm/orders.csv", "orders"),
      query(
        "lapsed_customers",
        ["customers", "orders"],
        `WITH o23 AS (
           SELECT customer_id, sum(amount) AS spend_2023 FROM orders
           WHERE order_date >= DATE '2023-01-01' AND order_date < DATE '2024-01-01'
           GROUP BY customer_id
         ),
         o24 AS (
           SELECT DISTINCT customer_id FROM orders
           WHERE order_date >= DATE '2024-01-01' AND order_date < DATE '2025-01-01'
         )
         SELECT c.customer_id, c.company, c.segment,
                (SELECT round(spend_2023, 2) FROM o23 WHERE o23.customer_id = c.customer_id) AS spend_2023
         FROM customers c
         WHERE c.customer_id IN (SELECT customer_id FROM o23)
           AND c.customer_id NOT IN (SELECT customer_id FROM o24)
         ORDER BY spend_2023 DESC`,
      ),
    ],
  },
];
