import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `padding-rows`: its row of the codes' table; its section is paddingRows.md. */
export const paddingRowsDoc = {
  code: "padding-rows",
  docsOrder: 234,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
