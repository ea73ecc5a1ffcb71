import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `undeclared-input`: its row of the codes' table; its section is undeclaredInput.md. */
export const undeclaredInputDoc = {
  code: "undeclared-input",
  docsOrder: 80,
  phase: "before",
  severity: "error",
} as const satisfies CodeDoc;
