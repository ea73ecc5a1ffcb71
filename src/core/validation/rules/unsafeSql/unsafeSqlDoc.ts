import type { CodeDoc } from "../../diagnosticCode.ts";

/** What docs/diagnostics.md says of `unsafe-sql`: its row of the codes' table; its section is unsafeSql.md. */
export const unsafeSqlDoc = {
  code: "unsafe-sql",
  docsOrder: 10,
  phase: "before",
  severity: "error",
} as const satisfies CodeDoc;
