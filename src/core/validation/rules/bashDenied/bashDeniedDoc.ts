import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `bash-denied`: its row of the codes' table; its section is bashDenied.md. */
export const bashDeniedDoc = {
  code: "bash-denied",
  docsOrder: 40,
  phase: "before",
  severity: "error",
} as const satisfies CodeDoc;
