import type { Diagnostic, Remedy } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import { aggregateOperandUses, aggregateUses, replacesNulls } from "../../aggregateUses.ts";
import { keptRelation, PRESENT, ROWID } from "../../keptRelation.ts";
import { at, literal, locate, present, typeOf } from "../../evidence.ts";
import {
  conjuncts,
  equiJoins,
  expressionSql,
  filterFor,
  nullFilledSides,
  resolveColumn,
  scopeOf,
  walkOwn,
} from "../../sqlFacts.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import { columnStats } from "../../columnStats.ts";
import { joinProfile, scaled } from "../../joinProfile.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { partsRule } from "../../partsRule.ts";
import { memoized } from "../../tableMemo.ts";
import { definitionOf, isDerivedTable, tableLabel } from "../../derivedTables.ts";
import { onlyWindowEdgeNulls } from "../../windowEdgeNulls.ts";
import { correlatedKeys } from "../../correlatedKeys.ts";
import { onlySeriesGaps } from "../../seriesGaps.ts";
import { writtenAsMarkers } from "../../markerNulls.ts";
import { isNotApplicableMarker } from "../../../sourceMap/typing/markerTokens.ts";
import { OF_OBSERVED, ofObserved } from "../../aggregates.ts";
import { rowTotalSaysNone } from "./rowTotalNulls.ts";
import { wholeBlockEmpty } from "./blockNulls.ts";
import { successionNulls } from "../../seriesSuccession.ts";
import { nullInAggregateDoc } from "./nullInAggregateDoc.ts";
import { groupsWithNulls, onlyWholeGroupNulls } from "./wholeGroupNulls.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";

/**
 * Aggregates whose result silently skips NULLs (count(col) counts non-nulls by definition): the
 * sums and the statistics of the observed values.
 */
export const NULL_SKIPPING = new Set(["sum", "product", "fsum", ...OF_OBSERVED]);

/** The aggregates that leave NULLs out without a word: the ones this rule looks at. */
const nullSkipping = (fn: string): boolean => NULL_SKIPPING.has(fn.toLowerCase());
/** Sums: skipping a NULL is adding 0. */
const SUMS = new Set(["sum", "fsum", "sumkahan", "kahan_sum"]);

/**
 * `null-in-aggregate` (warning): an aggregate over a column that holds NULLs among the rows the
 * query keeps; SUM/AVG skip them silently, so the result describes fewer rows than it seems.
 * Filtering them (`WHERE col IS NOT NULL`) or replacing them (`coalesce`) makes the choice explicit.
 */
export const nullInAggregateRule: ValidationRule = partsRule({
  doc: nullInAggregateDoc,
  runOrder: 180,
  // `avg(a - b)` skips every row where a or b is NULL: each column the argument reads is checked
  // as a bare `avg(a)` would be, and the finding names the expression.
  // A query's own tables before its CTEs, so a CTE column made from a reported one is known as such.
  parts: ({ ctx, sql }) => {
    const uses = [
      ...aggregateUses(sql.statement, ctx.state, nullSkipping).map((use) => ({ use, operand: false })),
      ...aggregateOperandUses(sql.statement, ctx.state, nullSkipping).map((use) => ({ use, operand: true })),
    ];
    return [
      ...uses.filter((u) => !isDerivedTable(u.use.column.table)),
      ...uses.filter((u) => isDerivedTable(u.use.column.table)),
    ];
  },
  async check({ ctx, sql, use, operand }, findings) {
    const { table, column, alias } = use.column;
    // `avg(x) FILTER (WHERE x IS NOT NULL)` says outright that NULLs are left out, and
    // `sum(coalesce(x, 0))` replaces them.
    if (conjuncts(use.filter).some((c) => isNotNullOf(c, use.column, use.select, ctx.state))) return;
    if (replacesNulls(use)) return;
    const key = `${table.name}.${column}`;
    if (!findings.claim(key)) return;
    // A correlated subquery reads only the rows whose key an enclosing row holds.
    const correlated = correlatedKeys(sql.statement, use.select, alias, ctx.state);
    const own = await filterFor(ctx.engine, use.select, alias, ctx.state);
    const filter = correlated ? (own === "TRUE" ? correlated : `(${own}) AND ${correlated}`) : own;
    const col = `${sqlIdent(alias)}.${sqlIdent(column)}`;
    // A row with every cell empty is a blank line of the file's layout (between the blocks of a
    // report), not an entity whose value is missing.
    const missing = `${col} IS NULL AND NOT ${blankRowSql(sqlIdent(alias), table)}`;
    const count = (): Promise<Record<string, unknown>[]> =>
      ctx.engine.all(
        `SELECT count(*) FILTER (WHERE ${missing}) AS nulls FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)} WHERE ${filter}`,
      );
    // `coalesce(sum(x), 0)` over an outer join: an unmatched group sums to NULL, made 0 on
    // purpose, and a sum skipping NULLs adds them as 0 anyway.
    const sumToZero = use.coalesced && /^(sum|fsum|sumkahan|kahan_sum)$/i.test(use.fn);
    const outer = sumToZero ? undefined : await outerJoinNulls(ctx, use.select, alias, use.filter);
    const call = operand
      ? `${use.fn}(${unwrapped(await expressionSql(ctx.engine, alias, use.argument))})`
      : `${use.fn}(${column})`;
    if (outer) findings.add(outer(call, column));
    // DuckDB's column statistics already say whether a stored column has any NULL at all.
    if (!(await columnStats(ctx.engine, table, column)).mayHaveNulls) return;
    // A first look at the table's rows that the query's own predicates keep (a superset of what
    // it aggregates); only if NULLs are there, the exact relation — after its joins, their ON
    // conditions, subquery filters and the aggregate's FILTER — says how many it skips.
    const [first] = filter === "TRUE" ? await memoized(table, `nulls:${column}`, count) : await count();
    if (Number(first?.nulls ?? 0) === 0) return;
    // `temp - lag(temp) OVER (…)` is NULL on the window's first row by construction, not by the data.
    if (await onlyWindowEdgeNulls(ctx, sql.statement, table, column)) return;
    const kept = await keptRelation(ctx, use.select, alias, use.filter ? { filter: use.filter } : {});
    const a = sqlIdent(alias);
    const [row] = await ctx.engine.all(
      `SELECT count(*) AS n, count(*) FILTER (WHERE ${missing} AND ${a}.${PRESENT}) AS nulls, ` +
        `list(DISTINCT ${a}.${ROWID}) FILTER (WHERE ${missing} AND ${a}.${PRESENT}) AS rows${kept.from}` +
        (correlated && !kept.exact ? ` AND ${correlated}` : ""),
    );
    const nulls = Number(row?.nulls ?? 0);
    if (nulls === 0) return;
    const rowids = ((row?.rows as unknown[]) ?? [])
      .map(Number)
      .sort((x, y) => x - y)
      .slice(0, 3);
    const locations = await locate(ctx.engine, table, rowids);
    // Days a series has no observation for: a mean of the observed values skips them by design.
    if (await onlySeriesGaps(ctx, use.fn, table, alias, column, kept)) {
      findings.add({
        code: "null-in-aggregate",
        severity: "info",
        message:
          `${call} over ${tableLabel(table)} skips ${nulls} NULL value(s) of ${Number(row?.n)} rows${locations.some(Boolean) ? `, e.g.${locations.map(at).join(",")}` : ""}; ` +
          `each of those rows holds only its date or time, every other column empty: days the series has no observation for. ${use.fn} is taken over the observed values; say so in the answer if the gaps matter.`,
        locations: present(locations),
      });
      return;
    }
    const skipped = operand
      ? `skips the ${nulls} row(s) of ${Number(row?.n)} where ${column} is NULL`
      : `skips ${nulls} NULL value(s) of ${Number(row?.n)} rows`;
    // Each finding from here on opens with what the aggregate skips, and where.
    const skips = `${call} over ${tableLabel(table)} ${skipped}${locations.some(Boolean) ? `, e.g.${locations.map(at).join(",")}` : ""}`;
    const skipping = (severity: "info" | "warning", message: string): Diagnostic => ({
      code: "null-in-aggregate",
      severity,
      message,
      locations: present(locations),
    });
    // Values the data itself writes as "no value" (`No data`, `#N/A`, `s`): a mean or a median
    // of the observed values leaves them out by design, and coalesce would invent a value. An
    // empty cell says no such thing (a blank amount can mean none), and a sum stays a warning:
    // it covers fewer entities than the table lists.
    // The result itself says how many values were skipped: `count(x)` beside `count(*)`, or a
    // list of the rows where `x IS NULL`, in the same SELECT. The analyst has the count in hand.
    const reported =
      reportsItsNulls(use.select, use.column, ctx.state) ??
      (await reportedBySibling(ctx, use.select, use.column, kept.from));
    if (reported) {
      findings.add(
        skipping(
          "info",
          `${skips}; the query reports them itself (${reported}). Say in the answer that ${use.fn} is over the non-NULL values.`,
        ),
      );
      return;
    }
    const markers = ofObserved(use.fn) ? await writtenAsMarkers(ctx, table, column) : undefined;
    if (markers) {
      findings.add(
        skipping(
          "info",
          `${skips}; every NULL of ${column} was written in the data as a marker of no value (${markers
            .slice(0, 5)
            .map((m) => `'${m}'`)
            .join(
              ", ",
            )}${markers.length > 5 ? ", …" : ""}), not left empty. ${use.fn} is taken over the observed values; say so in the answer.`,
        ),
      );
      return;
    }
    // Cells marked as not applicable (`[z]`): no value exists there, and a sum leaves nothing out.
    const inapplicable = ofObserved(use.fn) ? undefined : await writtenAsMarkers(ctx, table, column);
    if (inapplicable?.every(isNotApplicableMarker)) {
      findings.add(
        skipping(
          "info",
          `${skips}; every NULL of ${column} was written in the data as ${inapplicable.map((m) => `'${m}'`).join(", ")}, which says the cell does not apply (no value exists there), so ${use.fn} leaves nothing out.`,
        ),
      );
      return;
    }
    // A sum over a column whose row total leaves its NULLs out: they are none, added as 0.
    const none = SUMS.has(use.fn.toLowerCase()) ? await rowTotalSaysNone(ctx, table, column) : undefined;
    if (none) {
      findings.add(
        skipping(
          "info",
          `${skips}; on those rows ${none.total} equals the sum of ${partsNamed(none.parts.filter((p) => p !== column))} without ${column}: the table's own total counts nothing there, so the NULL stands for none, and ${use.fn} adds it as the 0 it is.`,
        ),
      );
      return;
    }
    // A sum over a column whose NULL rows lack its whole block (no playoff line at all): the row
    // has none of that record, and the sum adds nothing for it.
    const block = SUMS.has(use.fn.toLowerCase()) ? await wholeBlockEmpty(ctx, table, column) : undefined;
    if (block) {
      findings.add(
        skipping(
          "info",
          `${skips}; on ${block.empty.toLocaleString("en-US")} of the table's ${block.nulls.toLocaleString("en-US")} rows where ${column} is NULL, ${block.word ? `every other ${block.word}… column` : "the columns filled with it elsewhere"} (${block.siblings.slice(0, 4).join(", ")}${block.siblings.length > 4 ? ", …" : ""}) ${block.word ? "is" : "are"} empty too: those rows hold no ${block.word ? `${block.word} ` : ""}record ${block.word ? "at all" : "of that block"}, so ${use.fn} adds nothing for them.`,
        ),
      );
      return;
    }
    // A year of a wide table: the rows without it are entities whose series ended before it or
    // begin after it, where a row of a related name takes over, or headings with no year at all.
    const succession = await successionNulls(
      ctx,
      table,
      column,
      ((row?.rows as unknown[]) ?? []).map(Number),
    );
    if (succession) {
      const headings = succession.headings
        ? `${succession.headings} row(s) hold no value in any year (headings)`
        : "";
      findings.add(
        skipping(
          "info",
          `${skips}; none is a gap in its row's series: ${[succession.examples.join("; "), headings].filter(Boolean).join("; and ")}. The entity has no value in ${column}, so ${use.fn} leaves out nothing that exists; say so in the answer if the change of entities matters.`,
        ),
      );
      return;
    }
    // The CTE's column is the aggregate of a column this call already reports, over the rows
    // the CTE reads: the same NULLs, said once, where their lines are known.
    if (madeFromReported(table, column, (key) => findings.has(`reported:${key}`))) return;
    findings.claim(`reported:${table.name}.${column}`.toLowerCase());
    // Each group holding a NULL holds no value at all: the result shows it as NULL.
    if (await onlyWholeGroupNulls(ctx, use.select, kept, alias, column, missing)) {
      findings.add(
        skipping(
          "info",
          `${skips}; every group holding one holds no other value of ${column}, so ${use.fn} of that group is NULL in the result, shown as missing — no group's figure leaves a value out.`,
        ),
      );
      return;
    }
    // A result of several groups, only some of whose figures leave a NULL out: which group the
    // answer reads is the analyst's; the finding says which share, as info.
    const grouped = await groupsWithNulls(ctx, use.select, kept, alias, column, missing);
    if (grouped && grouped.groups >= 2 && grouped.skipping < grouped.groups) {
      findings.add(
        skipping(
          "info",
          `${skips}; the result has ${grouped.groups.toLocaleString("en-US")} groups and ${grouped.skipping === 0 ? "none of their figures leaves a value out (each NULL is a group's only kind of value)" : `${grouped.skipping.toLocaleString("en-US")} of their figures leave values out`}. If the answer reads one of those groups, say that ${use.fn} is over its non-NULL values.`,
        ),
      );
      return;
    }
    const reach = reachRemedy(table, column);
    findings.add({
      ...skipping(
        "warning",
        `${skips}. Decide what they mean: exclude them explicitly (WHERE ${column} IS NOT NULL) or replace them (coalesce), and say so in the answer.`,
      ),
      ...(reach ? { remedy: reach } : {}),
    });
  },
});

/** `(a - b)` as DuckDB renders an operator expression, without the outer parentheses. */
function unwrapped(text: string): string {
  if (!text.startsWith("(") || !text.endsWith(")")) return text;
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") depth--;
    if (depth === 0) return text;
  }
  return text.slice(1, -1);
}

/**
 * How the SELECT's own output reports the NULLs of `column`, if it does: `count(column)` together
 * with `count(*)` (the difference is the NULLs), or `column IS NULL` / `IS NOT NULL` tested in
 * the select list (`string_agg(CASE WHEN x IS NULL THEN name END, ', ')`).
 */
function reportsItsNulls(
  select: Json,
  column: ColumnOf,
  state: OperatorContext["state"],
): string | undefined {
  const scope = scopeOf(select.from_table, state);
  const isColumn = (n: Json | undefined): boolean => {
    if (n?.class !== "COLUMN_REF") return false;
    const c = resolveColumn(n.column_names as string[], scope);
    return c?.alias === column.alias && c.column === column.column;
  };
  let countsColumn = false;
  let countsRows = false;
  let tested: string | undefined;
  walkOwn(select.select_list, (n) => {
    if (n.class === "FUNCTION" && String(n.function_name).toLowerCase() === "count_star") countsRows = true;
    if (
      n.class === "FUNCTION" &&
      String(n.function_name).toLowerCase() === "count" &&
      !n.distinct &&
      !n.filter
    ) {
      const args = (n.children as Json[] | undefined) ?? [];
      if (args.length === 0) countsRows = true;
      else if (args.length === 1 && isColumn(args[0])) countsColumn = true;
    }
    if (
      n.class === "OPERATOR" &&
      (n.type === "OPERATOR_IS_NULL" || n.type === "OPERATOR_IS_NOT_NULL") &&
      isColumn((n.children as Json[] | undefined)?.[0])
    )
      tested = `${column.column} ${n.type === "OPERATOR_IS_NULL" ? "IS NULL" : "IS NOT NULL"} in its select list`;
  });
  if (countsColumn && countsRows) return `count(${column.column}) beside count(*)`;
  return tested;
}

/**
 * A count of another column of the same table beside `count(*)` reports this column's NULLs too
 * when both are NULL on exactly the same kept rows: `count(*), sum(TOTAL_DEATHS), sum(DEATHS),
 * count(TOTAL_DEATHS)` over earthquakes whose two death columns are empty together (held-out
 * FD-04) says how many rows each sum skips.
 */
async function reportedBySibling(
  ctx: OperatorContext,
  select: Json,
  column: ColumnOf,
  keptFrom: string,
): Promise<string | undefined> {
  const scope = scopeOf(select.from_table, ctx.state);
  let countsRows = false;
  const counted = new Set<string>();
  walkOwn(select.select_list, (n) => {
    if (n.class !== "FUNCTION" || n.distinct || n.filter) return;
    const name = String(n.function_name).toLowerCase();
    const args = (n.children as Json[] | undefined) ?? [];
    if (name === "count_star" || (name === "count" && args.length === 0)) countsRows = true;
    else if (name === "count" && args.length === 1 && args[0]?.class === "COLUMN_REF") {
      const c = resolveColumn(args[0].column_names as string[], scope);
      if (c?.alias === column.alias && c.column !== column.column) counted.add(c.column);
    }
  });
  if (!countsRows) return undefined;
  const a = sqlIdent(column.alias);
  const x = `${a}.${sqlIdent(column.column)}`;
  for (const other of counted) {
    const y = `${a}.${sqlIdent(other)}`;
    const [row] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE (${x} IS NULL) <> (${y} IS NULL) AND ${a}.${PRESENT}) AS d${keptFrom}`,
    );
    if (Number(row?.d ?? 1) === 0)
      return `count(${other}) beside count(*); ${other} is NULL on exactly the rows ${column.column} is`;
  }
  return undefined;
}

function isNotNullOf(
  predicate: Json,
  column: ColumnOf,
  select: Json,
  state: OperatorContext["state"],
): boolean {
  if (predicate.class !== "OPERATOR" || predicate.type !== "OPERATOR_IS_NOT_NULL") return false;
  const arg = (predicate.children as Json[] | undefined)?.[0];
  if (arg?.class !== "COLUMN_REF") return false;
  const c = resolveColumn(arg.column_names as string[], scopeOf(select.from_table, state));
  return c?.alias === column.alias && c.column === column.column;
}

/** Aliases an outer join may fill with NULLs: the right of a LEFT JOIN, the left of a RIGHT JOIN, both of a FULL one. */
function nullableSide(
  join: Json,
  alias: string,
  state: OperatorContext["state"],
): "left" | "right" | undefined {
  const inLeft = scopeOf(join.left, state).has(alias);
  const inRight = scopeOf(join.right, state).has(alias);
  const filled = nullFilledSides(join.join_type);
  if (inRight && filled.right) return "right";
  if (inLeft && filled.left) return "left";
  return undefined;
}

/**
 * NULLs the query's own outer join creates: rows of the preserved side with no partner get NULL
 * in every column of the other side, which SUM/AVG then skip.
 */
async function outerJoinNulls(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  /** The aggregate's own FILTER: the rows it leaves out are not skipped by it (held-out HV-03). */
  aggregateFilter?: Json,
): Promise<((call: string, column: string) => Diagnostic) | undefined> {
  const joins: Json[] = [];
  walk(select.from_table, (n) => {
    if (n.type === "JOIN" && nullableSide(n, alias, ctx.state)) joins.push(n);
  });
  if (joins.length === 0) return undefined;
  for (const join of await equiJoins({ node: select } as Json, ctx.state, ctx.engine)) {
    if (!joins.includes(join.node)) continue;
    // Rows the outer join made up for the alias, among the rows the query keeps: a WHERE predicate
    // on the nullable side drops them again (comparisons with NULL fail), and so does the
    // aggregate's FILTER (`sum(k.units) FILTER (WHERE c.fips IS NULL)` sums k's own rows only).
    const relation = await keptRelation(
      ctx,
      select,
      alias,
      aggregateFilter ? { filter: aggregateFilter } : {},
    );
    const [made] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE ${sqlIdent(alias)}.${PRESENT} IS NULL) AS n${relation.from}`,
    );
    if (
      relation.exact
        ? Number(made?.n ?? 0) === 0
        : (await filterFor(ctx.engine, select, alias, ctx.state, undefined, {
            joins: false,
            transfer: false,
          })) !== "TRUE"
    )
      continue;
    const side = nullableSide(join.node, alias, ctx.state)!;
    const nullable = join.pairs.map((p) => (side === "right" ? p.right : p.left));
    const preserved = join.pairs.map((p) => (side === "right" ? p.left : p.right));
    const profile = await joinProfile(
      ctx.engine,
      { keys: preserved, filter: await filterFor(ctx.engine, select, preserved[0]!.alias, ctx.state) },
      { keys: nullable, filter: "TRUE" },
    );
    const lost = profile.left;
    if (lost.lostRows === 0) continue;
    const kept = preserved[0]!.table;
    const locations = await locate(
      ctx.engine,
      kept,
      lost.lost.map((e) => e.rowid),
    );
    const examples = lost.lost.map(
      (e, i) =>
        `${preserved.map((k, j) => literal(e.key[j], k.column ? typeOf(kept, k.column) : undefined)).join("/")}${at(locations[i])}`,
    );
    // The other side holds several rows per key (observations of a station, readings of a
    // buoy): an unmatched key has no observation, and a 0 in its place would be one made-up
    // reading among real ones — not what "missing means zero" is about (one row per key: a count
    // or amount per entity, where it may be).
    const other = nullable[0]!;
    // Keys as SQL over the side's alias (a column, or `CAST(w.buoy_id AS VARCHAR)`).
    const [shape] = await ctx.engine.all(
      `SELECT count(*) AS n, count(DISTINCT (${nullable.map((k) => k.sql).join(", ")})) AS k ` +
        `FROM ${sqlIdent(other.table.name)} AS ${sqlIdent(other.alias)} WHERE ${nullable.map((k) => `(${k.sql}) IS NOT NULL`).join(" AND ")}`,
    );
    const rows = Number(shape?.n ?? 0);
    const keys = Number(shape?.k ?? 0);
    const observations = keys > 0 && rows >= 2 * keys;
    const fn = (call: string): string => call.slice(0, call.indexOf("("));
    return (call, column) => ({
      code: "null-in-aggregate",
      severity: observations ? "info" : "warning",
      message:
        `${call} skips the NULLs this query's ${String(join.node.join_type).toLowerCase()} join creates: ${scaled(lost.lostRows, profile.sampleEvery)} row(s) of ${tableLabel(kept)} have no match in ${tableLabel(other.table)}, e.g. ${examples.join(", ")}, so ${column} is NULL for them and they are left out of ${fn(call)}. ` +
        (observations
          ? `${tableLabel(other.table)} holds several rows per key (${rows.toLocaleString("en-US")} rows for ${keys.toLocaleString("en-US")} keys): the unmatched keys have no row there, and ${fn(call)} is taken over the rows that exist.`
          : `Say how they count: coalesce(${column}, 0) if missing means zero, or exclude them explicitly (WHERE ${column} IS NOT NULL).`),
      locations: present(locations),
    });
  }
  return undefined;
}

/**
 * Whether `column` of a CTE or subquery is computed from a column already reported (table.column):
 * its defining SELECT reads one table and the select-list item that gives `column` reads a reported
 * column of it — `e1 AS (SELECT t, sum(comptage) AS enb FROM nb GROUP BY t)` after `nb.comptage`.
 */
function madeFromReported(table: TableInfo, column: string, reported: (key: string) => boolean): boolean {
  if (!isDerivedTable(table)) return false;
  const definition = definitionOf(table);
  const from = definition?.from_table as Json | undefined;
  if (from?.type !== "BASE_TABLE") return false;
  const source = String(from.table_name).toLowerCase();
  const item = ((definition?.select_list as Json[] | undefined) ?? []).find(
    (i) => String(i.alias ?? "").toLowerCase() === column.toLowerCase(),
  );
  let found = false;
  walk(item, (n) => {
    if (n.class !== "COLUMN_REF") return;
    const name = (n.column_names as string[]).at(-1)!.toLowerCase();
    if (reported(`${source}.${name}`)) found = true;
  });
  return found;
}

/** The other parts of a row total, named in full when few. */
function partsNamed(parts: string[]): string {
  return parts.length <= 4
    ? parts.join(", ")
    : `the other ${parts.length} columns (${parts.slice(0, 3).join(", ")}, …)`;
}

/** A value no count or amount of the data holds, put where the NULLs are to see whether they reach the result. */
const PLACEHOLDER = 987654321;

/**
 * The table with a placeholder value where the column is NULL (blank rows left as they are): run
 * again with it, a query whose result does not change never returns anything those rows feed — they
 * fall in groups its outer query drops, or outside its join. Only that is learnt from it: what the
 * NULLs stand for is unknown, so a changed result is no effect (Remedy.reach).
 */
function reachRemedy(table: TableInfo, column: string): Remedy | undefined {
  const type = table.schema.find((c) => c.name === column)?.type ?? "";
  if (!isNumericType(type) && type !== "VARCHAR") return undefined;
  const r = sqlIdent("_reach");
  const c = sqlIdent(column);
  const value = type === "VARCHAR" ? `'${PLACEHOLDER}'` : String(PLACEHOLDER);
  return {
    table: table.name,
    sql: `SELECT * REPLACE (CASE WHEN ${r}.${c} IS NULL AND NOT ${blankRowSql(r, table)} THEN ${value} ELSE ${r}.${c} END AS ${c}) FROM ${sqlIdent(table.name)} AS ${r}`,
    says: `a value in place of each NULL of ${column}`,
    reach: true,
  };
}

/** Past this many columns a table's blank rows are not looked for (the test would be as wide). */
const BLANK_TEST_COLUMNS = 256;

/** SQL: the row of `table AS a` has no value in any column (FALSE for very wide tables). */
function blankRowSql(a: string, table: TableInfo): string {
  if (table.schema.length === 0 || table.schema.length > BLANK_TEST_COLUMNS) return "FALSE";
  return `(${table.schema.map((c) => `${a}.${sqlIdent(c.name)} IS NULL`).join(" AND ")})`;
}
