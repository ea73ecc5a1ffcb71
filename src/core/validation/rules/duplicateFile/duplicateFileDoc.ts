import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `duplicate-file`: its row of the codes' table; its section is duplicateFile.md. */
export const duplicateFileDoc = {
  code: "duplicate-file",
  docsOrder: 260,
  phase: "after",
  severity: "warning (truncated copy, rows twice) / info (identical copy)",
} as const satisfies CodeDoc;
