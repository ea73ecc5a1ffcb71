import type { OperatorCall } from "../../runtime.ts";
import type { DiagnosticCode } from "../diagnosticCode.ts";

/**
 * The silent-error suite: for every diagnostic code, realistic analyst mistakes that execute fine
 * but answer the wrong question ("flagged": the code must be reported as an error or warning) and
 * their correct twins ("clean": no warning or error at all, every call ok). Each case is a lake
 * (small files written for the case, or the shared KramaBench legal lake) and an operator batch
 * run through the real runtime. The temporary lakes copy the layout of the legal lake's data-book
 * CSVs: title rows, footnotes, quoted numbers with thousands separators, names with spaces.
 */
/** The files of a lake written for one case: path → content. */
export type LakeFiles = Record<string, string | Buffer>;

export interface SilentCase {
  code: DiagnosticCode;
  name: string;
  expect: "flagged" | "clean";
  lake: { files: LakeFiles } | { shared: "legal" };
  calls: OperatorCall[];
}
