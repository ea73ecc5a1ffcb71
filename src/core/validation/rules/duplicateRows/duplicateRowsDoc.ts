import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `duplicate-rows`: its row of the codes' table; its section is duplicateRows.md. */
export const duplicateRowsDoc = {
  code: "duplicate-rows",
  docsOrder: 212,
  phase: "after",
  severity: "warning (info when reading the distinct rows changes nothing)",
} as const satisfies CodeDoc;
