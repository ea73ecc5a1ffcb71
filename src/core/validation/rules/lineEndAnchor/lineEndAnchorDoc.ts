import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `line-end-anchor`: its row of the codes' table; its section is lineEndAnchor.md. */
export const lineEndAnchorDoc = {
  code: "line-end-anchor",
  docsOrder: 245,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
