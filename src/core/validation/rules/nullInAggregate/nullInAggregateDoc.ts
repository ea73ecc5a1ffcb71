import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `null-in-aggregate`: its row of the codes' table; its section is nullInAggregate.md. */
export const nullInAggregateDoc = {
  code: "null-in-aggregate",
  docsOrder: 160,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
