import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unknown-table`: its row of the codes' table; its section is unknownTable.md. */
export const unknownTableDoc = {
  code: "unknown-table",
  docsOrder: 60,
  phase: "before",
  severity: "error",
} as const satisfies CodeDoc;
