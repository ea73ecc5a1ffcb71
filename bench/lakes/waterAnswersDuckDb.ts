// The water lake's answers computed again, independently of the generator's tallies: DuckDB reads the
// files the generator wrote (every column as text, so nothing depends on type sniffing) and SQL or
// plain code over the rows DuckDB returns gives each answer. Used by the unit test and `--verify`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { DuckDBConnection } from "@duckdb/node-api";
import { roundRatio } from "./answerMath.ts";
import { column, oneOrList, pair, scalar, sqlString } from "./duckQueries.ts";
import type { GoldAnswer, LakeManifest } from "./lakeTypes.ts";

const paths = (dir: string, files: string[]): string =>
  `[${files.map((f) => sqlString(join(dir, f))).join(", ")}]`;

export async function waterAnswersDuckDb(
  conn: DuckDBConnection,
  dir: string,
  manifest: LakeManifest,
): Promise<Record<string, GoldAnswer>> {
  const yearly = manifest.files.map((f) => f.path).filter((p) => /^water-body-testing-\d{4}\.csv$/.test(p));
  await conn.run(`CREATE OR REPLACE TEMP TABLE y AS
    SELECT Community AS community, "Beach Name" AS beach, "Beach Type" AS type, County AS county,
      Organism AS organism, CAST("Indicator Level" AS DOUBLE) AS level, lower(Violation) = 'yes' AS viol,
      CAST(regexp_extract(filename, '(\\d{4})\\.csv$', 1) AS INTEGER) AS yr
    FROM read_csv(${paths(dir, yearly)}, union_by_name = true, all_varchar = true, filename = true)`);
  const a: Record<string, GoldAnswer> = {};
  const [v13, n13] = await pair(conn, `SELECT count(*) FILTER (viol), count(*) FROM y WHERE yr = 2013`);
  a["water-01"] = roundRatio(100 * v13, n13, 3);
  a["water-02"] = await column(
    conn,
    `WITH r AS (SELECT yr, count(*) FILTER (viol) AS v, count(*) AS n FROM y WHERE type = 'Fresh' GROUP BY yr)
     SELECT yr FROM r WHERE v / n > (SELECT sum(v) / sum(n) FROM r) ORDER BY yr`,
  );
  a["water-03"] = await scalar(
    conn,
    `SELECT count(*) FROM y WHERE type = 'Marine' AND viol AND yr BETWEEN 2019 AND 2023`,
  );
  a["water-04"] = await scalar(
    conn,
    `SELECT count(*) FROM (SELECT DISTINCT community, beach FROM y WHERE yr = 2023)`,
  );
  a["water-05"] = await scalar(
    conn,
    `SELECT count(*) FROM (SELECT DISTINCT community, beach FROM y WHERE yr = 2021 AND county = 'Dukes')`,
  );
  a["water-06"] = await scalar(
    conn,
    `WITH r AS (SELECT community, beach, yr, count(*) FILTER (viol) / count(*) AS rate FROM y
                WHERE yr IN (2012, 2013) GROUP BY ALL)
     SELECT count(*) FROM r a JOIN r b USING (community, beach) WHERE a.yr = 2013 AND b.yr = 2012 AND a.rate > b.rate`,
  );
  a["water-07"] = await scalar(
    conn,
    `SELECT count(*) FROM (SELECT community, beach FROM y WHERE yr BETWEEN 2015 AND 2023 AND viol
     GROUP BY ALL HAVING count(DISTINCT yr) = 9)`,
  );
  const [tenths, entN] = await pair(
    conn,
    `SELECT sum(CAST(round(level * 10) AS BIGINT)), count(*) FROM y WHERE organism = 'Enterococci' AND yr BETWEEN 2010 AND 2012`,
  );
  a["water-08"] = roundRatio(tenths, 10 * entN, 2);
  a["water-09"] = await scalar(conn, `SELECT count(*) FROM y`);
  a["water-10"] = await oneOrList(
    conn,
    `WITH r AS (SELECT county, count(*) FILTER (viol) / count(*) AS rate FROM y WHERE yr = 2022 AND type = 'Marine' GROUP BY county)
       SELECT county FROM r WHERE rate = (SELECT max(rate) FROM r) ORDER BY county`,
  );

  const precip = (station: string): string =>
    `(SELECT * FROM read_csv(${sqlString(join(dir, "precipitation", `${station}.csv`))}, all_varchar = true)
      WHERE regexp_full_match(Year, '\\d{4}'))`;
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  a["water-11"] = await oneOrList(
    conn,
    `WITH t AS (SELECT CAST(Year AS INTEGER) AS yr, ${months.map((m) => `coalesce(TRY_CAST(${m} AS DECIMAL(8, 2)), 0)`).join(" + ")} AS total
                  FROM ${precip("nantucket")})
       SELECT yr FROM t WHERE yr BETWEEN 2020 AND 2024 AND total = (SELECT max(total) FROM t WHERE yr BETWEEN 2020 AND 2024) ORDER BY yr`,
  );
  // The median of hundredths is a whole or half number: exact to the thousandth.
  const augMedian = await scalar(
    conn,
    `SELECT median(CAST(round(CAST(Aug AS DOUBLE) * 100) AS BIGINT)) FROM ${precip("boston-logan")}`,
  );
  a["water-12"] = Math.round(augMedian * 10) / 1000;
  a["water-13"] = await scalar(conn, `SELECT max(CAST(Year AS INTEGER)) FROM ${precip("worcester")}`);
  a["water-14"] = await scalar(
    conn,
    `SELECT round(sum(CAST(Jul AS DECIMAL(8, 2))), 2) FROM ${precip("hyannis")} WHERE CAST(Year AS INTEGER) BETWEEN 2015 AND 2024`,
  );
  const [julSum, julN] = await pair(
    conn,
    `SELECT sum(CAST(round(CAST(Jul AS DOUBLE) * 100) AS BIGINT)), count(*) FROM ${precip("hyannis")}`,
  );
  a["water-15"] = roundRatio(julSum, julN * 100, 2);

  const exportFiles = manifest.files.map((f) => f.path).filter((p) => p.startsWith("exports/"));
  await conn.run(`CREATE OR REPLACE TEMP TABLE ex AS
    SELECT DISTINCT * FROM read_csv(${paths(dir, exportFiles)}, all_varchar = true)`);
  a["water-16"] = await scalar(conn, `SELECT count(DISTINCT "Sample ID") FROM ex`);
  a["water-17"] = await scalar(
    conn,
    `SELECT count(*) FROM ex WHERE Parameter = 'E. coli' AND CAST(Result AS INTEGER) > 235`,
  );
  const lookup = JSON.parse(readFileSync(join(dir, "lookups", "town_codes.json"), "utf8")) as Record<
    string,
    string
  >;
  const values = Object.entries(lookup)
    .map(([code, county]) => `(${sqlString(code)}, ${sqlString(county)})`)
    .join(", ");
  a["water-18"] = await column(
    conn,
    `WITH lk(code, county) AS (VALUES ${values}),
       c AS (SELECT county, count(*) AS n FROM ex JOIN lk ON ex."Town Code" = lk.code
             WHERE Parameter = 'E. coli' AND CAST(Result AS INTEGER) > 235 GROUP BY county)
     SELECT county FROM c WHERE n = (SELECT max(n) FROM c) ORDER BY county`,
  );

  const closures = `read_csv(${sqlString(join(dir, "closures", "beach_closures_2023.csv"))}, all_varchar = true)`;
  a["water-19"] = await scalar(conn, `SELECT sum(CAST("Days Closed" AS INTEGER)) FROM ${closures}`);
  a["water-20"] = await scalar(conn, `SELECT count(*) FROM ${closures} WHERE Reason = 'Harmful algal bloom'`);

  Object.assign(a, await datasheetAnswers(conn, dir, manifest));
  a["water-25"] = await workbookAnswer(join(dir, "reports", "beach-program-summary-2002-2023.xlsx"));
  return a;
}

interface SheetRows {
  path: string;
  site: string;
  points: string[];
  rows: string[][];
}

/** Datasheets: the sampling-point names are read from the row above the header, values through DuckDB. */
async function readSheets(conn: DuckDBConnection, dir: string, manifest: LakeManifest): Promise<SheetRows[]> {
  const out: SheetRows[] = [];
  for (const f of manifest.files.filter((x) => x.path.startsWith("beach-datasheets/"))) {
    const full = join(dir, f.path);
    const [titleLine = "", pointLine = ""] = readFileSync(full, "utf8").split("\n");
    const site = (/^"?([^,]+?)(?:, [^,]+ —| —)/.exec(titleLine)?.[1] ?? titleLine).trim();
    const cells = pointLine.split(",");
    const points: string[] = [];
    for (let i = 4; i < cells.length; i += 2) points.push(cells[i] ?? "");
    const result = await conn.runAndReadAll(
      `SELECT * FROM read_csv(${sqlString(full)}, skip = 3, header = false, all_varchar = true, delim = ',', quote = '"')`,
    );
    const rows = result.getRows().map((r) => r.map((v) => (v === null ? "" : String(v))));
    out.push({ path: f.path, site, points, rows });
  }
  return out;
}

async function datasheetAnswers(
  conn: DuckDBConnection,
  dir: string,
  manifest: LakeManifest,
): Promise<Record<string, GoldAnswer>> {
  const sheets = await readSheets(conn, dir, manifest);
  const value = (row: string[], point: number): number | null => {
    const text = row[4 + 2 * point + 1] ?? "";
    return text === "" ? null : Number(text);
  };
  const exceeds = (row: string[], point: number): boolean => (value(row, point) ?? 0) > 104;
  const find = (site: string): SheetRows => {
    const s = sheets.find((x) => x.site === site);
    if (!s) throw new Error(`no datasheet titled ${site}`);
    return s;
  };
  const craig = find("Craigville Beach");
  const middle = craig.points.indexOf("Middle");
  const wollaston = find("Wollaston Beach");
  const south = wollaston.points.indexOf("South");
  const wet = wollaston.rows
    .filter((r) => Number(r[2]) > 0.5)
    .map((r) => value(r, south))
    .filter((v): v is number => v !== null);
  return {
    "water-21": craig.rows.filter((r) => exceeds(r, middle)).length,
    "water-22": sheets.reduce(
      (n, s) => n + s.rows.reduce((m, r) => m + s.points.filter((_, p) => r[4 + 2 * p] === "<").length, 0),
      0,
    ),
    "water-23": sheets.reduce(
      (n, s) => n + s.rows.filter((r) => s.points.some((_, p) => exceeds(r, p))).length,
      0,
    ),
    "water-24":
      wet.length === 0
        ? 0
        : roundRatio(
            wet.reduce((x, y) => x + y, 0),
            wet.length,
            1,
          ),
  };
}

async function workbookAnswer(path: string): Promise<GoldAnswer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.getWorksheet("Annual Summary");
  if (!sheet) throw new Error("workbook has no Annual Summary sheet");
  const rates: [number, number][] = [];
  sheet.eachRow((row, n) => {
    if (n <= 2) return;
    rates.push([Number(row.getCell(1).value), Number(row.getCell(5).value)]);
  });
  const best = Math.max(...rates.map(([, r]) => r));
  const years = rates.filter(([, r]) => r === best).map(([y]) => y);
  return years.length === 1 ? (years[0] as number) : years;
}
