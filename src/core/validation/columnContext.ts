import type { SharedState } from "../state/sharedState.ts";

// Where in a query DuckDB's binder found a column missing: which CTE or subquery (or the outer
// SELECT) holds the reference, and what its FROM puts in scope there. DuckDB says the position only
// as a caret under an excerpt of the line; that places the reference in the parsed statement, whose
// column references carry their offsets (`query_location`).

type Json = Record<string, unknown>;

/** What is in scope where the column is referenced. */
export interface ColumnContext {
  /** `CTE "by_year"`, `subquery "s"`, `a subquery`, `the outer SELECT`. */
  label: string;
  /** The relations of that SELECT's FROM, each with its columns where they are known. */
  scope: { name: string; columns?: string[] }[];
}

/**
 * The offset in `sql` of the caret of DuckDB's message (`LINE 2: ...FROM a WHERE code\n   ^`), found
 * by placing the excerpt in the text; undefined when the message has none or it cannot be placed.
 */
export function caretOffset(message: string, sql: string, prefix = ""): number | undefined {
  const m = /\nLINE (\d+): (.*)\n( *)\^/.exec(message);
  if (!m) return undefined;
  const lineNo = Number(m[1]);
  let excerpt = m[2]!;
  let caret = m[3]!.length - `LINE ${m[1]}: `.length;
  if (excerpt.startsWith("...")) {
    excerpt = excerpt.slice(3);
    caret -= 3;
  }
  if (excerpt.endsWith("...")) excerpt = excerpt.slice(0, -3);
  const text = prefix + sql;
  const lines = text.split("\n");
  const line = lines[lineNo - 1];
  if (line === undefined) return undefined;
  const at = line.indexOf(excerpt);
  if (at < 0 || line.indexOf(excerpt, at + 1) >= 0) return undefined; // not placed, or not uniquely
  const lineStart = lines.slice(0, lineNo - 1).reduce((n, l) => n + l.length + 1, 0);
  const offset = lineStart + at + caret - prefix.length;
  return offset >= 0 && offset < sql.length ? offset : undefined;
}

/** The names a SELECT gives its output columns, where the text says them (`*` where it does not). */
function outputNames(select: Json | undefined): string[] | undefined {
  if (!select || select.type !== "SELECT_NODE") return undefined;
  const names: string[] = [];
  for (const e of (select.select_list as Json[] | undefined) ?? []) {
    if (e.alias) names.push(String(e.alias));
    else if (e.class === "COLUMN_REF") names.push((e.column_names as string[]).at(-1)!);
    else if (e.class === "STAR") names.push("*");
    else return undefined;
  }
  return names;
}

function relations(from: unknown, ctes: Map<string, Json>, state: SharedState): ColumnContext["scope"] {
  const n = from as Json | null;
  if (!n) return [];
  if (n.type === "JOIN") return [...relations(n.left, ctes, state), ...relations(n.right, ctes, state)];
  if (n.type === "BASE_TABLE") {
    const name = String(n.table_name);
    const label = n.alias ? `${name} AS ${String(n.alias)}` : name;
    const cte = ctes.get(name.toLowerCase());
    const columns = cte ? outputNames(cte) : state.table(name)?.schema.map((c) => c.name);
    return [{ name: label, ...(columns ? { columns } : {}) }];
  }
  if (n.type === "SUBQUERY") {
    const columns = outputNames((n.subquery as Json | undefined)?.node as Json | undefined);
    return [
      { name: n.alias ? `subquery ${String(n.alias)}` : "a subquery", ...(columns ? { columns } : {}) },
    ];
  }
  if (n.type === "TABLE_FUNCTION")
    return [{ name: `${String((n.function as Json)?.function_name ?? "a table function")}(…)` }];
  return [];
}

/**
 * The CTE or subquery holding the column reference at `offset` of the statement's SQL, and what
 * its FROM has in scope; undefined when no reference sits there.
 */
export function columnContext(
  statement: Json,
  offset: number,
  state: SharedState,
): ColumnContext | undefined {
  const ctes = new Map<string, Json>();
  let found: ColumnContext | undefined;
  const visit = (node: unknown, label: string, select: Json | undefined): void => {
    if (found || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const x of node) visit(x, label, select);
      return;
    }
    const n = node as Json;
    const cteMap = ((n.cte_map as Json | undefined)?.map as { key: string; value: Json }[] | undefined) ?? [];
    for (const { key, value } of cteMap) {
      const body = (value.query as Json | undefined)?.node as Json | undefined;
      if (body) ctes.set(key.toLowerCase(), body);
      visit(body, `CTE "${key}"`, undefined);
    }
    if (n.type === "SELECT_NODE") select = n;
    if (n.class === "COLUMN_REF" && n.query_location === offset) {
      found = { label, scope: select ? relations(select.from_table, ctes, state) : [] };
      return;
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === "cte_map") continue;
      // An expression (`IN (SELECT …)`, a scalar subquery) has a class; a FROM item has none.
      if (n.class === "SUBQUERY" && k === "subquery")
        visit((v as Json).node, "a subquery (IN, EXISTS or scalar)", undefined);
      else if (n.type === "SUBQUERY" && n.class === undefined && k === "subquery")
        visit((v as Json).node, n.alias ? `subquery "${String(n.alias)}"` : "a subquery in FROM", undefined);
      else visit(v, label, select);
    }
  };
  visit(statement.node, "the outer SELECT", undefined);
  return found;
}
