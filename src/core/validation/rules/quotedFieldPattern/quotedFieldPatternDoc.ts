import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `quoted-field-pattern`: its row of the codes' table; its section is quotedFieldPattern.md. */
export const quotedFieldPatternDoc = {
  code: "quoted-field-pattern",
  docsOrder: 246,
  phase: "after",
  severity: "warning (info when the command found lines)",
} as const satisfies CodeDoc;
