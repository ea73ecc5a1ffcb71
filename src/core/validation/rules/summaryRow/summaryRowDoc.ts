import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `summary-row`: its row of the codes' table; its section is summaryRow.md. */
export const summaryRowDoc: CodeDoc = { code: "summary-row", phase: "after", severity: "warning" };
