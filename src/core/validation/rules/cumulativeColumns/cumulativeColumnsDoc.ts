import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `cumulative-columns`: its row of the codes' table; its section is cumulativeColumns.md. */
export const cumulativeColumnsDoc = {
  code: "cumulative-columns",
  docsOrder: 232,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
