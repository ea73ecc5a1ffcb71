// The silent-error suite as a measurement: every case of test/silent/silentCases.ts run through the
// real runtime, and per diagnostic code and overall, the recall (bad cases flagged with the right
// code, as an error or warning) and the false-alarm rate (correct cases with any warning or error,
// or a call that did not run). Run as `npm run eval:silent` (`--json` for JSON, `--verbose` to list
// every case). Exits 0 whatever the figures (it is a measurement), 1 if a case crashes the runner.
import { diagnosticCodes } from "../src/core/validation/ruleRegistry.ts";
import { caseFigures, judgeSilentCase, runSilentCase } from "../test/silent/runSilentCase.ts";
import type { CaseFigures, SilentRun } from "../test/silent/runSilentCase.ts";
import { silentCases } from "../test/silent/silentCases.ts";
import type { SilentCase } from "../src/core/validation/cases/silentCase.ts";

interface CaseResult {
  code: string;
  name: string;
  expect: SilentCase["expect"];
  skipped?: string;
  /** Flagged case: its code was reported; clean case: nothing reported and every call ran. */
  passed: boolean;
  flaggedCodes: string[];
  statuses: string[];
  ms: number;
  /** Warnings and errors, and the errors of calls that did not run (for misses and false alarms). */
  findings: string[];
}

type CodeFigures = CaseFigures & { code: string };

function figures(code: string, results: CaseResult[]): CodeFigures {
  return { code, ...caseFigures(results) };
}

function pct(value: number | null): string {
  return (value === null ? "—" : `${(value * 100).toFixed(1)}%`).padStart(7);
}

function row(f: CodeFigures, width: number): string {
  return [
    f.code.padEnd(width),
    String(f.bad).padStart(4),
    `${f.flagged}`.padStart(8),
    pct(f.recall),
    String(f.correct).padStart(8),
    `${f.falseAlarms}`.padStart(7),
    pct(f.falseAlarmRate),
    f.skipped ? String(f.skipped).padStart(8) : "".padStart(8),
  ].join("  ");
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0;
}

function describeTimings(t: { queryMs: number; checksMs: number }[]): string {
  const q = t.map((x) => x.queryMs);
  const c = t.map((x) => x.checksMs);
  return (
    `query median ${quantile(q, 0.5)} ms; checks after it ran median ${quantile(c, 0.5)} ms, p90 ${quantile(c, 0.9)} ms, ` +
    `max ${Math.max(0, ...c)} ms (what validation adds to the call: the input-only checks run alongside the query)`
  );
}

async function main(): Promise<void> {
  const json = process.argv.includes("--json");
  const verbose = process.argv.includes("--verbose");
  const started = Date.now();
  const results: CaseResult[] = [];
  const timings: { queryMs: number; checksMs: number }[] = [];
  for (const c of silentCases) {
    const t0 = Date.now();
    let run: SilentRun;
    try {
      run = await runSilentCase(c);
    } catch (error) {
      console.error(`evalSilent: case [${c.code}] ${c.expect}: "${c.name}" crashed the runner:`);
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    }
    timings.push(...(run.queryTimings ?? []));
    results.push({
      code: c.code,
      name: c.name,
      expect: c.expect,
      ...(run.skipped ? { skipped: run.skipped } : {}),
      passed: !run.skipped && judgeSilentCase(c, run),
      flaggedCodes: run.flaggedCodes,
      statuses: run.statuses,
      ms: Date.now() - t0,
      findings: [
        ...run.diagnostics
          .filter((d) => d.severity !== "info")
          .map((d) => `${d.severity} ${d.code}: ${d.message}`),
        ...run.errors,
      ],
    });
  }
  const codes = [...new Set([...diagnosticCodes, ...silentCases.map((c) => c.code)])];
  const perCode = codes.map((code) =>
    figures(
      code,
      results.filter((r) => r.code === code),
    ),
  );
  const overall = figures("overall", results);
  const misses = results.filter((r) => !r.skipped && r.expect === "flagged" && !r.passed);
  const falseAlarms = results.filter((r) => !r.skipped && r.expect === "clean" && !r.passed);
  const seconds = (Date.now() - started) / 1000;

  if (json) {
    console.log(
      JSON.stringify(
        {
          cases: results.length,
          seconds,
          overall,
          perCode,
          misses: misses.map(({ code, name, flaggedCodes, findings }) => ({
            code,
            name,
            flaggedCodes,
            findings,
          })),
          falseAlarms: falseAlarms.map(({ code, name, statuses, findings }) => ({
            code,
            name,
            statuses,
            findings,
          })),
          ...(verbose ? { results } : {}),
        },
        null,
        2,
      ),
    );
    return;
  }

  const width = Math.max(...codes.map((c) => c.length), "overall".length);
  console.log(
    `Silent-error suite: ${results.length} cases (${results.filter((r) => r.skipped).length} skipped) in ${seconds.toFixed(1)} s\n`,
  );
  console.log(
    ["code".padEnd(width), " bad", " flagged", " recall", " correct", " alarms", "FA rate", " skipped"].join(
      "  ",
    ),
  );
  for (const f of perCode) console.log(row(f, width));
  console.log("-".repeat(width + 66));
  console.log(row(overall, width));
  console.log("\nrecall: bad cases flagged with their code (error/warning); FA rate: correct cases with any");
  console.log("warning/error or a call that did not run.");
  console.log(
    `\nvalidation time on these small lakes, over ${timings.length} Query calls: ${describeTimings(timings)}`,
  );

  const clip = (s: string): string => (s.length > 220 ? `${s.slice(0, 217)}…` : s);
  if (misses.length) {
    console.log(`\nMissed (${misses.length}):`);
    for (const m of misses)
      console.log(
        `  [${m.code}] ${m.name}\n      reported: ${m.findings.length ? m.findings.map(clip).join("\n                ") : "nothing"}`,
      );
  }
  if (falseAlarms.length) {
    console.log(`\nFalse alarms (${falseAlarms.length}):`);
    for (const f of falseAlarms)
      console.log(
        `  [${f.code}] ${f.name}\n      reported: ${f.findings.map(clip).join("\n                ")}`,
      );
  }
  if (verbose) {
    console.log("\nAll cases:");
    for (const r of results)
      console.log(
        `  ${r.skipped ? "SKIP" : r.passed ? "pass" : "FAIL"} [${r.code}] ${r.expect}: ${r.name} (${r.ms} ms) — ${r.flaggedCodes.join(", ") || "no warning"}`,
      );
  }
}

main().catch((error: unknown) => {
  console.error("evalSilent crashed:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
