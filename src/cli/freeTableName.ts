/** The first of `q1`, `q2`, … that names no table yet (case-insensitive, as DuckDB's names are). */
export function freeTableName(taken: Iterable<string>): string {
  const names = new Set([...taken].map((t) => t.toLowerCase()));
  let n = 1;
  while (names.has(`q${n}`)) n += 1;
  return `q${n}`;
}
