import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `repeated-header`: its row of the codes' table; its section is repeatedHeader.md. */
export const repeatedHeaderDoc = {
  code: "repeated-header",
  docsOrder: 236,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
