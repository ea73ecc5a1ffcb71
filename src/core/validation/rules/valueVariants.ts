import type { Diagnostic } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { TableInfo } from "../../state/sharedState.ts";
import { at, locate, present, quote } from "../evidence.ts";
import {
  conjuncts,
  expressionSql,
  filterFor,
  groupingItems,
  predicateSql,
  resolveColumn,
  scopeOf,
  selectNodes,
} from "../sqlFacts.ts";
import type { ColumnOf, Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { queryRule } from "../validationRule.ts";
import { memoized } from "../tableMemo.ts";
import { oneEditPairs } from "../spellingPairs.ts";
import { disagreeOnAttributes } from "../entityAttributes.ts";
import { columnLabel } from "../derivedTables.ts";
import { keptRelation, ROWID } from "../keptRelation.ts";
import { withVariantRows } from "../variantRows.ts";
import { keptRowsFilter } from "../keptRowsFilter.ts";
import { isAnyAggregate } from "../aggregates.ts";
import { walk } from "../../sandbox/sqlGate.ts";
import type { OperatorContext } from "../../operators/operator.ts";
import { mergedSpellings, mergesOf } from "../effect/mergedSpellings.ts";

const SHOWN = 4;
/** Spelling variants are looked for only among this many distinct values (a pairwise check). */
const MAX_DISTINCT_FOR_SPELLING = 2000;
/** Columns looked at for evidence that two spellings are two entities (see `distinctEntities`). */
const EVIDENCE_COLUMNS = 16;

/**
 * Case, surrounding/repeated spaces and punctuation removed: `St. Louis ` → `st louis`. Letters
 * and digits of any script count (RE2's \p classes); a value of punctuation only (`<`, `>`) keeps
 * no letters and is never a variant of anything.
 */
const normalised = (v: string): string =>
  `trim(regexp_replace(lower(trim(${v})), '[^\\p{L}\\p{N}]+', ' ', 'g'))`;

/** The same normalisation in JS, for the suggested fix (DuckDB's trim removes spaces only). */
function normalisedJs(v: string): string {
  return v
    .replace(/^ +| +$/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function textColumn(node: unknown, scope: ReturnType<typeof scopeOf>): ColumnOf | undefined {
  const n = node as Json | undefined;
  if (n?.class !== "COLUMN_REF") return undefined;
  const c = resolveColumn(n.column_names as string[], scope);
  return c && c.table.schema.find((s) => s.name === c.column)?.type === "VARCHAR" ? c : undefined;
}

function constant(node: unknown): string | undefined {
  let n = node as Json | undefined;
  while (n?.class === "CAST") n = n.child as Json;
  const v = n?.class === "CONSTANT" ? (n.value as { is_null?: boolean; value?: unknown }) : undefined;
  return v && !v.is_null && typeof v.value === "string" ? v.value : undefined;
}

/**
 * Values a one-letter misspelling is looked for among: longer names without digits (codes like
 * 'FY2023'/'FY2024' are not variants), when there are few enough distinct values to compare pairs.
 */
const spellable = (d: string): string =>
  `length(v) >= 6 AND NOT regexp_matches(v, '\\d') AND (SELECT count(*) FROM ${d}) <= ${MAX_DISTINCT_FOR_SPELLING}`;

/**
 * Of two values one letter apart ('Pittsburg'/'Pittsburgh', found by `oneEditPairs`), those that
 * differ in more than case or spacing (the others are the normalised groups' finding).
 */
const notNormalisedAlike = (x: string, y: string, column = ".v"): string =>
  `${normalised(`${x}${column}`)} <> ${normalised(`${y}${column}`)}`;

interface VariantGroup {
  variants: string[];
  n: number;
  r: number;
  /** A one-letter misspelling (not merged by normalising). */
  misspelling?: boolean;
}

/** Variant groups (case/space/punctuation, and one-letter misspellings) among the kept rows of a column. */
async function groupVariants(
  engine: DuckEngine,
  c: ColumnOf,
  filter: string,
  /** Look only at these values (the candidates found in the query's output). */
  among?: string[],
): Promise<VariantGroup[]> {
  const a = sqlIdent(c.alias);
  const col = `${a}.${sqlIdent(c.column)}`;
  const only = among ? ` AND ${col} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))` : "";
  const distinct = `SELECT ${col} AS v, count(*) AS n, min(${a}.rowid) AS r FROM ${sqlIdent(c.table.name)} AS ${a} WHERE ${col} IS NOT NULL AND (${filter})${only} GROUP BY 1`;
  // One scan: the distinct values are materialised once and both searches read them. A
  // misspelling counts only where one spelling is clearly the rarer.
  const found = await engine.all(
    `WITH d AS MATERIALIZED (${distinct}), ` +
      `f AS (SELECT list(v ORDER BY v) AS variants, sum(n) AS n, min(r) AS r FROM d WHERE ${normalised("v")} <> '' GROUP BY ${normalised("v")} HAVING count(*) > 1 ORDER BY n DESC LIMIT ${SHOWN * 2}), ` +
      `s AS (SELECT * FROM d WHERE ${spellable("d")}), ` +
      `p AS (SELECT CASE WHEN x.n >= y.n THEN [x.v, y.v] ELSE [y.v, x.v] END AS variants, x.n + y.n AS n, least(x.r, y.r) AS r FROM (${oneEditPairs("s")}) e JOIN s x ON x.v = e.a JOIN s y ON y.v = e.b ` +
      `WHERE ${notNormalisedAlike("x", "y")} AND least(x.n, y.n) * 2 <= greatest(x.n, y.n) ORDER BY n DESC LIMIT ${SHOWN * 2}) ` +
      `SELECT 0 AS kind, * FROM f UNION ALL SELECT 1 AS kind, * FROM p ORDER BY kind, n DESC`,
    among ? [JSON.stringify(among)] : undefined,
  );
  return found.map((r) => ({
    variants: (r.variants as unknown[]).map(String),
    n: Number(r.n),
    r: Number(r.r),
    ...(Number(r.kind) === 1 ? { misspelling: true } : {}),
  }));
}

/**
 * Evidence that the spellings of a group are different entities, not one entity written several
 * ways: another column K on which each spelling has at most one row per K value (as a site has one
 * sample per date) and on which the spellings meet — both occur on the same K values, again and
 * again ('… State Beach - Big Bridge' and '… @ Big Bridge' sampled on the same dates are two
 * sites). One spelling per year ('yes' in 2019, 'YES' in 2020) never meets the other; answers
 * 'yes'/'YES' of many respondents a day are not one row per day. Nor are spellings whose rows
 * disagree on an attribute of the entity (see `disagreeOnAttributes`: two beaches in two towns).
 */
async function distinctEntities(
  engine: DuckEngine,
  c: ColumnOf,
  filter: string,
  variants: string[],
  /** A relation holding the table's rows of these spellings (see withVariantRows). */
  from: string = c.table.name,
): Promise<boolean> {
  if (await disagreeOnAttributes(engine, c.table, c.column, variants, normalised, from)) return true;
  const others = c.table.schema
    .filter((s) => s.name !== c.column && s.name !== "rowid")
    .slice(0, EVIDENCE_COLUMNS);
  if (others.length === 0) return false;
  const a = sqlIdent(c.alias);
  const col = `${a}.${sqlIdent(c.column)}`;

  // The variants' rows in long form (one row per other column), read once.
  const keys = others.map((k, i) => `CAST(${a}.${sqlIdent(k.name)} AS VARCHAR) AS k${i}`).join(", ");
  const found = await engine.all(
    `WITH r AS MATERIALIZED (SELECT ${col} AS v, ${keys} FROM ${sqlIdent(from)} AS ${a} WHERE (${filter}) AND ${col} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))), ` +
      `l AS (SELECT v, i, k FROM (UNPIVOT r ON ${others.map((_, i) => `k${i}`).join(", ")} INTO NAME i VALUE k) WHERE k IS NOT NULL), ` +
      `per AS (SELECT i, count(*) = count(DISTINCT (v, k)) AS one_per_key FROM l GROUP BY i), ` +
      `shared AS (SELECT i, count(*) AS shared FROM (SELECT i, k FROM l GROUP BY i, k HAVING count(DISTINCT v) > 1) GROUP BY i), ` +
      `fewest AS (SELECT i, min(m) AS fewest FROM (SELECT i, v, count(DISTINCT k) AS m FROM l GROUP BY i, v) GROUP BY i) ` +
      `SELECT per.i, one_per_key, coalesce(shared, 0) AS shared, fewest FROM per LEFT JOIN shared USING (i) LEFT JOIN fewest USING (i)`,
    [JSON.stringify(variants)],
  );
  // Met again and again (three K values at least, half of the rarer spelling's): a handful of
  // rows meeting once or twice is chance. Or met on every K value of the rarer spelling, twice at
  // least: Iceland's two years in a panel of countries are years Ireland has a row of its own.
  return found.some(
    (r) =>
      r.one_per_key === true &&
      ((Number(r.shared) >= 3 && Number(r.shared) * 2 >= Number(r.fewest)) ||
        (Number(r.shared) >= 2 && Number(r.shared) === Number(r.fewest))),
  );
}

/**
 * The variant groups whose spellings meet inside one group of the query's other GROUP BY keys: a
 * GROUP BY src, Violation over yearly files that each spell 'yes' one way ('yes' in 2016, 'YES' in
 * 2015) puts every spelling in a group of its own file anyway — no group is split, the result is
 * the one GROUP BY src, lower(Violation) gives. Spellings split a group only where they occur under
 * the same values of the other keys, and only those spellings are named. Read over the rows the
 * query keeps; when the other keys cannot be evaluated there (or the query has several grouping
 * sets, as ROLLUP does), every group is kept as found.
 */
async function splitGroups(
  ctx: OperatorContext,
  select: Json,
  c: ColumnOf,
  others: Json[],
  groups: VariantGroup[],
): Promise<VariantGroup[]> {
  if (others.length === 0 || groups.length === 0) return groups;
  if (((select.group_sets as unknown[] | undefined) ?? []).length > 1) return groups;
  try {
    const kept = await keptRelation(ctx, select, c.alias);
    const keys = await Promise.all(others.map((e) => expressionSql(ctx.engine, c.alias, e)));
    const a = sqlIdent(c.alias);
    const col = `${a}.${sqlIdent(c.column)}`;
    const split: VariantGroup[] = [];
    for (const g of groups) {
      const [row] = await ctx.engine.all(
        `WITH k AS MATERIALIZED (SELECT ${col} AS v, ${a}.${ROWID} AS rid, ${keys.map((k, i) => `${k} AS k${i}`).join(", ")}${kept.from} ` +
          `AND ${col} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))), ` +
          `m AS (SELECT DISTINCT unnest(list(DISTINCT v)) AS v FROM k GROUP BY ${keys.map((_, i) => `k${i}`).join(", ")} HAVING count(DISTINCT v) > 1) ` +
          `SELECT (SELECT list(v) FROM m) AS variants, count(*) AS n, min(rid) AS r FROM k WHERE v IN (SELECT v FROM m)`,
        [JSON.stringify(g.variants)],
      );
      // In the group's own order (a misspelling's commoner spelling first).
      const meeting = new Set(((row?.variants as unknown[] | null) ?? []).map(String));
      const variants = g.variants.filter((v) => meeting.has(v));
      if (variants.length > 1) split.push({ ...g, variants, n: Number(row!.n), r: Number(row!.r) });
    }
    return split;
  } catch {
    return groups;
  }
}

/** The shortest SQL expression that gives every variant of every group one value. */
function mergingExpression(column: string, groups: VariantGroup[]): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(column) ? column : `"${column.replaceAll('"', '""')}"`;
  const same = (f: (v: string) => string): boolean =>
    groups.every((g) => new Set(g.variants.map(f)).size === 1);
  const misspelt = groups.filter((g) => g.misspelling);
  const spaced = groups.filter((g) => !g.misspelling);
  let base = name;
  if (spaced.length > 0) {
    const lowerTrim = (v: string): string => v.replace(/^ +| +$/g, "").toLowerCase();
    const onlySpelled = groups.filter((g) => !g.misspelling);
    base = onlySpelled.every((g) => new Set(g.variants.map(lowerTrim)).size === 1)
      ? `lower(trim(${name}))`
      : `trim(regexp_replace(lower(trim(${name})), '[^\\p{L}\\p{N}]+', ' ', 'g'))`;
  }
  if (misspelt.length === 0 || same((v) => normalisedJs(v))) return base;
  // A misspelling is merged by naming it: the rarer spelling becomes the commoner one.
  const cases = misspelt
    .map(
      (g) =>
        `WHEN ${name} IN (${g.variants.slice(1).map(sqlString).join(", ")}) THEN ${sqlString(g.variants[0]!)}`,
    )
    .join(" ");
  return `CASE ${cases} ELSE ${base} END`;
}

/**
 * The column of the query's result that holds a GROUP BY column as it is — the final SELECT
 * lists it bare, with no HAVING or LIMIT that could hide groups — so that the groups the query
 * really produced can be read from its (small) result instead of re-grouping the source.
 */
function outputColumn(
  statement: Json,
  select: Json,
  item: number | undefined,
  output: TableInfo | undefined,
): string | undefined {
  const node = statement.node as Json | undefined;
  if (!output || node !== select || select.having || item === undefined) return undefined;
  if (((select.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "LIMIT_MODIFIER"))
    return undefined;
  const list = (select.select_list as Json[] | undefined) ?? [];
  if (list.length !== output.schema.length) return undefined;
  return output.schema[item]?.name;
}

/** Values of a result column that have a variant among the result's values (both spellings). */
async function variantCandidates(engine: DuckEngine, output: TableInfo, column: string): Promise<string[]> {
  const rows = await engine.all(
    `WITH d AS MATERIALIZED (SELECT DISTINCT ${sqlIdent(column)} AS v FROM ${sqlIdent(output.name)} WHERE ${sqlIdent(column)} IS NOT NULL), ` +
      `f AS (SELECT unnest(list(v)) AS v FROM d WHERE ${normalised("v")} <> '' GROUP BY ${normalised("v")} HAVING count(*) > 1), ` +
      `s AS (SELECT v FROM d WHERE ${spellable("d")}), ` +
      `p AS (SELECT unnest([e.a, e.b]) AS v FROM (${oneEditPairs("s")}) e WHERE ${notNormalisedAlike("e.a", "e.b", "")}) ` +
      `SELECT DISTINCT v FROM (SELECT v FROM f UNION ALL SELECT v FROM p) ORDER BY v`,
  );
  return rows.map((r) => String(r.v));
}

/** A text column compared with string literals somewhere in a SELECT. */
interface LiteralUse {
  column: ColumnOf;
  literals: Set<string>;
  /** The WHERE conjunct holding the comparisons, when they are one (left out of the rows looked at). */
  conjunct?: Json;
  /** How the message names the use. */
  where: "filter" | "aggregate";
  /**
   * Per comparison, the other conjuncts of the condition it sits in (an aggregate's FILTER, a CASE
   * WHEN, count_if/if) and of the conditions around it: only rows they keep reach the comparison.
   * An empty list is a comparison no condition restricts.
   */
  within: Json[][];
}

/** Functions whose first argument is a condition deciding which rows count (or which branch). */
const CONDITION_FUNCTIONS = new Set(["count_if", "countif", "if", "iif"]);

/**
 * Walks a SELECT's own expressions like `walkOwn`, passing each node the conjuncts that must hold
 * for a row to reach it: the other conjuncts of the FILTER / WHEN / count_if condition it is part
 * of, and the whole condition for an aggregate's arguments or a THEN branch.
 */
function walkConditioned(
  expression: unknown,
  within: Json[],
  visit: (node: Json, within: Json[]) => void,
): void {
  if (Array.isArray(expression)) {
    for (const child of expression) walkConditioned(child, within, visit);
    return;
  }
  if (expression === null || typeof expression !== "object") return;
  const n = expression as Json;
  visit(n, within);
  // Each conjunct of a condition is reached only by rows the condition's other conjuncts keep.
  const condition = (c: unknown): Json[] => {
    const parts = conjuncts(c);
    parts.forEach((k) => walkConditioned(k, [...within, ...parts.filter((o) => o !== k)], visit));
    return parts;
  };
  if (n.class === "SUBQUERY") {
    // `x IN (SELECT …)`: the left operand belongs to this SELECT.
    walkConditioned(n.child, within, visit);
    return;
  }
  if (n.class === "FUNCTION" && n.filter) {
    const parts = condition(n.filter);
    for (const [key, value] of Object.entries(n))
      if (key !== "filter") walkConditioned(value, [...within, ...parts], visit);
    return;
  }
  if (n.class === "CASE") {
    for (const check of (n.case_checks as Json[] | undefined) ?? []) {
      const parts = condition(check.when_expr);
      walkConditioned(check.then_expr, [...within, ...parts], visit);
    }
    walkConditioned(n.else_expr, within, visit);
    return;
  }
  const args = n.children as Json[] | undefined;
  if (
    n.class === "FUNCTION" &&
    CONDITION_FUNCTIONS.has(String(n.function_name).toLowerCase()) &&
    args?.length
  ) {
    const parts = condition(args[0]);
    // if(cond, a, b): `a` is reached under the condition; `b` is not restricted by it.
    if (args[1]) walkConditioned(args[1], [...within, ...parts], visit);
    walkConditioned(args.slice(2), within, visit);
    return;
  }
  for (const value of Object.values(n)) walkConditioned(value, within, visit);
}

/**
 * Every comparison of a text column with string literals in a SELECT: `col = 'x'` and
 * `col IN ('x', 'y')`, in WHERE (also inside OR), in an aggregate's FILTER, in CASE WHEN, in
 * count_if/if — wherever a spelling decides which rows count. Literals are gathered per column,
 * so a query that names every spelling (`IN ('yes', 'Yes', 'YES')`) is not told it missed one.
 */
function literalUses(select: Json, scope: ReturnType<typeof scopeOf>): LiteralUse[] {
  const byColumn = new Map<string, LiteralUse>();
  const note = (
    column: ColumnOf,
    literal: string,
    conjunct: Json | undefined,
    where: LiteralUse["where"],
    within: Json[],
  ) => {
    const key = `${column.alias}.${column.column}`;
    const use = byColumn.get(key) ?? { column, literals: new Set<string>(), where, within: [] };
    use.literals.add(literal);
    use.within.push(within);
    // Comparisons in several conjuncts or places: no single one is left out of the rows looked at.
    if (use.literals.size === 1 && conjunct) use.conjunct = conjunct;
    else if (use.conjunct !== conjunct) delete use.conjunct;
    if (where === "aggregate") use.where = "aggregate";
    byColumn.set(key, use);
  };
  const visit = (expression: unknown, conjunct: Json | undefined, where: LiteralUse["where"]): void =>
    walkConditioned(expression, [], (n, within) => {
      if (n.class === "COMPARISON" && (n.type === "COMPARE_EQUAL" || n.type === "COMPARE_NOTEQUAL")) {
        for (const [x, y] of [
          [n.left, n.right],
          [n.right, n.left],
        ]) {
          const c = textColumn(x, scope);
          const literal = constant(y);
          if (c && literal !== undefined) note(c, literal, conjunct, where, within);
        }
      }
      if (n.class === "OPERATOR" && (n.type === "COMPARE_IN" || n.type === "COMPARE_NOT_IN")) {
        const [first, ...rest] = n.children as Json[];
        const c = textColumn(first, scope);
        if (c)
          for (const r of rest) {
            const literal = constant(r);
            if (literal !== undefined) note(c, literal, conjunct, where, within);
          }
      }
    });
  for (const c of conjuncts(select.where_clause)) visit(c, c, "filter");
  visit([select.select_list, select.having, select.qualify], undefined, "aggregate");
  return [...byColumn.values()];
}

/** A predicate over the one alias's own columns (no subquery, no aggregate): checkable on its table. */
function ownPredicate(expression: Json, alias: string, scope: ReturnType<typeof scopeOf>): boolean {
  let own = true;
  walk(expression, (n) => {
    if (n.class === "COLUMN_REF" && resolveColumn(n.column_names as string[], scope)?.alias !== alias)
      own = false;
    if (n.class === "SUBQUERY" || n.class === "WINDOW") own = false;
    if (n.class === "FUNCTION" && isAnyAggregate(String(n.function_name))) own = false;
  });
  return own;
}

/**
 * The rows the comparisons of a use can reach, beyond the WHERE: any comparison's co-conditions
 * (OR over the comparisons; one unrestricted comparison makes it TRUE). Co-conditions that read
 * other tables are left out — a superset of the rows, never fewer. Undefined when nothing restricts.
 */
async function reachedBy(
  engine: DuckEngine,
  use: LiteralUse,
  scope: ReturnType<typeof scopeOf>,
): Promise<string | undefined> {
  const c = use.column;
  const alternatives: Json[][] = [];
  for (const within of use.within) {
    const own = within.filter((k) => ownPredicate(k, c.alias, scope));
    if (own.length === 0) return undefined;
    alternatives.push(own);
  }
  if (alternatives.length === 0) return undefined;
  try {
    const rendered = await Promise.all(alternatives.map((a) => predicateSql(engine, c.alias, a)));
    const restriction = [...new Set(rendered)].map((r) => `(${r})`).join(" OR ");
    // Rendered over the alias as the query wrote it; a form that does not bind alone is not used.
    await engine.describe(
      `SELECT 1 FROM ${sqlIdent(c.table.name)} AS ${sqlIdent(c.alias)} WHERE ${restriction}`,
    );
    return restriction;
  } catch {
    return undefined;
  }
}

/**
 * `value-variants` (warning): a text column that spells one value several ways — case, spaces,
 * punctuation (`no`/`NO`/`No`, `New York`/`New York `), or a one-letter misspelling — used in a
 * GROUP BY (which splits the groups) or compared with a literal that names only some spellings
 * (a filter, an aggregate's FILTER, a CASE WHEN: the others are not counted). Only rows the
 * query's other predicates keep are looked at. Spellings that occur side by side as different
 * entities (each once per date, on the same dates) are not variants.
 */
export const valueVariantsRule: ValidationRule = queryRule({
  code: "value-variants",
  inputsOnly: false,
  async check({ ctx, sql, args }) {
    const output = ctx.state.table(String(args.output));
    const out: Diagnostic[] = [];
    const report = async (
      c: ColumnOf,
      how: string,
      groups: VariantGroup[],
      filter: string,
      fix: (merge: string) => string,
      /** Spellings the query names: the variants are merged into one of them. */
      named?: ReadonlySet<string>,
    ): Promise<void> => {
      const kept: VariantGroup[] = [];
      // The groups' rows are read once, not once per statement per group.
      await withVariantRows(
        ctx.engine,
        c,
        groups.flatMap((g) => g.variants),
        async (from) => {
          for (const g of groups) {
            if (kept.length >= SHOWN) break;
            if (!(await distinctEntities(ctx.engine, c, filter, g.variants, from))) kept.push(g);
          }
        },
      );
      if (kept.length === 0) return;
      const locations = await locate(
        ctx.engine,
        c.table,
        kept.map((g) => g.r),
      );
      const shown = kept.map((g, i) => `${g.variants.map(quote).join(" / ")}${at(locations[i])}`);
      out.push({
        code: "value-variants",
        severity: "warning",
        message: `${columnLabel(c.table, c.column)}, used in ${how}, spells ${kept.length === 1 ? "a value" : "values"} in several ways: ${shown.join("; ")}. They are treated as different values. ${fix(mergingExpression(c.column, kept))}`,
        locations: present(locations),
        remedy: mergedSpellings(
          c.table,
          c.column,
          await mergesOf(
            ctx.engine,
            c.table,
            c.column,
            kept.map((g) => g.variants),
            named,
          ),
        ),
      });
    };
    const wholeColumn = (c: ColumnOf): Promise<VariantGroup[]> =>
      memoized(c.table, `variants:${c.column}`, () => groupVariants(ctx.engine, c, "TRUE"));
    for (const select of selectNodes(sql.statement)) {
      const scope = scopeOf(select.from_table, ctx.state);
      const grouped = new Set<string>();
      const grouping = groupingItems(select);
      for (const { expression, item } of grouping) {
        const c = textColumn(expression, scope);
        if (!c || grouped.has(`${c.alias}.${c.column}`)) continue;
        grouped.add(`${c.alias}.${c.column}`);
        // No variants in the whole column (computed once per table and column): none among any rows.
        if ((await wholeColumn(c)).length === 0) continue;
        // Over the rows the query keeps (its joins too): variants only in rows it drops split nothing.
        const own = await filterFor(ctx.engine, select, c.alias, ctx.state);
        const filter = await keptRowsFilter(ctx, select, c.alias, own);
        const shown = outputColumn(sql.statement, select, item, output);
        // Only values that reached the result can split it: find candidates there, then count
        // them (and find their rows) in the source.
        const among = shown && output ? await variantCandidates(ctx.engine, output, shown) : undefined;
        if (among?.length === 0) continue;
        const found =
          filter === "TRUE" && !among
            ? await wholeColumn(c)
            : await groupVariants(ctx.engine, c, filter, among);
        const others = grouping.filter((g) => g.expression !== expression).map((g) => g.expression);
        await report(
          c,
          "GROUP BY",
          await splitGroups(ctx, select, c, others, found),
          filter,
          (merge) => `Group by a normalised form instead, e.g. GROUP BY ${merge}.`,
        );
      }
      for (const use of literalUses(select, scope)) {
        const c = use.column;
        if (!(await wholeColumn(c)).some((g) => !g.misspelling)) continue;
        const where = await filterFor(ctx.engine, select, c.alias, ctx.state, use.conjunct);
        // A comparison inside FILTER (WHERE type = 'Bank Account' AND sub = 'New Accounts') only
        // ever sees Bank Account rows: a spelling on other rows is no row it missed.
        const reached = await reachedBy(ctx.engine, use, scope);
        const others = !reached ? where : where === "TRUE" ? reached : `(${where}) AND (${reached})`;
        const a = sqlIdent(c.alias);
        const col = `${a}.${sqlIdent(c.column)}`;
        // One statement for every literal of the column: its spellings among the kept rows.
        const rows = await ctx.engine.all(
          `SELECT ${col} AS v, ${normalised(col)} AS k, count(*) AS n, min(${a}.rowid) AS r FROM ${sqlIdent(c.table.name)} AS ${a} ` +
            `WHERE (${others}) AND ${normalised(col)} IN (SELECT ${normalised("x")} FROM unnest(from_json($1::VARCHAR, '["VARCHAR"]')) AS u(x)) AND ${normalised(col)} <> '' ` +
            `GROUP BY 1, 2 ORDER BY n DESC`,
          [JSON.stringify([...use.literals])],
        );
        const byKey = new Map<string, { v: string; n: number; r: number }[]>();
        for (const r of rows) {
          const list = byKey.get(String(r.k)) ?? [];
          list.push({ v: String(r.v), n: Number(r.n), r: Number(r.r) });
          byKey.set(String(r.k), list);
        }
        const groups: VariantGroup[] = [];
        const named: string[] = [];
        const unmatched: { literal: string; spellings: { v: string; n: number; r: number }[] }[] = [];
        for (const [k, spellings] of byKey) {
          const unnamed = spellings.filter((s) => !use.literals.has(s.v));
          if (unnamed.length === 0) continue;
          if (!spellings.some((s) => use.literals.has(s.v))) {
            // The query names a spelling none of its rows use, and they use another.
            const literal = [...use.literals].find((l) => normalisedJs(l) === k);
            if (literal !== undefined) unmatched.push({ literal, spellings });
            continue;
          }
          groups.push({
            variants: spellings.map((s) => s.v),
            n: spellings.reduce((t, s) => t + s.n, 0),
            r: spellings[0]!.r,
          });
          named.push(...spellings.filter((s) => use.literals.has(s.v)).map((s) => s.v));
        }
        const how = (list: string): string =>
          use.where === "filter" ? `a filter on ${list}` : `a comparison with ${list} inside the select list`;
        const compareWith = (merge: string, literal: string): string =>
          `${merge} = ${sqlString(merge.startsWith("lower(trim(") ? literal.replace(/^ +| +$/g, "").toLowerCase() : normalisedJs(literal))}`;
        if (groups.length > 0) {
          const list = [...new Set(named)].map(quote).join(", ");
          await report(
            c,
            how(list),
            groups,
            others,
            (merge) =>
              `The comparison with ${list} counts only ${named.length === 1 ? "that spelling" : "those spellings"}; compare a normalised form that merges them, e.g. ${compareWith(merge, named[0]!)}.`,
            use.literals,
          );
        }
        for (const { literal, spellings } of unmatched.slice(0, SHOWN)) {
          // A WHERE literal that no row of the table holds is filter-no-match's finding.
          if (use.where === "filter") {
            const [hit] = await ctx.engine.all(
              `SELECT count(*) AS n FROM (SELECT 1 FROM ${sqlIdent(c.table.name)} WHERE ${sqlIdent(c.column)} = $1 LIMIT 1)`,
              [literal],
            );
            if (Number(hit?.n ?? 0) === 0) continue;
          }
          // Another entity with a similar name (evidence over all the table's rows) is not a spelling.
          if (await distinctEntities(ctx.engine, c, "TRUE", [literal, ...spellings.map((x) => x.v)]))
            continue;
          const locations = await locate(
            ctx.engine,
            c.table,
            spellings.map((x) => x.r),
          );
          const shown = spellings.map((x, i) => `${quote(x.v)} ×${x.n}${at(locations[i])}`).join(", ");
          const merge = mergingExpression(c.column, [
            { variants: [literal, ...spellings.map((x) => x.v)], n: 0, r: 0 },
          ]);
          out.push({
            code: "value-variants",
            severity: "warning",
            message: `${columnLabel(c.table, c.column)}, used in ${how(quote(literal))}, never holds ${quote(literal)} among the rows the query keeps; they spell it ${shown}. The comparison matches none of them. Compare a normalised form, e.g. ${compareWith(merge, literal)}.`,
            locations: present(locations),
            remedy: mergedSpellings(c.table, c.column, [
              { variants: spellings.map((x) => x.v), into: literal },
            ]),
          });
        }
      }
    }
    return out;
  },
});
