// Generates a synthetic data lake for the Source Map benchmark (see benchSourceMap.ts): many CSVs
// (two of them data-book exports with title rows and footnotes), JSON-lines files and Parquet files,
// at least `targetBytes` in all. DuckDB writes the files itself, in a plain (unsandboxed) in-memory
// instance: the RADAR engine is locked down and cannot write anything.
//
// A finished lake carries `.generated.json` (what was generated, with sizes and row counts); a later
// call with the same target reuses it. A `.gitignore` in the lake hides that marker (and itself) from
// the crawler, so the map sees only the data files.
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { DuckDBInstance } from "@duckdb/node-api";
import type { DuckDBConnection } from "@duckdb/node-api";

/** Bumped whenever what is generated changes, so older lakes are regenerated. */
const GENERATOR_VERSION = 1;
export const MARKER_FILE = ".generated.json";
export const DEFAULT_TARGET_BYTES = 2 ** 30;

const CSV_SHARE = 0.78;
const JSONL_SHARE = 0.14;
const CSV_FILE_BYTES = 21e6;
const JSONL_FILE_BYTES = 30e6;
const PARQUET_FILE_BYTES = 20e6;
/** Aim a little above the target so that estimation error never leaves the lake short. */
const OVERSHOOT = 1.01;

export type GeneratedKind = "csv" | "databook-csv" | "jsonl" | "parquet";

export interface GeneratedFile {
  /** POSIX path relative to the lake root. */
  path: string;
  kind: GeneratedKind;
  bytes: number;
  /** Data rows (records), without title, header or footnote lines. */
  rows: number;
}

export interface LakeMarker {
  version: number;
  targetBytes: number;
  files: number;
  bytes: number;
  rows: number;
  generatedAt: string;
  generateMs: number;
  entries: GeneratedFile[];
}

// prettier-ignore
const STATES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
  "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC",
  "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
];
// prettier-ignore
const CATEGORIES = [
  "Imposter Scams", "Online Shopping", "Prizes and Lotteries", "Investment Related", "Business Opportunities",
  "Telephone and Mobile Services", "Auto Related", "Credit Bureaus", "Banks and Lenders", "Debt Collection",
  "Travel and Vacations", "Health Care", "Internet Services", "Tax Preparers", "Identity Theft",
  "Charitable Solicitations", "Foreign Money Offers", "Mortgage Foreclosure Relief", "Education", "Other",
];
const FIRST_NAMES = [
  "Ana",
  "Ben",
  "Chloe",
  "Dmitri",
  "Eve",
  "Farah",
  "Gus",
  "Hana",
  "Ivan",
  "Jade",
  "Kofi",
  "Lena",
];
const LAST_NAMES = [
  "Diaz",
  "Okafor",
  "Smith",
  "Nguyen",
  "Kowalski",
  "Haddad",
  "Rossi",
  "Tanaka",
  "Moreau",
  "Berg",
];
const CITIES = [
  "Springfield",
  "Riverside",
  "Fairview",
  "Madison",
  "Georgetown",
  "Salem",
  "Franklin",
  "Clinton",
];
const CHANNELS = ["phone", "email", "text message", "social media", "website or app", "mail", "in person"];
const PRODUCTS = [
  "Credit card",
  "Mortgage",
  "Student loan",
  "Checking account",
  "Vehicle loan",
  "Money transfer",
];
const COMPANIES = [
  "Acme Bank, N.A.",
  "Globex Corp.",
  "Initech Lending",
  "Umbrella Credit Union",
  "Stark Financial",
];

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function sqlList(values: readonly string[]): string {
  return `[${values.map(sqlString).join(", ")}]`;
}

/** A deterministic pseudo-random pick from a list, per row `i` and column `salt`. */
function pick(values: readonly string[], salt: number): string {
  return `${sqlList(values)}[1 + CAST(hash(i, ${salt}) % ${values.length} AS BIGINT)]`;
}

function randInt(modulo: number, salt: number): string {
  return `CAST(hash(i, ${salt}) % ${modulo} AS BIGINT)`;
}

/** 8 columns: id, date, state code, category, amount with decimals, quoted text with commas, two counts. */
function csvRowsSql(start: number, count: number): string {
  return `SELECT
    i AS report_id,
    DATE '2019-01-01' + CAST(${randInt(2192, 1)} AS INTEGER) AS report_date,
    ${pick(STATES, 2)} AS state,
    ${pick(CATEGORIES, 3)} AS category,
    CAST((${randInt(5000000, 4)} - 20000) / 100.0 AS DECIMAL(12, 2)) AS amount_usd,
    'Reported by ' || ${pick(FIRST_NAMES, 5)} || ' ' || ${pick(LAST_NAMES, 6)} || ', ' || ${pick(CITIES, 7)}
      || ', contacted via ' || ${pick(CHANNELS, 8)} AS narrative,
    CAST(${randInt(1000, 9)} AS INTEGER) AS reports,
    CASE WHEN hash(i, 10) % 40 = 0 THEN NULL ELSE ${randInt(100000, 11)} END AS loss_count
  FROM range(${start}, ${start + count}) t(i)`;
}

function jsonlRowsSql(start: number, count: number): string {
  return `SELECT
    i AS complaint_id,
    DATE '2018-01-01' + CAST(${randInt(2557, 21)} AS INTEGER) AS received,
    ${pick(STATES, 22)} AS state,
    ${pick(PRODUCTS, 23)} AS product,
    ${pick(COMPANIES, 24)} AS company,
    'Customer ' || ${pick(FIRST_NAMES, 25)} || ' disputed a charge of ' || CAST(${randInt(90000, 26)} / 100.0 AS VARCHAR)
      || ', first noticed in ' || ${pick(CITIES, 27)} AS narrative,
    CAST((${randInt(2000000, 28)}) / 100.0 AS DECIMAL(12, 2)) AS amount,
    hash(i, 29) % 3 = 0 AS resolved,
    CAST(${randInt(30, 30)} AS INTEGER) AS days_to_close
  FROM range(${start}, ${start + count}) t(i)`;
}

function parquetRowsSql(start: number, count: number): string {
  return `SELECT
    i AS event_id,
    TIMESTAMP '2020-01-01 00:00:00' + to_seconds(${randInt(157680000, 41)}) AS event_time,
    ${pick(STATES, 42)} AS state,
    ${pick(CATEGORIES, 43)} AS category,
    (${randInt(10000000, 44)}) / 1000.0 AS score,
    ${randInt(1000000, 45)} AS account_id,
    md5(CAST(i AS VARCHAR)) AS fingerprint,
    hash(i, 46) % 7 = 0 AS flagged
  FROM range(${start}, ${start + count}) t(i)`;
}

/** Data-book styles: title rows above the header, footnotes below, padded with commas or not. */
// prettier-ignore
const DATABOOK_STYLES = [
  {
    padded: true,
    title: ['"Consumer Sentinel Network Data Book 2024 (generated, not real data)"', "Table 12: Fraud reports by state and category", ""],
    footer: ["", '"Figures are generated for benchmarking; amounts in USD, rounded to cents."', '"Source: RADAR benchmark generator, bench/generateLake.ts"'],
  },
  {
    padded: false,
    title: ['"Reports by state, 2019-2024"', "(generated data)", ""],
    footer: ["", "Note: counts exclude reports without a state.", '"Source: generated, for the Source Map benchmark"'],
  },
] as const;

interface Plan {
  csvFiles: number;
  csvBytes: number;
  jsonlFiles: number;
  jsonlBytes: number;
  parquetFiles: number;
  parquetBytes: number;
}

function planFor(targetBytes: number): Plan {
  const target = targetBytes * OVERSHOOT;
  const csvFiles = Math.max(4, Math.ceil((target * CSV_SHARE) / CSV_FILE_BYTES));
  const jsonlFiles = Math.max(1, Math.ceil((target * JSONL_SHARE) / JSONL_FILE_BYTES));
  const parquetShare = 1 - CSV_SHARE - JSONL_SHARE;
  const parquetFiles = Math.max(1, Math.ceil((target * parquetShare) / PARQUET_FILE_BYTES));
  return {
    csvFiles,
    csvBytes: (target * CSV_SHARE) / csvFiles,
    jsonlFiles,
    jsonlBytes: (target * JSONL_SHARE) / jsonlFiles,
    parquetFiles,
    parquetBytes: (target * parquetShare) / parquetFiles,
  };
}

/** Bytes per row, learnt from the first file of each kind (initial guesses before that). */
class RowSizer {
  private readonly perRow = new Map<string, number>([
    ["csv", 115],
    ["jsonl", 290],
    ["parquet", 45],
  ]);

  rowsFor(kind: string, bytes: number): number {
    return Math.max(1000, Math.round(bytes / (this.perRow.get(kind) ?? 100)));
  }

  learn(kind: string, bytes: number, rows: number): void {
    if (rows > 0) this.perRow.set(kind, bytes / rows);
  }
}

async function readMarker(dir: string): Promise<LakeMarker | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, MARKER_FILE), "utf8")) as LakeMarker;
  } catch {
    return undefined;
  }
}

/** The marker of a finished lake for this target whose files are all still there, unchanged in size. */
export async function readyLake(dir: string, targetBytes: number): Promise<LakeMarker | undefined> {
  const marker = await readMarker(dir);
  if (!marker || marker.version !== GENERATOR_VERSION || marker.targetBytes !== targetBytes) return undefined;
  for (const file of marker.entries) {
    try {
      if ((await stat(join(dir, file.path))).size !== file.bytes) return undefined;
    } catch {
      return undefined;
    }
  }
  return marker;
}

function log(message: string): void {
  process.stderr.write(`[generate] ${message}\n`);
}

async function concatenate(target: string, head: string, bodyFile: string, tail: string): Promise<void> {
  const out = createWriteStream(target);
  out.write(head);
  await pipeline(createReadStream(bodyFile), out, { end: false });
  await new Promise<void>((resolvePromise, reject) => {
    out.on("error", reject);
    out.end(tail, () => resolvePromise());
  });
}

async function writeCsv(
  connection: DuckDBConnection,
  root: string,
  path: string,
  start: number,
  rows: number,
  style: (typeof DATABOOK_STYLES)[number] | undefined,
): Promise<number> {
  const abs = join(root, path);
  await mkdir(dirname(abs), { recursive: true });
  const body = style ? `${abs}.body.tmp` : abs;
  await connection.run(
    `COPY (${csvRowsSql(start, rows)}) TO ${sqlString(body)} (FORMAT csv, HEADER, DELIMITER ',')`,
  );
  if (style) {
    const pad = style.padded ? ",".repeat(7) : "";
    const lines = (texts: readonly string[]): string => texts.map((t) => `${t}${pad}\n`).join("");
    await concatenate(abs, lines(style.title), body, lines(style.footer));
    await rm(body);
  }
  return (await stat(abs)).size;
}

async function writeNative(
  connection: DuckDBConnection,
  root: string,
  path: string,
  kind: "jsonl" | "parquet",
  start: number,
  rows: number,
): Promise<number> {
  const abs = join(root, path);
  await mkdir(dirname(abs), { recursive: true });
  const sql = kind === "jsonl" ? jsonlRowsSql(start, rows) : parquetRowsSql(start, rows);
  await connection.run(
    `COPY (${sql}) TO ${sqlString(abs)} (FORMAT ${kind === "jsonl" ? "json" : "parquet"})`,
  );
  return (await stat(abs)).size;
}

function pad3(n: number): string {
  return String(n).padStart(3, "0");
}

/**
 * A lake of at least `targetBytes` under `dir`, generated unless `dir` already holds one for the
 * same target. Writes into `<dir>.partial` and renames at the end, so an interrupted run leaves no
 * half lake behind. Refuses to replace a non-empty folder that it did not generate.
 */
export async function generateLake(
  dir: string,
  targetBytes: number = DEFAULT_TARGET_BYTES,
): Promise<{ files: number; bytes: number; rows: number }> {
  const ready = await readyLake(dir, targetBytes);
  if (ready) {
    log(`reusing ${dir} (${ready.files} files, ${(ready.bytes / 1e6).toFixed(0)} MB, ${ready.rows} rows)`);
    return { files: ready.files, bytes: ready.bytes, rows: ready.rows };
  }
  if (existsSync(dir)) {
    const ours = (await readMarker(dir)) !== undefined;
    if (!ours && (await readdir(dir)).length > 0)
      throw new Error(`${dir} is not empty and holds no ${MARKER_FILE}: refusing to generate a lake over it`);
  }
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });

  const started = performance.now();
  const plan = planFor(targetBytes);
  const sizer = new RowSizer();
  const entries: GeneratedFile[] = [];
  let nextId = 1;
  let total = 0;
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const add = (file: GeneratedFile): void => {
    entries.push(file);
    total += file.bytes;
    nextId += file.rows;
    const seconds = (performance.now() - started) / 1000;
    log(
      `${file.path}: ${(file.bytes / 1e6).toFixed(1)} MB, ${file.rows} rows — total ${(total / 1e6).toFixed(0)} / ${(targetBytes / 1e6).toFixed(0)} MB, ${seconds.toFixed(1)} s`,
    );
  };
  try {
    const databookAt = new Map([
      [1, 0],
      [Math.floor(plan.csvFiles / 2), 1],
    ]);
    for (let i = 0; i < plan.csvFiles; i++) {
      const styleIndex = databookAt.get(i);
      const style = styleIndex === undefined ? undefined : DATABOOK_STYLES[styleIndex];
      const path =
        style === undefined
          ? `csv/transactions_${pad3(i)}.csv`
          : `databook/csn_data_book_table_${pad3(i)}.csv`;
      const rows = sizer.rowsFor("csv", plan.csvBytes);
      const bytes = await writeCsv(connection, partial, path, nextId, rows, style);
      if (style === undefined) sizer.learn("csv", bytes, rows);
      add({ path, kind: style ? "databook-csv" : "csv", bytes, rows });
    }
    for (let i = 0; i < plan.jsonlFiles; i++) {
      const path = `jsonl/complaints_${pad3(i)}.jsonl`;
      const rows = sizer.rowsFor("jsonl", plan.jsonlBytes);
      const bytes = await writeNative(connection, partial, path, "jsonl", nextId, rows);
      sizer.learn("jsonl", bytes, rows);
      add({ path, kind: "jsonl", bytes, rows });
    }
    for (let i = 0; i < plan.parquetFiles; i++) {
      const path = `parquet/events_${pad3(i)}.parquet`;
      const rows = sizer.rowsFor("parquet", plan.parquetBytes);
      const bytes = await writeNative(connection, partial, path, "parquet", nextId, rows);
      sizer.learn("parquet", bytes, rows);
      add({ path, kind: "parquet", bytes, rows });
    }
    // Estimates fell short: more CSVs until the target is reached.
    for (let i = plan.csvFiles; total < targetBytes; i++) {
      const path = `csv/transactions_${pad3(i)}.csv`;
      const rows = Math.min(
        sizer.rowsFor("csv", plan.csvBytes),
        sizer.rowsFor("csv", (targetBytes - total) * OVERSHOOT),
      );
      const bytes = await writeCsv(connection, partial, path, nextId, rows, undefined);
      add({ path, kind: "csv", bytes, rows });
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }

  const marker: LakeMarker = {
    version: GENERATOR_VERSION,
    targetBytes,
    files: entries.length,
    bytes: total,
    rows: entries.reduce((sum, e) => sum + e.rows, 0),
    generatedAt: new Date().toISOString(),
    generateMs: Math.round(performance.now() - started),
    entries,
  };
  await writeFile(
    join(partial, ".gitignore"),
    `# generated lake: keep the marker out of the Source Map\n${MARKER_FILE}\n.gitignore\n`,
  );
  await writeFile(join(partial, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dirname(dir), { recursive: true });
  await rename(partial, dir);
  log(
    `done: ${marker.files} files, ${(marker.bytes / 1e6).toFixed(0)} MB, ${marker.rows} rows in ${(marker.generateMs / 1000).toFixed(1)} s`,
  );
  return { files: marker.files, bytes: marker.bytes, rows: marker.rows };
}

/** The marker of the lake under `dir`, if any (for the benchmark's figures). */
export async function lakeMarker(dir: string): Promise<LakeMarker | undefined> {
  return readMarker(dir);
}
