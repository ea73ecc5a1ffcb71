import type { CodeDoc } from "./diagnosticCode.ts";

/**
 * The codes raised outside the validation rules — by the SQL gate, the operators, the session, the
 * validation stage itself, the failure handler and the answer check — in the docs' order; their
 * sections of docs/diagnostics.md are in otherCodes.md.
 */
export const otherCodeDocs: CodeDoc[] = [
  { code: "invalid-sql", phase: "before", severity: "error" },
  { code: "sql-too-large", phase: "before", severity: "error" },
  { code: "invalid-argument", phase: "before", severity: "error" },
  { code: "validation-error", phase: "after", severity: "info" },
  { code: "validation-budget", phase: "after", severity: "info" },
  { code: "table-exists", phase: "before (session)", severity: "error" },
  { code: "stale-table", phase: "before (session)", severity: "warning" },
  { code: "unreadable-source", phase: "before, or the call failed", severity: "error" },
  { code: "not-a-table", phase: "before", severity: "error" },
  { code: "query-failed", phase: "the call failed", severity: "error" },
  { code: "call-failed", phase: "the call failed", severity: "error" },
  { code: "unsupported-answer", phase: "the answer", severity: "error" },
];
