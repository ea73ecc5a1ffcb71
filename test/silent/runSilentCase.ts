import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { Runtime } from "../../src/core/runtime.ts";
import { legalLakeDir, tempLake } from "../helpers/tempLake.ts";
import type { SilentCase } from "../../src/core/validation/cases/silentCase.ts";

/** The KramaBench legal lake of test/fixtures (read-only); see legalLakeDir. */
export const legalLake = legalLakeDir();

export interface SilentRun {
  /** Codes of every error/warning diagnostic, from the calls and the final checks, each once. */
  flaggedCodes: string[];
  /** Every diagnostic produced (calls, then final checks), any severity. */
  diagnostics: Diagnostic[];
  /** Each call's status, in order. */
  statuses: string[];
  /** Errors of failed or skipped calls (`#index Op: message`). */
  errors: string[];
  /** Each Query that ran: its own time and its after-execution checks' time. */
  queryTimings?: { queryMs: number; checksMs: number }[];
  /** Why the case did not run (the shared lake is absent). */
  skipped?: string;
}

/**
 * One radar folder for every legal-lake case in this process: the Source Map cache written by the
 * first open is reused by the next ones (re-mapping then takes tens of milliseconds, not seconds),
 * and nothing is ever written into the read-only lake.
 */
let legalRadarDir: string | undefined;
function sharedRadarDir(): string {
  if (!legalRadarDir) {
    const dir = mkdtempSync(join(tmpdir(), "radar-silent-legal-"));
    legalRadarDir = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return legalRadarDir;
}

/** Runs a case's batch through a real Runtime (validation on) and collects what it reported. */
export async function runSilentCase(c: SilentCase): Promise<SilentRun> {
  let lake: string;
  let radarDir: string;
  let cleanup = (): void => {};
  if ("shared" in c.lake) {
    if (!existsSync(legalLake))
      return {
        flaggedCodes: [],
        diagnostics: [],
        statuses: [],
        errors: [],
        skipped: `${legalLake} is absent`,
      };
    lake = legalLake;
    radarDir = sharedRadarDir();
  } else {
    const made = tempLake(c.lake.files);
    lake = made.lake;
    radarDir = made.stateDir;
    cleanup = () => {
      rmSync(made.lake, { recursive: true, force: true });
      rmSync(made.stateDir, { recursive: true, force: true });
    };
  }
  try {
    const runtime = await Runtime.open(lake, { radarDir });
    try {
      const events = await runtime.runBatch(c.calls);
      const final = await runtime.finalChecks();
      const diagnostics = [...events.flatMap((e) => e.diagnostics), ...final];
      const flaggedCodes = [...new Set(diagnostics.filter((d) => d.severity !== "info").map((d) => d.code))];
      return {
        flaggedCodes,
        diagnostics,
        statuses: events.map((e) => e.status),
        errors: events.flatMap((e) => (e.error ? [`#${e.index} ${e.op}: ${e.error}`] : [])),
        queryTimings: events
          .filter((e) => e.op === "Query" && e.status === "ok")
          .map((e) => ({ queryMs: e.durationMs - (e.validationMs ?? 0), checksMs: e.validationMs ?? 0 })),
      };
    } finally {
      runtime.close();
    }
  } finally {
    cleanup();
  }
}

/** The suite's verdict: a bad case is flagged with its own code; a correct case reports no error or
 * warning and every call ran. */
export function judgeSilentCase(c: SilentCase, run: SilentRun): boolean {
  if (c.expect === "flagged") return run.flaggedCodes.includes(c.code);
  return run.flaggedCodes.length === 0 && run.statuses.every((s) => s === "ok");
}

/** Recall and false-alarm figures of a set of judged cases (cases that did not run are left out). */
export interface CaseFigures {
  bad: number;
  flagged: number;
  recall: number | null;
  correct: number;
  falseAlarms: number;
  falseAlarmRate: number | null;
  skipped: number;
}

export function caseFigures(
  results: { expect: SilentCase["expect"]; passed: boolean; skipped?: string }[],
): CaseFigures {
  const ran = results.filter((r) => !r.skipped);
  const bad = ran.filter((r) => r.expect === "flagged");
  const correct = ran.filter((r) => r.expect === "clean");
  const flagged = bad.filter((r) => r.passed).length;
  const falseAlarms = correct.filter((r) => !r.passed).length;
  return {
    bad: bad.length,
    flagged,
    recall: bad.length ? flagged / bad.length : null,
    correct: correct.length,
    falseAlarms,
    falseAlarmRate: correct.length ? falseAlarms / correct.length : null,
    skipped: results.length - ran.length,
  };
}
