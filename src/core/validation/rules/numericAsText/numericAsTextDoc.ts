import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `numeric-as-text`: its row of the codes' table; its section is numericAsText.md. */
export const numericAsTextDoc: CodeDoc = { code: "numeric-as-text", phase: "after", severity: "warning" };
