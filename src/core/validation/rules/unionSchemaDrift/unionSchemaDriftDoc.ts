import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `union-schema-drift`: its row of the codes' table; its section is unionSchemaDrift.md. */
export const unionSchemaDriftDoc = {
  code: "union-schema-drift",
  docsOrder: 190,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
