import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `join-row-loss`: its row of the codes' table; its section is joinRowLoss.md. */
export const joinRowLossDoc = {
  code: "join-row-loss",
  docsOrder: 110,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
