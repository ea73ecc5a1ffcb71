import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `fill-value`: its row of the codes' table; its section is fillValue.md. */
export const fillValueDoc = {
  code: "fill-value",
  docsOrder: 220,
  phase: "after",
  severity: "warning (info when reading the fill as NULL changes nothing)",
} as const satisfies CodeDoc;
