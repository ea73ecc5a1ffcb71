import type { Diagnostic, SourceLocation } from "../../../diagnostic.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import type { CountingRule, TableProfile } from "../../../sourceMap/sourceEntry.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { isAggregate } from "../../aggregates.ts";
import { aggregateCalls } from "../../aggregateUses.ts";
import { tableLabel } from "../../derivedTables.ts";
import { locate, present, quote } from "../../evidence.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { expressionSql, resolveColumn, resolvedColumns, scopeOf, walkOwn } from "../../sqlFacts.ts";
import { groupingItems } from "../../groupingItems.ts";
import type { Json } from "../../sqlFacts.ts";
import { parseTree } from "../../sqlText.ts";
import { memoized } from "../../tableMemo.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { selectRule } from "../../partsRule.ts";
import { overlappingCategoriesDoc } from "./overlappingCategoriesDoc.ts";

/**
 * `overlapping-categories` (warning): a Query sums — or divides by a sum — across categories of a
 * table whose footnote says the categories overlap ("Consumers can report multiple types of
 * identity theft"; "percentages add to more than 100"): one case is counted in several rows, so
 * the sum counts it several times (Alabama's identity-theft types add up to 16,589 for its 13,596
 * reports). Only sums whose rows span more than one category in one result — per group of GROUP
 * BY, per window partition, or over every row kept — are reported; reading one category, or
 * summing one category across states or years, is not. The finding quotes the footnote's
 * sentence and names the table, its file and the footnote's line.
 */

/** Aggregates that add rows up (a sum over overlapping categories overcounts). */
const SUMS = new Set(["sum", "fsum", "sumkahan", "kahan_sum", "sum_no_overflow"]);

/** A "not 100 %" rule that blames rounding says nothing about overlap. */
const ROUNDING = /\bround(ing|ed)?\b/i;

/** Words of a footnote that say how it was counted, not what was counted. */
const STOP = new Set(
  (
    "can may could might more than one multiple several two report reports reported reporting consumer consumers " +
    "respondent respondents people person the and for from with that this these those their were was are is be " +
    "been included include includes including counted count counts number numbers total totals percent percents " +
    "percentage percentages add adds sum sums not each any all some data table year years who which what in"
  ).split(" "),
);

/** A number as reports write it: such a column is a measure, never a category. */
const NUMBER_TEXT = /^\(?[-+]?\s*[$€£¥]?\s*[-+]?\s*(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?\s*%?\)?$/;

interface Overlap {
  /** The rules that say the categories overlap, with the file they come from. */
  rules: { rule: CountingRule; file: string; sheet?: string }[];
  /** Columns (of the table as registered) whose values are the overlapping categories. */
  categories: string[];
}

function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(s|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** Content words of a text, stemmed: `SubCategory` → sub, category, subcategory. */
function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  const spaced = text.replace(/([a-z])([A-Z])/g, "$1 $2");
  for (const w of [...spaced.split(/[^A-Za-z]+/), ...text.split(/[^A-Za-z]+/)]) {
    const s = stem(w);
    if (s.length >= 3 && !STOP.has(s) && !STOP.has(w.toLowerCase())) out.add(s);
  }
  return out;
}

/** A column name that names what the sentence says cases can have several of. */
function named(column: string, sentence: Set<string>): boolean {
  for (const c of wordsOf(column))
    for (const s of sentence)
      if (c === s || (Math.min(c.length, s.length) >= 4 && (c.endsWith(s) || s.endsWith(c)))) return true;
  return false;
}

function profileOf(ctx: OperatorContext, file: string, sheet: string | undefined): TableProfile | undefined {
  const entry = ctx.entry(file);
  return sheet === undefined
    ? entry?.tables?.[0]
    : (entry?.tables?.find((t) => t.sheet === sheet) ?? entry?.tables?.[0]);
}

/** The registered table a Query table only filtered or projected from (no grouping, no aggregate). */
async function passedFrom(ctx: OperatorContext, table: TableInfo): Promise<TableInfo | undefined> {
  const { sql, inputs } = table.provenance;
  if (!sql || inputs?.length !== 1) return undefined;
  const tree = await parseTree(ctx.engine, sql).catch(() => undefined);
  const node = tree?.statements.length === 1 ? tree.statements[0]!.node : undefined;
  if (node?.type !== "SELECT_NODE" || (node.from_table as Json | undefined)?.type !== "BASE_TABLE")
    return undefined;
  if (((node.group_expressions as unknown[] | undefined) ?? []).length > 0) return undefined;
  if (node.aggregate_handling === "FORCE_AGGREGATES") return undefined;
  if (((node.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "DISTINCT_MODIFIER"))
    return undefined;
  let derived = false;
  walk(node.select_list, (n) => {
    if ((n.class === "FUNCTION" && isAggregate(String(n.function_name))) || n.class === "WINDOW")
      derived = true;
  });
  if (derived) return undefined;
  const from = ctx.state.table(String((node.from_table as Json).table_name));
  return from && from !== table ? from : undefined;
}

/** The overlap rules of the files a table was read from (through filters and projections of it). */
async function overlapOf(ctx: OperatorContext, table: TableInfo, depth = 0): Promise<Overlap | undefined> {
  if (table.provenance.kind === "query") {
    const from = depth < 5 ? await passedFrom(ctx, table) : undefined;
    const found = from ? await overlapOf(ctx, from, depth + 1) : undefined;
    // The categories by the names this table gives them (a projection may have left some out).
    return found && categoriesIn(table, found);
  }
  const rules: Overlap["rules"] = [];
  const profiles: TableProfile[] = [];
  for (const f of table.provenance.files) {
    const profile = profileOf(ctx, f.path, f.sheet);
    if (!profile) continue;
    profiles.push(profile);
    for (const rule of profile.countingRules ?? [])
      if (rule.kind === "overlap" || (rule.kind === "not-100" && !ROUNDING.test(rule.sentence)))
        if (!rules.some((r) => r.rule.sentence === rule.sentence))
          rules.push({ rule, file: f.path, ...(f.sheet ? { sheet: f.sheet } : {}) });
  }
  if (rules.length === 0) return undefined;
  // Label columns: text whose values are not numbers written as text ('9%', '1,202').
  const labels = table.schema
    .filter((c) => c.type === "VARCHAR" && c.name !== table.provenance.sourceColumn)
    .filter((c) => {
      const samples = profiles.flatMap(
        (p) => p.columns.find((pc) => pc.name.toLowerCase() === c.name.toLowerCase())?.samples ?? [],
      );
      return samples.length === 0 || !samples.every((v) => NUMBER_TEXT.test(v.trim()));
    })
    .map((c) => c.name);
  const sentence = new Set(rules.flatMap((r) => [...wordsOf(r.rule.sentence)]));
  const byName = labels.filter((c) => named(c, sentence));
  // A table of one label column: its labels are the categories the footnote speaks of.
  const categories = byName.length > 0 ? byName : labels.length === 1 ? labels : [];
  return categories.length > 0 ? { rules, categories } : undefined;
}

function categoriesIn(table: TableInfo, found: Overlap): Overlap | undefined {
  const categories = found.categories
    .map((c) => table.schema.find((s) => s.name.toLowerCase() === c.toLowerCase())?.name)
    .filter((c): c is string => c !== undefined);
  return categories.length > 0 ? { ...found, categories } : undefined;
}

interface SumUse {
  fn: string;
  node: Json;
  argument: Json;
  /** The group the sum adds up within: GROUP BY items, or a window's PARTITION BY. */
  groups: Json[];
  filter?: Json;
}

/** Sums in a SELECT's own expressions (not its subqueries, which are SELECTs of their own). */
function sumsOf(select: Json): SumUse[] {
  const calls = aggregateCalls(
    [select.select_list, select.having, select.qualify],
    (fn) => SUMS.has(fn.toLowerCase()),
    { windows: true },
  );
  const grouping = calls.some((c) => !c.window) ? groupingItems(select).map((g) => g.expression) : [];
  return calls.map(({ fn, node, argument, window, filter }) => ({
    fn,
    node,
    argument,
    groups: window ? ((node.partitions as Json[] | undefined) ?? []) : grouping,
    ...(filter ? { filter } : {}),
  }));
}

/** The alias every column of an expression belongs to, if one (and at least one column). */
function onlyAlias(expression: Json, scope: Map<string, TableInfo>): string | undefined {
  const columns = resolvedColumns(expression, scope);
  const aliases = new Set([...(columns?.values() ?? [])].map((c) => c.alias));
  return aliases.size === 1 ? [...aliases][0] : undefined;
}

function columnsRead(expression: Json, scope: Map<string, TableInfo>): string[] {
  const out: string[] = [];
  walkOwn(expression, (r) => {
    if (r.class !== "COLUMN_REF") return;
    const c = resolveColumn(r.column_names as string[], scope);
    if (c && !out.includes(c.column)) out.push(c.column);
  });
  return out;
}

export const overlappingCategoriesRule: ValidationRule = selectRule({
  doc: overlappingCategoriesDoc,
  runOrder: 220,
  async check({ ctx, select, scope }, findings) {
    for (const use of sumsOf(select)) {
      const alias = onlyAlias(use.argument, scope);
      if (!alias) continue;
      const table = scope.get(alias)!;
      const overlap = await memoized(table, "overlapping-categories", () => overlapOf(ctx, table));
      if (!overlap) continue;
      const measures = columnsRead(use.argument, scope).filter((c) => !overlap.categories.includes(c));
      if (measures.length === 0) continue;
      const found = await spanningGroup(ctx, select, alias, use, overlap);
      if (!found) continue;
      const key = `${table.name}|${measures.join(",")}|${found.where}`;
      if (findings.has(key)) continue;
      findings.report(key, await finding(ctx, table, use, measures, overlap, found));
    }
  },
});

interface Spanning {
  /** How the example group is named: `State = 'Alabama'`, or "" for all the rows kept. */
  where: string;
  /** Groups whose rows span several categories, of how many. */
  groups: number;
  of: number;
  categories: string[];
  distinct: number;
  total: unknown;
  rowids: number[];
}

/**
 * The first group (in file order) whose summed rows — those with a value that adds something —
 * hold more than one category, over exactly the rows the query keeps.
 */
async function spanningGroup(
  ctx: OperatorContext,
  select: Json,
  alias: string,
  use: SumUse,
  overlap: Overlap,
): Promise<Spanning | undefined> {
  const kept = await keptRelation(ctx, select, alias, use.filter ? { filter: use.filter } : {});
  const scope = scopeOf(select.from_table, ctx.state);
  // Group expressions must bind in the relation: over any alias when it is the query's own FROM,
  // over the table alone otherwise.
  const groups: string[] = [];
  for (const g of use.groups) {
    if (!kept.exact && onlyAlias(g, scope) !== alias) return undefined;
    const text = await expressionSql(ctx.engine, alias, g).catch(() => undefined);
    if (text === undefined) return undefined;
    groups.push(text);
  }
  const a = sqlIdent(alias);
  const cats = overlap.categories.map((c) => `${a}.${sqlIdent(c)}`);
  const category = cats.length === 1 ? cats[0]! : `concat_ws(' / ', ${cats.join(", ")})`;
  const value = await expressionSql(ctx.engine, alias, use.argument);
  const adds = `coalesce(TRY_CAST((${value}) AS DOUBLE), 0) <> 0`;
  const keys = groups.map((g, i) => `${g} AS g${i}`);
  const sqlText =
    `WITH k AS (SELECT ${[...keys, `${category} AS cat`, `${a}.${ROWID} AS r`, `(${value}) AS v`].join(", ")}${kept.from} AND ${adds}), ` +
    `g AS (SELECT ${groups.map((_, i) => `g${i}`).join(", ")}${groups.length ? ", " : ""}count(DISTINCT cat) AS n, min(r) AS first, ` +
    `list(cat ORDER BY r) AS cats, list(r ORDER BY r) AS rs, sum(v) AS total FROM k${groups.length ? ` GROUP BY ${groups.map((_, i) => `g${i}`).join(", ")}` : ""}) ` +
    `SELECT *, count(*) OVER () AS of, count(*) FILTER (WHERE n > 1) OVER () AS spanning FROM g ORDER BY (n > 1) DESC, first LIMIT 1`;
  let rows: Record<string, unknown>[];
  try {
    rows = await ctx.engine.all(sqlText);
  } catch {
    // A grouping the checks cannot evaluate on their own: nothing is claimed.
    return undefined;
  }
  const row = rows[0];
  if (!row || Number(row.n) <= 1) return undefined;
  const categories = [...new Set((row.cats as unknown[]).map((c) => String(c)))];
  const where = groups.map((g, i) => `${g} = ${quote(row[`g${i}`])}`).join(" AND ");
  return {
    where,
    groups: Number(row.spanning),
    of: Number(row.of),
    categories,
    distinct: Number(row.n),
    total: row.total,
    rowids: (row.rs as unknown[]).map(Number).filter((r) => Number.isFinite(r)),
  };
}

function lineRange(locations: (SourceLocation | null)[]): string {
  const lines = present(locations).map((l) => l.line);
  if (lines.length === 0) return "";
  const first = Math.min(...lines);
  const last = Math.max(...lines);
  return `, ${present(locations)[0]!.file} ${first === last ? `line ${first}` : `lines ${first}–${last}`}`;
}

function number(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: 4 }) : String(value);
}

async function finding(
  ctx: OperatorContext,
  table: TableInfo,
  use: SumUse,
  measures: string[],
  overlap: Overlap,
  found: Spanning,
): Promise<Diagnostic> {
  const rows = await locate(ctx.engine, table, found.rowids.slice(0, 50));
  const shownCats = found.categories.slice(0, 8).map((c) => JSON.stringify(c));
  const catList = `${shownCats.join(", ")}${found.categories.length > 8 ? `, … (${found.categories.length} in all)` : ""}`;
  const categoryName = overlap.categories.map((c) => JSON.stringify(c)).join(" / ");
  const group = found.where
    ? `${found.groups > 1 ? `in ${found.groups} of its ${found.of} groups, e.g. ` : found.of > 1 ? `in the group ` : `for `}${found.where}`
    : "over all the rows it keeps";
  const rules = overlap.rules.slice(0, 2);
  const quoted = rules
    .map(
      (r) => `${JSON.stringify(r.rule.sentence)} (${r.file}${r.sheet ? ` [${r.sheet}]` : ""}:${r.rule.line})`,
    )
    .join("; ");
  const measure = measures.map((m) => JSON.stringify(m)).join(", ");
  return {
    code: "overlapping-categories",
    severity: "warning",
    message:
      `${use.fn}(${measure}) over ${tableLabel(table)} adds up rows of ${found.distinct} different ${categoryName} values ${group}: ${catList} → ${number(found.total)}${lineRange(rows)}. ` +
      `But the file's footnote says one case can be counted under several of them: ${quoted}. ` +
      `So the sum counts a case once for every one of them it falls under: it can exceed the number of cases (and percentages of them add up past 100 %), and a share or rate divided by it comes out too small. ` +
      `Take the total from where each case is counted once (a total row or column, or another table of totals), or report the categories one by one.`,
    locations: [
      ...rules
        .filter((r, i) => rules.findIndex((o) => o.file === r.file && o.rule.line === r.rule.line) === i)
        .map((r) => ({ file: r.file, line: r.rule.line, ...(r.sheet ? { sheet: r.sheet } : {}) })),
      ...present(rows).slice(0, 8),
    ],
  };
}
