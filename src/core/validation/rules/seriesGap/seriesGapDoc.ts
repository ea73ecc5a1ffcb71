import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `series-gap`: its row of the codes' table; its section is seriesGap.md. */
export const seriesGapDoc: CodeDoc = { code: "series-gap", phase: "after", severity: "warning" };
