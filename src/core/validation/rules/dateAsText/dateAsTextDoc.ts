import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `date-as-text`: its row of the codes' table; its section is dateAsText.md. */
export const dateAsTextDoc = {
  code: "date-as-text",
  docsOrder: 175,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
