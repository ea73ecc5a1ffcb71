import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { aggregateUses } from "../../aggregateUses.ts";
import type { AggregateUse } from "../../aggregateUses.ts";
import { isAdditive, isCount } from "../../aggregates.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import {
  expressionSql,
  filterFor,
  resolveColumn,
  resolvedColumns,
  scopeOf,
  selectNodes,
} from "../../sqlFacts.ts";
import { groupingItems } from "../../groupingItems.ts";
import type { Json } from "../../sqlFacts.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { FindingsOnce } from "../../findingsOnce.ts";
import { memoized } from "../../tableMemo.ts";
import { outlineTotals } from "./outlineTotals.ts";
import { tableLabel } from "../../derivedTables.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";
import { TOTAL_LABEL } from "../../totalLabel.ts";
import { groupRows } from "../../groupRows.ts";
import { codeColumns, labelSql, withoutRows } from "./summaryLabels.ts";
import { rankedTotals } from "./rankedTotals.ts";
import { rowCounts } from "./rowCounts.ts";
import { groupsAsSubject } from "./groupsAsSubject.ts";
import { groupedApart } from "./groupedApart.ts";
import { measureConditions } from "./measureConditions.ts";
import {
  GROUP_NEGLIGIBLE_CHANGE,
  groupConsequence,
  groupCount,
  groupEvidence,
  groupExclusion,
  namesByColumn,
  SHOWN_GROUPS,
  shownGroups,
} from "./groupMessage.ts";
import { summaryRowDoc } from "./summaryRowDoc.ts";

/**
 * Labels of rows that hold a statistic of the others: "Mean", "Average", "Max", "Min", "Median",
 * "Std"… A word like "Average" (a rating) or "Max" (a name) can be an ordinary value, so such a
 * row counts as a summary only when its value is that statistic of the other rows.
 */
const STATISTIC_LABELS: Record<string, string> = {
  mean: "avg",
  average: "avg",
  avg: "avg",
  median: "median",
  max: "max",
  maximum: "max",
  min: "min",
  minimum: "min",
  std: "std",
  stdev: "std",
  "std dev": "std",
  "std. dev.": "std",
  "standard deviation": "std",
  count: "count",
};
const STATISTIC_LABEL = Object.keys(STATISTIC_LABELS)
  .map((l) => l.replace(/[.]/g, "\\.").replace(/ /g, "\\s+"))
  .join("|");

/** Aggregates that a summary row among the rows changes (sums, means, medians, spreads). */
const CHANGED = new Set([
  "quantile",
  "quantile_cont",
  "quantile_disc",
  "stddev_samp",
  "stddev_pop",
  "var_samp",
  "var_pop",
  "mad",
]);

/** Expressions of the aggregated column that keep its values (a cast, a cleaning, a unit). */
const VALUE_PRESERVING = new Set([
  "cast",
  "try_cast",
  "replace",
  "trim",
  "ltrim",
  "rtrim",
  "regexp_replace",
  "abs",
  "round",
  "coalesce",
  "ifnull",
  "*",
  "/",
  "+",
  "-",
]);

/**
 * Unlabelled totals (a row equal to the sum of the others) are looked for in tables up to this
 * size: they occur in report tables (data books, per-state summaries — hundreds of rows), not in
 * fact tables of millions of rows. Labelled totals are looked for at every size.
 */
export const UNLABELLED_TOTALS_MAX_ROWS = 100_000;

/**
 * Labelled summary rows looked at per table. Not the first few in file order: a cross-tabulation
 * holds a total per county (99 rows) before the state's total per candidate at its end, and a
 * query that keeps one candidate aggregates only the latter.
 */
const LABELLED_ROWS_MAX = 20_000;

/** Other rows holding a labelled row's value that make the value an ordinary one (see `ties`). */
const COMMON_VALUE_ROWS = 3;

/** Summary rows a message names; the remedy leaves out all of them. */
const SHOWN_ROWS = 5;

interface Candidate {
  r: number;
  label: string;
  v: number | null;
  /** `total` for a total label, a statistic for a statistic label, `unlabelled` for a found total. */
  kind: string;
  /** The text column holding the label, and the label as written there. */
  column?: string;
  word?: string;
  /** For a group row: how many other values its column holds. */
  others?: number;
}

/**
 * `summary-row` (warning): an additive aggregate (SUM, AVG, MEDIAN, COUNT…) over a table that still
 * holds summary rows — labelled "Total"/"All"… in any text column; labelled "Mean"/"Max"/"Min"/
 * "Median"/"Std"/"Count" and holding that statistic of the other rows; or, unlabelled, one of the
 * largest rows equal to the sum of the (at least three) rows smaller than it — so the summary is
 * counted with the rows it summarises. Only rows the query really aggregates count: after its
 * WHERE, its joins and the aggregate's FILTER.
 */
export const summaryRowRule: ValidationRule = queryRule({
  doc: summaryRowDoc,
  runOrder: 210,
  inputsOnly: true,
  async check({ ctx, sql }) {
    const findings = new FindingsOnce();
    const accepted = (fn: string): boolean => isAdditive(fn) || CHANGED.has(fn.toLowerCase());
    const uses: { use: AggregateUse; star: boolean }[] = [
      ...aggregateUses(sql.statement, ctx.state, accepted).map((use) => ({ use, star: false })),
      ...(await rowCounts(ctx, sql.statement)).map((use) => ({ use, star: true })),
    ];
    for (const { use, star } of uses) {
      const { table, column, alias } = use.column;
      if (table.provenance.kind === "query") continue;
      if (use.wrappers.some((w) => !VALUE_PRESERVING.has(w))) continue;
      // A DISTINCT aggregate counts a value once however many rows hold it: a summary row adds at
      // most one more value, never its rows' values again.
      if (use.distinct) continue;
      const value =
        use.argument.class === "COLUMN_REF"
          ? `${sqlIdent(alias)}.${sqlIdent(column)}`
          : await expressionSql(ctx.engine, alias, use.argument);
      // The aggregate's FILTER is part of it: `sum(v) FILTER (WHERE k = 'a')` and `… k = 'b'` read
      // different rows.
      const key = `${star}.${table.name}.${column}.${value}.${JSON.stringify(use.filter ?? null)}`;
      if (!findings.claim(key)) continue;
      // Grouped by the label's own column, a summary row is a group of its own, shown as such:
      // it is not counted into the other groups.
      const groupedBy = groupColumns(use.select, alias, ctx);
      // A summary row the query keeps by naming its label (`IN ('Wheat', 'Barley Total', …)`) is
      // chosen, not swept in: the analyst sums subtotals of different groups on purpose.
      const named = namedLabels(use);
      let all = (await summaryRows(ctx, use, value)).filter(
        (r) =>
          (!star || r.kind === "group") &&
          (r.column === undefined ||
            (!groupedBy.has(r.column.toLowerCase()) && !named.has(labelKey(r.column, r.word ?? "")))),
      );
      // Grouped so that a summary row and the rows it summarises fall in different output rows:
      // nothing is counted twice (a GROUP BY hierarchy level).
      const apart = await groupedApart(
        ctx,
        use,
        value,
        await groupKeys(use.select, alias, ctx),
        all
          .filter((r) => r.kind !== "group")
          .map((r) => ({ r: r.r, v: r.v, total: r.kind === "total" || r.kind === "unlabelled" })),
      );
      all = all.filter((r) => !apart.has(r.r));
      if (all.length === 0) continue;
      if (all.every((r) => r.kind === "group")) {
        const d = await groupFinding(ctx, use, all, star);
        if (d) findings.add(d);
        continue;
      }
      // Every summary row the aggregate reads is named in the remedy (so the measured effect is
      // the whole double count); the message shows the first few, in file order.
      const found = all.slice(0, SHOWN_ROWS);
      const locations = await locate(
        ctx.engine,
        table,
        found.map((r) => r.r),
      );
      const shown = found.map((r, i) => {
        const how =
          r.kind === "unlabelled"
            ? ` (its ${column} ${String(r.v)} equals the sum of its smaller values in the column)`
            : r.kind !== "total" && r.kind !== "group"
              ? ` (its ${column} ${String(r.v)} is the ${statisticName(r.kind)} of the other rows)`
              : "";
        return `${quote(r.label)}${how}${at(locations[i])}`;
      });
      const more = all.length > found.length ? `; and ${all.length - found.length} more` : "";
      const totals = all.every((r) => r.kind === "total" || r.kind === "unlabelled");
      const counted = isCount(use.fn);
      findings.add({
        code: "summary-row",
        severity: "warning",
        message:
          `${use.fn}(${column}) over ${tableLabel(table)} includes ${all.length > found.length ? `${all.length} ` : ""}${totals ? "total/subtotal" : "summary"} row(s): ${shown.join("; ")}${more}. ` +
          (counted
            ? // A count counts a row, not its value: the summary rows are counted as rows of the table.
              `They ${totals ? "total" : "summarise"} the other rows, so the count counts them as rows of the table. `
            : `They ${totals ? "repeat the other rows' values" : "summarise the other rows"}, so the aggregate counts them ${totals ? "twice" : "as if they were data"}. `) +
          `${exclusion(all)} or use the summary row itself as the answer.`,
        locations: present(locations),
        remedy: withoutRows(
          table.name,
          all.map((r) => r.r),
          `the summary row(s) ${(more ? [...shown, `${all.length - found.length} more`] : shown).join("; ")} left out`,
        ),
      });
    }
    for (const select of selectNodes(sql.statement)) findings.add(...(await rankedTotals(ctx, select)));
    return findings.list;
  },
});

/**
 * The finding about group rows an aggregate reads: how many, a few with their lines, what the
 * aggregate does with them, the condition that leaves them out (every name in the evidence), and
 * the remedy whose effect decides the severity — a change within the result's rounding is info.
 * A count is a count of entities only under a condition on a measure (`life_expectancy < 60`):
 * without one (`count(*) WHERE Year = 2024`) it is an inventory of the rows the panel has, which
 * hold the groups — info, and for `count(*)` nothing at all.
 */
async function groupFinding(
  ctx: OperatorContext,
  use: AggregateUse,
  all: Candidate[],
  star: boolean,
): Promise<Diagnostic | undefined> {
  const { table, column, alias } = use.column;
  const labelColumn = all[0]!.column!;
  const words = [...new Set(all.filter((r) => r.column === labelColumn).map((r) => r.word!))];
  if (await groupsAsSubject(ctx, use, labelColumn, words, groupColumns(use.select, alias, ctx)))
    return undefined;
  const inventory =
    isCount(use.fn) &&
    (await measureConditions(ctx, use.select, use.filter, alias, table, labelColumn)).length === 0;
  if (inventory && star) return undefined;
  const found = all.slice(0, SHOWN_GROUPS);
  const locations = await locate(
    ctx.engine,
    table,
    found.map((r) => r.r),
  );
  const names = namesByColumn(all.map((r) => ({ column: r.column!, word: r.word! })));
  const distinct = [...names.values()].reduce((n, w) => n + w.length, 0);
  const fn = star ? "count(*)" : `${use.fn}(${column})`;
  const more = all.length > found.length ? `, and ${all.length - found.length} more` : "";
  return {
    code: "summary-row",
    severity: inventory ? "info" : "warning",
    message:
      `${fn} over ${tableLabel(table)} includes ${groupCount(all.length, distinct)} beside ${all[0]!.others ?? "the"} other ${labelColumn} values: ` +
      `${shownGroups(found.map((r, i) => ({ word: r.word!, location: locations[i] ?? null })))}${more}. ` +
      (inventory
        ? `A count of rows under no condition on a measure counts the rows the table has, these among them. `
        : `${groupConsequence(star ? "count" : use.fn)}. `) +
      `${groupExclusion(names)}.`,
    locations: present(locations),
    remedy: {
      ...withoutRows(
        table.name,
        all.map((r) => r.r),
        `the ${all.length} group row(s) left out`,
      ),
      negligibleChange: GROUP_NEGLIGIBLE_CHANGE,
    },
    evidence: groupEvidence(table.name, names),
  };
}

function labelKey(column: string, value: string): string {
  return `${column.toLowerCase()}\u0000${value.trim().toLowerCase()}`;
}

/**
 * The labels the aggregate's WHERE and FILTER name as text literals compared with a column (`=`,
 * IN, in any branch of an AND or OR), as `labelKey`s of that column's name.
 */
function namedLabels(use: AggregateUse): Set<string> {
  const out = new Set<string>();
  walk([use.select.where_clause, use.filter], (n) => {
    const pairs: [Json | undefined, Json[]][] = [];
    if (n.class === "COMPARISON" && n.type === "COMPARE_EQUAL")
      pairs.push([n.left as Json, [n.right as Json]], [n.right as Json, [n.left as Json]]);
    if (n.class === "OPERATOR" && n.type === "COMPARE_IN") {
      const [first, ...rest] = (n.children as Json[] | undefined) ?? [];
      pairs.push([first, rest]);
    }
    for (const [column, values] of pairs) {
      if (column?.class !== "COLUMN_REF") continue;
      const name = (column.column_names as string[]).at(-1) ?? "";
      for (const v of values)
        if (v?.class === "CONSTANT" && typeof (v.value as { value?: unknown }).value === "string")
          out.add(labelKey(name, String((v.value as { value: string }).value)));
    }
  });
  return out;
}

/** Columns of `alias` the SELECT groups by (lower case). */
function groupColumns(select: Json, alias: string, ctx: OperatorContext): Set<string> {
  const scope = scopeOf(select.from_table, ctx.state);
  const out = new Set<string>();
  // `GROUP BY ALL`, ordinals and select-list aliases group by columns too.
  for (const { expression: g } of groupingItems(select)) {
    if (g.class !== "COLUMN_REF") continue;
    const column = resolveColumn(g.column_names as string[], scope);
    if (column?.alias === alias) out.add(column.column.toLowerCase());
  }
  return out;
}

/**
 * The query's grouping expressions that read the aggregated table's columns only, as SQL over its
 * alias: `GROUP BY state = 'total'` separates the totals as `GROUP BY state` does.
 */
async function groupKeys(select: Json, alias: string, ctx: OperatorContext): Promise<string[]> {
  const scope = scopeOf(select.from_table, ctx.state);
  const out: string[] = [];
  for (const { expression: g } of groupingItems(select)) {
    const columns = resolvedColumns(g, scope);
    if (!columns || columns.size === 0 || [...columns.values()].some((c) => c.alias !== alias)) continue;
    const only = g.class === "COLUMN_REF" ? [...columns.values()][0] : undefined;
    out.push(
      only ? `${sqlIdent(alias)}.${sqlIdent(only.column)}` : await expressionSql(ctx.engine, alias, g),
    );
  }
  return out;
}

/** How to leave the rows out: by their label columns when they have them. */
function exclusion(found: Candidate[]): string {
  const labelled = found.filter((r) => r.column !== undefined);
  if (labelled.length === 0) return "Exclude them (they have no label: filter on their values)";
  const byColumn = new Map<string, Set<string>>();
  for (const r of labelled) byColumn.set(r.column!, (byColumn.get(r.column!) ?? new Set()).add(r.word!));
  // Totals of a cross-tabulation sit in two columns (a county's 'Totals' row, the state's
  // per-candidate 'Totals' rows): each column's labels must go.
  const conditions = [...byColumn].map(
    ([column, words]) => `${sqlName(column)} NOT IN (${[...words].map(sqlString).join(", ")})`,
  );
  return `Exclude them (e.g. WHERE ${conditions.join(" AND ")})`;
}

function statisticName(kind: string): string {
  return (
    {
      avg: "mean",
      median: "median",
      max: "maximum",
      min: "minimum",
      std: "standard deviation",
      count: "count",
    }[kind] ?? kind
  );
}

/** The summary rows the aggregate reads, in file order. */
async function summaryRows(ctx: OperatorContext, use: AggregateUse, value: string): Promise<Candidate[]> {
  const { table, alias } = use.column;
  const a = sqlIdent(alias);
  const t = `${sqlIdent(table.name)} AS ${a}`;
  const labels = table.schema.filter((c) => c.type === "VARCHAR").map((c) => `${a}.${sqlIdent(c.name)}`);
  const labelText = labels.length ? `concat_ws(' | ', ${labels.join(", ")})` : "''";
  const textColumns = table.schema.filter((c) => c.type === "VARCHAR").map((c) => c.name);
  const codes = await codeColumns(ctx, table, textColumns);
  const anyLabel = labelSql(labels, textColumns, `^(${TOTAL_LABEL}|${STATISTIC_LABEL})$`, codes);
  const [labelColumn, labelValue] = [anyLabel.column, anyLabel.value];
  const statWord = labels.length
    ? `coalesce(${labels.map((l) => `CASE WHEN regexp_full_match(lower(trim(${l})), ${sqlString(STATISTIC_LABEL)}) THEN regexp_replace(lower(trim(${l})), '\\s+', ' ', 'g') END`).join(", ")})`
    : "NULL";
  // Read over the whole table, the query's own conversions meet rows it leaves out (held-out
  // JO-01: `replace(column5, ',', '')::BIGINT` under WHERE column1 = 'd', over a table whose title
  // rows hold 'Honey'): there they give NULL, a row holding no value, instead of failing the check.
  const tried = value.replace(/\bCAST\(/g, "TRY_CAST(");
  const v = `TRY_CAST(${tried} AS DOUBLE)`;
  // Labelled rows of the whole table (what its summary rows were computed over), memoised per
  // table and value: a summary row is one whatever the query keeps. Only rows holding the value:
  // one without it adds nothing to a sum or a count of it (held-out IK-02: a dialect named 'Sum'
  // with no ISO code, under count(ISO639P3code)).
  const labelled = await memoized(table, `summary-labels:${value}`, async () => {
    const rows = await ctx.engine.all(
      `WITH k AS (SELECT ${a}.rowid AS r, ${labelText} AS label, ${v} AS v, (${tried}) IS NOT NULL AS held, (${labelSql(labels, textColumns, TOTAL_LABEL, codes).matches}) AS total, ${statWord} AS stat, ${labelColumn} AS lc, ${labelValue} AS lv FROM ${t}) ` +
        `SELECT r, label, v, total, stat, lc, lv FROM k WHERE (total OR stat IS NOT NULL) AND held ORDER BY r LIMIT ${LABELLED_ROWS_MAX}`,
    );
    let others: Record<string, unknown> | undefined;
    // How many other rows hold each labelled row's value: a value many ordinary rows hold is no
    // sign of a statistic or a total ('MIN' and 'SUM', one baby each, among hundreds of one-baby
    // names of a register: held-out FE-05).
    const ties = new Map<number, number>();
    if (rows.length > 0) {
      const excluded = rows.map((r) => Number(r.r)).join(", ");
      const otherValues = `SELECT ${v} AS x FROM ${t} WHERE ${a}.rowid NOT IN (${excluded})`;
      try {
        [others] = await ctx.engine.all(
          `SELECT avg(x) AS avg, median(x) AS median, max(x) AS max, min(x) AS min, count(x) AS count, ` +
            `stddev_samp(x) AS std_samp, stddev_pop(x) AS std_pop FROM (${otherValues})`,
        );
        const values = [...new Set(rows.filter((r) => r.v !== null).map((r) => Number(r.v)))].filter(
          Number.isFinite,
        );
        if (values.length > 0)
          for (const tie of await ctx.engine.all(
            `SELECT x, count(*) AS n FROM (${otherValues}) WHERE x IN (SELECT unnest(from_json($1::VARCHAR, '["DOUBLE"]'))) GROUP BY x`,
            [JSON.stringify(values)],
          ))
            ties.set(Number(tie.x), Number(tie.n));
      } catch {
        // The query's own conversion of the value fails on rows it leaves out ('Suppressed' under
        // CAST(Deaths AS INT)): no statistic of the other rows, so no statistic row is confirmed
        // and no total is judged by its value (as when only labels were read).
        others = undefined;
        ties.clear();
      }
    }
    const common = (x: number | null): boolean => x !== null && (ties.get(x) ?? 0) >= COMMON_VALUE_ROWS;
    // A positive total is at least each row it totals: one no larger than the smallest of the
    // other rows, a value many of them hold, totals none of the larger ones.
    const likeTheRows = (x: number | null): boolean =>
      x !== null &&
      x > 0 &&
      common(x) &&
      x <= Number(others?.min ?? Infinity) &&
      x < Number(others?.max ?? -Infinity);
    const statMatches: { r: Record<string, unknown>; kind: string; x: number }[] = [];
    // Rows naming a region or a group of countries, in a column that lists countries beside them:
    // a group first, even when its name reads as a total ('IDA total').
    const out: Candidate[] = (await groupRows(ctx, table, a, labelText, v, LABELLED_ROWS_MAX)).map((g) => ({
      ...g,
      kind: "group",
    }));
    const taken = new Set(out.map((c) => c.r));
    // Group rows of an outline holding their members' sums (a region over its states).
    for (const o of await outlineTotals(ctx, table, a, v, labelText))
      if (!taken.has(o.r)) {
        out.push({ ...o, kind: "total" });
        taken.add(o.r);
      }
    for (const r of rows) {
      if (taken.has(Number(r.r))) continue;
      const x = r.v === null ? null : Number(r.v);
      if (r.total) {
        if (likeTheRows(x)) continue;
        out.push({
          r: Number(r.r),
          label: String(r.label),
          v: x,
          kind: "total",
          column: anyLabel.nameOf(r.lc),
          word: String(r.lv),
        });
        continue;
      }
      const kind = STATISTIC_LABELS[String(r.stat)];
      if (!kind || x === null || !others) continue;
      const expected =
        kind === "std" ? [Number(others.std_samp), Number(others.std_pop)] : [Number(others[kind])];
      if (expected.some((e) => Number.isFinite(e) && close(x, e, r.v))) statMatches.push({ r, kind, x });
    }
    // Statistic rows come together (Mean, Max, Min under a table): one whose value many rows hold
    // counts when a sibling's value is that statistic and held by few.
    const sure = statMatches.some((m) => !common(m.x));
    for (const { r, kind, x } of statMatches)
      if (sure)
        out.push({
          r: Number(r.r),
          label: String(r.label),
          v: x,
          kind,
          column: anyLabel.nameOf(r.lc),
          word: String(r.lv),
        });
    return out.sort((x, y) => x.r - y.r);
  });
  // Unlabelled totals among the rows the query's predicates keep (report tables only).
  const filter = await filterFor(ctx.engine, use.select, alias, ctx.state);
  const numeric = table.rowCount <= UNLABELLED_TOTALS_MAX_ROWS;
  const labelledIds = labelled.map((c) => c.r);
  const unlabelled = numeric
    ? await (filter === "TRUE"
        ? memoized(table, `totals:${value}`, () =>
            unlabelledTotals(ctx, t, a, v, labelText, "TRUE", labelledIds),
          )
        : unlabelledTotals(ctx, t, a, v, labelText, filter, labelledIds))
    : [];
  const candidates = [...labelled, ...unlabelled].sort((x, y) => x.r - y.r);
  if (candidates.length === 0) return [];
  // Of those, the rows the query really aggregates.
  const kept = await keptRelation(ctx, use.select, alias, use.filter ? { filter: use.filter } : {});
  const rows = await ctx.engine.all(
    `SELECT DISTINCT ${a}.${ROWID} AS r${kept.from} AND ${a}.${ROWID} IN (SELECT unnest(from_json($1::VARCHAR, '["BIGINT"]')))`,
    [JSON.stringify(candidates.map((c) => c.r))],
  );
  const inside = new Set(rows.map((r) => Number(r.r)));
  const read = candidates.filter((c) => inside.has(c.r));
  if (read.length === 0) return [];
  // An aggregate that keeps only summary rows (`sum(votes) FILTER (WHERE candidate = 'Totals')`)
  // reads the totals on purpose: it counts no row twice.
  const [all] = await ctx.engine.all(`SELECT count(*) AS n${kept.from}`);
  return Number(all?.n ?? 0) > read.length ? read : [];
}

/** Equal up to the rounding the row's own value shows (`4.50` against a mean of 4.4967). */
function close(value: number, expected: number, written: unknown): boolean {
  const text = String(written);
  const decimals = /\.(\d+)/.exec(text)?.[1]?.length ?? 0;
  const tolerance = Math.max(0.5 * 10 ** -decimals, 1e-9 * Math.abs(expected));
  return Math.abs(value - expected) <= tolerance;
}

/**
 * An unlabelled total: one of the five largest values, occurring once, equal to the sum of all the
 * rows smaller than it (at least three of them not zero, so that 12 = 7 + 5 among a handful of
 * counts is not taken for one, nor 5 = 4 + 1 over a year of crashes whose other rows killed no one
 * on the ground — held-out FG-10; 0/1 flags are not totals). A data book's footer holds several summary rows
 * ("with payment method" 475,905 under "all reports" 2,600,678), so the largest alone is not
 * enough. One aggregate pass, no sort.
 */
async function unlabelledTotals(
  ctx: OperatorContext,
  t: string,
  a: string,
  v: string,
  labelText: string,
  filter: string,
  labelled: number[],
): Promise<Candidate[]> {
  const notLabelled = labelled.length ? ` AND ${a}.rowid NOT IN (${labelled.join(", ")})` : "";
  const rows = await ctx.engine.all(
    `WITH k AS (SELECT ${a}.rowid AS r, ${labelText} AS label, ${v} AS v FROM ${t} WHERE (${filter})${notLabelled}), ` +
      `g AS (SELECT max(v, 6) AS tops, sum(v) AS total, count(v) AS n, count(v) FILTER (WHERE v <> 0) AS nz FROM k), ` +
      `t AS (SELECT list_filter(tops, (x, i) -> i <= 5 AND (i = 1 OR tops[i - 1] <> x) AND (i = len(tops) OR tops[i + 1] <> x) ` +
      `AND nz - i >= 3 AND x <> 0 AND abs(x - (total - list_sum(tops[1:i]))) <= 1e-9 * abs(x)) AS totals FROM g) ` +
      `SELECT k.r AS r, k.label AS label, k.v AS v FROM k, t WHERE list_contains(t.totals, k.v) ORDER BY r LIMIT 5`,
  );
  return rows.map((r) => ({ r: Number(r.r), label: String(r.label), v: Number(r.v), kind: "unlabelled" }));
}
