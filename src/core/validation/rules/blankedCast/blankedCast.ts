import type { Diagnostic, DiagnosticEffect, Remedy } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { SharedState } from "../../../state/sharedState.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import { columnLabel } from "../../derivedTables.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import {
  columnRefs,
  conjuncts,
  expressionSql,
  resolveColumn,
  walkOwn,
  scopedSelects,
} from "../../sqlFacts.ts";
import type { ColumnOf, Json } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { firstFindingPerKey } from "../../findingsOnce.ts";
import { NUMBER_LIKE } from "../numericAsText/numericAsText.ts";
import { readNumbers } from "../../effect/readNumbers.ts";
import type { BlankedValues } from "../../effect/readNumbers.ts";
import { boundReadings } from "../../effect/boundReadings.ts";
import { blankedCastDoc } from "./blankedCastDoc.ts";
import { blankedExtractions } from "./blankedExtract.ts";
import { shownValues } from "./shownValues.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";

/** Conversions that give NULL instead of failing on a value they cannot read. */
const TRY_FUNCTIONS = new Set(["try_strptime", "try"]);
/** How many blanked values (distinct) and example rows a message names. */
const SHOWN = 3;

interface Cast {
  column: ColumnOf;
  select: Json;
  /** The expression whose NULLs are the blanked values: the conversion, or the coalesce of readings it sits in. */
  node: Json;
  /**
   * What a lone conversion reads (`nullif(split_part(line, ',', 8), '')`): a row where that is
   * already NULL had no value for it to blank (held-out IS-10: 49 requests with no closing date).
   */
  input?: Json;
  /** `TRY_CAST(… AS DOUBLE)`, `try_strptime()`: how the message names the conversion. */
  how: string;
  /** numeric-as-text reports the values written as plain numbers (`1,234`) a numeric TRY_CAST blanked. */
  numericTryCast: boolean;
  /** The aggregate the converted value feeds, if any (`corr`). */
  aggregate?: string;
  /** The WHERE conjunct the conversion sits in. */
  conjunct?: Json;
  /** The conversion is tested with IS NULL: the query looks for the values it blanks. */
  listsBlanked: boolean;
}

function castsOf(statement: Json, state: SharedState): Cast[] {
  const out: Cast[] = [];
  for (const { select, scope } of scopedSelects(statement, state)) {
    const parts = [select.select_list, select.where_clause, select.having, select.qualify];
    // Conversions inside an aggregate's arguments, and those a query tests for NULL.
    const inAggregate = new Map<Json, string>();
    const testedNull = new Set<Json>();
    walkOwn(parts, (n) => {
      if (n.class === "FUNCTION" && isAnyAggregate(String(n.function_name)))
        walkOwn(n.children, (c) => {
          if (!inAggregate.has(c)) inAggregate.set(c, String(n.function_name));
        });
      if (n.class === "OPERATOR" && n.type === "OPERATOR_IS_NULL")
        for (const c of (n.children as Json[] | undefined) ?? []) testedNull.add(c);
    });
    // A conversion in a WHERE conjunct is judged on the rows the other conjuncts keep: the
    // conjunct itself drops the rows it blanks.
    const conjunctOf = new Map<Json, Json>();
    for (const conjunct of conjuncts(select.where_clause))
      walkOwn(conjunct, (n) => conjunctOf.set(n, conjunct));
    // `coalesce(try_strptime(d, '%Y-%m-%d'), try_strptime(d, '%m/%d/%Y'))`: a value one reading
    // blanks the next reading of the column may read, so the whole coalesce is judged. A coalesce
    // whose fallback is a constant (`coalesce(TRY_CAST(x AS DOUBLE), 0)`) still loses the value.
    const fallbackOf = new Map<Json, Json>();
    walkOwn(parts, (n) => {
      const children = (n.children as Json[] | undefined) ?? [];
      if (n.class !== "OPERATOR" || n.type !== "OPERATOR_COALESCE") return;
      if (children.filter((c) => columnRefs(c).length > 0).length < 2) return;
      for (const c of children) fallbackOf.set(c, n);
    });
    walkOwn(parts, (n) => {
      const tryCast = n.class === "CAST" && n.try_cast === true;
      const tryFunction = n.class === "FUNCTION" && TRY_FUNCTIONS.has(String(n.function_name).toLowerCase());
      if (!tryCast && !tryFunction) return;
      const judged = fallbackOf.get(n) ?? n;
      const refs = new Map<string, ColumnOf>();
      walkOwn(judged === n ? (tryCast ? n.child : n.children) : judged, (r) => {
        const c = r.class === "COLUMN_REF" ? resolveColumn(r.column_names as string[], scope) : undefined;
        if (c) refs.set(`${c.alias}.${c.column}`, c);
      });
      // One text column converted, bare or through a cleaning expression: its values are what is lost.
      const only = refs.size === 1 ? [...refs.values()][0]! : undefined;
      if (!only || only.table.schema.find((s) => s.name === only.column)?.type !== "VARCHAR") return;
      const target = tryCast ? String((n.cast_type as { id?: string } | undefined)?.id ?? "") : "";
      const aggregate = inAggregate.get(n);
      const input =
        judged === n ? (tryCast ? (n.child as Json) : (n.children as Json[] | undefined)?.[0]) : undefined;
      out.push({
        column: only,
        select,
        node: judged,
        ...(input ? { input } : {}),
        how: tryCast ? `TRY_CAST(… AS ${target})` : `${String(n.function_name)}()`,
        numericTryCast: tryCast && isNumericType(target),
        ...(aggregate ? { aggregate } : {}),
        ...(conjunctOf.has(n) ? { conjunct: conjunctOf.get(n)! } : {}),
        listsBlanked: testedNull.has(n),
      });
    });
  }
  return out;
}

/**
 * `blanked-cast` (warning): a TRY_CAST or try_strptime that turned values holding digits into
 * NULL — `*8,097,880` (a footnote mark on a number), `9.44 2013` (a value with a year), `<0.5`
 * (a detection limit), a date in another format. The query then averages, correlates, joins or
 * returns without those rows, and nothing says so. Values without a digit (`M`, `NA`, `-`, empty)
 * are missing-value markers: blanking them is what the cast was for, and they are not reported.
 * Values written as plain numbers with formatting (`1,234`, `$5M`) that a numeric TRY_CAST blanked
 * are numeric-as-text's. A query that tests the conversion for NULL (`WHERE TRY_CAST(x AS DOUBLE)
 * IS NULL`) is looking at the blanked values: info.
 */
export const blankedCastRule: ValidationRule = queryRule({
  doc: blankedCastDoc,
  runOrder: 200,
  inputsOnly: true,
  check: async ({ ctx, sql }) => [
    ...(await firstFindingPerKey(
      castsOf(sql.statement, ctx.state),
      (cast) => `${cast.column.table.name}.${cast.column.column}:${cast.how}`,
      (cast) => blanked(ctx, cast),
    )),
    ...(await blankedExtractions(ctx, sql.statement)),
  ],
});

async function blanked(ctx: OperatorContext, cast: Cast): Promise<Diagnostic | undefined> {
  const { table, column, alias } = cast.column;
  const a = sqlIdent(alias);
  const c = `${a}.${sqlIdent(column)}`;
  const converted = await expressionSql(ctx.engine, alias, cast.node);
  const input = cast.input ? `CAST((${await expressionSql(ctx.engine, alias, cast.input)}) AS VARCHAR)` : c;
  const kept = await keptRelation(ctx, cast.select, alias, cast.conjunct ? { except: cast.conjunct } : {});
  let lost =
    `${c} IS NOT NULL AND regexp_matches(${c}, '[0-9]') AND ${input} IS NOT NULL AND regexp_matches(${input}, '[0-9]') AND (${converted}) IS NULL` +
    (cast.numericTryCast ? ` AND NOT regexp_full_match(trim(${c}), '${NUMBER_LIKE}')` : "");
  const valuesOf = (filter: string) =>
    ctx.engine.all(
      `SELECT ${c} AS v, count(*) AS n, min(${a}.${ROWID}) AS r, sum(count(*)) OVER () AS total` +
        `${kept.from} AND ${filter} GROUP BY ALL ORDER BY n DESC, r LIMIT ${SHOWN}`,
    );
  let values = await valuesOf(lost);
  if (values.length === 0) return undefined;
  // The WHERE conjunct holding the conversion keeps some blanked rows through another branch
  // (`TRY_CAST(replace(m, ',', '') AS DOUBLE) >= 9000 OR m = '5,000+'`, held-out KN-04): only the
  // rows it drops are lost. A conjunct that reads other tables is judged whole, as before.
  // (A conjunct that tests the conversion for NULL keeps them too: it lists them, said below.)
  if (cast.conjunct && !cast.listsBlanked) {
    const conjunct = await expressionSql(ctx.engine, alias, cast.conjunct);
    const dropped = `${lost} AND NOT coalesce((${conjunct}), false)`;
    const left = await valuesOf(dropped).catch(() => undefined);
    if (left !== undefined) {
      if (left.length === 0) return undefined;
      [lost, values] = [dropped, left];
    }
  }
  const total = Number(values[0]!.total);
  const [read] = await ctx.engine.all(
    `SELECT count(*) FILTER (WHERE (${converted}) IS NOT NULL) AS ok, count(*) AS n${kept.from}`,
  );
  const { shown, locations } = await shownValues(ctx.engine, table, values, total);
  const keptRows = Number(read?.n ?? 0);
  const skipped = keptRows - Number(read?.ok ?? 0);
  const effect = cast.aggregate
    ? `${cast.aggregate}() skips ${skipped} of the ${keptRows} row(s) the query keeps, ${total} of them for these values`
    : cast.conjunct
      ? `The WHERE condition drops them: ${total} of the ${keptRows} row(s) the rest of the query keeps`
      : `${total} of the ${keptRows} row(s) the query keeps get NULL there`;
  const where = columnLabel(table, column);
  if (cast.listsBlanked)
    return {
      code: "blanked-cast",
      severity: "info",
      message: `${cast.how} of ${where} gives NULL for ${total} value(s) holding digits, which this query tests for: ${shown}.`,
      locations,
    };
  // The effect of reading the values: only numbers under a footnote mark have a reading to measure.
  const blankedValues = { table, column, alias, converted, lost, from: kept.from };
  const remedied = cast.numericTryCast
    ? await readOrBound(ctx, blankedValues)
    : {
        effect: {
          measured: false,
          text: "not measured: reading these values would take a format the data does not state",
        },
      };
  return {
    ...remedied,
    code: "blanked-cast",
    severity: "warning",
    message:
      `${cast.how} of ${where} turned ${total} value(s) holding digits into NULL: ${shown}. ` +
      `${effect}. Read these values explicitly (strip the mark, parse the other format, take the number out with regexp_extract), ` +
      `or leave the rows out on purpose (WHERE …) and say so in the answer.`,
    locations,
  };
}

/**
 * The effect of reading the blanked values: those that write one number under a footnote mark are
 * read as it (readNumbers); when none does, values that write several numbers (a band) are read at
 * their bounds (boundReadings); otherwise the effect is not measured, as readNumbers says.
 */
async function readOrBound(
  ctx: OperatorContext,
  values: BlankedValues,
): Promise<{ remedy: Remedy } | { effect: DiagnosticEffect }> {
  const read = await readNumbers(ctx.engine, values);
  if ("remedy" in read) return read;
  const bounded = await boundReadings(ctx.engine, values);
  return bounded ? { remedy: bounded } : read;
}
