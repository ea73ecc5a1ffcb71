// The Pollock yardstick (issue 26): RADAR's loading, and DuckDB's read_csv auto-detection as a
// reference, scored with the published Pollock metric over a folder of polluted CSV files and their
// clean tables (default ../shared/pollock from the repository root; its README describes it).
// Run as `npm run eval:pollock [-- --dir DIR]`; options:
//   --verbose      per pollution type: files, mean score of 10 and weighted loss, worst first, with
//                  RADAR's reading of a failing file (header line, preamble / footer lines, delimiter)
//   --json         the scores and every file's measures as JSON
//   --only REGEX   just the files whose names match
//   --radar-only   skip DuckDB
// Last line: `pollock DIR: radar simple S weighted W · duckdb-auto simple S2 weighted W2 (N files)`.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CLASSES, CLASS_MEASURES, MEASURES } from "./pollock/pollockMetric.ts";
import type { FileMeasures, Scores } from "./pollock/pollockMetric.ts";
import { runPollock } from "./pollock/runPollock.ts";
import type { LoaderRun, PollockRun } from "./pollock/runPollock.ts";
import { repoRoot } from "../test/helpers/tempLake.ts";

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const dir = resolve(argValue("--dir") ?? join(repoRoot, "../shared/pollock"));
const verbose = process.argv.includes("--verbose");
const json = process.argv.includes("--json");
const only = argValue("--only");

/** The pollution a file name stands for: `row_more_sep_row9_col8.csv` → `row_more_sep`. */
export function pollutionOf(file: string): string {
  return file
    .replace(/\.csv$/, "")
    .replace(/_row\d+(_col\d+)?$/, "")
    .replace(/^(row_extra_quote)\d+_col\d+$/, "$1")
    .replace(/^(row_field_delimiter)_\d+(_0x)/, "$1$2");
}

const f3 = (x: number): string => (Number.isNaN(x) ? "  -  " : x.toFixed(3));
const total = (m: FileMeasures): number => MEASURES.reduce((s, k) => s + m[k], 0);

function scoreLines(name: string, s: Scores): string {
  const cls = Object.keys(CLASSES)
    .map((c) => `${c} ${CLASS_MEASURES.map((m) => f3(s.classes[`${c}_${m}`]!)).join("/")}`)
    .join("  ");
  return (
    `${name.padEnd(12)} simple ${s.simple.toFixed(3)}  weighted ${s.weighted.toFixed(3)}\n` +
    `${"".padEnd(12)} ${MEASURES.map((m) => `${m} ${f3(s.means[m])}`).join("  ")}\n` +
    `${"".padEnd(12)} per class (success/header_f1/record_f1/cell_f1): ${cls}\n`
  );
}

function breakdown(run: PollockRun, loader: LoaderRun): string {
  const weights = JSON.parse(readFileSync(join(run.dir, "pollock_weights.json"), "utf8")) as Record<
    string,
    number
  >;
  const totalWeight = loader.files.reduce((s, f) => s + (weights[f.file] ?? -1), 0);
  const groups = new Map<
    string,
    { files: number; sum: number; loss: number; worst: string; worstScore: number }
  >();
  for (const f of loader.files) {
    const key = pollutionOf(f.file);
    const g = groups.get(key) ?? { files: 0, sum: 0, loss: 0, worst: "", worstScore: 11 };
    const score = total(f.measures);
    g.files++;
    g.sum += score;
    g.loss += ((10 - score) * (weights[f.file] ?? -1)) / totalWeight;
    if (score < g.worstScore) [g.worst, g.worstScore] = [f.file, score];
    groups.set(key, g);
  }
  const lines = [...groups.entries()]
    .filter(([, g]) => g.sum < g.files * 10 - 1e-9)
    .sort((a, b) => b[1].loss - a[1].loss || a[1].sum / a[1].files - b[1].sum / b[1].files)
    .map(([key, g]) => {
      const worst = loader.files.find((f) => f.file === g.worst)!;
      const note = loader.loader.startsWith("radar") ? run.radarNotes.get(g.worst) : undefined;
      const why = worst.error
        ? `error: ${worst.error}`
        : note
          ? `tables ${note.tables} header line ${note.headerLine} title ${note.titleLines} footer ${note.footerLines ?? 0} delim ${JSON.stringify(note.delimiter)}`
          : "";
      const m = worst.measures;
      return `  ${key.padEnd(34)} ${String(g.files).padStart(4)} files  mean ${(g.sum / g.files).toFixed(3)}  weighted loss ${g.loss.toFixed(4)}  worst ${g.worst} (${worst.measures && total(m).toFixed(2)}: h ${f3(m.header_f1)} r ${f3(m.record_f1)} c ${f3(m.cell_f1)}) ${why}`;
    });
  return `${loader.loader}: pollution types losing points (weighted loss = points of the weighted score lost)\n${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const loaders: ("radar" | "duckdb-auto")[] = process.argv.includes("--radar-only")
    ? ["radar"]
    : ["radar", "duckdb-auto"];
  const run = await runPollock(dir, {
    loaders,
    ...(only ? { only: new RegExp(only) } : {}),
    onProgress: (line) => process.stderr.write(`${line}\n`),
  });
  if (json)
    process.stdout.write(
      `${JSON.stringify({ dir, runs: run.runs, radarNotes: Object.fromEntries(run.radarNotes) }, null, 2)}\n`,
    );
  else {
    for (const r of run.runs) process.stdout.write(scoreLines(r.loader, r.scores));
    if (verbose) for (const r of run.runs) process.stdout.write(breakdown(run, r));
  }
  const radar = run.runs.find((r) => r.loader === "radar")!.scores;
  const duck = run.runs.find((r) => r.loader === "duckdb-auto")?.scores;
  // With --json the summary goes to stderr, so stdout stays one JSON document.
  (json ? process.stderr : process.stdout).write(
    `pollock ${dir}: radar simple ${radar.simple.toFixed(3)} weighted ${radar.weighted.toFixed(3)} · duckdb-auto simple ${duck ? duck.simple.toFixed(3) : "-"} weighted ${duck ? duck.weighted.toFixed(3) : "-"} (${radar.files} files)\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
