import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `summary-row`: its row of the codes' table; its section is summaryRow.md. */
export const summaryRowDoc = {
  code: "summary-row",
  docsOrder: 210,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
