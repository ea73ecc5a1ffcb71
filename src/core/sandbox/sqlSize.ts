import { reject } from "../diagnostic.ts";

/**
 * The bound on one Query statement's set operations (`UNION [ALL]`, `INTERSECT`, `EXCEPT`). DuckDB
 * parses and plans a chain of them in time that grows faster than the chain: on the bench
 * (`npm run bench:sqlsize`) 1,000 `UNION ALL` branches took under 4 s end to end, 4,000 over a
 * minute (DuckDB alone, checks off), and a 1 MB chain (~23,000 branches) had not finished after
 * several minutes. Past the bound the statement is refused before DuckDB sees it, by a count that
 * reads the text once.
 */
export const MAX_SET_OPERATIONS = 1000;

/**
 * How many set-operation keywords the statement holds outside string literals, quoted names and
 * comments: one pass over the text, so it costs the same for any shape of statement.
 */
export function setOperationCount(sql: string): number {
  let count = 0;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql.charCodeAt(i);
    // '…' strings and "…" names, their quote doubled inside.
    if (c === 39 || c === 34) {
      i++;
      while (i < n) {
        if (sql.charCodeAt(i) === c) {
          if (sql.charCodeAt(i + 1) === c) i += 2;
          else break;
        } else i++;
      }
      i++;
      continue;
    }
    if (c === 45 && sql.charCodeAt(i + 1) === 45) {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === 47 && sql.charCodeAt(i + 1) === 42) {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(sql.charCodeAt(i))) i++;
      const length = i - start;
      if (length === 5 || length === 6 || length === 9) {
        const word = sql.slice(start, i).toUpperCase();
        if (word === "UNION" || word === "EXCEPT" || word === "INTERSECT") count++;
      }
      continue;
    }
    i++;
  }
  return count;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
}

/** Refuses (`sql-too-large`) a statement with more set operations than MAX_SET_OPERATIONS. */
export function refuseLongSetChains(sql: string): void {
  const count = setOperationCount(sql);
  if (count <= MAX_SET_OPERATIONS) return;
  reject(
    "sql-too-large",
    `Refused: Query.sql joins ${count + 1} SELECTs with ${count} UNION/INTERSECT/EXCEPT operators (${sql.length} characters); ` +
      `one Query takes at most ${MAX_SET_OPERATIONS} set operations, so that its analysis and planning stay bounded. ` +
      "Read a family of files with UnionScan, or build the union in several Query calls of at most that many branches each.",
  );
}
