import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `partial-coverage`: its row of the codes' table; its section is partialCoverage.md. */
export const partialCoverageDoc: CodeDoc = {
  code: "partial-coverage",
  phase: "after, final",
  severity: "warning",
};
