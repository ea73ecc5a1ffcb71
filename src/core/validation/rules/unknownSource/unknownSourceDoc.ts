import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unknown-source`: its row of the codes' table; its section is unknownSource.md. */
export const unknownSourceDoc: CodeDoc = { code: "unknown-source", phase: "before", severity: "error" };
