import type { Diagnostic } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import type { SharedState } from "../../state/sharedState.ts";
import { isAggregate } from "../aggregates.ts";
import { filterFor, namesOf, scopeOf, selectNodes } from "../sqlFacts.ts";
import type { Json } from "../sqlFacts.ts";
import { parseTree, renderTree } from "../sqlText.ts";
import type { ValidationRule } from "../validationRule.ts";
import { queryRule } from "../validationRule.ts";

type Side = "left" | "right" | "unknown" | "none";

/** Which side of a join an expression reads: by qualifier, or by the registered tables' schemas. */
function sideOf(
  expression: unknown,
  left: Set<string>,
  right: Set<string>,
  leftScope: ReturnType<typeof scopeOf>,
  rightScope: ReturnType<typeof scopeOf>,
): Side {
  const sides = new Set<Side>();
  walk(expression, (n) => {
    if (n.class !== "COLUMN_REF") return;
    const names = n.column_names as string[];
    if (names.length >= 2) {
      const q = names[0]!.toLowerCase();
      sides.add(left.has(q) ? "left" : right.has(q) ? "right" : "unknown");
      return;
    }
    const has = (scope: ReturnType<typeof scopeOf>): boolean =>
      [...scope.values()].some((t) => t.schema.some((c) => c.name.toLowerCase() === names[0]!.toLowerCase()));
    const inLeft = has(leftScope);
    const inRight = has(rightScope);
    sides.add(inLeft && !inRight ? "left" : inRight && !inLeft ? "right" : "unknown");
  });
  if (sides.size === 0) return "none";
  if (sides.size === 1) return [...sides][0]!;
  return sides.has("left") && sides.has("right")
    ? "unknown"
    : sides.has("unknown")
      ? "unknown"
      : [...sides][0]!;
}

/** An equality anywhere in `expression` whose operands read one side each (a join key). */
function linksSides(expression: unknown, join: Json, state: SharedState): boolean {
  if (!expression) return false;
  const left = namesOf(join.left);
  const right = namesOf(join.right);
  const leftScope = scopeOf(join.left, state);
  const rightScope = scopeOf(join.right, state);
  let linked = false;
  walk(expression, (n) => {
    if (
      linked ||
      n.class !== "COMPARISON" ||
      !["COMPARE_EQUAL", "COMPARE_NOT_DISTINCT_FROM"].includes(String(n.type))
    )
      return;
    const a = sideOf(n.left, left, right, leftScope, rightScope);
    const b = sideOf(n.right, left, right, leftScope, rightScope);
    if (a === "none" || b === "none") return;
    // Unresolvable references (a CTE's columns) are given the benefit of the doubt.
    if (
      (a === "left" && b === "right") ||
      (a === "right" && b === "left") ||
      a === "unknown" ||
      b === "unknown"
    ) {
      if (!(a === b && a !== "unknown")) linked = true;
    }
  });
  return linked;
}

/** The body of a CTE named `name` anywhere in the statement (the top query's or a nested WITH). */
function cteBody(statement: Json, name: string): Json | undefined {
  let found: Json | undefined;
  walk(statement, (n) => {
    const entries = (n.cte_map as { map?: { key: string; value: { query?: { node?: Json } } }[] } | undefined)
      ?.map;
    for (const e of entries ?? []) if (!found && e.key.toLowerCase() === name) found = e.value.query?.node;
  });
  return found;
}

/** A FROM side that yields at most one row: a global aggregate, LIMIT 1, one VALUES row, or a table filtered to one row. */
async function atMostOneRow(
  side: Json,
  select: Json,
  statement: Json,
  engine: DuckEngine,
  state: SharedState,
): Promise<boolean> {
  const single = (node: Json | undefined): boolean => {
    if (!node || node.type !== "SELECT_NODE") return false;
    const grouped = ((node.group_expressions as unknown[]) ?? []).length > 0;
    let aggregated = false;
    walk(node.select_list, (n) => {
      if (n.class === "FUNCTION" && isAggregate(String(n.function_name))) aggregated = true;
    });
    const limitOne = ((node.modifiers as Json[]) ?? []).some(
      (m) =>
        m.type === "LIMIT_MODIFIER" &&
        (m.limit as Json)?.class === "CONSTANT" &&
        Number(((m.limit as Json).value as Json)?.value) <= 1,
    );
    return (aggregated && !grouped) || limitOne;
  };
  if (side.type === "SUBQUERY")
    return single((side.subquery as Json)?.node as Json) || (await countsAtMostOne(side, statement, engine));
  if (side.type === "EXPRESSION_LIST") return ((side.values as unknown[]) ?? []).length <= 1;
  if (side.type !== "BASE_TABLE") return false;
  const name = String(side.table_name).toLowerCase();
  const cte = cteBody(statement, name);
  if (cte) return single(cte) || (await countsAtMostOne(side, statement, engine));
  const table = state.table(name);
  if (!table) return false;
  if (table.rowCount <= 1) return true;
  const alias = String(side.alias || side.table_name).toLowerCase();
  const filter = await filterFor(engine, select, alias, state);
  if (filter === "TRUE") return false;
  const [row] = await engine.all(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)} WHERE ${filter} LIMIT 2)`,
  );
  return Number(row?.n ?? 2) <= 1;
}

/**
 * Whether a CTE or FROM-subquery side holds at most one row, asked of the data: `y AS (SELECT
 * "Identity Theft" FROM typ WHERE Year = 2007)` over a file with one row per year is one row, as
 * much as an aggregate is. The side is read with the statement's own CTEs and stopped at two rows;
 * a side that cannot be read alone (it refers to the other side) is not one row.
 */
async function countsAtMostOne(side: Json, statement: Json, engine: DuckEngine): Promise<boolean> {
  try {
    const tree = await parseTree(
      engine,
      "SELECT count(*) AS n FROM (SELECT 1 FROM __radar_side LIMIT 2) AS s",
    );
    const outer = tree.statements[0]!.node;
    const inner = ((outer.from_table as Json).subquery as Json).node as Json;
    inner.from_table = { ...structuredClone(side), alias: "__radar_side" };
    const top = statement.node as Json | undefined;
    if (top?.cte_map) outer.cte_map = structuredClone(top.cte_map);
    const [row] = await engine.all(await renderTree(engine, tree));
    return Number(row?.n ?? 2) <= 1;
  } catch {
    return false;
  }
}

/**
 * A side evaluated once per row of the other — a LATERAL subquery (`, LATERAL (SELECT … WHERE
 * c.year = r.year)`, or DuckDB's implicit lateral) or a table function over the other side's
 * columns (`, unnest(t.items)`): it reads names of the other side that it does not define itself.
 * Its rows are paired by that correlation, not by a cross product.
 */
function correlatedWith(side: Json, other: Set<string>, otherColumns: Set<string>): boolean {
  if (side.type !== "SUBQUERY" && side.type !== "TABLE_FUNCTION") return false;
  const own = new Set<string>();
  walk(side, (n) => {
    if (n.type === "BASE_TABLE") own.add(String(n.alias || n.table_name).toLowerCase());
    else if ((n.type === "SUBQUERY" || n.type === "TABLE_FUNCTION") && n !== side && n.alias)
      own.add(String(n.alias).toLowerCase());
  });
  let correlated = false;
  const body = side.type === "SUBQUERY" ? side.subquery : side.function;
  walk(body, (n) => {
    if (correlated) return;
    // A VALUES list has no columns of its own: a column in it is the other side's (an unpivot,
    // `LATERAL (VALUES ('North', Tag, Enterococcus), …)`).
    if (n.type === "EXPRESSION_LIST")
      walk(n.values, (v) => {
        if (v.class === "COLUMN_REF") correlated = true;
      });
    if (n.class !== "COLUMN_REF") return;
    const names = n.column_names as string[];
    const qualifier = names.length >= 2 ? names[0]!.toLowerCase() : undefined;
    if (qualifier !== undefined && other.has(qualifier) && !own.has(qualifier)) correlated = true;
    // An unqualified name that only the other side has (a table function's argument, `unnest(items)`).
    if (qualifier === undefined && own.size === 0 && otherColumns.has(names[0]!.toLowerCase()))
      correlated = true;
  });
  return correlated;
}

/**
 * A FROM side that is a set of distinct values of dimensions — `SELECT DISTINCT region FROM f`,
 * `range(1, 13)`, `VALUES ('Jan'), ('Feb')`, a GROUP BY of its only columns with no aggregate —
 * of one column, or generated. The product of such sets is a scaffold (a grid of every region and
 * month, left-joined to the facts), not two tables of entity rows paired off.
 */
function valueSet(side: Json, statement: Json): boolean {
  if (side.type === "TABLE_FUNCTION") {
    const fn = String((side.function as Json | undefined)?.function_name ?? "").toLowerCase();
    return fn === "range" || fn === "generate_series" || fn === "unnest";
  }
  if (side.type === "EXPRESSION_LIST") {
    let constant = true;
    walk(side.values, (v) => {
      if (v.class === "COLUMN_REF") constant = false;
    });
    return constant;
  }
  const node =
    side.type === "SUBQUERY"
      ? ((side.subquery as Json | undefined)?.node as Json | undefined)
      : side.type === "BASE_TABLE"
        ? cteBody(statement, String(side.table_name).toLowerCase())
        : undefined;
  if (node?.type !== "SELECT_NODE") return false;
  const list = (node.select_list as Json[] | undefined) ?? [];
  let aggregated = false;
  walk(list, (n) => {
    if ((n.class === "FUNCTION" && isAggregate(String(n.function_name))) || n.class === "WINDOW")
      aggregated = true;
  });
  if (aggregated || list.some((e) => e.class === "STAR")) return valueSetFrom(node, statement, list);
  const distinct = ((node.modifiers as Json[]) ?? []).some((m) => m.type === "DISTINCT_MODIFIER");
  const grouped = ((node.group_expressions as unknown[]) ?? []).length >= list.length && list.length > 0;
  return (distinct || grouped) && list.length === 1;
}

/** `SELECT * FROM <a value set>` is a value set too (a generated series or VALUES read through a SELECT). */
function valueSetFrom(node: Json, statement: Json, list: Json[]): boolean {
  const from = node.from_table as Json | undefined;
  return (
    list.length === 1 &&
    list[0]!.class === "STAR" &&
    !node.where_clause &&
    from !== undefined &&
    (from.type === "TABLE_FUNCTION" || from.type === "EXPRESSION_LIST") &&
    valueSet(from, statement)
  );
}

/** Column names (lower-case) of the registered tables in a FROM subtree. */
function columnsOf(node: unknown, state: SharedState): Set<string> {
  const out = new Set<string>();
  for (const info of scopeOf(node, state).values())
    for (const c of info.schema) out.add(c.name.toLowerCase());
  return out;
}

function describeSide(node: unknown): string {
  return [...namesOf(node)].join(", ") || "?";
}

/**
 * `unkeyed-join` (rejected before execution): a join of two inputs without an equality key —
 * a comma join with no join predicate, CROSS JOIN, ON TRUE / ON 1=1 (or an ON that compares one
 * side with itself), a POSITIONAL JOIN — pairs every row of one input with every row of the
 * other: the paper's two Top-5 rankings become a 25-row table. A comma join keyed in WHERE, a
 * cross join with a side of at most one row (a total, a single filtered row), or a LATERAL side
 * correlated with the other, passes.
 */
export const unkeyedJoinRule: ValidationRule = queryRule({
  code: "unkeyed-join",
  phase: "before",
  async check({ sql, ctx }) {
    const statement = sql.statement;
    const out: Diagnostic[] = [];
    for (const select of selectNodes(statement)) {
      const joins: Json[] = [];
      walk(select.from_table, (n) => {
        if (n.type === "JOIN") joins.push(n);
      });
      for (const join of joins) {
        const ref = String(join.ref_type);
        const pair = `${describeSide(join.left)} and ${describeSide(join.right)}`;
        if (ref === "POSITIONAL") {
          out.push(
            diagnostic(
              `POSITIONAL JOIN of ${pair} pairs rows by their position, not by a key. Join on a shared key column instead (e.g. ON a.rank = b.rank or ON a.state = b.state).`,
            ),
          );
          continue;
        }
        if (ref === "NATURAL" || ref === "ASOF" || ((join.using_columns as unknown[]) ?? []).length > 0)
          continue;
        if (linksSides(join.condition, join, ctx.state)) continue;
        if (ref === "CROSS" && linksSides(select.where_clause, join, ctx.state)) continue;
        if (
          correlatedWith(join.right as Json, namesOf(join.left), columnsOf(join.left, ctx.state)) ||
          correlatedWith(join.left as Json, namesOf(join.right), columnsOf(join.right, ctx.state))
        )
          continue;
        if (valueSet(join.left as Json, statement) && valueSet(join.right as Json, statement)) continue;
        if (
          (await atMostOneRow(join.left as Json, select, statement, ctx.engine, ctx.state)) ||
          (await atMostOneRow(join.right as Json, select, statement, ctx.engine, ctx.state))
        )
          continue;
        out.push(
          diagnostic(
            `${ref === "CROSS" ? "A cross/comma join" : "A join whose condition compares no column of one side with the other"} of ${pair} has no equality key: every row of one side is paired with every row of the other (a Top-5 × Top-5 merge becomes 25 rows). Join on the column that identifies the same entity in both, e.g. JOIN … ON a.state = b.state.`,
          ),
        );
      }
    }
    return out.slice(0, 1);
  },
});

function diagnostic(message: string): Diagnostic {
  return { code: "unkeyed-join", severity: "error", message, locations: [] };
}
