import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `filter-no-match`: its row of the codes' table; its section is filterNoMatch.md. */
export const filterNoMatchDoc: CodeDoc = { code: "filter-no-match", phase: "after", severity: "warning" };
