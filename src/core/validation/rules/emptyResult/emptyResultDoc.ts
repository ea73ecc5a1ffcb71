import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `empty-result`: its row of the codes' table; its section is emptyResult.md. */
export const emptyResultDoc = {
  code: "empty-result",
  docsOrder: 150,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
