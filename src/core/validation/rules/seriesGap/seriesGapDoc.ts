import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `series-gap`: its row of the codes' table; its section is seriesGap.md. */
export const seriesGapDoc = {
  code: "series-gap",
  docsOrder: 230,
  phase: "after",
  severity: "warning",
} as const satisfies CodeDoc;
