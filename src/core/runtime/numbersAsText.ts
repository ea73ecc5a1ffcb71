import type { z } from "zod";

/**
 * Arguments whose only fault is a number where text is wanted, given as text: a sheet named
 * `2012` written `sheet: 2012` (JSON, YAML, `--option sheet=2012`), an output name `2024`. The
 * number's digits are the name the user wrote; nothing else is read into it. Undefined when any
 * other issue stands, or a number is not where a string is expected.
 */
export function numbersAsText(
  args: Record<string, unknown>,
  issues: readonly z.core.$ZodIssue[],
): Record<string, unknown> | undefined {
  if (issues.length === 0) return undefined;
  const out = structuredClone(args);
  for (const issue of issues) {
    if (issue.code !== "invalid_type" || issue.expected !== "string" || issue.path.length === 0)
      return undefined;
    let into: unknown = out;
    for (const key of issue.path.slice(0, -1))
      into = (into as Record<PropertyKey, unknown>)?.[key as PropertyKey];
    const last = issue.path[issue.path.length - 1] as PropertyKey;
    const holder = into as Record<PropertyKey, unknown> | undefined;
    const value = holder?.[last];
    if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
    holder![last] = String(value);
  }
  return out;
}
