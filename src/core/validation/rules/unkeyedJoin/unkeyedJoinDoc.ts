import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unkeyed-join`: its row of the codes' table; its section is unkeyedJoin.md. */
export const unkeyedJoinDoc: CodeDoc = { code: "unkeyed-join", phase: "before", severity: "error" };
