import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `header-offset`: its row of the codes' table; its section is headerOffset.md. */
export const headerOffsetDoc: CodeDoc = {
  code: "header-offset",
  phase: "after",
  severity: "info (corrected) / warning",
};
