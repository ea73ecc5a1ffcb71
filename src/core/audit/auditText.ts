import type { SourceLocation } from "../diagnostic.ts";

/** A cell of a previewed row as a reader sees it (typed JSON: strings, numbers, null, objects). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return JSON.stringify(value);
}

export function locationText(loc: SourceLocation): string {
  if (loc.command !== undefined) return `output line ${loc.line}`;
  return `${loc.file}${loc.sheet ? ` [${loc.sheet}]` : ""}:${loc.line}`;
}

/** The answer as one line of text. */
export function answerText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** "3 errors, 2 warnings, 5 infos" (only the non-zero ones), or "no findings". */
export function findingCounts(findings: { severity: string }[]): string {
  const counts = ["error", "warning", "info"]
    .map((s) => [s, findings.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}${n === 1 ? "" : "s"}`);
  return counts.length ? counts.join(", ") : "no findings";
}
