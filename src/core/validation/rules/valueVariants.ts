import type { Diagnostic } from "../../diagnostic.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { TableInfo } from "../../state/sharedState.ts";
import { at, locate, present, quote } from "../evidence.ts";
import { conjuncts, filterFor, resolveColumn, scopeOf, selectNodes } from "../sqlFacts.ts";
import type { ColumnOf, Json } from "../sqlFacts.ts";
import type { ValidationRule } from "../validationRule.ts";
import { memoized } from "../tableMemo.ts";
import { columnLabel } from "../derivedTables.ts";

const SHOWN = 4;
/** Spelling variants are looked for only among this many distinct values (a pairwise check). */
const MAX_DISTINCT_FOR_SPELLING = 2000;

/** Case, surrounding/repeated spaces and punctuation removed: `St. Louis ` → `st louis`. */
const normalised = (v: string): string => `regexp_replace(lower(trim(${v})), '[^a-z0-9]+', ' ', 'g')`;

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

/** Two values one letter apart ('Pittsburg'/'Pittsburgh') that differ in more than case or spacing. */
const oneLetterApart = (x: string, y: string): string =>
  `${x}.v < ${y}.v AND levenshtein(lower(${x}.v), lower(${y}.v)) = 1 AND ${normalised(`${x}.v`)} <> ${normalised(`${y}.v`)}`;

/** Variant groups (case/space/punctuation, and one-letter misspellings) among the kept rows of a column. */
async function groupVariants(
  engine: DuckEngine,
  c: ColumnOf,
  filter: string,
  /** Look only at these values (the candidates found in the query's output). */
  among?: string[],
): Promise<{ variants: string[]; n: number; r: number }[]> {
  const a = sqlIdent(c.alias);
  const col = `${a}.${sqlIdent(c.column)}`;
  const only = among ? ` AND ${col} IN (${among.map(sqlString).join(", ")})` : "";
  const distinct = `SELECT ${col} AS v, count(*) AS n, min(${a}.rowid) AS r FROM ${sqlIdent(c.table.name)} AS ${a} WHERE ${col} IS NOT NULL AND (${filter})${only} GROUP BY 1`;
  // One scan: the distinct values are materialised once and both searches read them. A
  // misspelling counts only where one spelling is clearly the rarer.
  const found = await engine.all(
    `WITH d AS MATERIALIZED (${distinct}), ` +
      `f AS (SELECT list(v ORDER BY v) AS variants, sum(n) AS n, min(r) AS r FROM d GROUP BY ${normalised("v")} HAVING count(*) > 1 ORDER BY n DESC LIMIT ${SHOWN}), ` +
      `s AS (SELECT * FROM d WHERE ${spellable("d")}), ` +
      `p AS (SELECT [x.v, y.v] AS variants, x.n + y.n AS n, least(x.r, y.r) AS r FROM s x JOIN s y ON ${oneLetterApart("x", "y")} ` +
      `AND least(x.n, y.n) * 2 <= greatest(x.n, y.n) ORDER BY n DESC LIMIT ${SHOWN}) ` +
      `SELECT 0 AS kind, * FROM f UNION ALL SELECT 1 AS kind, * FROM p ORDER BY kind, n DESC`,
  );
  return found.map((r) => ({
    variants: (r.variants as unknown[]).map(String),
    n: Number(r.n),
    r: Number(r.r),
  }));
}

/**
 * The column of the query's result that holds a GROUP BY column as it is — the final SELECT
 * lists it bare, with no HAVING or LIMIT that could hide groups — so that the groups the query
 * really produced can be read from its (small) result instead of re-grouping the source.
 */
function outputColumn(
  statement: Json,
  select: Json,
  group: Json,
  scope: ReturnType<typeof scopeOf>,
  output: TableInfo | undefined,
): string | undefined {
  const node = statement.node as Json | undefined;
  if (!output || node !== select || select.having) return undefined;
  if (((select.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "LIMIT_MODIFIER"))
    return undefined;
  const list = (select.select_list as Json[] | undefined) ?? [];
  if (list.length !== output.schema.length) return undefined;
  const wanted = resolveColumn(group.column_names as string[], scope);
  const i = list.findIndex((e) => {
    if (e.class !== "COLUMN_REF") return false;
    const c = resolveColumn(e.column_names as string[], scope);
    return c?.alias === wanted?.alias && c?.column === wanted?.column;
  });
  return i >= 0 ? output.schema[i]!.name : undefined;
}

/** Values of a result column that have a variant among the result's values (both spellings). */
async function variantCandidates(engine: DuckEngine, output: TableInfo, column: string): Promise<string[]> {
  const rows = await engine.all(
    `WITH d AS MATERIALIZED (SELECT DISTINCT ${sqlIdent(column)} AS v FROM ${sqlIdent(output.name)} WHERE ${sqlIdent(column)} IS NOT NULL), ` +
      `f AS (SELECT unnest(list(v)) AS v FROM d GROUP BY ${normalised("v")} HAVING count(*) > 1), ` +
      `s AS (SELECT v FROM d WHERE ${spellable("d")}), ` +
      `p AS (SELECT unnest([x.v, y.v]) AS v FROM s x JOIN s y ON ${oneLetterApart("x", "y")}) ` +
      `SELECT DISTINCT v FROM (SELECT v FROM f UNION ALL SELECT v FROM p) ORDER BY v`,
  );
  return rows.map((r) => String(r.v));
}

/**
 * `value-variants` (warning): a text column that spells one value several ways — case, spaces,
 * punctuation (`no`/`NO`/`No`, `New York`/`New York `), or a one-letter misspelling — used in a
 * GROUP BY (which splits the groups) or in an equality filter (which keeps only one spelling).
 * Only rows the query's other predicates keep are looked at; for a filter, only variants of the
 * value it asks for.
 */
export const valueVariantsRule: ValidationRule = {
  code: "value-variants",
  phase: "after",
  ops: ["Query"],
  inputsOnly: false,
  async check({ ctx, sql, args }) {
    if (!sql) return [];
    const output = ctx.state.table(String(args.output));
    const out: Diagnostic[] = [];
    const report = async (
      c: ColumnOf,
      how: string,
      groups: { variants: string[]; n: number; r: number }[],
      fix: string,
    ): Promise<void> => {
      if (groups.length === 0) return;
      const locations = await locate(
        ctx.engine,
        c.table,
        groups.map((g) => g.r),
      );
      const shown = groups.map((g, i) => `${g.variants.map(quote).join(" / ")}${at(locations[i])}`);
      out.push({
        code: "value-variants",
        severity: "warning",
        message: `${columnLabel(c.table, c.column)}, used in ${how}, spells ${groups.length === 1 ? "a value" : "values"} in several ways: ${shown.join("; ")}. They are treated as different values. ${fix}`,
        locations: present(locations),
      });
    };
    for (const select of selectNodes(sql.statement)) {
      const scope = scopeOf(select.from_table, ctx.state);
      for (const g of (select.group_expressions as Json[] | undefined) ?? []) {
        const c = textColumn(g, scope);
        if (!c) continue;
        const filter = await filterFor(ctx.engine, select, c.alias, ctx.state);
        const shown = outputColumn(sql.statement, select, g, scope, output);
        // Only values that reached the result can split it: find candidates there, then count
        // them (and find their rows) in the source.
        const among = shown && output ? await variantCandidates(ctx.engine, output, shown) : undefined;
        if (among?.length === 0) continue;
        await report(
          c,
          "GROUP BY",
          filter === "TRUE" && !among
            ? await memoized(c.table, `variants:${c.alias}:${c.column}`, () =>
                groupVariants(ctx.engine, c, filter),
              )
            : await groupVariants(ctx.engine, c, filter, among),
          `Group by a normalised form instead, e.g. GROUP BY regexp_replace(lower(trim(${c.column})), '[^a-z0-9]+', ' ', 'g'), and fix misspellings with a CASE.`,
        );
      }
      for (const predicate of conjuncts(select.where_clause)) {
        const pairs: [unknown, unknown][] =
          predicate.class === "COMPARISON" && predicate.type === "COMPARE_EQUAL"
            ? [
                [predicate.left, predicate.right],
                [predicate.right, predicate.left],
              ]
            : predicate.class === "OPERATOR" && predicate.type === "COMPARE_IN"
              ? ((predicate.children as Json[])
                  .slice(1)
                  .map((v) => [(predicate.children as Json[])[0], v]) as [unknown, unknown][])
              : [];
        for (const [column, value] of pairs) {
          const c = textColumn(column, scope);
          const literal = constant(value);
          if (!c || literal === undefined) continue;
          const others = await filterFor(ctx.engine, select, c.alias, ctx.state, predicate);
          const a = sqlIdent(c.alias);
          const col = `${a}.${sqlIdent(c.column)}`;
          const rows = await ctx.engine.all(
            `SELECT ${col} AS v, count(*) AS n, min(${a}.rowid) AS r FROM ${sqlIdent(c.table.name)} AS ${a} WHERE (${others}) AND ${normalised(col)} = ${normalised("$1")} GROUP BY 1 ORDER BY n DESC`,
            [literal],
          );
          if (rows.length < 2 || !rows.some((r) => r.v === literal)) continue;
          const group = {
            variants: rows.map((r) => String(r.v)),
            n: rows.reduce((t, r) => t + Number(r.n), 0),
            r: Number(rows[0]!.r),
          };
          await report(
            c,
            `a filter on ${quote(literal)}`,
            [group],
            `The filter keeps only ${quote(literal)}; match all spellings, e.g. WHERE lower(trim(${c.column})) = lower(${quote(literal)}).`,
          );
        }
      }
    }
    return out;
  },
};
