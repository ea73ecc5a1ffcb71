// `npm run eval:workbooks [-- --lake DIR] [--big ROWS] [--keep DIR]` (--keep: a second run with the same DIR
// maps the workbooks it kept instead of converting again)
// A corpus of workbooks written by real spreadsheet software: every CSV of a lake (by default the
// public legal lake of test/fixtures/kramabench-legal, or RADAR_LEGAL_LAKE) is opened by LibreOffice and saved as .xlsx,
// .xls and .ods; each workbook is mapped and its sheet compared with the map of the CSV it came
// from (header line, data rows, column names). --big ROWS adds one tall workbook (ROWS × 8) per
// format and prints its map time and the process's peak memory. Needs LibreOffice (soffice).
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import { DuckEngine } from "../src/core/engine/duckEngine.ts";
import { profileFile } from "../src/core/sourceMap/profiling/profileFile.ts";
import type { SourceEntry, TableProfile } from "../src/core/sourceMap/sourceEntry.ts";
import { convertWithLibreOffice, libreOfficeVersion, soffice } from "../test/helpers/realWorkbooks.ts";
import { legalRoot } from "../test/helpers/tempLake.ts";

const FORMATS = ["xlsx", "xls", "ods"] as const;
const args = process.argv.slice(2);

// `--map-one FILE`: maps one file in a fresh process and prints its time and the peak memory.
const one = args.indexOf("--map-one");
if (one >= 0) {
  const path = resolve(args[one + 1]!);
  const dir = resolve(path, "..");
  const engine = await DuckEngine.open(dir, {});
  const { size, mtimeMs } = statSync(path);
  const cacheDir = mkdtempSync(join(dir, ".cache-"));
  const started = performance.now();
  const entry = await profileFile(
    engine,
    { path: basename(path), absPath: path, bytes: size, mtimeMs },
    cacheDir,
  );
  const ms = performance.now() - started;
  engine.close();
  rmSync(cacheDir, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      ms,
      rows: entry.tables?.[0]?.rowCount ?? 0,
      error: entry.error,
      peakMB: process.resourceUsage().maxRSS / 1024,
      heapMB: process.memoryUsage().heapUsed / 1e6,
    }),
  );
  process.exit(0);
}
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const lakeDir = resolve(option("--lake") ?? join(legalRoot, "lake"));
const bigRows = Number(option("--big") ?? 0);
const keep = option("--keep");

const binary = soffice();
if (!binary) {
  console.error("soffice not found: install LibreOffice (Debian: apt-get install -y libreoffice-calc-nogui)");
  process.exit(2);
}

function csvFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith(".")) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...csvFiles(full));
    else if (name.toLowerCase().endsWith(".csv")) out.push(full);
  }
  return out.sort();
}

const work = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), "radar-eval-workbooks-"));
const sources = join(work, "csv");
mkdirSync(sources, { recursive: true });
// Flat, unique names: LibreOffice writes every output into one folder.
const originals = csvFiles(lakeDir);
const names = originals.map((path, i) => {
  const name = `${String(i).padStart(3, "0")}-${basename(path).replace(/[^\w.-]+/g, "_")}`;
  copyFileSync(path, join(sources, name));
  return name;
});
if (bigRows > 0) {
  const header = "id,station,day,time,reading,flag,amount,note\n";
  const lines = Array.from(
    { length: bigRows },
    (_, i) =>
      `${i},S${i % 97},2020-01-${String((i % 28) + 1).padStart(2, "0")},${String(i % 24).padStart(2, "0")}:15:00,${((i * 7919) % 10007) / 10},${i % 5 === 0 ? "check" : "ok"},${(i * 31) % 1000},row ${i}`,
  );
  writeFileSync(join(sources, "big.csv"), header + lines.join("\n") + "\n");
}
const version = libreOfficeVersion(binary);
console.log(
  `${originals.length} CSV files from ${relative(process.cwd(), lakeDir) || lakeDir}${bigRows ? ` + one of ${bigRows} rows` : ""}, written as ${FORMATS.join("/")} by ${version} …`,
);
const inputs = [...names, ...(bigRows > 0 ? ["big.csv"] : [])].map((n) => join(sources, n));
const converted = performance.now();
await Promise.all(
  FORMATS.map(async (format) => {
    const out = join(work, format);
    // A --keep folder from an earlier run already holds the workbooks: the same files are mapped
    // again (another build's figures are compared over the very same workbooks).
    if (
      keep &&
      inputs.every((input) => existsSync(join(out, basename(input).replace(/\.csv$/i, `.${format}`))))
    )
      return;
    mkdirSync(out, { recursive: true });
    // Comma-separated, double quotes, UTF-8, from line 1 (LibreOffice's CSV import options).
    await convertWithLibreOffice(binary, inputs, format, out, "CSV:44,34,76,1");
  }),
);
console.log(`converted in ${((performance.now() - converted) / 1000).toFixed(0)} s (machine shared)`);

const engine = await DuckEngine.open(work, {});
// Inside the lake: DuckDB may read only there (UTF-8 copies of Windows-1252 files go here).
const cache = mkdtempSync(join(work, ".cache-"));
async function mapFile(path: string): Promise<{ entry: SourceEntry; ms: number }> {
  const { size, mtimeMs } = statSync(path);
  const started = performance.now();
  const entry = await profileFile(
    engine,
    { path: relative(work, path), absPath: path, bytes: size, mtimeMs },
    cache,
  );
  return { entry, ms: performance.now() - started };
}

const csvMaps = new Map<string, SourceEntry>();
for (const name of names) csvMaps.set(name, (await mapFile(join(sources, name))).entry);

function compare(csv: TableProfile, sheet: TableProfile): string[] {
  const problems: string[] = [];
  if (csv.headerLine !== sheet.headerLine)
    problems.push(`header line ${sheet.headerLine} (CSV ${csv.headerLine})`);
  if (csv.rowCount !== sheet.rowCount) problems.push(`${sheet.rowCount} rows (CSV ${csv.rowCount})`);
  const a = csv.columns.map((c) => c.name).join("|");
  const b = sheet.columns.map((c) => c.name).join("|");
  if (a !== b) problems.push(`columns ${b.slice(0, 80)} (CSV ${a.slice(0, 80)})`);
  return problems;
}

console.log("\nformat  files  mapped  errors  compared  agree  blocks*  map ms (total, max)");
const disagreements: string[] = [];
for (const format of FORMATS) {
  let mapped = 0;
  let errors = 0;
  let compared = 0;
  let agree = 0;
  let blocks = 0;
  let total = 0;
  let max = 0;
  for (const name of names) {
    const path = join(work, format, name.replace(/\.csv$/i, `.${format}`));
    const { entry, ms } = await mapFile(path);
    total += ms;
    max = Math.max(max, ms);
    if (entry.error || !entry.tables?.length) {
      errors++;
      disagreements.push(`${format} ${name}: ${entry.error ?? "no table"}`);
      continue;
    }
    mapped++;
    const csv = csvMaps.get(name);
    const csvTables = csv?.tables ?? [];
    // A CSV holding several blocks is split by the delimited-text reader; a sheet is one grid.
    if (csvTables.length !== 1) {
      blocks++;
      continue;
    }
    compared++;
    const problems = compare(csvTables[0]!, entry.tables[0]!);
    if (problems.length === 0) agree++;
    else disagreements.push(`${format} ${name}: ${problems.join("; ")}`);
  }
  console.log(
    `${format.padEnd(7)} ${String(names.length).padStart(5)}  ${String(mapped).padStart(6)}  ${String(errors).padStart(6)}  ${String(compared).padStart(8)}  ${String(agree).padStart(5)}  ${String(blocks).padStart(7)}  ${Math.round(total)}, ${Math.round(max)}`,
  );
}
console.log("* blocks: CSVs the delimited reader splits into several tables (a sheet is mapped as one grid)");
if (disagreements.length) {
  console.log(`\n${disagreements.length} differences from the CSV map (first 25):`);
  for (const d of disagreements.slice(0, 25)) console.log(`  ${d}`);
}

if (bigRows > 0) {
  console.log(`\ntall workbook, ${bigRows} rows × 8 columns (each mapped in a fresh process):`);
  for (const path of [join(sources, "big.csv"), ...FORMATS.map((f) => join(work, f, `big.${f}`))]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", process.argv[1]!, "--map-one", path], {
      encoding: "utf8",
    });
    const r = JSON.parse(run.stdout.trim().split("\n").pop() ?? "{}") as {
      ms: number;
      rows: number;
      error?: string;
      peakMB: number;
    };
    console.log(
      `  ${basename(path).padEnd(9)} ${(statSync(path).size / 1e6).toFixed(1).padStart(6)} MB  ${Math.round(r.ms)} ms  ${r.rows} rows  peak RSS ${Math.round(r.peakMB)} MB${r.error ? `  error: ${r.error}` : ""}`,
    );
  }
}
engine.close();
rmSync(cache, { recursive: true, force: true });
if (!keep) rmSync(work, { recursive: true, force: true });
