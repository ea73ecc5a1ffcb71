import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `join-fanout`: its row of the codes' table; its section is joinFanout.md. */
export const joinFanoutDoc: CodeDoc = { code: "join-fanout", phase: "after", severity: "warning" };
