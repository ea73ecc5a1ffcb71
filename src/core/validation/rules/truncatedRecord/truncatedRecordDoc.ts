import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `truncated-record`: its row of the codes' table; its section is truncatedRecord.md. */
export const truncatedRecordDoc = {
  code: "truncated-record",
  docsOrder: 262,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
