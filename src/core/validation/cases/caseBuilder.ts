import type { OperatorCall } from "../../runtime.ts";
import type { DiagnosticCode } from "../diagnosticCode.ts";
import type { LakeFiles, SilentCase } from "./silentCase.ts";

/** The shared KramaBench legal lake (test/fixtures), as a case names it. */
export const legal = "legal";

/** Where a case runs: the shared legal lake, or small files written for the case (path → content). */
export type CaseLake = typeof legal | LakeFiles;

/** One case of the builder's code: its name, its lake and its operator batch. */
export type CaseOfCode = (name: string, lake: CaseLake, calls: OperatorCall[]) => SilentCase;

/** The two builders of one diagnostic code's cases. */
export interface CaseBuilders {
  /** A mistake the code must report. */
  flagged: CaseOfCode;
  /** Its correct twin: no warning or error at all. */
  clean: CaseOfCode;
}

/**
 * One diagnostic code's cases, written with that code's builders, so that a case file names its
 * code once and states only what differs from case to case.
 */
export function silentCasesOf(
  code: DiagnosticCode,
  write: (builders: CaseBuilders) => SilentCase[],
): SilentCase[] {
  const caseOf =
    (expect: SilentCase["expect"]): CaseOfCode =>
    (name, lake, calls) => ({
      code,
      name,
      expect,
      lake: typeof lake === "string" ? { shared: lake } : { files: lake },
      calls,
    });
  return write({ flagged: caseOf("flagged"), clean: caseOf("clean") });
}
