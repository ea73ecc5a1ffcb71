import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `union-schema-drift`: its row of the codes' table; its section is unionSchemaDrift.md. */
export const unionSchemaDriftDoc: CodeDoc = {
  code: "union-schema-drift",
  phase: "after",
  severity: "warning",
};
