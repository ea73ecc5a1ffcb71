import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `header-offset`: its row of the codes' table; its section is headerOffset.md. */
export const headerOffsetDoc = {
  code: "header-offset",
  docsOrder: 250,
  phase: "after",
  severity: "info (corrected) / warning",
} as const satisfies CodeDoc;
