import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `numeric-as-text`: its row of the codes' table; its section is numericAsText.md. */
export const numericAsTextDoc = {
  code: "numeric-as-text",
  docsOrder: 170,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
