/**
 * Measures the validation rules on the HELD-OUT silent-error cases (`test/silent/holdoutCases.ts`),
 * written without looking at the rules or at the tuned suite. Per code: recall on the bad cases
 * (flagged with the case's code as an error or warning) and the false-alarm rate on the correct
 * cases (any error/warning, or a call that did not end ok); then overall figures and, for every
 * failing case, the diagnostics it produced. `--json` prints the same as JSON. It is a measurement:
 * it always exits 0.
 *
 *     node --import tsx bench/evalHoldout.ts [--set cte] [--json]
 *
 * `--set cte` measures the second held-out set, `test/silent/cteHoldoutCases.ts`: 24 analyses
 * written with CTEs and subqueries, by someone who never saw the rules.
 */
import type { Diagnostic } from "../src/core/diagnostic.ts";
import { cteHoldoutCases } from "../test/silent/cteHoldoutCases.ts";
import { holdoutCases } from "../test/silent/holdoutCases.ts";
import { caseFigures, judgeSilentCase, runSilentCase } from "../test/silent/runSilentCase.ts";
import type { CaseFigures, SilentRun } from "../test/silent/runSilentCase.ts";
import type { SilentCase } from "../src/core/validation/cases/silentCase.ts";

interface CaseResult {
  code: string;
  name: string;
  expect: SilentCase["expect"];
  passed: boolean;
  skipped?: string;
  flaggedCodes: string[];
  statuses: string[];
  errors: string[];
  diagnostics: { severity: string; code: string; message: string }[];
  ms: number;
}

type CodeFigures = Omit<CaseFigures, "skipped"> & { code: string };

const setArg = process.argv.indexOf("--set");
const cases = setArg >= 0 && process.argv[setArg + 1] === "cte" ? cteHoldoutCases : holdoutCases;

async function runAll(): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const started = Date.now();
    let run: SilentRun;
    try {
      run = await runSilentCase(c);
    } catch (e) {
      run = {
        flaggedCodes: [],
        diagnostics: [],
        statuses: ["crashed"],
        errors: [`runner: ${e instanceof Error ? e.message : String(e)}`],
      };
    }
    results.push({
      code: c.code,
      name: c.name,
      expect: c.expect,
      passed: run.skipped ? false : judgeSilentCase(c, run),
      ...(run.skipped ? { skipped: run.skipped } : {}),
      flaggedCodes: run.flaggedCodes,
      statuses: run.statuses,
      errors: run.errors,
      diagnostics: run.diagnostics.map((d: Diagnostic) => ({
        severity: d.severity,
        code: d.code,
        message: d.message,
      })),
      ms: Date.now() - started,
    });
  }
  return results;
}

function figures(results: CaseResult[]): { perCode: CodeFigures[]; overall: Omit<CodeFigures, "code"> } {
  const codes = [...new Set(cases.map((c) => c.code))];
  const tally = (rs: CaseResult[]): Omit<CodeFigures, "code"> => {
    const { skipped: _skipped, ...f } = caseFigures(rs);
    return f;
  };
  return {
    perCode: codes.map((code) => ({ code, ...tally(results.filter((r) => r.code === code)) })),
    overall: tally(results),
  };
}

const pct = (x: number | null): string => (x === null ? "   n/a" : `${(100 * x).toFixed(1).padStart(5)}%`);

function printText(results: CaseResult[]): void {
  const { perCode, overall } = figures(results);
  const width = Math.max(...perCode.map((f) => f.code.length), "overall".length);
  console.log("RADAR held-out silent-error evaluation\n");
  console.log(`${"code".padEnd(width)}  recall (bad flagged)   false alarms (correct)`);
  for (const f of [...perCode, { code: "overall", ...overall }])
    console.log(
      `${f.code.padEnd(width)}  ${pct(f.recall)}  ${`${f.flagged}/${f.bad}`.padStart(6)}     ${pct(f.falseAlarmRate)}  ${`${f.falseAlarms}/${f.correct}`.padStart(6)}`,
    );
  const skipped = results.filter((r) => r.skipped);
  if (skipped.length) console.log(`\n${skipped.length} case(s) skipped: ${skipped[0]?.skipped}`);

  const failing = results.filter((r) => !r.passed && !r.skipped);
  console.log(`\n${failing.length} failing case(s)${failing.length ? ":" : ""}`);
  for (const r of failing) {
    const verdict = r.expect === "flagged" ? "MISSED" : "FALSE ALARM";
    console.log(`\n[${verdict}] ${r.code} — ${r.name}`);
    console.log(
      `  statuses: ${r.statuses.join(", ") || "(none)"}; flagged: ${r.flaggedCodes.join(", ") || "(none)"}`,
    );
    for (const e of r.errors) console.log(`  error: ${e}`);
    if (r.diagnostics.length === 0) console.log("  (no diagnostics)");
    for (const d of r.diagnostics)
      console.log(`  ${d.severity} ${d.code}: ${d.message.replace(/\s+/g, " ")}`);
  }
}

async function main(): Promise<void> {
  const asJson = process.argv.includes("--json");
  const started = Date.now();
  const results = await runAll();
  if (asJson) {
    const { perCode, overall } = figures(results);
    console.log(
      JSON.stringify(
        {
          cases: results.length,
          skipped: results.filter((r) => r.skipped).length,
          perCode,
          overall,
          failing: results.filter((r) => !r.passed && !r.skipped),
          ms: Date.now() - started,
        },
        null,
        2,
      ),
    );
  } else {
    printText(results);
    console.log(`\n${results.length} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(0);
  },
);
