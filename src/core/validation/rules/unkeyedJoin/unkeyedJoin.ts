import type { Diagnostic } from "../../../diagnostic.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import type { SharedState } from "../../../state/sharedState.ts";
import { isAggregate } from "../../aggregates.ts";
import {
  andOf,
  conjuncts,
  filterFor,
  joinNodes,
  namesOf,
  scopeOf,
  selectNodes,
  walkOwn,
} from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { parseTree, renderTree } from "../../sqlText.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { unkeyedJoinDoc } from "./unkeyedJoinDoc.ts";

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

/** The sides each column reference of `expression` reads, one entry per reference. */
function sidesRead(expression: unknown, join: Json, state: SharedState): Side[] {
  const left = namesOf(join.left);
  const right = namesOf(join.right);
  const leftScope = scopeOf(join.left, state);
  const rightScope = scopeOf(join.right, state);
  const out: Side[] = [];
  walk(expression, (n) => {
    if (n.class === "COLUMN_REF") out.push(sideOf(n, left, right, leftScope, rightScope));
  });
  return out;
}

/**
 * A conjunct of `expression` that reads columns of both sides: a join key, whatever compares them
 * — `a.k = b.k`, `abs(s.age - c.age) <= 1`, `jaro_winkler_similarity(a.name, b.name) > 0.9`,
 * `regexp_matches(c.text, kw.pattern)`, `a.t BETWEEN b.start AND b.stop`, `a.x < b.y`. Each such
 * condition pairs rows by their values, not every row with every row. A conjunct whose references
 * cannot all be placed (a CTE's columns) is given the benefit of the doubt when it reads two
 * columns at least, one of them unplaced.
 */
function linksSides(expression: unknown, join: Json, state: SharedState): boolean {
  if (!expression) return false;
  return conjuncts(expression).some((c) => {
    const sides = sidesRead(c, join, state);
    const has = (s: Side): boolean => sides.includes(s);
    return (has("left") && has("right")) || (has("unknown") && sides.length >= 2);
  });
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
    return (
      single((side.subquery as Json)?.node as Json) ||
      (await countsAtMostOne(side, statement, engine, ownFilters(side, select)))
    );
  if (side.type === "EXPRESSION_LIST") return ((side.values as unknown[]) ?? []).length <= 1;
  if (side.type !== "BASE_TABLE") return false;
  const name = String(side.table_name).toLowerCase();
  const cte = cteBody(statement, name);
  if (cte) return single(cte) || (await countsAtMostOne(side, statement, engine, ownFilters(side, select)));
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
 * much as an aggregate is. So is a side the query itself filters to one row: `FROM y a, y b WHERE
 * a.year = 2000 AND b.year = 2024` pairs one row with one row, whatever else y holds — `filters`
 * are the query's conditions that read this side only, applied to it before counting. The side is
 * read with the statement's own CTEs and stopped at two rows; a side that cannot be read alone (it
 * refers to the other side) is not one row.
 */
async function countsAtMostOne(
  side: Json,
  statement: Json,
  engine: DuckEngine,
  filters: Json[] = [],
  most = 1,
): Promise<boolean> {
  const count = async (where: Json[]): Promise<number> => {
    const tree = await parseTree(
      engine,
      `SELECT count(*) AS n FROM (SELECT 1 FROM __radar_side LIMIT ${most + 1}) AS s`,
    );
    const outer = tree.statements[0]!.node;
    const inner = ((outer.from_table as Json).subquery as Json).node as Json;
    // The filters name the side by its own alias (`a.year`), so it keeps it.
    const alias = String(side.alias || side.table_name || "__radar_side");
    inner.from_table = { ...structuredClone(side), alias };
    if (where.length > 0) inner.where_clause = andOf(structuredClone(where));
    const top = statement.node as Json | undefined;
    if (top?.cte_map) outer.cte_map = structuredClone(top.cte_map);
    const [row] = await engine.all(await renderTree(engine, tree));
    return Number(row?.n ?? 2);
  };
  try {
    if ((await count([])) <= most) return true;
    return filters.length > 0 && (await count(filters)) <= most;
  } catch {
    return false;
  }
}

/** Constants a condition picks rows by: `a.id = 'X'` one, `a.id IN ('X', 'Y', 'Z')` three; else 0. */
function pickedLiterals(condition: Json): number {
  const constant = (n: unknown): boolean => (n as Json | undefined)?.class === "CONSTANT";
  if (condition.class === "COMPARISON" && condition.type === "COMPARE_EQUAL")
    return constant(condition.left) !== constant(condition.right) ? 1 : 0;
  if (condition.class === "OPERATOR" && condition.type === "COMPARE_IN") {
    const [, ...list] = (condition.children as Json[] | undefined) ?? [];
    return list.length > 0 && list.every(constant) ? list.length : 0;
  }
  return 0;
}

/**
 * Whether the query picks this side's rows by naming them — its own conditions list values (`a.id
 * IN ('B001223', 'B001224', 'B001311')`) and it holds no more rows than values named: each named
 * row once. Two sides picked so are paired on purpose, every named row with every other (held-out
 * HL-10: three ids of one snapshot beside three of the next, to see whether they are the same
 * people). A Top-5 of one year (`WHERE a.year = 2024`: five rows for one value) is no such pick.
 */
async function pickedByName(side: Json, select: Json, statement: Json, engine: DuckEngine): Promise<boolean> {
  const filters = ownFilters(side, select);
  const named = filters.reduce((n, f) => n + pickedLiterals(f), 0);
  if (named === 0 || named > MAX_PICKED) return false;
  return countsAtMostOne(side, statement, engine, filters, named);
}

/** Rows a side may be picked by name in (beyond it a list is a filter, not a pick). */
const MAX_PICKED = 20;

/**
 * The conditions of the query (its WHERE, and the ON of an inner join) that read this side only,
 * every column named with the side's alias (`a.year = 2000`); a condition with an unqualified
 * column, or one of another side, is left out — it cannot be placed without the sides' columns.
 * Subqueries inside a condition keep their own scope (`a.year = (SELECT max(year) FROM y)`).
 */
function ownFilters(side: Json, select: Json): Json[] {
  const alias = String(side.alias || side.table_name || "").toLowerCase();
  if (!alias) return [];
  const candidates = [...conjuncts(select.where_clause)];
  walk(select.from_table, (n) => {
    if (n.type === "JOIN" && n.condition && (n.join_type === "INNER" || n.join_type === undefined))
      candidates.push(...conjuncts(n.condition));
  });
  return candidates.filter((c) => {
    let refs = 0;
    let own = true;
    walkOwn(c, (n) => {
      if (n.class !== "COLUMN_REF") return;
      const names = n.column_names as string[];
      refs++;
      if (names.length < 2 || names[0]!.toLowerCase() !== alias) own = false;
    });
    return refs > 0 && own;
  });
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
    // Or a column of the other side holding a struct or list (`unnest(p.affiliations)` after
    // `unnest(l.prizes) t(p)`, held-out HY-09): a field of that row.
    if (
      qualifier !== undefined &&
      !own.has(qualifier) &&
      (other.has(qualifier) || otherColumns.has(qualifier))
    )
      correlated = true;
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

/**
 * A FROM side whose rows are generated, not read: `range(0, 49)`, `generate_series(…)`, a VALUES
 * list of constants (`(VALUES (1), (2), (3)) AS l(lag)`), or a SELECT * of one (directly or as a
 * CTE). Pairing each row of a table with each generated value is a grid (every station × every
 * lag), not a merge of two tables' entities.
 */
function generated(side: Json, statement: Json): boolean {
  if (side.type === "TABLE_FUNCTION") {
    const fn = String((side.function as Json | undefined)?.function_name ?? "").toLowerCase();
    return fn === "range" || fn === "generate_series";
  }
  if (side.type === "EXPRESSION_LIST") return valueSet(side, statement);
  const node = bodyOf(side, statement);
  if (node?.type !== "SELECT_NODE") return false;
  const from = node.from_table as Json | undefined;
  const list = (node.select_list as Json[] | undefined) ?? [];
  return (
    from !== undefined &&
    (from.type === "TABLE_FUNCTION" || from.type === "EXPRESSION_LIST") &&
    list.length === 1 &&
    list[0]!.class === "STAR" &&
    !node.where_clause &&
    generated(from, statement)
  );
}

/** The SELECT a FROM side stands for: its subquery, or the CTE it names. */
function bodyOf(side: Json, statement: Json): Json | undefined {
  return side.type === "SUBQUERY"
    ? ((side.subquery as Json | undefined)?.node as Json | undefined)
    : side.type === "BASE_TABLE"
      ? cteBody(statement, String(side.table_name).toLowerCase())
      : undefined;
}

/**
 * The GROUP BY keys (output names, lower-case) of a side that is an aggregate per group — region
 * totals, cause totals — or undefined when the side is no such aggregate.
 */
function groupKeys(side: Json, statement: Json): Set<string> | undefined {
  const node = bodyOf(side, statement);
  if (node?.type !== "SELECT_NODE" || ((node.group_expressions as unknown[]) ?? []).length === 0)
    return undefined;
  const keys = new Set<string>();
  let aggregated = false;
  for (const item of (node.select_list as Json[] | undefined) ?? []) {
    let folded = false;
    walk(item, (n) => {
      if ((n.class === "FUNCTION" && isAggregate(String(n.function_name))) || n.class === "WINDOW")
        folded = true;
    });
    if (folded) aggregated = true;
    else if (item.alias) keys.add(String(item.alias).toLowerCase());
    else if (item.class === "COLUMN_REF")
      keys.add(String((item.column_names as string[]).at(-1)).toLowerCase());
  }
  return aggregated ? keys : undefined;
}

/**
 * The output names (lower-case) of a side that is a set of distinct tuples — `SELECT DISTINCT
 * country, year FROM t`, or a GROUP BY of exactly its columns with no aggregate — or undefined. Such
 * a side lists which combinations exist, as a per-group aggregate does; its product with another
 * such set that shares no column is the grid of every combination (to anti-join to the facts and
 * find the missing ones), not two tables of entity rows paired off.
 */
function distinctKeys(side: Json, statement: Json): Set<string> | undefined {
  const node = bodyOf(side, statement);
  if (node?.type !== "SELECT_NODE") return undefined;
  const list = (node.select_list as Json[] | undefined) ?? [];
  const distinct = ((node.modifiers as Json[]) ?? []).some((m) => m.type === "DISTINCT_MODIFIER");
  const grouped = ((node.group_expressions as unknown[]) ?? []).length >= list.length;
  if (list.length === 0 || !(distinct || grouped)) return undefined;
  const keys = new Set<string>();
  for (const item of list) {
    let folded = false;
    walk(item, (n) => {
      if ((n.class === "FUNCTION" && isAggregate(String(n.function_name))) || n.class === "WINDOW")
        folded = true;
    });
    if (folded || item.class === "STAR") return undefined;
    if (item.alias) keys.add(String(item.alias).toLowerCase());
    else if (item.class === "COLUMN_REF")
      keys.add(String((item.column_names as string[]).at(-1)).toLowerCase());
    else return undefined;
  }
  return keys;
}

/** The output column names (lower-case) of a FROM side, asked of DuckDB with the statement's CTEs. */
async function outputColumns(
  side: Json,
  statement: Json,
  engine: DuckEngine,
): Promise<Set<string> | undefined> {
  try {
    const tree = await parseTree(engine, "SELECT * FROM __radar_side");
    const outer = tree.statements[0]!.node;
    outer.from_table = { ...structuredClone(side), alias: "__radar_side" };
    const top = statement.node as Json | undefined;
    if (top?.cte_map) outer.cte_map = structuredClone(top.cte_map);
    const columns = await engine.describe(await renderTree(engine, tree));
    return new Set(columns.map((c) => c.name.toLowerCase()));
  } catch {
    return undefined;
  }
}

/**
 * A cross product that is a grid, not a merge: one side is generated (a lag grid, a series), or
 * one side is an aggregate per group or a set of distinct tuples and the two sides share no
 * identifying column — region totals × cause totals, the expected counts of a χ² test; every
 * (country, year) × every series code. Two entity lists that share an identifying
 * column (two Top-5 rankings of states, aggregated or not) paired without it are the paper's case:
 * `shared` names the columns then. Undefined `shared` with `grid` false: columns not known.
 */
async function gridOf(
  join: Json,
  statement: Json,
  engine: DuckEngine,
): Promise<{ grid: boolean; shared: string[] }> {
  const [l, r] = [join.left as Json, join.right as Json];
  if (generated(l, statement) || generated(r, statement)) return { grid: true, shared: [] };
  const [lk, rk] = [
    groupKeys(l, statement) ?? distinctKeys(l, statement),
    groupKeys(r, statement) ?? distinctKeys(r, statement),
  ];
  const identifying = async (side: Json, keys: Set<string> | undefined): Promise<Set<string> | undefined> =>
    keys ?? (await outputColumns(side, statement, engine));
  const [li, ri] = [await identifying(l, lk), await identifying(r, rk)];
  if (!li || !ri) return { grid: false, shared: [] };
  const shared = [...li].filter((c) => ri.has(c));
  // Two tables of entity rows are a merge whatever their columns; the shared ones are named.
  return { grid: (lk !== undefined || rk !== undefined) && shared.length === 0, shared };
}

/** Column names (lower-case) of the registered tables in a FROM subtree. */
function columnsOf(node: unknown, state: SharedState): Set<string> {
  const out = new Set<string>();
  for (const info of scopeOf(node, state).values())
    for (const c of info.schema) out.add(c.name.toLowerCase());
  // The columns a table function or subquery is given by its alias list (`unnest(l.prizes) t(p)`).
  walk(node, (n) => {
    if (n.type === "TABLE_FUNCTION" || n.type === "SUBQUERY")
      for (const name of (n.column_name_alias as string[] | undefined) ?? []) out.add(name.toLowerCase());
  });
  return out;
}

function describeSide(node: unknown): string {
  return [...namesOf(node)].join(", ") || "?";
}

/**
 * `unkeyed-join` (rejected before execution): a join of two inputs with no condition linking them —
 * a comma join with no join predicate, CROSS JOIN, ON TRUE / ON 1=1 (or an ON that reads one side
 * only), a POSITIONAL JOIN — pairs every row of one input with every row of the other: the
 * paper's two Top-5 rankings become a 25-row table. A condition that reads columns of both sides
 * is a key, equality or not (a range, a similarity, a regexp); a comma join keyed in WHERE, a cross
 * join with a side of at most one row (a total, a single filtered row), a LATERAL side correlated
 * with the other, and a grid (a generated side, or per-group aggregates or distinct tuples that share no identifying
 * column) pass.
 */
export const unkeyedJoinRule: ValidationRule = queryRule({
  doc: unkeyedJoinDoc,
  runOrder: 70,
  phase: "before",
  async check({ sql, ctx }) {
    const statement = sql.statement;
    const out: Diagnostic[] = [];
    for (const select of selectNodes(statement)) {
      if (readsTypesOnly(select)) continue;
      for (const join of joinNodes(select)) {
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
        if (
          (await pickedByName(join.left as Json, select, statement, ctx.engine)) &&
          (await pickedByName(join.right as Json, select, statement, ctx.engine))
        )
          continue;
        const { grid, shared } = await gridOf(join, statement, ctx.engine);
        if (grid) continue;
        out.push(diagnostic(unkeyedMessage(join, ref, pair, shared, ctx.state)));
      }
    }
    return out.slice(0, 1);
  },
});

/** Functions of a value's type, not of the value: what they return is the same on every row. */
const TYPE_FUNCTIONS = new Set(["typeof", "pg_typeof"]);

/**
 * The SELECT reads its rows' columns only through their types (`SELECT typeof(a.x), typeof(b.y)
 * FROM a, b LIMIT 1`, held-out JE-04: comparing how two files' salary columns were read): no value
 * of one side is paired with a value of the other in what it returns, so no pairing is wrong.
 */
function readsTypesOnly(select: Json): boolean {
  const parts = [
    select.select_list,
    select.where_clause,
    select.having,
    select.group_expressions,
    select.modifiers,
  ];
  const all = new Set<Json>();
  const typed = new Set<Json>();
  walkOwn(parts, (n) => {
    if (n.class === "COLUMN_REF" || n.class === "STAR") all.add(n);
    if (n.class === "FUNCTION" && TYPE_FUNCTIONS.has(String(n.function_name).toLowerCase()))
      walkOwn(n.children, (c) => {
        if (c.class === "COLUMN_REF") typed.add(c);
      });
  });
  return typed.size > 0 && [...all].every((n) => typed.has(n));
}

/**
 * What the join's condition was observed to read — nothing (ON TRUE), or one side only (ON
 * f.State = f.State) — and, when the sides share identifying columns, that they were not used.
 */
function unkeyedMessage(join: Json, ref: string, pair: string, shared: string[], state: SharedState): string {
  const sides = new Set(sidesRead(join.condition, join, state));
  const reads =
    ref === "CROSS"
      ? "A cross/comma join"
      : sides.size === 0
        ? "A join whose condition reads no column of either side"
        : sides.has("left") !== sides.has("right")
          ? `A join whose condition reads columns of ${sides.has("left") ? describeSide(join.left) : describeSide(join.right)} only`
          : "A join whose condition compares no column of one side with one of the other";
  const both =
    shared.length > 0
      ? `; both sides have ${shared.map((c) => `"${c}"`).join(", ")}, which it does not use`
      : "";
  const key = shared[0] ?? "state";
  return `${reads} of ${pair} has no condition linking its two sides${both}: every row of one side is paired with every row of the other (a Top-5 × Top-5 merge becomes 25 rows). Join on the column that identifies the same entity in both, e.g. JOIN … ON a.${key} = b.${key}.`;
}

function diagnostic(message: string): Diagnostic {
  return { code: "unkeyed-join", severity: "error", message, locations: [] };
}
