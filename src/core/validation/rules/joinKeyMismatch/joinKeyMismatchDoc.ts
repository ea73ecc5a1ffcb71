import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `join-key-mismatch`: its row of the codes' table; its section is joinKeyMismatch.md. */
export const joinKeyMismatchDoc = {
  code: "join-key-mismatch",
  docsOrder: 120,
  phase: "after",
  severity: "warning (keys equal up to case/spacing) / info (preserved keys matching nothing)",
} as const satisfies CodeDoc;
