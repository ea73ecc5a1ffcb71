// Generates the "many small files" lake of the Source Map benchmark: ≈40 CSVs of ≈1 MB, the usual
// shape of a real data folder — a yearly family (22 files, one per year, same columns), datasheets
// with title rows above the header and labelled footer rows below the data, text columns with
// commas inside quotes, site codes with leading zeros, numbers with thousands separators.
// A stand-in until the realistic `bench/lakes/` water lake lands on main (see notes/speed.md).
//
// Like generateLake.ts: DuckDB writes the files in a plain in-memory instance; a `.generated.json`
// marker (hidden from the crawler by a `.gitignore`) lets a later run reuse the lake.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import type { DuckDBConnection } from "@duckdb/node-api";

const GENERATOR_VERSION = 1;
const MARKER_FILE = ".generated.json";
export const SMALL_LAKE_YEARS = 22;
const FIRST_YEAR = 2001;
const ROWS_PER_YEAR = 11000;

export interface SmallLakeFile {
  path: string;
  bytes: number;
  rows: number;
  /** Part of the yearly family (same columns, one file a year). */
  family: boolean;
}

export interface SmallLakeMarker {
  version: number;
  files: number;
  bytes: number;
  rows: number;
  entries: SmallLakeFile[];
  generatedAt: string;
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function list(values: readonly string[]): string {
  return `[${values.map(sqlString).join(", ")}]`;
}

function pick(values: readonly string[], salt: number): string {
  return `${list(values)}[1 + CAST(hash(i, ${salt}) % ${values.length} AS BIGINT)]`;
}

function randInt(modulo: number, salt: number): string {
  return `CAST(hash(i, ${salt}) % ${modulo} AS BIGINT)`;
}

const COUNTIES = [
  "Alameda",
  "Butte",
  "Fresno",
  "Kern",
  "Marin",
  "Napa",
  "Placer",
  "Shasta",
  "Tulare",
  "Yolo",
];
const PARAMETERS = ["pH", "Nitrate", "Dissolved oxygen", "Turbidity", "Arsenic", "Lead", "Temperature"];
const UNITS = ["mg/L", "NTU", "ug/L", "deg C", "pH units"];
const RIVERS = ["Sacramento", "San Joaquin", "Feather", "American", "Russian", "Eel", "Klamath", "Salinas"];
const FLAGS = ["", "", "", "", "", "ND", "estimated", "below detection, re-sampled"];

/** One year of samples: site codes with leading zeros, text with commas, decimals, dates. */
function yearlySql(year: number, rows: number): string {
  return `SELECT
    lpad(CAST(${randInt(4000, 1)} AS VARCHAR), 6, '0') AS site_code,
    ${pick(RIVERS, 2)} || ' River at ' || ${pick(COUNTIES, 3)} || ', CA' AS site_name,
    ${pick(COUNTIES, 4)} AS county,
    DATE '${year}-01-01' + CAST(${randInt(365, 5)} AS INTEGER) AS sample_date,
    ${pick(PARAMETERS, 6)} AS parameter,
    round(${randInt(100000, 7)} / 1000.0, 3) AS result_value,
    ${pick(UNITS, 8)} AS unit,
    ${pick(FLAGS, 9)} AS qualifier,
    ${randInt(90, 10)} AS samples_taken,
    'Collected by field crew ' || CAST(${randInt(40, 11)} AS VARCHAR) || ', notes: ' || ${pick(["clear", "muddy, after rain", "algae present", "low flow"], 12)} AS remarks
  FROM range(${rows}) t(i)`;
}

/** A station datasheet: counts written with thousands separators, booleans, leading-zero codes. */
function stationsSql(sheet: number, rows: number): string {
  return `SELECT
    lpad(CAST(i AS VARCHAR), 5, '0') AS station_id,
    ${pick(RIVERS, 20 + sheet)} || ' basin, ' || ${pick(COUNTIES, 21 + sheet)} AS basin,
    format('{:,}', ${randInt(5000000, 22 + sheet)}) AS population_served,
    ${randInt(3, 23 + sheet)} = 0 AS treated,
    round(${randInt(1000000, 24 + sheet)} / 100.0, 2) AS capacity_mgd,
    DATE '1950-01-01' + CAST(${randInt(25000, 25 + sheet)} AS INTEGER) AS commissioned,
    ${pick(["Municipal", "Private", "Tribal", "Federal", "Irrigation district"], 26 + sheet)} AS owner_type,
    'Inspected ' || CAST(${randInt(12, 27 + sheet)} + 1 AS VARCHAR) || ' times; last report: ' || ${pick(["no findings", "minor leak, repaired", "sediment, flushed", "pending"], 28 + sheet)} AS inspection_notes
  FROM range(${rows}) t(i)`;
}

async function writeCsv(
  connection: DuckDBConnection,
  abs: string,
  sql: string,
  width: number,
  titles: string[],
  footers: string[],
): Promise<void> {
  await mkdir(dirname(abs), { recursive: true });
  const body = `${abs}.body.tmp`;
  await connection.run(`COPY (${sql}) TO ${sqlString(body)} (FORMAT csv, HEADER, DELIMITER ',')`);
  const pad = ",".repeat(width - 1);
  const line = (t: string): string => (t === "" ? `${pad}\n` : `"${t.replaceAll('"', '""')}"${pad}\n`);
  const text = titles.map(line).join("") + (await readFile(body, "utf8")) + footers.map(line).join("");
  await writeFile(abs, text);
  await rm(body);
}

async function readMarker(dir: string): Promise<SmallLakeMarker | undefined> {
  try {
    const marker = JSON.parse(await readFile(join(dir, MARKER_FILE), "utf8")) as SmallLakeMarker;
    if (marker.version !== GENERATOR_VERSION) return undefined;
    for (const e of marker.entries) if ((await stat(join(dir, e.path))).size !== e.bytes) return undefined;
    return marker;
  } catch {
    return undefined;
  }
}

/** The lake under `dir` (generated unless a finished one is there). */
export async function generateSmallLake(dir: string): Promise<SmallLakeMarker> {
  const ready = await readMarker(dir);
  if (ready) return ready;
  if (existsSync(dir) && !existsSync(join(dir, MARKER_FILE)))
    throw new Error(`${dir} exists and holds no ${MARKER_FILE}: refusing to generate a lake over it`);
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const entries: SmallLakeFile[] = [];
  const add = async (path: string, rows: number, family: boolean): Promise<void> => {
    entries.push({ path, rows, family, bytes: (await stat(join(partial, path))).size });
  };
  try {
    for (let y = 0; y < SMALL_LAKE_YEARS; y++) {
      const year = FIRST_YEAR + y;
      const path = `water_quality/samples_${year}.csv`;
      // Some years carry a title block and footnotes, as exports from different years do.
      const titled = y % 3 === 0;
      await writeCsv(
        connection,
        join(partial, path),
        yearlySql(year, ROWS_PER_YEAR),
        10,
        titled ? [`Surface water quality samples, ${year}`, "State Water Board (generated data)", ""] : [],
        titled ? ["", `Note: ${year} values are provisional.`, "Source: RADAR benchmark generator"] : [],
      );
      await add(path, ROWS_PER_YEAR, true);
    }
    for (let s = 0; s < 18; s++) {
      const path = `stations/station_sheet_${String(s + 1).padStart(2, "0")}.csv`;
      const rows = 7000 + s * 50;
      await writeCsv(
        connection,
        join(partial, path),
        stationsSql(s, rows),
        8,
        [`Table ${s + 1}. Water systems by basin`, "(counts as of June 30; generated data)", ""],
        [
          "",
          "Notes: population served is an estimate.",
          "Footnote 1: capacity in million gallons a day (MGD).",
          "Source: RADAR benchmark generator",
        ],
      );
      await add(path, rows, false);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  const marker: SmallLakeMarker = {
    version: GENERATOR_VERSION,
    files: entries.length,
    bytes: entries.reduce((n, e) => n + e.bytes, 0),
    rows: entries.reduce((n, e) => n + e.rows, 0),
    entries,
    generatedAt: new Date().toISOString(),
  };
  await writeFile(join(partial, ".gitignore"), `${MARKER_FILE}\n.gitignore\n`);
  await writeFile(join(partial, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dirname(dir), { recursive: true });
  await rename(partial, dir);
  return marker;
}
