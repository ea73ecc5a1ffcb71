import type { CodeDoc } from "./diagnosticCode.ts";

/**
 * The codes raised outside the validation rules — by the SQL gate, the operators, the session, the
 * validation stage itself, the failure handler and the answer check — in the docs' order; their
 * sections of docs/diagnostics.md are in otherCodes.md.
 */
export const otherCodeDocs = [
  { code: "invalid-sql", docsOrder: 20, phase: "before", severity: "error" },
  { code: "sql-too-large", docsOrder: 30, phase: "before", severity: "error" },
  { code: "invalid-argument", docsOrder: 100, phase: "before", severity: "error" },
  { code: "validation-error", docsOrder: 300, phase: "after", severity: "info" },
  { code: "validation-budget", docsOrder: 310, phase: "after", severity: "info" },
  { code: "table-exists", docsOrder: 320, phase: "before (session)", severity: "error" },
  { code: "stale-table", docsOrder: 330, phase: "before (session)", severity: "warning" },
  { code: "unreadable-source", docsOrder: 340, phase: "before, or the call failed", severity: "error" },
  { code: "not-a-table", docsOrder: 350, phase: "before", severity: "error" },
  { code: "carriage-return-lines", docsOrder: 355, phase: "after (Bash)", severity: "warning" },
  { code: "grep-binary-lines", docsOrder: 357, phase: "after (Bash)", severity: "warning" },
  { code: "binary-as-text", docsOrder: 358, phase: "after (Bash)", severity: "warning" },
  { code: "uncounted-last-line", docsOrder: 359, phase: "after (Bash)", severity: "warning" },
  { code: "query-failed", docsOrder: 360, phase: "the call failed", severity: "error" },
  { code: "call-failed", docsOrder: 370, phase: "the call failed", severity: "error" },
  { code: "unsupported-answer", docsOrder: 380, phase: "the answer", severity: "error" },
] as const satisfies readonly CodeDoc[];
