import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `union-duplicate-rows`: its row of the codes' table; its section is unionDuplicateRows.md. */
export const unionDuplicateRowsDoc: CodeDoc = {
  code: "union-duplicate-rows",
  phase: "after",
  severity: "warning",
};
