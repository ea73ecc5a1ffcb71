import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `filter-no-match`: its row of the codes' table; its section is filterNoMatch.md. */
export const filterNoMatchDoc = {
  code: "filter-no-match",
  docsOrder: 140,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
