import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `partial-coverage`: its row of the codes' table; its section is partialCoverage.md. */
export const partialCoverageDoc = {
  code: "partial-coverage",
  docsOrder: 290,
  phase: "after, final",
  severity: "warning",
} as const satisfies CodeDoc;
