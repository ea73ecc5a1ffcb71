import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unknown-column`: its row of the codes' table; its section is unknownColumn.md. */
export const unknownColumnDoc = {
  code: "unknown-column",
  docsOrder: 70,
  phase: "before",
  severity: "error",
} as const satisfies CodeDoc;
