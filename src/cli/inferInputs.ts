import { namesIn } from "./sqlText.ts";

/**
 * Inputs of a Query that names none: the tables of the session, and those the calls before it
 * register, that its SQL mentions by name (outside strings and comments). The Query's
 * `undeclared-input` check still stands behind this: a table read but not found here is refused.
 */
export function inferredInputs(sql: string, known: Iterable<string>): string[] {
  const byLower = new Map([...known].map((t) => [t.toLowerCase(), t]));
  const found: string[] = [];
  for (const name of namesIn(sql)) {
    const table = byLower.get(name.toLowerCase());
    if (table !== undefined && !found.includes(table)) found.push(table);
  }
  return found;
}
