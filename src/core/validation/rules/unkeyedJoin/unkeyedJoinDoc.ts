import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unkeyed-join`: its row of the codes' table; its section is unkeyedJoin.md. */
export const unkeyedJoinDoc = {
  code: "unkeyed-join",
  docsOrder: 90,
  phase: "before",
  severity: "error",
} as const satisfies CodeDoc;
