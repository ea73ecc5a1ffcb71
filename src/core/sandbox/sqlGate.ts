import type { DuckEngine } from "../engine/duckEngine.ts";
import { reject } from "../diagnostic.ts";
import { refuseDeepStatement, refuseOversizedSql } from "./sqlSize.ts";

/**
 * The first wall around agent SQL: exactly one read-only SELECT/WITH, decided by DuckDB's own
 * parser (`json_serialize_sql`, which parses without side effects), whose tables are only
 * registered tables or its own CTEs, and whose table functions are only row generators. Files
 * enter only through Scan/UnionScan. The locked-down engine is the second wall.
 */

/** Table functions that generate rows and touch nothing outside the query. */
const ALLOWED_TABLE_FUNCTIONS = new Set(["range", "generate_series", "unnest"]);

/** Scalar functions that reveal or change the environment even inside a SELECT. */
const DENIED_FUNCTIONS = new Set([
  "current_setting",
  "getvariable",
  "getenv",
  "set_variable",
  "enable_logging",
  "disable_logging",
  "truncate_duckdb_logs",
  "query",
  "query_table",
]);

export interface SelectAnalysis {
  /** The statement without trailing semicolons. */
  sql: string;
  /** Parsed statement (DuckDB's JSON form), for validation rules. */
  statement: Record<string, unknown>;
  /** Base tables the query reads (lower-cased), CTE names excluded. */
  tables: string[];
}

type Json = Record<string, unknown>;

/**
 * When the parser stops at, or just after, a word of DuckDB's SQL used as a name (`SELECT sum(x)
 * at FROM t`, `… count(*) names`): a keyword, even one DuckDB calls unreserved, cannot be a name
 * without AS, so the parser reads it as SQL. Saying which word and why saves a round of guessing.
 * Reserved words (FROM, WHERE) are where the parser noticed, not the cause.
 */
/** Reserved words that may follow FROM or JOIN as SQL (`FROM (SELECT …)`, `JOIN LATERAL`): never a table's name there. */
const CLAUSE_WORDS = new Set(
  "select from join where group order having lateral values with on using natural left right inner full cross as limit".split(
    " ",
  ),
);

async function keywordHint(
  engine: DuckEngine,
  sql: string,
  message: string,
  position: unknown,
): Promise<string> {
  const at = Number(position);
  const candidates: string[] = [];
  const near = /at or near "([^"]+)"/.exec(message)?.[1];
  if (near) candidates.push(near);
  if (Number.isInteger(at) && at > 0) {
    const before = /([A-Za-z_]+)\s*$/.exec(sql.slice(0, at))?.[1];
    if (before) candidates.push(before);
  }
  for (const word of candidates) {
    if (!/^[A-Za-z_]+$/.test(word)) continue;
    const [row] = await engine.all(
      "SELECT keyword_category AS c FROM duckdb_keywords() WHERE keyword_name = lower($1)",
      [word],
    );
    if (!row) continue;
    // A reserved word is usually where the parser noticed, not the cause — except as the name of a
    // table after FROM or JOIN (a table a Query was told to name `both`): there it is the cause.
    if (String(row.c) === "reserved") {
      const start = sql.search(new RegExp(`\\b(FROM|JOIN)\\s+${word}\\b`, "i"));
      if (word === near && start >= 0 && !CLAUSE_WORDS.has(word.toLowerCase()))
        return ` "${word}" is a reserved word of DuckDB's SQL: as a table's name it needs double quotes (\`FROM "${word}"\`), or name the table otherwise.`;
      continue;
    }
    return ` "${word}" is a keyword of DuckDB's SQL (${String(row.c).replace(/_/g, " ")}): as a name it needs AS before it (\`AS ${word}\`) or double quotes (\`"${word}"\`).`;
  }
  return "";
}

/**
 * DuckDB's simplified UNPIVOT (`UNPIVOT t ON … INTO NAME … VALUE …`) takes no INCLUDE NULLS: only
 * the SQL-standard form does (DuckDB 1.5: `UNPIVOT INCLUDE NULLS t ON …` fails to parse at `t`).
 * The parser's message names the table, not the cause.
 */
function unpivotHint(sql: string): string {
  if (
    !/\bUNPIVOT\s+INCLUDE\s+NULLS\s+(?!\()/i.test(sql) &&
    !/\bUNPIVOT\s+INCLUDE\s+NULLS\s*\(\s*SELECT\b/i.test(sql)
  )
    return "";
  return " DuckDB takes INCLUDE NULLS only in the SQL-standard UNPIVOT: `FROM t UNPIVOT INCLUDE NULLS (value FOR name IN (col1, col2))` (the IN list may be `COLUMNS(* EXCLUDE (month))`).";
}

/**
 * DuckDB's parser stops an expression nested past its depth limit (a chain `a + b + c + …` nests
 * one level per operator) and runs out of its own stack on deeper statements. That is a size
 * limit, not a syntax error, and DuckDB's advice (`SET max_expression_depth`) is not the agent's to take.
 */
function refuseTooDeep(message: string): void {
  const limit = /Max expression depth limit of (\d+) exceeded/i.exec(message)?.[1];
  if (limit)
    reject(
      "sql-too-large",
      `Refused: an expression of Query.sql nests more than ${limit} levels deep, DuckDB's limit (a chain such as a + b + c + … nests one level per operator). ` +
        "Compute it in steps (sum columns with a GROUP BY or in an earlier Query), or keep long lists of values in a table and join it.",
    );
  if (/^memory exhausted/i.test(message))
    reject(
      "sql-too-large",
      "Refused: Query.sql is nested too deeply for DuckDB's parser (it ran out of its stack). Compute nested steps in separate Query calls.",
    );
}

export async function analyzeSelect(engine: DuckEngine, rawSql: string): Promise<SelectAnalysis> {
  const sql = rawSql
    .trim()
    .replace(/;+\s*$/, "")
    .trim();
  if (sql === "") reject("invalid-sql", "Query.sql is empty: give one SELECT or WITH statement.");
  // Before DuckDB parses it: a statement past the size bounds (a 1 MB IN list, thousands of UNION
  // branches or ORs) takes DuckDB far longer than it is long, so it is refused at once, naming the limit.
  refuseOversizedSql(sql);
  const [row] = await engine.all("SELECT json_serialize_sql($1::VARCHAR) AS j", [sql]);
  const parsed = JSON.parse(String(row?.j)) as Json;
  if (parsed.error) {
    const message = String(parsed.error_message ?? "unknown parser error");
    refuseTooDeep(message);
    if (parsed.error_type === "parser" || /syntax|parser/i.test(message))
      reject(
        "invalid-sql",
        `The SQL does not parse: ${message}.${await keywordHint(engine, sql, message, parsed.position)}${unpivotHint(sql)} Fix the syntax and send one SELECT statement.`,
      );
    reject(
      "unsafe-sql",
      "Refused: Query runs exactly one read-only SELECT or WITH statement; this is another kind of statement " +
        "(COPY, ATTACH, INSTALL, LOAD, PRAGMA, SET, CREATE, EXPORT, CALL, EXPLAIN, PIVOT… are not allowed). " +
        "Read files with Scan/UnionScan and derive tables with a SELECT.",
    );
  }
  const statements = (parsed.statements as Json[] | undefined) ?? [];
  if (statements.length !== 1)
    reject(
      "unsafe-sql",
      `Refused: Query takes exactly one statement; got ${statements.length}. Send one SELECT per Query call.`,
    );
  const statement = statements[0]!;
  refuseDeepStatement(statement);
  const ctes = new Set<string>();
  const tables = new Set<string>();
  walk(statement, (node) => {
    const cteMap = node.cte_map as { map?: { key: string }[] } | undefined;
    for (const entry of cteMap?.map ?? []) ctes.add(String(entry.key).toLowerCase());
  });
  walk(statement, (node) => {
    if (node.type === "BASE_TABLE" && "table_name" in node) {
      const name = String(node.table_name);
      if (node.schema_name || node.catalog_name)
        reject(
          "unsafe-sql",
          `Refused: "${[node.catalog_name, node.schema_name, name].filter(Boolean).join(".")}" names a catalog or schema; ` +
            "Query reads only the tables registered by Scan, UnionScan and Query, by their plain names.",
        );
      if (/[/\\]|\.[a-z0-9]{1,8}$/i.test(name))
        reject(
          "unsafe-sql",
          `Refused: FROM '${name}' reads a file directly. Files enter only through Scan or UnionScan; scan it, then query the table.`,
        );
      if (!ctes.has(name.toLowerCase())) tables.add(name.toLowerCase());
    }
    if (node.type === "TABLE_FUNCTION") {
      const fn = String((node.function as Json | undefined)?.function_name ?? "").toLowerCase();
      if (!ALLOWED_TABLE_FUNCTIONS.has(fn))
        reject(
          "unsafe-sql",
          `Refused: table function ${fn}() is not allowed in Query (it reads files, settings or runs other SQL). ` +
            "Files enter only through Scan/UnionScan; allowed table functions: range, generate_series, unnest.",
        );
    }
    if (node.class === "FUNCTION" && DENIED_FUNCTIONS.has(String(node.function_name).toLowerCase()))
      reject("unsafe-sql", `Refused: function ${String(node.function_name)}() is not allowed in Query.`);
  });
  return { sql, statement, tables: [...tables].sort() };
}

/** Second check, after analysis: DuckDB prepares it (binding, no execution) as a SELECT. */
export async function assertPreparesAsSelect(engine: DuckEngine, sql: string): Promise<void> {
  const SELECT = 1;
  const types = await engine.statementTypes(sql);
  if (types.length !== 1 || types[0] !== SELECT)
    reject("unsafe-sql", "Refused: the statement does not prepare as a single SELECT.");
}

/**
 * Makes a parse tree from `json_serialize_sql` safe to hand back to `json_deserialize_sql`: DuckDB
 * marks "no location" as UINT64_MAX, which JSON.parse rounds to a number past the uint64 range.
 */
export function deserializable<T>(tree: T): T {
  walk(tree, (n) => {
    if (typeof n.query_location === "number" && n.query_location > Number.MAX_SAFE_INTEGER)
      n.query_location = 0;
  });
  return tree;
}

/**
 * Visits every object of a parse tree, parents before children, in document order. A loop over an
 * explicit stack, not recursion: a statement nested thousands deep (a long UNION ALL chain) must
 * not overflow the call stack.
 */
export function walk(node: unknown, visit: (node: Json) => void): void {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const next = stack.pop();
    if (Array.isArray(next)) {
      for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
    } else if (next !== null && typeof next === "object") {
      visit(next as Json);
      const values = Object.values(next);
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
    }
  }
}
