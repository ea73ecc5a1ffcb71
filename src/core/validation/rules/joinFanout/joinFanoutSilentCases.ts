import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, unionScan, query, scanThenQuery } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { STATE_LOSSES, STATE_IDT_TYPES, STATE_TOP_TEN, MSA_IDT, MSA_FRAUD } from "../../cases/legalLake.ts";
import { ORDERS, SHIPMENTS } from "../../cases/sharedLakes.ts";

/**
 * Committee memberships (held-out HL-06/HL-08): members sit on several committees; the roster has
 * one row per member; a list of departed winners to look up by state and surname.
 */
const COMMITTEES = {
  "membership.csv": csv(
    "committee,bioguide",
    ...["SSAP", "SSCM", "SSFI"].flatMap((c) => ["M1", "M2", "M3", "M4"].map((m) => `${c},${m}`)),
  ),
  "roster.csv": csv(
    "bioguide_id,last_name,state,type",
    "M1,Moran,KS,sen",
    "M2,Lee,UT,sen",
    "M3,Collins,ME,sen",
    "M4,Rogers,AL,rep",
    "M5,Scott,GA,rep",
    "M6,Green,TN,rep",
    "M7,Carter,GA,rep",
  ),
  "departed.csv": csv(
    "race,name",
    "GA13,David Scott",
    "TN07,Mark Green",
    "AL03,Mike Rogers",
    "GA08,Nobody",
    "TN09,Nobody Else",
  ),
};

/**
 * Darts majors with their years as written (held-out KI-05): the World Championship's are plain
 * years, another tournament's '2011 (Feb.)'; a prize table with one row per year.
 */
const MAJORS = {
  "majors.csv": csv(
    "Tournament,Jahr,Sieger",
    ...[2005, 2006, 2007, 2008].map((y) => `World Championship,${y},Phil Taylor`),
    "Premier League,2011 (Feb.),Phil Taylor",
    "Premier League,2012,Phil Taylor",
  ),
  "prizes.csv": csv("Year,Champion", ...[2005, 2006, 2007, 2008, 2012].map((y) => `${y},${y * 10}`)),
};

/**
 * FAO wood production by country code, a country lookup that lists the USSR (228) under several
 * ISO codes (its successors), and ISO codes by GCAM region (held-out FO-03/04).
 */
const WOOD_REGIONS = {
  "fao/production.csv": csv(
    "area_code,area,production_2020",
    "16,Bangladesh,280",
    "26,Brunei,90",
    "101,India,49000",
    "104,Indonesia,82000",
    "228,USSR,",
    "185,Russian Federation,217000",
  ),
  "reference/country_iso.csv": csv(
    "FAO_country_code,iso",
    "16,bgd",
    "26,brn",
    "101,ind",
    "104,idn",
    "185,rus",
    "228,rus",
    "228,ukr",
    "228,blr",
    "228,kaz",
  ),
  "reference/iso_region.csv": csv(
    "iso,GCAM_region_ID",
    "bgd,29",
    "brn,29",
    "ind,17",
    "idn,29",
    "rus,24",
    "ukr,15",
    "blr,15",
    "kaz,10",
  ),
};

/** The silent-error suite's cases of `join-fanout` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const joinFanoutSilentCases = silentCasesOf("join-fanout", ({ flagged, clean }) => [
  flagged(
    "state fraud totals summed after a join to seven theft-type rows per state",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES, state_idt: STATE_IDT_TYPES },
      'SELECT l.State, sum(l."# of Reports") AS fraud_reports, sum(s."# of Reports") AS idt_reports FROM losses l JOIN state_idt s ON s.State = l.State GROUP BY l.State ORDER BY fraud_reports DESC',
    ),
  ),
  flagged(
    "the same fan-out written with CTEs: fraud totals summed once per theft type",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES, state_idt: STATE_IDT_TYPES },
      `WITH fraud AS (SELECT State, "# of Reports" AS reports FROM losses),
              idt AS (SELECT State, "Theft Type" AS theft_type, "# of Reports" AS reports FROM state_idt)
         SELECT fraud.State, sum(fraud.reports) AS fraud_reports, sum(idt.reports) AS idt_reports
         FROM fraud JOIN idt ON idt.State = fraud.State GROUP BY fraud.State ORDER BY fraud_reports DESC`,
    ),
  ),
  // The identity-theft types of a state overlap (one report can name several: the file's
  // footnote), so their sum is no total; the state's top-ten categories are totalled instead.
  clean(
    "CTEs that total the top-ten categories per state before the join",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES, top10: STATE_TOP_TEN },
      `WITH fraud AS (SELECT State, "# of Reports" AS reports FROM losses),
              idt AS (SELECT State, sum("# of Reports") AS reports FROM top10 GROUP BY State)
         SELECT fraud.State, sum(fraud.reports) AS fraud_reports, sum(idt.reports) AS idt_reports
         FROM fraud JOIN idt ON idt.State = fraud.State GROUP BY fraud.State ORDER BY fraud_reports DESC`,
    ),
  ),
  clean(
    "line quantities × catalogue prices summed per category over a one-to-many join",
    {
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
    scanThenQuery(
      { lines: "orders/lines.csv", catalogue: "catalogue.csv" },
      "SELECT c.category, sum(l.qty * c.unit_price) AS revenue, sum(l.qty) AS units FROM lines l JOIN catalogue c ON l.sku = c.sku GROUP BY c.category",
    ),
  ),
  flagged(
    "top-ten categories × theft types per state: many-to-many",
    legal,
    scanThenQuery(
      { top10: STATE_TOP_TEN, state_idt: STATE_IDT_TYPES },
      'SELECT t.State, sum(t."# of Reports") AS top_ten_reports, sum(i."# of Reports") AS idt_reports FROM top10 t JOIN state_idt i ON i.State = t.State GROUP BY t.State',
    ),
  ),
  flagged("the two per-state unions joined on the MSA name alone: multi-state MSAs count 4 times", legal, [
    unionScan([`${MSA_IDT}/*.csv`], "msa_idt", "state_file"),
    unionScan([`${MSA_FRAUD}/*.csv`], "msa_fraud", "state_file"),
    query(
      'SELECT sum(i."# of Reports") AS idt_reports, sum(f."# of Reports") AS fraud_reports FROM msa_idt i JOIN msa_fraud f ON f."Metropolitan Area" = i."Metropolitan Area"',
      ["msa_idt", "msa_fraud"],
    ),
  ]),
  flagged(
    "order totals summed after joining split shipments",
    { "orders.csv": ORDERS, "shipments.csv": SHIPMENTS },
    scanThenQuery(
      { orders: "orders.csv", shipments: "shipments.csv" },
      "SELECT s.carrier, sum(o.order_total) AS revenue FROM orders o JOIN shipments s ON s.order_id = o.order_id GROUP BY s.carrier",
    ),
  ),
  flagged(
    "a revised target appended for one (store, month) doubles its sales",
    {
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
    scanThenQuery(
      { sales: "sales.csv", targets: "targets.csv" },
      "SELECT s.store, sum(s.revenue) AS revenue, sum(t.target) AS target FROM sales s JOIN targets t ON t.store = s.store AND t.month = s.month GROUP BY s.store",
    ),
  ),
  clean(
    "one-to-many where only the many side is summed",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES, top10: STATE_TOP_TEN },
      'SELECT s.State, l."# of Reports" AS fraud_reports, sum(s."# of Reports") AS top_ten_reports FROM top10 s JOIN losses l ON l.State = s.State GROUP BY s.State, l."# of Reports"',
    ),
  ),
  clean(
    "stop 33 held-out: the lookup's repeated USSR codes lie outside the one region the query keeps",
    WOOD_REGIONS,
    scanThenQuery(
      { wood: "fao/production.csv", ctry: "reference/country_iso.csv", reg: "reference/iso_region.csv" },
      "SELECT sum(w.production_2020) AS total FROM wood w JOIN ctry c ON c.FAO_country_code = w.area_code JOIN reg r ON r.iso = c.iso WHERE r.GCAM_region_ID = 29",
    ),
  ),
  flagged(
    "stop 33 twin: the same join for a region the USSR's successors are in",
    WOOD_REGIONS,
    scanThenQuery(
      { wood: "fao/production.csv", ctry: "reference/country_iso.csv", reg: "reference/iso_region.csv" },
      "SELECT sum(w.production_2020) AS total, count(*) AS n FROM wood w JOIN ctry c ON c.FAO_country_code = w.area_code JOIN reg r ON r.iso = c.iso WHERE r.GCAM_region_ID IN (15, 24)",
    ),
  ),
  clean(
    "stop 33 held-out: a many-to-many join counted with count(DISTINCT): the repeats change nothing",
    WOOD_REGIONS,
    [
      scan("reference/country_iso.csv", "ctry"),
      scan("reference/iso_region.csv", "reg"),
      query(
        "SELECT count(DISTINCT c.FAO_country_code) AS countries FROM ctry c JOIN ctry d ON d.FAO_country_code = c.FAO_country_code",
        ["ctry"],
      ),
    ],
  ),
  clean(
    "the one side taken with any_value() per key, as the diagnostic advises",
    legal,
    scanThenQuery(
      { losses: STATE_LOSSES, top10: STATE_TOP_TEN },
      'SELECT s.State, any_value(l."# of Reports") AS fraud_reports, sum(s."# of Reports") AS top_ten_reports FROM top10 s JOIN losses l ON l.State = s.State GROUP BY s.State',
    ),
  ),
  clean(
    "both sides filtered to one row per state before the join",
    legal,
    scanThenQuery(
      { top10: STATE_TOP_TEN, state_idt: STATE_IDT_TYPES },
      'SELECT t.State, t."# of Reports" AS idt_category_reports, i."# of Reports" AS credit_card_reports FROM top10 t JOIN state_idt i ON i.State = t.State WHERE t.Category = \'Identity Theft\' AND i."Theft Type" = \'Credit Card\' ORDER BY 3 DESC',
    ),
  ),
  clean(
    "shipments per order: the order side only grouped, counts on the many side",
    { "orders.csv": ORDERS, "shipments.csv": SHIPMENTS },
    scanThenQuery(
      { orders: "orders.csv", shipments: "shipments.csv" },
      "SELECT o.order_id, o.order_total, count(s.shipment_id) AS parcels FROM orders o JOIN shipments s ON s.order_id = o.order_id GROUP BY o.order_id, o.order_total ORDER BY o.order_id",
    ),
  ),
  clean(
    "senators per committee: each member counted once in each committee he sits on (held-out HL-06)",
    COMMITTEES,
    scanThenQuery(
      { cm: "membership.csv", cur: "roster.csv" },
      "SELECT committee, count(*) AS n, sum(CASE WHEN c.type = 'sen' THEN 1 ELSE 0 END) AS senators FROM cm LEFT JOIN cur c ON c.bioguide_id = cm.bioguide GROUP BY ALL",
    ),
  ),
  flagged(
    "senators over all committees at once: each senator counted once per seat",
    COMMITTEES,
    scanThenQuery(
      { cm: "membership.csv", cur: "roster.csv" },
      "SELECT sum(CASE WHEN c.type = 'sen' THEN 1 ELSE 0 END) AS senators FROM cm JOIN cur c ON c.bioguide_id = cm.bioguide",
    ),
  ),
  clean(
    "departed winners looked up by state and surname: the surname makes each pair one (held-out HL-08)",
    COMMITTEES,
    scanThenQuery(
      { d: "departed.csv", cur: "roster.csv" },
      "SELECT d.race, d.name, c.bioguide_id FROM d LEFT JOIN cur c ON c.last_name ILIKE split_part(d.name, ' ', -1) AND c.state = substr(d.race, 1, 2)",
    ),
  ),
  flagged(
    "departed winners looked up by state alone: two Georgians beside two Georgia members",
    COMMITTEES,
    scanThenQuery(
      { d: "departed.csv", cur: "roster.csv" },
      "SELECT d.race, d.name, c.bioguide_id FROM d LEFT JOIN cur c ON c.state = substr(d.race, 1, 2)",
    ),
  ),
  clean(
    "champions' prize money by year, the year cast in the join: a year no cast reads ('2011 (Feb.)') is on a row the WHERE leaves out",
    MAJORS,
    scanThenQuery(
      { m: "majors.csv", p: "prizes.csv" },
      "SELECT m.Jahr, sum(p.Champion) AS prize FROM m LEFT JOIN p ON CAST(m.Jahr AS BIGINT) = p.Year WHERE m.Tournament = 'World Championship' GROUP BY m.Jahr",
    ),
  ),
]);
