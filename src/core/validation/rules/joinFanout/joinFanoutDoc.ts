import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `join-fanout`: its row of the codes' table; its section is joinFanout.md. */
export const joinFanoutDoc = {
  code: "join-fanout",
  docsOrder: 130,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
