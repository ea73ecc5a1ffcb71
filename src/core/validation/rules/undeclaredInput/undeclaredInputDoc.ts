import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `undeclared-input`: its row of the codes' table; its section is undeclaredInput.md. */
export const undeclaredInputDoc: CodeDoc = { code: "undeclared-input", phase: "before", severity: "error" };
