// The wildfire lake's answers computed again with DuckDB over the files (every column read as text),
// independently of the generator's bookkeeping. US state names for codes come from a list written
// here, not from the generator's.
import { join } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { roundRatio } from "./answerMath.ts";
import { oneOrList, pair, rows, scalar, sqlString } from "./duckQueries.ts";
import type { GoldAnswer, LakeManifest } from "./lakeTypes.ts";

// prettier-ignore
const USPS: Record<string, string> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut",
  DE: "Delaware", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa",
  KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland", MA: "Massachusetts", MI: "Michigan",
  MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire",
  NJ: "New Jersey", NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota", OH: "Ohio",
  OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania", RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota",
  TN: "Tennessee", TX: "Texas", UT: "Utah", VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia",
  WI: "Wisconsin", WY: "Wyoming",
};

export async function wildfireAnswersDuckDb(
  conn: DuckDBConnection,
  dir: string,
  manifest: LakeManifest,
): Promise<Record<string, GoldAnswer>> {
  const csv = (path: string, extra = ""): string =>
    `read_csv(${sqlString(join(dir, path))}, all_varchar = true${extra})`;
  const usps = Object.entries(USPS)
    .map(([c, n]) => `(${sqlString(c)}, ${sqlString(n)})`)
    .join(", ");
  await conn.run(`CREATE OR REPLACE TEMP TABLE usps(code, name) AS VALUES ${usps}`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE st AS SELECT CAST(Year AS INTEGER) AS yr, State AS state,
      CAST(Fires AS BIGINT) AS fires, CAST(Acres AS BIGINT) AS acres
    FROM ${csv("state_fire_stats/fires_and_acres_by_state_2000_2024.csv")}`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE cost AS SELECT CAST(year AS INTEGER) AS yr, state AS code,
      CAST(suppression_cost_usd AS BIGINT) AS cost FROM ${csv("state_fire_stats/suppression_costs_by_state_2010_2024.csv")}`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE nat AS SELECT CAST(Year AS INTEGER) AS yr,
      CAST("Lightning Acres" AS BIGINT) AS la, CAST("Human Acres" AS BIGINT) AS ha, CAST("Total Acres" AS BIGINT) AS ta
    FROM ${csv("national/human_vs_lightning_2000_2024.csv")}`);
  const a: Record<string, GoldAnswer> = {};
  a["wildfire-01"] = await oneOrList(
    conn,
    `SELECT state FROM st WHERE yr = 2020 AND acres = (SELECT max(acres) FROM st WHERE yr = 2020) ORDER BY state`,
  );
  a["wildfire-02"] = await scalar(
    conn,
    `SELECT sum(acres) FROM st WHERE state = 'California' AND yr BETWEEN 2019 AND 2023`,
  );
  a["wildfire-03"] = await scalar(conn, `SELECT sum(cost) FROM cost WHERE code = 'CA' AND yr = 2020`);
  a["wildfire-04"] = await oneOrList(
    conn,
    `WITH r AS (SELECT st.state, cost.cost / st.acres AS cpa FROM st JOIN usps ON usps.name = st.state
                JOIN cost ON cost.code = usps.code AND cost.yr = st.yr WHERE st.yr = 2021)
     SELECT state FROM r WHERE cpa = (SELECT max(cpa) FROM r) ORDER BY state`,
  );
  const [la, ta] = await pair(conn, `SELECT sum(la), sum(ta) FROM nat WHERE yr >= 2015`);
  a["wildfire-05"] = roundRatio(100 * la, ta, 2);
  a["wildfire-06"] = (await rows(conn, `SELECT yr FROM nat WHERE la > ha ORDER BY yr`)).map((r) =>
    Number(r.yr),
  );

  const agency = csv("national/fires_by_agency_2024.csv", ", null_padding = true");
  a["wildfire-07"] = await scalar(
    conn,
    `SELECT sum(CAST(Fires AS BIGINT)) FROM ${agency} WHERE Agency <> 'Total' AND Fires IS NOT NULL`,
  );
  a["wildfire-08"] = await oneOrList(
    conn,
    `WITH r AS (SELECT Agency, CAST(Acres AS BIGINT) AS acres FROM ${agency} WHERE Agency <> 'Total' AND Acres IS NOT NULL)
     SELECT Agency FROM r WHERE acres = (SELECT max(acres) FROM r) ORDER BY Agency`,
  );
  await conn.run(`CREATE OR REPLACE TEMP TABLE occ AS SELECT Region AS region, Month AS month, Cause AS cause,
      CAST(Fires AS BIGINT) AS fires FROM ${csv("national/fire_occurrence_by_region_month_2023.csv")}`);
  a["wildfire-09"] = await scalar(
    conn,
    `WITH o AS (SELECT region, month, sum(fires) AS n FROM occ GROUP BY ALL),
       grid AS (SELECT r.region, m.month, coalesce(o.n, 0) AS n
                FROM (SELECT DISTINCT region FROM occ) r CROSS JOIN (SELECT DISTINCT month FROM occ) m
                LEFT JOIN o ON o.region = r.region AND o.month = m.month),
       e AS (SELECT n, sum(n) OVER (PARTITION BY region) * sum(n) OVER (PARTITION BY month) / sum(n) OVER () AS e FROM grid)
     SELECT round(sum((n - e) ^ 2 / e), 2) FROM e`,
  );
  a["wildfire-10"] = await scalar(
    conn,
    `SELECT sum(fires) FROM occ WHERE region = 'Southwest' AND cause = 'Lightning' AND month IN ('May', 'Jun', 'Jul', 'Aug')`,
  );
  const databook = `(SELECT CAST(column0 AS INTEGER) AS yr, CAST(replace(column1, ',', '') AS BIGINT) AS fires,
      CAST(replace(column2, ',', '') AS BIGINT) AS acres
    FROM ${csv("usda/fs_databook_table3_nfs_fires_2004_2023.csv", ", header = false, null_padding = true, skip = 0")}
    WHERE regexp_full_match(column0, '\\d{4}'))`;
  a["wildfire-11"] = await scalar(conn, `SELECT sum(acres) FROM ${databook} WHERE yr BETWEEN 2019 AND 2023`);
  a["wildfire-12"] = await oneOrList(
    conn,
    `WITH d AS ${databook} SELECT yr FROM d WHERE fires = (SELECT max(fires) FROM d) ORDER BY yr`,
  );

  const family = manifest.files.map((f) => f.path).filter((p) => /^fires\/fires_\d{4}\.csv$/.test(p));
  await conn.run(`CREATE OR REPLACE TEMP TABLE inc AS SELECT "Fire ID" AS id, State AS code,
      CAST("Discovery Date" AS DATE) AS found, CAST("Containment Date" AS DATE) AS contained,
      CAST("Cause Code" AS INTEGER) AS cause, CAST(Acres AS DOUBLE) AS acres
    FROM read_csv([${family.map((p) => sqlString(join(dir, p))).join(", ")}], all_varchar = true, union_by_name = true)`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE causes AS SELECT CAST("Cause Code" AS INTEGER) AS code, Cause AS cause
    FROM ${csv("fires/cause_codes.csv")}`);
  a["wildfire-13"] = await scalar(
    conn,
    `SELECT count(*) FROM inc WHERE year(found) BETWEEN 2020 AND 2024 AND acres >= 1000`,
  );
  a["wildfire-14"] = await oneOrList(
    conn,
    `WITH r AS (SELECT usps.name, count(*) AS n FROM inc JOIN causes ON causes.code = inc.cause
                JOIN usps ON usps.code = inc.code WHERE causes.cause = 'Lightning' AND year(found) >= 2018 GROUP BY ALL)
     SELECT name FROM r WHERE n = (SELECT max(n) FROM r) ORDER BY name`,
  );
  a["wildfire-15"] = await scalar(
    conn,
    `SELECT count(*) FROM inc JOIN usps USING (code) WHERE usps.name = 'Oregon'`,
  );
  a["wildfire-16"] = await scalar(conn, `SELECT count(*) FROM inc`);
  a["wildfire-17"] = await scalar(conn, `SELECT median(contained - found) FROM inc WHERE year(found) = 2022`);
  return a;
}
