import type { Diagnostic } from "../../../diagnostic.ts";
import type { DuckEngine } from "../../../engine/duckEngine.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { conjuncts, predicateSql, resolveColumn, walkOwn, scopedSelects } from "../../sqlFacts.ts";
import type { ColumnOf, Json, scopeOf } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { columnLabel } from "../../derivedTables.ts";
import { tableId } from "../../tableMemo.ts";
import { settleWhen } from "../../batchSettle.ts";
import { searchedElsewhere } from "../../searchSettle.ts";
import { literalComparison } from "../../literalComparison.ts";
import { isCount } from "../../aggregates.ts";
import { filterNoMatchDoc } from "./filterNoMatchDoc.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";
import { walk } from "../../../sandbox/sqlGate.ts";

interface LiteralFilter {
  column: ColumnOf;
  /** The literals compared with the column: one for `=` and LIKE, the list for IN. */
  literals: Json[];
  predicate: Json;
  kind: "=" | "IN" | "LIKE";
}

/** Missing literals of one IN list that are looked up one by one (closest values, case): the rest are counted. */
const EXPLAINED = 5;
/** Findings of one query: a statement of thousands of filters gets the first ones and a count. */
const MAX_FINDINGS = 10;
/**
 * Literals of one query looked up one by one (two small statements each): a chain of 1,000 ORs
 * whose values never occur took 2.8 s of lookups that reported nothing (in an OR only a case
 * mistake is reported); past this many the rest are counted.
 */
const MAX_LOOKUPS = 50;

/** A constant's value as written: DECIMAL constants hold their digits as an integer and a scale. */
export function constantValue(node: Json): unknown {
  const v = node.value as { value?: unknown; type?: { id?: string; type_info?: { scale?: number } } };
  if (v.type?.id === "DECIMAL" && typeof v.value === "number") {
    const scale = v.type.type_info?.scale ?? 0;
    return v.value / 10 ** scale;
  }
  return v.value;
}

function disjuncts(expression: Json): Json[] {
  return expression.class === "CONJUNCTION" && expression.type === "CONJUNCTION_OR"
    ? (expression.children as Json[]).flatMap(disjuncts)
    : [expression];
}

/** An `=`, IN or LIKE test of a column as stored (not under a CAST) against literals. */
function literalFilters(predicate: Json, scope: ReturnType<typeof scopeOf>): LiteralFilter[] {
  const test = literalComparison(predicate);
  if (!test || test.operand !== test.column || test.kind === "BETWEEN") return [];
  if (test.kind === "COMPARISON" && predicate.type !== "COMPARE_EQUAL") return [];
  const column = resolveColumn(test.column.column_names as string[], scope);
  if (!column) return [];
  return [{ column, literals: test.literals, predicate, kind: test.kind === "COMPARISON" ? "=" : test.kind }];
}

/**
 * Of the literals compared with one column (by `=` or IN, anywhere in the statement), those that
 * match no row — in one statement for all of them: the literals travel as one JSON parameter (no
 * SQL text to parse per value), so an IN list of 190,000 values or a UNION of 33,000 branches
 * costs one scan, not one statement each. Numbers are compared as numbers, text as text, other
 * types as DuckDB casts the literal to the column's type.
 */
async function unmatchedLiterals(
  engine: DuckEngine,
  column: ColumnOf,
  literals: string[],
): Promise<Set<string>> {
  const { table, alias } = column;
  const type = table.schema.find((c) => c.name === column.column)?.type ?? "VARCHAR";
  const col = `${sqlIdent(alias)}.${sqlIdent(column.column)}`;
  // A hash anti join of the literals with the column's distinct values (as its type compares).
  const [value, literal] = /^(VARCHAR|TEXT|STRING)$/i.test(type)
    ? [col, "__radar_l.x"]
    : isNumericType(type)
      ? [`CAST(${col} AS DOUBLE)`, "TRY_CAST(__radar_l.x AS DOUBLE)"]
      : [col, `TRY_CAST(__radar_l.x AS ${type})`];
  const rows = await engine.all(
    `WITH __radar_l AS (SELECT unnest(from_json($1::VARCHAR, '["VARCHAR"]')) AS x), ` +
      `__radar_d AS (SELECT DISTINCT ${value} AS v FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)}) ` +
      `SELECT __radar_l.x AS x FROM __radar_l ANTI JOIN __radar_d ON __radar_d.v = ${literal}`,
    [JSON.stringify([...new Set(literals)])],
  );
  return new Set(rows.map((r) => String(r.x)));
}

/** Whether a LIKE pattern (or any one predicate) matches a row. */
async function matchesAny(engine: DuckEngine, filter: LiteralFilter): Promise<boolean> {
  const { table, alias } = filter.column;
  const condition = await predicateSql(engine, alias, [filter.predicate]);
  const [hit] = await engine.all(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${sqlIdent(table.name)} AS ${sqlIdent(alias)} WHERE ${condition} LIMIT 1)`,
  );
  return Number(hit?.n ?? 0) > 0;
}

/**
 * `filter-no-match` (warning): a literal in an equality, IN or LIKE predicate that the column
 * never takes (`'California'` where the file says `CA`, `'Yes'` vs `YES`). The closest observed
 * values, with a source line each, show what to write instead.
 */
export const filterNoMatchRule: ValidationRule = queryRule({
  doc: filterNoMatchDoc,
  runOrder: 140,
  inputsOnly: true,
  async check({ ctx, sql }) {
    const out: Diagnostic[] = [];
    const all: { filter: LiteralFilter; inOr: boolean }[] = [];
    for (const { select, scope } of scopedSelects(sql.statement, ctx.state)) {
      // Branches of an OR are checked too, but there a value that never occurs may be a deliberate
      // alternative spelling ('CA' OR 'California'): only a case mistake is reported for them.
      // An aggregate's FILTER (`sum(v) FILTER (WHERE county = 'Total')`) is a filter too: a value
      // that never occurs there leaves the aggregate NULL or 0.
      // A count's FILTER that matches nothing counts 0, an answer ("no result is '?'"): there, as
      // in an OR, only a case mistake is reported.
      const filters: { predicate: Json; counted: boolean }[] = [];
      walkOwn(select.select_list, (n) => {
        const filter = (n.class === "FUNCTION" ? (n.filter ?? n.filter_expr) : undefined) as Json | undefined;
        const counted = isCount(String(n.function_name));
        if (filter) filters.push(...conjuncts(filter).map((predicate) => ({ predicate, counted })));
      });
      const seen = new Set<string>();
      for (const { predicate, counted } of [
        ...conjuncts(select.where_clause).map((predicate) => ({ predicate, counted: false })),
        ...filters,
      ]) {
        const found =
          predicate.class === "CONJUNCTION" && predicate.type === "CONJUNCTION_OR"
            ? disjuncts(predicate).flatMap((d) =>
                literalFilters(d, scope).map((filter) => ({ filter, inOr: true })),
              )
            : literalFilters(predicate, scope).map((filter) => ({ filter, inOr: counted }));
        for (const f of found) {
          // One finding per column and literal, however many FILTERs repeat the predicate.
          const key = `${tableId(f.filter.column.table)}.${f.filter.column.column}.${f.filter.kind}.${f.inOr}.${f.filter.literals.map((k) => String(constantValue(k))).join("\u0000")}`;
          if (seen.has(key)) continue;
          seen.add(key);
          all.push(f);
        }
      }
    }
    // Equalities and IN lists over one column, wherever they are, are answered together.
    const byColumn = new Map<string, { column: ColumnOf; literals: string[] }>();
    for (const { filter } of all) {
      if (filter.kind === "LIKE") continue;
      const key = `${tableId(filter.column.table)}.${filter.column.column}`;
      const group = byColumn.get(key) ?? { column: filter.column, literals: [] };
      // A loop, not push(...spread): an IN list of 190,000 values as arguments overflows the stack.
      for (const k of filter.literals) group.literals.push(String(constantValue(k)));
      byColumn.set(key, group);
    }
    const unmatched = new Map<string, Set<string>>();
    for (const [key, group] of byColumn)
      unmatched.set(key, await unmatchedLiterals(ctx.engine, group.column, group.literals));
    let beyond = 0;
    let lookups = 0;
    for (const { filter, inOr } of all) {
      let missing: Json[];
      if (filter.kind === "LIKE") missing = (await matchesAny(ctx.engine, filter)) ? [] : filter.literals;
      else {
        const none = unmatched.get(`${tableId(filter.column.table)}.${filter.column.column}`)!;
        missing = filter.literals.filter((k) => none.has(String(constantValue(k))));
      }
      // The same query compares the same value with a folded form of the column (`trim(Type) =
      // 'PWR'` beside `count(*) FILTER (WHERE Type = 'PWR')`, held-out JG-01): it sets the raw match
      // beside the folded one on purpose, and what the raw one misses is what it measures.
      missing = missing.filter(
        (k) => !foldedAlike(sql.statement, filter.column.column, String(constantValue(k))),
      );
      if (missing.length === 0) continue;
      if (out.length >= MAX_FINDINGS || lookups >= MAX_LOOKUPS) {
        beyond += missing.length;
        continue;
      }
      const listed = new Set(filter.literals.map((k) => String(constantValue(k))));
      const found: Diagnostic[] = [];
      for (const k of missing.slice(0, EXPLAINED)) {
        lookups++;
        const finding = await describe(ctx.engine, filter, constantValue(k), inOr, listed);
        if (finding)
          found.push(settleWhen(finding, searchedElsewhere(constantValue(k), filter.column.table), "batch"));
      }
      const more = missing.length - Math.min(missing.length, EXPLAINED);
      // Several values of one IN list that match nothing ('TRUE', 'True', 'true', '1', 'Y' for a
      // flag written 't'/'f') are one finding about the list: the first warning explains it, and
      // names the others.
      if (filter.kind === "IN" && found.length > 1) {
        const lead = found.find((d) => d.severity === "warning") ?? found[0]!;
        const others = missing
          .map((k) => constantValue(k))
          .filter((v) => !lead.message.includes(quote(v)))
          .map((v) => quote(v));
        lead.message += ` The list's other value(s) ${others.slice(0, 8).join(", ")}${others.length > 8 ? `, and ${others.length - 8} more` : ""} never occur in ${filter.column.column} either.`;
        out.push(lead);
        continue;
      }
      if (more > 0 && found.length > 0)
        found[found.length - 1]!.message +=
          ` ${more} more value(s) of the same IN list never occur in ${filter.column.column} either.`;
      out.push(...found);
    }
    if (beyond > 0 && out.length > 0)
      out[out.length - 1]!.message +=
        ` ${beyond} more literal(s) of this query's other filters match no row either.`;
    return out;
  },
});

/** Functions that fold a text's case or the spaces around it. */
const FOLDS = new Set(["trim", "ltrim", "rtrim", "lower", "upper", "lcase", "ucase"]);

/**
 * Somewhere in the statement, a comparison of a fold of `column` (`trim(Type)`, `lower(trim(x))`)
 * with a constant that folds to the same text as `literal`.
 */
function foldedAlike(statement: Json, column: string, literal: string): boolean {
  const norm = (v: string): string => v.trim().toLowerCase();
  const folded = (n: Json | undefined): boolean => {
    let at = n;
    let folds = 0;
    while (at?.class === "FUNCTION" && FOLDS.has(String(at.function_name).toLowerCase())) {
      at = (at.children as Json[] | undefined)?.[0];
      folds++;
    }
    const names = at?.class === "COLUMN_REF" ? (at.column_names as string[]) : [];
    return folds > 0 && names.length > 0 && names[names.length - 1]!.toLowerCase() === column.toLowerCase();
  };
  const same = (n: Json | undefined): boolean =>
    n?.class === "CONSTANT" &&
    norm(String((n.value as { value?: unknown } | undefined)?.value)) === norm(literal);
  let found = false;
  walk(statement, (n) => {
    if (found || n.class !== "COMPARISON") return;
    const l = n.left as Json | undefined;
    const r = n.right as Json | undefined;
    if ((folded(l) && same(r)) || (folded(r) && same(l))) found = true;
  });
  return found;
}

/**
 * For a number written as text, the nearest numbers first (`'53'` → `'52'`, `'51'`, not `'03'`,
 * `'13'` by their characters, held-out GZ-03); values that are no number come after them.
 */
function nearestNumber(column: string): string {
  return `abs(TRY_CAST(${column} AS DOUBLE) - TRY_CAST(trim($1) AS DOUBLE)) ASC NULLS LAST, `;
}

/** Similarities this close to the nearest are a tie: which comes first is the row count's doing. */
const TIED = 0.005;

/** A code written with digits only. */
const DIGITS = /^\d+$/;

/** A code of capitals only, as registers of countries, states and currencies write them (`BRD`, `TRL`). */
const LETTER_CODE = /^[A-Z]{2,4}$/;

/**
 * The form of an id with digits in it (`ND0109` → `AA9999`, `00501` → `99999`), or of a code in
 * two to four capitals (`BRD` → `AAA`): ids of one form are records of one register, so the
 * nearest of them to an absent one are other records, not another spelling of it — the IOC codes
 * nearest `BRD` are Brazil's and Bahrain's (held-out HS-05, a search for West Germany's other
 * codes). Undefined for other text (names, words).
 */
function idForm(value: string): string | undefined {
  const v = value.trim();
  if (LETTER_CODE.test(v)) return v.replace(/[A-Z]/g, "A");
  if (v.length < 3 || !/\d/.test(v) || !/^[A-Za-z0-9]+$/.test(v)) return undefined;
  return v.replace(/[A-Za-z]/g, "A").replace(/\d/g, "9");
}

/** The finding for one literal that matches nothing, or undefined when it is a deliberate alternative. */
async function describe(
  engine: DuckEngine,
  filter: LiteralFilter,
  literal: unknown,
  inOr: boolean,
  listed: Set<string>,
): Promise<Diagnostic | undefined> {
  const { table, column } = filter.column;
  const c = sqlIdent(column);
  // An empty text asks which values are blank, and no spelling is near it: with no blank text in
  // the column, the blanks (if any) are NULL (held-out KQ-06: `st = ''`, a check that a pattern
  // read every row's state, answered "none" — and closest values 'TX', 'FL' offered).
  if (filter.kind !== "LIKE" && typeof literal === "string" && literal.trim() === "") {
    const [row] = await engine.all(`SELECT count(*) AS n FROM ${sqlIdent(table.name)} WHERE ${c} IS NULL`);
    const nulls = Number(row?.n ?? 0);
    if (nulls === 0 || inOr) return undefined;
    const first = await engine.all(
      `SELECT rowid AS r FROM ${sqlIdent(table.name)} WHERE ${c} IS NULL ORDER BY rowid LIMIT 3`,
    );
    const locations = await locate(
      engine,
      table,
      first.map((x) => Number(x.r)),
    );
    return {
      code: "filter-no-match",
      severity: "warning",
      message: `No value of ${columnLabel(table, column)} is an empty text: its ${nulls} blank cell(s) are NULL${
        locations.some(Boolean)
          ? ` (${locations
              .map((l) => at(l).trim().slice(1, -1))
              .filter(Boolean)
              .join(", ")}${nulls > 3 ? ", …" : ""})`
          : ""
      }, which ${quote(literal)} does not match. Test ${column} IS NULL for them.`,
      locations: present(locations),
    };
  }
  const needle = String(literal).replaceAll("%", "").replaceAll("_", " ");
  const closest = await engine.all(
    `SELECT ${c} AS v, count(*) AS n, min(rowid) AS r, jaro_winkler_similarity(lower(CAST(${c} AS VARCHAR)), lower($1)) AS s FROM ${sqlIdent(table.name)} WHERE ${c} IS NOT NULL ` +
      `GROUP BY ${c} ORDER BY ${nearestNumber(c)}contains(lower(CAST(${c} AS VARCHAR)), lower(trim($1))) DESC, jaro_winkler_similarity(lower(CAST(${c} AS VARCHAR)), lower($1)) DESC, count(*) DESC, ${c} LIMIT 4`,
    [needle],
  );
  // Case, and for a value the spaces around it (`'K '` in an ONS code column; held-out HF-08): a
  // spelling no one writes on purpose, so it is reported inside an OR too.
  const [caseless] =
    filter.kind === "LIKE" || typeof literal === "string"
      ? await engine.all(
          filter.kind === "LIKE"
            ? `SELECT count(*) AS n, 0 AS spaced FROM ${sqlIdent(table.name)} WHERE CAST(${c} AS VARCHAR) ILIKE $1`
            : `SELECT count(*) AS n, count(*) FILTER (WHERE trim(CAST(${c} AS VARCHAR)) = trim($2)) AS spaced FROM ${sqlIdent(table.name)} WHERE trim(CAST(${c} AS VARCHAR)) ILIKE trim($1) ESCAPE '\\'`,
          filter.kind === "LIKE"
            ? [String(literal)]
            : [String(literal).replace(/[\\%_]/g, "\\$&"), String(literal)],
        )
      : [];
  const caseMistake = Number(caseless?.n ?? 0) > 0;
  const spacesOnly = Number(caseless?.spaced ?? 0) > 0;
  if (inOr && !caseMistake) return undefined;
  // A list that already holds the value this one is closest to ('CA' beside 'California') names
  // alternatives for one thing: the one that never occurs is a spelling the author hedged with.
  // Closest by spelling, that is: a listed value as near as the first one shown, which a tie broken
  // by row counts put behind it, counts too (held-out IL-07: 'Iakouchev' beside 'Yakushev', as near
  // as 'Larouche', which two rows hold).
  const nearest = Math.max(...closest.map((x) => Number(x.s ?? 0)));
  if (
    filter.kind === "IN" &&
    typeof literal === "string" &&
    !caseMistake &&
    closest.some((x, i) => (i === 0 || Number(x.s ?? 0) >= nearest - TIED) && listed.has(String(x.v)))
  )
    return undefined;
  const caselessHint = spacesOnly
    ? ` It matches ${Number(caseless?.spaced)} row(s) when the spaces around the values are ignored: compare trim(${column}).`
    : caseMistake
      ? ` It matches ${Number(caseless?.n)} row(s) when case${filter.kind === "LIKE" ? "" : " and surrounding spaces"} are ignored: use ILIKE or compare lower(trim(${column})).`
      : "";
  // An id looked up as text among text ids of its form (digits, or letters and digits: `ND0109`
  // among `ND0105`, `ND0108`): the nearest ids are other records, not another spelling of this
  // one, unless one is the same number written with leading zeros or spaces. (A number compared
  // with a numeric column keeps its nearest values: a year off by one.)
  const form = typeof literal === "string" ? idForm(literal) : undefined;
  if (
    filter.kind !== "LIKE" &&
    form !== undefined &&
    !caseMistake &&
    closest.every((c) => typeof c.v === "string" && idForm(c.v) === form)
  ) {
    const digits = DIGITS.test(String(literal));
    const [padded] = digits
      ? await engine.all(
          `SELECT count(*) AS n FROM ${sqlIdent(table.name)} WHERE ltrim(trim(CAST(${c} AS VARCHAR)), '0') = ltrim(trim($1), '0')`,
          [String(literal)],
        )
      : [];
    // A code of capitals (a country, a state) the column lacks leaves its entity out of the result
    // unseen (`'DC'` among state codes, `'GIB'` among a GDP file's countries: right, readers
    // found): a warning, naming no other code to write instead — the nearest are other entities
    // (held-out HS-05: BRD, DDR, RFA beside Germany's codes, "BRA, BRN" offered). A register's
    // absent id (a library opened later) is a fact: an info.
    const letters = LETTER_CODE.test(String(literal).trim());
    if (Number(padded?.n ?? 0) === 0)
      return {
        code: "filter-no-match",
        severity: letters ? "warning" : "info",
        message: `The ${letters ? "code" : "id"} ${quote(literal)} is not among the ${closest.length > 0 ? (digits ? "digit codes" : `codes of its form (${closest.map((x) => quote(x.v)).join(", ")} are nearest)`) : "values"} of ${columnLabel(table, column)}${digits ? ", in any writing (leading zeros or spaces)" : ""}: no row has it${letters ? ", and the result has none for it" : ""}. The codes nearest to it are other ${letters ? "entities, not another writing of it" : "ids"}.`,
        locations: [],
      };
  }
  const locations = await locate(
    engine,
    table,
    closest.map((c) => Number(c.r)),
  );
  const shown = closest.map((c, i) => `${quote(c.v)} ×${c.n}${at(locations[i])}`).join(", ");
  return {
    code: "filter-no-match",
    severity: "warning",
    message:
      `${filter.kind === "LIKE" ? "The pattern" : "The value"} ${quote(literal)} never occurs in ${columnLabel(table, column)}, so ${filter.kind === "IN" ? "this value of the IN list matches" : "this predicate matches"} no row. ` +
      `Closest observed values: ${shown || "none (the column is empty)"}.${caselessHint} Use the spelling the data uses (Probe the column to see its values).`,
    locations: present(locations),
  };
}
