import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `null-in-aggregate`: its row of the codes' table; its section is nullInAggregate.md. */
export const nullInAggregateDoc: CodeDoc = { code: "null-in-aggregate", phase: "after", severity: "warning" };
