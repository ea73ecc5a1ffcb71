import type { OperatorCall } from "../../runtime.ts";
import type { DiagnosticCode } from "../diagnosticCode.ts";
import type { LakeFiles, SilentCase } from "./silentCase.ts";

/** The shared KramaBench legal lake (test/fixtures), as a case names it. */
export const legal = "legal";

/** Where a case runs: the shared legal lake, or small files written for the case (path → content). */
export type CaseLake = typeof legal | LakeFiles;

/** One case of the builder's code: its name, its lake and its operator batch. */
export type CaseOfCode = (name: string, lake: CaseLake, calls: OperatorCall[]) => SilentCase;

/**
 * The builders of one diagnostic code's cases, so that a case file states only what differs from
 * case to case: `flagged` for a mistake the code must report, `clean` for its correct twin.
 */
export function silentCasesOf(code: DiagnosticCode): { flagged: CaseOfCode; clean: CaseOfCode } {
  const caseOf =
    (expect: SilentCase["expect"]): CaseOfCode =>
    (name, lake, calls) => ({
      code,
      name,
      expect,
      lake: typeof lake === "string" ? { shared: lake } : { files: lake },
      calls,
    });
  return { flagged: caseOf("flagged"), clean: caseOf("clean") };
}
