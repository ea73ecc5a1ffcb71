import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unknown-column`: its row of the codes' table; its section is unknownColumn.md. */
export const unknownColumnDoc: CodeDoc = { code: "unknown-column", phase: "before", severity: "error" };
