/**
 * Every diagnostic code RADAR raises — by a validation rule (`rules/<code in camelCase>/`) or
 * elsewhere (`otherCodes.ts`) — in the order docs/diagnostics.md tells them. A code is stable: the
 * trace, the CLI, MCP results and the Problems panel's links to the docs carry it.
 */
export const everyDiagnosticCode = [
  "unsafe-sql",
  "invalid-sql",
  "sql-too-large",
  "bash-denied",
  "unknown-source",
  "unknown-table",
  "unknown-column",
  "undeclared-input",
  "unkeyed-join",
  "invalid-argument",
  "join-row-loss",
  "join-key-mismatch",
  "join-fanout",
  "filter-no-match",
  "empty-result",
  "null-in-aggregate",
  "numeric-as-text",
  "blanked-cast",
  "union-schema-drift",
  "union-duplicate-rows",
  "summary-row",
  "fill-value",
  "series-gap",
  "overlapping-categories",
  "header-offset",
  "duplicate-file",
  "value-variants",
  "text-missing-marker",
  "partial-coverage",
  "validation-error",
  "validation-budget",
  "table-exists",
  "stale-table",
  "unreadable-source",
  "not-a-table",
  "query-failed",
  "call-failed",
  "unsupported-answer",
] as const;

export type DiagnosticCode = (typeof everyDiagnosticCode)[number];

/**
 * What the docs' table of codes says of one: when it is raised and its severity, as text. The
 * code's section of docs/diagnostics.md (what it means, an example, the fix) is a Markdown file
 * beside it: `<folder>.md` in a rule's folder, a `## code` section of otherCodes.md for the others.
 */
export interface CodeDoc {
  code: DiagnosticCode;
  /** When it is raised: `before` or `after` execution, `final` (end of the work), `the call failed`… */
  phase: string;
  /** `error`, `warning`, `info`, or which of them when, e.g. `warning (info when …)`. */
  severity: string;
}
