import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `join-row-loss`: its row of the codes' table; its section is joinRowLoss.md. */
export const joinRowLossDoc: CodeDoc = { code: "join-row-loss", phase: "after", severity: "warning" };
