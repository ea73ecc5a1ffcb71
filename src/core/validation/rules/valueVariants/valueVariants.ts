import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { filterFor, scopedSelects, walkOwn } from "../../sqlFacts.ts";
import { groupingItems } from "../../groupingItems.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { memoized } from "../../tableMemo.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import { aggregateCalls } from "../../aggregateUses.ts";
import { columnLabel } from "../../derivedTables.ts";
import { withVariantRows } from "../../variantRows.ts";
import { keptRowsFilter } from "../../keptRowsFilter.ts";
import { mergedSpellings, mergesOf } from "../../effect/mergedSpellings.ts";
import { literalUses, reachedBy, readsColumn, textColumn } from "./literalUses.ts";
import { foldedLiterals } from "./foldedLiterals.ts";
import { spellingInspection } from "./spellingInspection.ts";
import {
  SHOWN,
  distinctEntities,
  groupVariants,
  mergingExpression,
  normalised,
  normalisedJs,
  splitGroups,
  variantCandidates,
} from "./spellingGroups.ts";
import type { VariantGroup } from "./spellingGroups.ts";
import { valueVariantsDoc } from "./valueVariantsDoc.ts";

/**
 * The column of the query's result that holds a GROUP BY column as it is — the final SELECT
 * lists it bare, with no HAVING or LIMIT that could hide groups — so that the groups the query
 * really produced can be read from its (small) result instead of re-grouping the source.
 */
const SEARCHES =
  /^(~~|~~\*|!~~|!~~\*|regexp_matches|regexp_full_match|contains|prefix|suffix|starts_with|ends_with)$/i;
const COUNTS = /^(count|count_star)$/i;

/**
 * A search listing: the SELECT's WHERE searches the grouped column with a pattern (`Agency ILIKE
 * '%youth%'`, `regexp_matches(name, 'total|district')`) and its aggregates only count — it asks
 * which values the column holds, and shows each spelling as a row of its own (held-out GU-05,
 * GT-10: 'Youth Summer ' / 'Youth Summer  ' listed by a search for agency names). The pattern, as
 * SQL, when it is one.
 */
function searchListing(select: Json, c: ColumnOf, scope: Map<string, TableInfo>): string | undefined {
  let found: string | undefined;
  let countsOnly = true;
  const isColumn = (n: Json | undefined): boolean => readsColumn(n, c, scope, true);
  const visit = (n: unknown, inWhere: boolean): void => {
    if (!n || typeof n !== "object") return;
    const node = n as Json;
    if (node.class === "FUNCTION") {
      const fn = String(node.function_name);
      const args = (node.children as Json[] | undefined) ?? [];
      if (inWhere && SEARCHES.test(fn) && isColumn(args[0]) && args[1]?.class === "CONSTANT")
        found ??= `${fn.startsWith("~~") || fn.startsWith("!~~") ? "LIKE" : fn} ${sqlString(String((args[1].value as { value?: unknown } | undefined)?.value ?? ""))}`;
      if (!inWhere && node.is_operator !== true && isAnyAggregate(fn.toLowerCase()) && !COUNTS.test(fn))
        countsOnly = false;
    }
    if (node.class === "SUBQUERY" || node.type === "SUBQUERY") return;
    for (const v of Object.values(node)) visit(v, inWhere);
  };
  visit(select.where_clause, true);
  visit(select.select_list, false);
  visit(select.having, false);
  return countsOnly ? found : undefined;
}

function inspectionNote(c: ColumnOf, how: string): string {
  return `The query shows ${c.column}'s exact form (${how}): it looks at the spellings themselves, and its result shows them side by side.`;
}

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

/**
 * A SELECT that lists rows: no GROUP BY, no aggregate in its list (held-out HA-04: `SELECT * FROM
 * cnt WHERE min_idir = 'e'`, the one row of the lower-case direction, looked at on purpose).
 */
function listsRows(select: Json): boolean {
  if (((select.group_expressions as Json[] | undefined) ?? []).length > 0) return false;
  if (select.aggregate_handling === "FORCE_AGGREGATES") return false;
  let aggregate = false;
  walkOwn(select.select_list, (n) => {
    if (
      (n.class === "FUNCTION" && isAnyAggregate(String(n.function_name).toLowerCase())) ||
      n.class === "WINDOW"
    )
      aggregate = true;
  });
  return !aggregate;
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
  doc: valueVariantsDoc,
  runOrder: 230,
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
      /** Why the spellings side by side are what the query asks for: then an info. */
      looking?: string,
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
        severity: looking ? "info" : "warning",
        message: `${columnLabel(c.table, c.column)}, used in ${how}, spells ${kept.length === 1 ? "a value" : "values"} in several ways: ${shown.join("; ")}. They are treated as different values. ${looking ? `${looking} ` : ""}${fix(mergingExpression(c.column, kept))}`,
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
    for (const { select, scope } of scopedSelects(sql.statement, ctx.state)) {
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
        // Spellings the query itself names, every one of them (`WHERE type IN ('RELEASE',
        // 'RELEASED') GROUP BY type`): it sets them side by side on purpose, to compare them.
        const namedHere = new Set(
          literalUses(select, scope)
            .filter((u) => u.column.alias === c.alias && u.column.column === c.column)
            .flatMap((u) => [...u.literals]),
        );
        // Or names them through a folding of the column (`lower(Area) IN ('western australia',
        // 'westerm australia')`): every spelling of the group, once folded, is among them.
        const folded = foldedLiterals(select, c, scope);
        const unnamed = found.filter(
          (g) => !g.variants.every((v) => namedHere.has(v) || folded.has(normalisedJs(v))),
        );
        if (unnamed.length === 0) continue;
        const search = searchListing(select, c, scope);
        const inspected = spellingInspection(select, c, scope);
        await report(
          c,
          "GROUP BY",
          await splitGroups(ctx, select, c, others, unnamed),
          filter,
          (merge) => `Group by a normalised form instead, e.g. GROUP BY ${merge}.`,
          undefined,
          search
            ? `The query searches ${c.column} (${search}) and counts what it finds: its result lists the spellings side by side.`
            : inspected
              ? inspectionNote(c, inspected)
              : undefined,
        );
      }
      // count(DISTINCT col) counts each spelling as a value of its own (held-out JT-03: 'Vail VR' and
      // 'VAIL VR', one game, made 135 first-person shooters of 134).
      for (const call of aggregateCalls([select.select_list, select.having], (fn) => /^count$/i.test(fn), {
        windows: false,
      })) {
        if (call.node.distinct !== true) continue;
        const c = textColumn(call.argument, scope);
        if (!c || grouped.has(`${c.alias}.${c.column}`)) continue;
        grouped.add(`${c.alias}.${c.column}`);
        if ((await wholeColumn(c)).length === 0) continue;
        const own = await filterFor(ctx.engine, select, c.alias, ctx.state);
        const filter = await keptRowsFilter(ctx, select, c.alias, own);
        const found = filter === "TRUE" ? await wholeColumn(c) : await groupVariants(ctx.engine, c, filter);
        if (found.length === 0) continue;
        const inspected = spellingInspection(select, c, scope);
        await report(
          c,
          `count(DISTINCT ${c.column})`,
          found,
          filter,
          (merge) => `Count a normalised form instead, e.g. count(DISTINCT ${merge}).`,
          undefined,
          inspected ? inspectionNote(c, inspected) : undefined,
        );
      }
      for (const use of literalUses(select, scope)) {
        const c = use.column;
        const whole = await wholeColumn(c);
        if (whole.length === 0) continue;
        // Spellings alike once normalised: only where the column holds some.
        const alikeOnce = whole.some((g) => !g.misspelling);
        const where = await filterFor(ctx.engine, select, c.alias, ctx.state, use.conjunct);
        // A comparison inside FILTER (WHERE type = 'Bank Account' AND sub = 'New Accounts') only
        // ever sees Bank Account rows: a spelling on other rows is no row it missed.
        const reached = await reachedBy(ctx.engine, use, scope);
        const others = !reached ? where : where === "TRUE" ? reached : `(${where}) AND (${reached})`;
        const a = sqlIdent(c.alias);
        const col = `${a}.${sqlIdent(c.column)}`;
        // One statement for every literal of the column: its spellings among the kept rows.
        const rows = !alikeOnce
          ? []
          : await ctx.engine.all(
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
        // Whether each spelling the query names is its group's rarer one (`min_idir = 'e'`, 1 row
        // against 5,888 of 'E'): a query that lists such rows looks at the odd spelling itself.
        let rarerOnly = true;
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
          const most = Math.max(...unnamed.map((s) => s.n));
          if (!spellings.every((s) => !use.literals.has(s.v) || s.n < most)) rarerOnly = false;
          groups.push({
            variants: spellings.map((s) => s.v),
            n: spellings.reduce((t, s) => t + s.n, 0),
            // The rarest spelling's first row (spellings come most frequent first).
            r: spellings[spellings.length - 1]!.r,
          });
          named.push(...spellings.filter((s) => use.literals.has(s.v)).map((s) => s.v));
        }
        // A named spelling whose one-letter misspelling the column also holds (held-out HN-07:
        // `State IN ('Australian Capital Territory', 'Northern Territory')` beside one row each of
        // 'Australia Capital Territory' and 'Northrn Territory'), among the rows the query keeps.
        // A comparison that excludes the named spellings keeps the misspelt rows in sight (`NOT IN
        // ('County', …)` beside 'Country', a level of its own: held-out GP-01).
        for (const g of use.negated ? [] : whole.filter((x) => x.misspelling)) {
          const unnamed = g.variants.filter((v) => !use.literals.has(v));
          if (unnamed.length === 0 || unnamed.length === g.variants.length) continue;
          if (groups.some((x) => x.variants.some((v) => g.variants.includes(v)))) continue;
          const [kept] = await ctx.engine.all(
            `SELECT count(*) AS n, min(${a}.rowid) AS r FROM ${sqlIdent(c.table.name)} AS ${a} WHERE (${others}) AND ${col} IN (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')))`,
            [JSON.stringify(unnamed)],
          );
          if (Number(kept?.n ?? 0) === 0) continue;
          groups.push({ ...g, r: Number(kept!.r) });
          named.push(...g.variants.filter((v) => use.literals.has(v)));
          rarerOnly = false;
        }
        const how = (list: string): string =>
          use.where === "filter" ? `a filter on ${list}` : `a comparison with ${list} inside the select list`;
        const compareWith = (merge: string, literal: string): string =>
          `${merge} = ${sqlString(
            // A CASE that maps misspellings onto the named spelling yields that spelling as written.
            merge.startsWith("CASE ")
              ? literal
              : merge.startsWith("lower(trim(")
                ? literal.replace(/^ +| +$/g, "").toLowerCase()
                : normalisedJs(literal),
          )}`;
        // The same WHERE searches the column with a pattern that reads past case (`upper(Neighborhood)
        // LIKE '%DELRIDGE%' AND Neighborhood <> 'DELRIDGE'`, held-out IU-03): a search for the
        // other spellings, which its rows list.
        const searched = use.where === "filter" ? searchListing(select, c, scope) : undefined;
        const inspected = spellingInspection(select, c, scope);
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
            rarerOnly && listsRows(select)
              ? `The query lists the rows of the rarer spelling${named.length === 1 ? "" : "s"}: it looks at the odd spelling itself.`
              : searched
                ? `The query also searches ${c.column} (${searched}): it looks for the spellings, and its rows show them.`
                : inspected
                  ? inspectionNote(c, inspected)
                  : undefined,
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
