import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `duplicate-file`: its row of the codes' table; its section is duplicateFile.md. */
export const duplicateFileDoc: CodeDoc = {
  code: "duplicate-file",
  phase: "after",
  severity: "warning (truncated copy, rows twice) / info (identical copy)",
};
