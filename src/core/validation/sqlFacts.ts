import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { walk } from "../sandbox/sqlGate.ts";
import { usingColumns } from "./usingColumns.ts";
import { parseTree, renderTree } from "./sqlText.ts";
import { subqueryTable } from "./derivedTables.ts";
import type { SharedState, TableInfo } from "../state/sharedState.ts";

/**
 * Facts about an agent's SELECT read from DuckDB's own parse tree (`json_serialize_sql`): which
 * registered tables sit behind which aliases, which joins pair them on which keys, which
 * predicates filter them — never regexes over SQL text.
 */

export type Json = Record<string, unknown>;

export interface ColumnOf {
  alias: string;
  table: TableInfo;
  column: string;
}

/** One side of a join key: a column, or an expression over one table's columns (`lower(a.name)`). */
export interface KeyOf {
  alias: string;
  table: TableInfo;
  /** The column, when the key is a bare column. */
  column?: string;
  /** The key as SQL over `alias`. */
  sql: string;
  /** How messages name it: `table.column` or the expression. */
  label: string;
}

export interface EquiJoin {
  joinType: string;
  node: Json;
  select: Json;
  /** Equality pairs between the two sides, each oriented left → right. */
  pairs: { left: KeyOf; right: KeyOf }[];
}

export function selectNodes(statement: Json): Json[] {
  const nodes: Json[] = [];
  walk(statement, (n) => {
    if (n.type === "SELECT_NODE") nodes.push(n);
  });
  return nodes;
}

/** A SELECT of a statement and its scope (scopeOf): what most checks start from. */
export interface ScopedSelect {
  select: Json;
  scope: Map<string, TableInfo>;
}

/**
 * Every SELECT of `statement` (selectNodes' order), each with the tables its FROM names by alias;
 * a SELECT's scope is read when the walk reaches it, after the checks of the SELECTs before it.
 */
export function* scopedSelects(statement: Json, state: SharedState): Generator<ScopedSelect> {
  for (const select of selectNodes(statement)) yield { select, scope: scopeOf(select.from_table, state) };
}

/** Alias (lower-case) → registered table, for the base tables (and checked subqueries) directly in a FROM tree. */
export function scopeOf(from: unknown, state: SharedState): Map<string, TableInfo> {
  const scope = new Map<string, TableInfo>();
  const visit = (node: unknown): void => {
    const n = node as Json | null;
    if (!n) return;
    if (n.type === "BASE_TABLE") {
      const info = state.table(String(n.table_name));
      if (info) scope.set(String(n.alias || n.table_name).toLowerCase(), info);
    } else if (n.type === "SUBQUERY") {
      // A `(SELECT …) AS alias` the checks can read as a table (see derivedTables).
      const info = subqueryTable(n);
      if (info && n.alias) scope.set(String(n.alias).toLowerCase(), info);
    } else if (n.type === "JOIN") {
      visit(n.left);
      visit(n.right);
    }
  };
  visit(from);
  return scope;
}

export function columnRefs(expression: unknown): string[][] {
  const refs: string[][] = [];
  walk(expression, (n) => {
    if (n.class === "COLUMN_REF") refs.push((n.column_names as string[]) ?? []);
  });
  return refs;
}

/** Resolves `a.col` or an unambiguous `col` against the tables in scope (case-insensitive). */
export function resolveColumn(names: string[], scope: Map<string, TableInfo>): ColumnOf | undefined {
  const find = (info: TableInfo, column: string): string | undefined =>
    info.schema.find((c) => c.name === column)?.name ??
    info.schema.find((c) => c.name.toLowerCase() === column.toLowerCase())?.name;
  if (names.length === 2) {
    const info = scope.get(names[0]!.toLowerCase());
    const column = info && find(info, names[1]!);
    return info && column ? { alias: names[0]!.toLowerCase(), table: info, column } : undefined;
  }
  if (names.length !== 1) return undefined;
  const hits: ColumnOf[] = [];
  for (const [alias, info] of scope) {
    const column = find(info, names[0]!);
    if (column) hits.push({ alias, table: info, column });
  }
  return hits.length === 1 ? hits[0] : undefined;
}

/** The conjunction of parse-tree predicates (one stands for itself); the inverse of `conjuncts`. */
export function andOf(parts: Json[]): Json {
  return parts.length === 1
    ? parts[0]!
    : { class: "CONJUNCTION", type: "CONJUNCTION_AND", alias: "", query_location: 0, children: parts };
}

export function conjuncts(expression: unknown): Json[] {
  const e = expression as Json | null;
  if (!e) return [];
  if (e.class === "CONJUNCTION" && e.type === "CONJUNCTION_AND")
    return (e.children as Json[]).flatMap(conjuncts);
  return [e];
}

/** Inner/semi joins of registered tables with their equality keys. */
function columnKey(c: ColumnOf): KeyOf {
  return {
    alias: c.alias,
    table: c.table,
    column: c.column,
    sql: `${sqlIdent(c.alias)}.${sqlIdent(c.column)}`,
    label: `${c.table.name}.${c.column}`,
  };
}

/** A join operand as a key: a column, or an expression all of whose columns belong to one table. */
async function keyOf(
  engine: DuckEngine,
  operand: unknown,
  scope: Map<string, TableInfo>,
): Promise<KeyOf | undefined> {
  const node = operand as Json | undefined;
  if (!node) return undefined;
  if (node.class === "COLUMN_REF") {
    const c = resolveColumn(node.column_names as string[], scope);
    return c ? columnKey(c) : undefined;
  }
  const columns = columnRefs(node).map((r) => resolveColumn(r, scope));
  if (columns.length === 0 || columns.some((c) => !c)) return undefined;
  const aliases = new Set(columns.map((c) => c!.alias));
  if (aliases.size !== 1) return undefined;
  const { alias, table } = columns[0]!;
  const label = await expressionSql(engine, alias, node);
  // The checks read the key over every row of its table, the query only over the rows it kept: a
  // cast that fails on a row the WHERE removes ('2011 (Feb.)' of another tournament's years,
  // held-out KI-05) failed the check. Such a row has no key the query could have joined on, so
  // the checks read its casts as TRY_CAST.
  const tried = structuredClone(node);
  walk(tried, (n) => {
    if (n.class === "CAST") n.try_cast = true;
  });
  const sql = await expressionSql(engine, alias, tried);
  return { alias, table, sql, label };
}

/** The JOIN nodes of a SELECT's FROM tree, in walk order (those inside its subqueries too). */
export function joinNodes(select: Json): Json[] {
  const joins: Json[] = [];
  walk(select.from_table, (node) => {
    if (node.type === "JOIN") joins.push(node);
  });
  return joins;
}

/** Inner/semi/outer joins of registered tables with their equality keys (columns or expressions). */
export async function equiJoins(
  statement: Json,
  state: SharedState,
  engine: DuckEngine,
): Promise<EquiJoin[]> {
  const out: EquiJoin[] = [];
  for (const select of selectNodes(statement)) {
    for (const node of joinNodes(select)) {
      const leftScope = scopeOf(node.left, state);
      const rightScope = scopeOf(node.right, state);
      const both = new Map([...leftScope, ...rightScope]);
      const pairs: EquiJoin["pairs"] = [];
      const using = (node.using_columns as string[] | undefined) ?? [];
      if (using.length > 0 && leftScope.size === 1 && rightScope.size === 1) {
        for (const col of using) {
          const l = resolveColumn([col], leftScope);
          const r = resolveColumn([col], rightScope);
          if (l && r) pairs.push({ left: columnKey(l), right: columnKey(r) });
        }
      }
      for (const c of conjuncts(node.condition)) {
        if (c.class !== "COMPARISON" || c.type !== "COMPARE_EQUAL") continue;
        const a = await keyOf(engine, c.left, both);
        const b = await keyOf(engine, c.right, both);
        if (!a || !b) continue;
        if (leftScope.has(a.alias) && rightScope.has(b.alias)) pairs.push({ left: a, right: b });
        else if (leftScope.has(b.alias) && rightScope.has(a.alias)) pairs.push({ left: b, right: a });
      }
      // A key drawn from two tables of one side (`… JOIN sfa a ON a.State = c.name AND a.Year = s.year`,
      // where c and s were joined before) is a key of their join, not of one table: the checks
      // profile one table per side, so such a join is left to the result checks rather than
      // measured on part of its key (which would invent fan-out) or on a table that lacks a column.
      const oneTable = (side: KeyOf[]): boolean => new Set(side.map((k) => k.alias)).size === 1;
      if (pairs.length > 0 && (!oneTable(pairs.map((p) => p.left)) || !oneTable(pairs.map((p) => p.right))))
        continue;
      if (pairs.length > 0) out.push({ joinType: String(node.join_type), node, select, pairs });
    }
  }
  return out;
}

/**
 * The column references of a predicate that bind outside it: those of subqueries bind to the
 * subquery's own tables first, as SQL scoping does, so `year IN (SELECT year FROM crop)` and
 * `EXISTS (SELECT 1 FROM crop x WHERE x.year = r.year)` refer only to `r` from outside. Undefined
 * when a subquery reads something that is not a table the checks can read.
 */
export function outerRefs(expression: unknown, state: SharedState): string[][] | undefined {
  const out: string[][] = [];
  let readable = true;
  const visit = (node: unknown, inner: Map<string, TableInfo>[]): void => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, inner));
    if (node === null || typeof node !== "object") return;
    const n = node as Json;
    if (n.class === "COLUMN_REF") {
      const names = n.column_names as string[];
      const bound = inner.some(
        (scope) =>
          resolveColumn(names, scope) !== undefined ||
          (names.length === 2 && scope.has(names[0]!.toLowerCase())),
      );
      if (!bound) out.push(names);
      return;
    }
    if (n.class === "SUBQUERY") {
      const body = (n.subquery as Json | undefined)?.node;
      const scope = new Map<string, TableInfo>();
      walk(body, (m) => {
        if (m.type === "SELECT_NODE") for (const [k, v] of scopeOf(m.from_table, state)) scope.set(k, v);
        if (m.type === "BASE_TABLE" && !state.table(String(m.table_name))) readable = false;
        if (m.type === "TABLE_FUNCTION" || m.type === "EXPRESSION_LIST") readable = false;
      });
      // The subquery's own comparison (`x IN (…)`) is outside it.
      visit(n.child, inner);
      visit(body, [...inner, scope]);
      return;
    }
    for (const value of Object.values(n)) visit(value, inner);
  };
  visit(expression, []);
  return readable ? out : undefined;
}

/**
 * The conjuncts of join conditions in a FROM tree that filter the rows of `alias` itself: every
 * conjunct of an INNER join's ON; of a LEFT (SEMI, ANTI) join's ON only for the right side, of a
 * RIGHT join's for the left — a condition on the preserved side of an outer join keeps its rows
 * (unmatched) rather than removing them. Subqueries are not entered.
 */
function joinConjuncts(from: unknown, alias: string, state: SharedState): Json[] {
  const out: Json[] = [];
  const visit = (node: Json | undefined): void => {
    if (node?.type !== "JOIN") return;
    visit(node.left as Json);
    visit(node.right as Json);
    const type = String(node.join_type);
    const inLeft = scopeOf(node.left, state).has(alias) || namesOf(node.left).has(alias);
    const inRight = scopeOf(node.right, state).has(alias) || namesOf(node.right).has(alias);
    const filters =
      type === "INNER" ||
      ((type === "LEFT" || type === "SEMI" || type === "ANTI") && inRight) ||
      (type === "RIGHT" && inLeft);
    if (filters && (inLeft || inRight)) out.push(...conjuncts(node.condition));
  };
  visit(from as Json);
  return out;
}

/** Aliases a FROM subtree defines (tables, subqueries, functions), lower-case. */
export function namesOf(node: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (n: Json | undefined): void => {
    if (!n) return;
    if (n.type === "JOIN") {
      visit(n.left as Json);
      visit(n.right as Json);
    } else if (n.type === "BASE_TABLE") names.add(String(n.alias || n.table_name).toLowerCase());
    else if (n.alias) names.add(String(n.alias).toLowerCase());
  };
  visit(node as Json);
  return names;
}

/**
 * Column equalities between aliases that hold on every row the query keeps: `a.x = b.y` in an
 * INNER join's ON, in any join's ON (a WHERE predicate on the other side rejects the NULLs of an
 * unmatched row anyway), or in WHERE.
 */
function columnEqualities(select: Json, scope: Map<string, TableInfo>): [ColumnOf, ColumnOf][] {
  const pairs: [ColumnOf, ColumnOf][] = [];
  const note = (c: Json): void => {
    if (c.class !== "COMPARISON" || c.type !== "COMPARE_EQUAL") return;
    const l = c.left as Json;
    const r = c.right as Json;
    if (l?.class !== "COLUMN_REF" || r?.class !== "COLUMN_REF") return;
    const a = resolveColumn(l.column_names as string[], scope);
    const b = resolveColumn(r.column_names as string[], scope);
    if (a && b && a.alias !== b.alias) pairs.push([a, b]);
  };
  const visit = (node: Json | undefined): void => {
    if (node?.type !== "JOIN") return;
    visit(node.left as Json);
    visit(node.right as Json);
    conjuncts(node.condition).forEach(note);
  };
  visit(select.from_table as Json);
  conjuncts(select.where_clause).forEach(note);
  return pairs;
}

/**
 * Scalar functions that return NULL for a NULL argument (and depend on nothing but their
 * arguments): a predicate over one of them rejects NULL as the bare column does. Not `coalesce`,
 * `concat`, `greatest`, `hash`…, which turn NULL into a value.
 */
const NULL_PRESERVING = new Set([
  "year",
  "month",
  "day",
  "quarter",
  "week",
  "weekofyear",
  "yearweek",
  "isoyear",
  "dayofweek",
  "isodow",
  "dayofyear",
  "dayofmonth",
  "hour",
  "minute",
  "second",
  "epoch",
  "date_part",
  "datepart",
  "date_trunc",
  "datetrunc",
  "extract",
  "strftime",
  "last_day",
  "lower",
  "upper",
  "lcase",
  "ucase",
  "trim",
  "ltrim",
  "rtrim",
  "substr",
  "substring",
  "left",
  "right",
  "length",
  "strlen",
  "abs",
  "round",
  "floor",
  "ceil",
  "ceiling",
  "trunc",
  "+",
  "-",
  "*",
  "/",
  "//",
  "%",
]);

/**
 * A WHERE conjunct over one other alias's column, rewritten over the column of `alias` it is
 * equated with: `WHERE n.yr >= 2000` with `a.yr = n.yr` keeps only `a` rows with `a.yr >= 2000`.
 * Only null-rejecting predicates of one column against constants (comparisons, BETWEEN, IN,
 * LIKE, also over NULL-preserving functions of it: `year(d) = 2023`), which remove an unmatched
 * row of an outer join as well.
 */
function transferred(
  c: Json,
  alias: string,
  scope: Map<string, TableInfo>,
  equalities: [ColumnOf, ColumnOf][],
): Json | undefined {
  const simple = new Set(["COMPARISON", "BETWEEN", "CONSTANT", "CAST", "COLUMN_REF"]);
  let column: ColumnOf | undefined;
  let ok = true;
  walk(c, (n) => {
    if (typeof n.class !== "string") return;
    if (n.class === "COLUMN_REF") {
      const r = resolveColumn(n.column_names as string[], scope);
      if (!r || (column && (column.alias !== r.alias || column.column !== r.column))) ok = false;
      column = r;
    } else if (n.class === "OPERATOR" && n.type === "COMPARE_IN") {
      // IN (constants) is null-rejecting.
    } else if (n.class === "FUNCTION" && (n.function_name === "~~" || n.function_name === "~~*")) {
      // LIKE / ILIKE
    } else if (n.class === "FUNCTION" && NULL_PRESERVING.has(String(n.function_name).toLowerCase())) {
      // year(d) = 2023: NULL in gives NULL out, so the predicate still rejects an unmatched row.
    } else if (!simple.has(String(n.class))) ok = false;
  });
  if (!ok || !column || column.alias === alias) return undefined;
  if (c.class === "COMPARISON" && c.type === "COMPARE_DISTINCT_FROM") return undefined;
  const mine = equalities
    .map(([a, b]) =>
      a.alias === column!.alias && a.column === column!.column && b.alias === alias
        ? b
        : b.alias === column!.alias && b.column === column!.column && a.alias === alias
          ? a
          : undefined,
    )
    .find((x) => x !== undefined);
  if (!mine) return undefined;
  const copy = structuredClone(c);
  walk(copy, (n) => {
    if (n.class === "COLUMN_REF") n.column_names = [mine.alias, mine.column];
  });
  return copy;
}

/**
 * The predicates of `select` that decide which rows of `alias` it keeps, rewritten as SQL over that
 * table alone (through DuckDB's `json_deserialize_sql`), so a check can look only at rows the query
 * keeps: WHERE conjuncts that read only `alias`; conjuncts of join conditions that filter it (see
 * `joinConjuncts`; `joins: false` leaves them out); and WHERE conditions on a column of another
 * table that `alias` is joined to on that column (`transfer: false` leaves them out).
 */
export async function filterFor(
  engine: DuckEngine,
  select: Json,
  alias: string,
  state: SharedState,
  /** A predicate to leave out (the one a check is about). */
  except?: Json,
  options: { joins?: boolean; transfer?: boolean } = {},
): Promise<string> {
  const scope = scopeOf(select.from_table, state);
  const where = conjuncts(select.where_clause);
  const candidates = [
    ...where,
    ...(options.joins === false ? [] : joinConjuncts(select.from_table, alias, state)),
  ];
  const own: Json[] = [];
  let equalities: [ColumnOf, ColumnOf][] | undefined;
  const using = usingColumns(select.from_table);
  // `JOIN … USING (m)` makes `m` one value on both sides: an unqualified `m` is this table's too.
  const ofAlias = (r: string[]): boolean =>
    resolveColumn(r, scope)?.alias === alias ||
    (r.length === 1 && using.has(r[0]!.toLowerCase()) && resolveColumn([alias, r[0]!], scope) !== undefined);
  for (const c of candidates) {
    if (c === except) continue;
    const refs = outerRefs(c, state);
    if (refs === undefined || refs.length === 0) continue;
    if (refs.every(ofAlias)) {
      own.push(c);
      continue;
    }
    if (!where.includes(c) || options.transfer === false) continue;
    equalities ??= columnEqualities(select, scope);
    const moved = transferred(c, alias, scope, equalities);
    if (moved) own.push(moved);
  }
  return own.length === 0 ? "TRUE" : predicateSql(engine, alias, own);
}

/** SQL text of predicates (parse-tree nodes) over one alias, rendered by DuckDB itself. */
export async function predicateSql(engine: DuckEngine, alias: string, predicates: Json[]): Promise<string> {
  const template = await parseTree(engine, `SELECT * FROM t AS ${JSON.stringify(alias)} WHERE TRUE`);
  template.statements[0]!.node.where_clause = andOf(predicates);
  const text = await renderTree(engine, template);
  const where = text.indexOf(" WHERE ");
  return where >= 0 ? text.slice(where + 7) : "TRUE";
}

/**
 * Columns of a table referenced anywhere in the SELECT except in the given join's condition (with
 * `beyondWhere`, nor in its WHERE: whether they reach what the query returns).
 */
export function usedOutsideJoin(
  select: Json,
  join: Json,
  alias: string,
  state: SharedState,
  options: { beyondWhere?: boolean } = {},
): boolean {
  const scope = scopeOf(select.from_table, state);
  const skip = new Set<unknown>([join.condition, ...(options.beyondWhere ? [select.where_clause] : [])]);
  let used = false;
  const visit = (node: unknown): void => {
    if (used || skip.has(node)) return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const n = node as Json;
    if (n.class === "COLUMN_REF") {
      const names = n.column_names as string[];
      if (resolveColumn(names, scope)?.alias === alias) used = true;
      return;
    }
    if (n.class === "STAR") {
      const relation = String(n.relation_name ?? "");
      if (relation === "" || relation.toLowerCase() === alias) used = true;
      return;
    }
    for (const value of Object.values(n)) visit(value);
  };
  visit(select);
  return used;
}

/** SQL text of one expression (a parse-tree node) over `alias`, rendered by DuckDB itself. */
export async function expressionSql(engine: DuckEngine, alias: string, expression: Json): Promise<string> {
  const template = await parseTree(engine, `SELECT 1 FROM t AS ${JSON.stringify(alias)}`);
  template.statements[0]!.node.select_list = [{ ...expression, alias: "" }];
  const text = await renderTree(engine, template);
  const from = text.lastIndexOf(" FROM t AS ");
  return text.slice("SELECT ".length, from >= 0 ? from : undefined);
}

/**
 * Walks an expression without entering subqueries (their SELECTs are visited on their own, with
 * their own scope).
 */
export function walkOwn(expression: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(expression)) {
    for (const child of expression) walkOwn(child, visit);
    return;
  }
  if (expression === null || typeof expression !== "object") return;
  const n = expression as Json;
  visit(n);
  if (n.class === "SUBQUERY") {
    // `x IN (SELECT …)`: the left operand belongs to this SELECT.
    walkOwn(n.child, visit);
    return;
  }
  for (const value of Object.values(n)) walkOwn(value, visit);
}

/**
 * The columns an expression reads (its own, not a subquery's), resolved against the scope and keyed
 * `alias.column`; undefined when one of them does not resolve.
 */
export function resolvedColumns(
  expression: unknown,
  scope: Map<string, TableInfo>,
): Map<string, ColumnOf> | undefined {
  const columns = new Map<string, ColumnOf>();
  let unresolved = false;
  walkOwn(expression, (r) => {
    if (r.class !== "COLUMN_REF") return;
    const c = resolveColumn(r.column_names as string[], scope);
    if (c) columns.set(`${c.alias}.${c.column}`, c);
    else unresolved = true;
  });
  return unresolved ? undefined : columns;
}

/** The one column an expression reads (`mo`, `date_trunc('month', Date)`), if it reads exactly one. */
export function onlyColumn(expression: unknown, scope: Map<string, TableInfo>): ColumnOf | undefined {
  const columns = resolvedColumns(expression, scope);
  return columns?.size === 1 ? [...columns.values()][0] : undefined;
}

/**
 * Which sides of a join it fills with NULLs for the other side's unmatched rows: the right of a
 * LEFT join, the left of a RIGHT one, both of a FULL one (DuckDB's parse tree names it `FULL`;
 * `OUTER` is kept for trees of other versions).
 */
export function nullFilledSides(joinType: unknown): { left: boolean; right: boolean } {
  const type = String(joinType);
  const full = type === "FULL" || type === "OUTER";
  return { left: full || type === "RIGHT", right: full || type === "LEFT" };
}
