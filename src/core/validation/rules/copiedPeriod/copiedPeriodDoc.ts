import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `copied-period`: its row of the codes' table; its section is copiedPeriod.md. */
export const copiedPeriodDoc = {
  code: "copied-period",
  docsOrder: 237,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
