import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unknown-source`: its row of the codes' table; its section is unknownSource.md. */
export const unknownSourceDoc = {
  code: "unknown-source",
  docsOrder: 50,
  phase: "before",
  severity: "error",
} as const satisfies CodeDoc;
