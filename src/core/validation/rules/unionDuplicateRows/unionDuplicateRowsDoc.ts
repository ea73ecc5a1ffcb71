import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `union-duplicate-rows`: its row of the codes' table; its section is unionDuplicateRows.md. */
export const unionDuplicateRowsDoc = {
  code: "union-duplicate-rows",
  docsOrder: 200,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
