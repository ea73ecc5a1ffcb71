import { factsOf, operatorFacts } from "../../core/operators/factsRegistry.ts";
import type { OperatorName } from "../../core/operators/operator.ts";
import type { ReportCallStatus } from "../../shared/reportProtocol.ts";

/**
 * How operators and statuses look in the trees: codicon ids and theme colour ids, as strings so
 * the mapping is testable without an editor. An operator's icon is in its definition
 * (src/core/operators/<name>/<name>Facts.ts); the agent's final Answer is not an operator.
 */
export const OPERATOR_NAMES = Object.keys(operatorFacts) as OperatorName[];

export function operatorIcon(op: string): string {
  if (op === "Answer") return "comment-discussion";
  return factsOf(op)?.icon ?? "symbol-event";
}

/** The colour that tells the status at a glance; undefined keeps the theme's default icon colour. */
export function statusColor(status: ReportCallStatus): string | undefined {
  switch (status) {
    case "ok":
    case "accepted":
      return "testing.iconPassed";
    case "warning":
      return "problemsWarningIcon.foreground";
    case "rejected":
    case "failed":
      return "problemsErrorIcon.foreground";
    case "skipped":
      return "disabledForeground";
    case "running":
      return undefined;
  }
}

/** The words a status shows in a tree description. */
export function statusWord(status: ReportCallStatus): string {
  return status === "ok" ? "ok" : status;
}

export const SEVERITY_ICONS = { error: "error", warning: "warning", info: "info" } as const;

const FORMAT_ICONS: Record<string, string> = {
  csv: "table",
  json: "json",
  jsonl: "json",
  parquet: "database",
  xlsx: "table",
  xls: "table",
  ods: "table",
  html: "code",
  text: "file-text",
  binary: "file-binary",
  empty: "file",
  unknown: "question",
};

export function formatIcon(format: string): string {
  return FORMAT_ICONS[format] ?? "file";
}
