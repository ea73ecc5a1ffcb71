import { walk } from "../sandbox/sqlGate.ts";

/**
 * The columns a FROM's joins merge with `USING (…)` (lower case): an unqualified reference to one
 * is the same value on every side of the join, so a condition on it keeps rows of each side.
 */
export function usingColumns(from: unknown): Set<string> {
  const out = new Set<string>();
  walk(from, (n) => {
    if (n.type === "JOIN")
      for (const c of (n.using_columns as string[] | undefined) ?? []) out.add(String(c).toLowerCase());
  });
  return out;
}
