import { reject } from "../diagnostic.ts";

/*
 * The bounds on one Query statement, checked on its text before DuckDB parses it, so that parsing,
 * planning and RADAR's checks of any statement take bounded time (issue 27). Measured with
 * `npm run bench:sqlsize` (2 cores, DuckDB alone, checks off); the realistic queries of the
 * session corpus are at most 4.3 KB, nest 6 deep and chain a few dozen conditions.
 */

/**
 * DuckDB parses and plans a chain of set operations (`UNION [ALL]`, `INTERSECT`, `EXCEPT`) in time
 * that grows faster than the chain: 1,000 `UNION ALL` branches took under 4 s end to end, 4,000
 * over a minute, and a 1 MB chain (~23,000 branches) had not finished after several minutes.
 */
export const MAX_SET_OPERATIONS = 1000;

/**
 * The statement's length in characters. A 1.4 MB `IN (…)` list of 190,000 values took 6 s in
 * DuckDB's parser alone and 28 s end to end; 59 KB (10,000 values) took 1 s.
 */
export const MAX_SQL_CHARACTERS = 100_000;

/**
 * `AND`/`OR` operators. DuckDB's optimizer takes time growing with the square of a long OR chain:
 * 1,000 ORs 0.5 s end to end, 2,000 2 s, 4,000 10 s, 10,000 17 s (51 KB and 129 KB of SQL).
 */
export const MAX_CONDITIONS = 1000;

/**
 * Nesting of parentheses and CASE expressions in the text, and of expressions in the parse tree (a
 * chain `a + b + c + …` nests one level per operator). DuckDB binds nested expressions in time
 * growing far faster than their depth: `abs(abs(…))` 300 deep 0.9 s and 900 deep 68 s, a sum of
 * 400 terms 5 s and of 900 terms 57 s, 300 `||` 8 s (4.5 KB of SQL); every rule that walks the
 * parse tree walks that deep.
 */
export const MAX_NESTING = 100;

/**
 * Subqueries nested in expressions (`(SELECT … (SELECT …))`): DuckDB plans them in time that
 * doubles with each level — 15 deep 24 ms, 20 deep 0.6 s, 25 deep 35 s.
 */
export const MAX_SUBQUERY_NESTING = 16;

/** What the bounds look at, counted outside string literals, quoted names and comments. */
export interface SqlShape {
  setOperations: number;
  conditions: number;
  /** The deepest nesting of parentheses and CASE … END. */
  nesting: number;
}

/** One pass over the text, so it costs the same for any shape of statement. */
export function sqlShape(sql: string): SqlShape {
  let setOperations = 0;
  let conditions = 0;
  let depth = 0;
  let nesting = 0;
  let i = 0;
  const n = sql.length;
  const open = (): void => {
    depth++;
    if (depth > nesting) nesting = depth;
  };
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
    if (c === 40) open();
    else if (c === 41 && depth > 0) depth--;
    if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(sql.charCodeAt(i))) i++;
      const length = i - start;
      if (length >= 2 && length <= 9 && length !== 7 && length !== 8) {
        const word = sql.slice(start, i).toUpperCase();
        if (word === "UNION" || word === "EXCEPT" || word === "INTERSECT") setOperations++;
        else if (word === "AND" || word === "OR") conditions++;
        else if (word === "CASE") open();
        else if (word === "END" && depth > 0) depth--;
      }
      continue;
    }
    i++;
  }
  return { setOperations, conditions, nesting };
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
}

const count = (n: number): string => n.toLocaleString("en-US");

/**
 * Refuses (`sql-too-large`) a statement past any bound, naming each bound it passes, its own
 * figures and what to do instead.
 */
export function refuseOversizedSql(sql: string): void {
  const shape = sqlShape(sql);
  const past: string[] = [];
  if (shape.setOperations > MAX_SET_OPERATIONS)
    past.push(
      `Query.sql joins ${shape.setOperations + 1} SELECTs with ${shape.setOperations} UNION/INTERSECT/EXCEPT operators (${sql.length} characters); ` +
        `one Query takes at most ${MAX_SET_OPERATIONS} set operations`,
    );
  if (sql.length > MAX_SQL_CHARACTERS)
    past.push(
      `Query.sql is ${count(sql.length)} characters long; one Query takes at most ${count(MAX_SQL_CHARACTERS)} characters`,
    );
  if (shape.conditions > MAX_CONDITIONS)
    past.push(
      `Query.sql chains ${count(shape.conditions)} AND/OR operators; one Query takes at most ${count(MAX_CONDITIONS)}`,
    );
  if (shape.nesting > MAX_NESTING)
    past.push(
      `Query.sql nests parentheses or CASE expressions ${count(shape.nesting)} deep; one Query nests at most ${MAX_NESTING} deep`,
    );
  if (past.length === 0) return;
  reject(
    "sql-too-large",
    `Refused: ${past.join("; ")}, so that its analysis and planning stay bounded. ${advice(shape, sql.length)}`,
  );
}

/**
 * Refuses (`sql-too-large`) a parsed statement whose expressions or subqueries nest past the bounds,
 * before DuckDB binds it. A loop over an explicit stack: the walk itself never runs out of stack.
 */
export function refuseDeepStatement(statement: unknown): void {
  let expressions = 0;
  let subqueries = 0;
  const stack: [unknown, number, number][] = [[statement, 0, 0]];
  while (stack.length > 0) {
    const [node, depth, nested] = stack.pop()!;
    if (Array.isArray(node)) {
      for (const child of node) stack.push([child, depth, nested]);
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    const expression = typeof (node as { class?: unknown }).class === "string";
    const subquery = (node as { class?: unknown }).class === "SUBQUERY";
    const d = expression ? depth + 1 : depth;
    const s = subquery ? nested + 1 : nested;
    if (d > expressions) expressions = d;
    if (s > subqueries) subqueries = s;
    // Past the bound, how far past does not matter: stop walking.
    if (expressions > MAX_NESTING || subqueries > MAX_SUBQUERY_NESTING) break;
    for (const child of Object.values(node))
      if (child !== null && typeof child === "object") stack.push([child, d, s]);
  }
  if (expressions > MAX_NESTING)
    reject(
      "sql-too-large",
      `Refused: an expression of Query.sql nests more than ${MAX_NESTING} levels deep (a chain such as a + b + c + … nests one level per operator); ` +
        `one Query nests at most ${MAX_NESTING} deep, so that its analysis and planning stay bounded. ` +
        "Compute it in steps (in an earlier Query, or with an aggregate over rows instead of a long chain of columns).",
    );
  if (subqueries > MAX_SUBQUERY_NESTING)
    reject(
      "sql-too-large",
      `Refused: Query.sql nests subqueries more than ${MAX_SUBQUERY_NESTING} deep inside one another; one Query nests at most ${MAX_SUBQUERY_NESTING} ` +
        "(DuckDB's planning time doubles with each level). Register the inner results with earlier Query calls, or use WITH and joins.",
    );
}

function advice(shape: SqlShape, characters: number): string {
  const hints: string[] = [];
  if (shape.setOperations > MAX_SET_OPERATIONS)
    hints.push(
      "Read a family of files with UnionScan, or build the union in several Query calls of at most that many branches each.",
    );
  if (characters > MAX_SQL_CHARACTERS || shape.conditions > MAX_CONDITIONS)
    hints.push(
      "Keep long lists of values in a table rather than in the SQL: join the table (or file, read with Scan) the values come from, " +
        "or filter with IN (SELECT … FROM that table).",
    );
  if (shape.nesting > MAX_NESTING)
    hints.push(
      "Compute nested steps in separate Query calls, or write a CASE with several WHEN branches instead of nesting them.",
    );
  return hints.join(" ");
}
