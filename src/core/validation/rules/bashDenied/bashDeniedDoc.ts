import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `bash-denied`: its row of the codes' table; its section is bashDenied.md. */
export const bashDeniedDoc: CodeDoc = { code: "bash-denied", phase: "before", severity: "error" };
