import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `blanked-cast`: its row of the codes' table; its section is blankedCast.md. */
export const blankedCastDoc = {
  code: "blanked-cast",
  docsOrder: 180,
  phase: "after",
  severity: "warning (info when the query tests the cast for NULL)",
} as const satisfies CodeDoc;
