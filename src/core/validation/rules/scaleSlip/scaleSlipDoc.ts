import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `scale-slip`: its row of the codes' table; its section is scaleSlip.md. */
export const scaleSlipDoc = {
  code: "scale-slip",
  docsOrder: 235,
  phase: "after",
  severity: "warning (info when reading the value back at its neighbours' scale changes nothing)",
} as const satisfies CodeDoc;
