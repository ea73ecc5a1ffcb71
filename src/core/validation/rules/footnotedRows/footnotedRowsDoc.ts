import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `footnoted-rows`: its row of the codes' table; its section is footnotedRows.md. */
export const footnotedRowsDoc = {
  code: "footnoted-rows",
  docsOrder: 285,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
