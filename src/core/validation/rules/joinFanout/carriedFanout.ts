import type { Diagnostic } from "../../../diagnostic.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import { aggregateUses } from "../../aggregateUses.ts";
import { isAdditive, isAnyAggregate } from "../../aggregates.ts";
import { isDerivedTable } from "../../derivedTables.ts";
import { at, literal, locate, present, typeOf } from "../../evidence.ts";
import { profileOfJoin } from "../../joinProfile.ts";
import { equiJoins, resolveColumn, scopeOf, selectNodes } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { parseTree } from "../../sqlText.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { partsRule } from "../../partsRule.ts";
import { joinFanoutDoc } from "./joinFanoutDoc.ts";

/** Keys shown per finding. */
const SHOWN = 3;

/** Sums and means weigh each row: a row repeated by a join counts its value again (not count, min, max). */
const summing = (fn: string): boolean =>
  isAdditive(fn) && !["count", "count_star", "min", "max"].includes(fn.toLowerCase());

/** Whether a table the call reads was made (or replaced) after `table`, in the same run. */
export function madeAfter(input: TableInfo, table: TableInfo): boolean {
  const [a, b] = [input.producedBy, table.producedBy];
  return a !== undefined && b !== undefined && a.runId === b.runId && a.index > b.index;
}

interface Repeat {
  message: string;
  locations: Diagnostic["locations"];
  /** Columns of the made table that hold the repeated side's key (lower case). */
  keyColumns: string[];
}

/** Totals: a repeated row's value is added again even within its own key's group. */
const TOTALS = new Set(["sum", "fsum", "sumkahan", "kahan_sum", "product"]);

/**
 * Where `column` of `table` (a table a Query made by joining, without aggregating) came from a
 * side whose key is unique but matched several rows of the other side: each of that side's rows
 * is then in `table` once per match. Judged by the join profile of `table`'s own query, over its
 * inputs as they still are (not when an input was made again since).
 */
async function repeatedSide(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
): Promise<Repeat | undefined> {
  const sql = table.provenance.sql;
  if (table.provenance.kind !== "query" || !sql || isDerivedTable(table)) return undefined;
  const inputs = (table.provenance.inputs ?? []).map((n) => ctx.state.table(n));
  if (inputs.some((t) => !t || madeAfter(t, table))) return undefined;
  const tree = await parseTree(ctx.engine, sql);
  const statement = tree.statements[0]?.node;
  if (!statement || tree.statements.length !== 1) return undefined;
  const selects = selectNodes(statement);
  // One plain SELECT: its rows are the join's rows (no GROUP BY, no aggregate, no DISTINCT, no set operation).
  if (selects.length !== 1 || statement.type !== "SELECT_NODE") return undefined;
  const select = selects[0]!;
  if (((select.group_expressions as unknown[]) ?? []).length > 0) return undefined;
  if (((select.modifiers as Json[] | undefined) ?? []).some((m) => m.type === "DISTINCT_MODIFIER"))
    return undefined;
  let aggregated = false;
  walk(select.select_list, (n) => {
    if ((n.class === "FUNCTION" || n.class === "WINDOW") && isAnyAggregate(String(n.function_name)))
      aggregated = true;
  });
  if (aggregated) return undefined;
  // The select item that became `column`: a column of one side, under its name or an alias.
  const scope = scopeOf(select.from_table, ctx.state);
  const items = ((select.select_list as Json[] | undefined) ?? [])
    .filter((n) => n.class === "COLUMN_REF")
    .map((n) => ({
      name: String(n.alias || (n.column_names as string[]).at(-1)).toLowerCase(),
      from: resolveColumn(n.column_names as string[], scope),
    }));
  const source = items.find((i) => i.name === column.toLowerCase())?.from;
  if (!source) return undefined;
  for (const join of await equiJoins(statement, ctx.state, ctx.engine)) {
    if (join.joinType === "SEMI" || join.joinType === "ANTI") continue;
    const left = join.pairs.map((p) => p.left);
    const right = join.pairs.map((p) => p.right);
    const onLeft = left[0]!.alias === source.alias;
    if (!onLeft && right[0]!.alias !== source.alias) continue;
    const profile = await profileOfJoin(ctx, join);
    const [own, other] = onLeft ? [profile.left, profile.right] : [profile.right, profile.left];
    if (own.maxPerKey > 1 || other.maxPerMatchedKey <= 1 || profile.repeated.length === 0) continue;
    const keys = onLeft ? left : right;
    const keyColumns = items
      .filter((i) => i.from?.alias === source.alias && keys.some((k) => k.column === i.from?.column))
      .map((i) => i.name);
    const shown = profile.repeated.slice(0, SHOWN);
    const locations = await locate(
      ctx.engine,
      source.table,
      shown.map((d) => (onLeft ? d.leftRowid : d.rightRowid)),
    );
    const text = shown.map(
      (d, i) =>
        `${d.key.map((k, j) => literal(k, keys[j]!.column ? typeOf(keys[0]!.table, keys[j]!.column) : undefined)).join("/")}: ${onLeft ? d.rightRows : d.leftRows} rows${at(locations[i])}`,
    );
    const on = left.map((k, i) => `${k.label} = ${right[i]!.label}`).join(" AND ");
    return {
      message:
        `${table.name} was made by a join on ${on} that repeats each ${source.table.name} row once per matching row of the other side ` +
        `(${text.join("; ")}${profile.repeated.length > SHOWN ? "; …" : ""}), so its ${column} holds each ${source.table.name} value that many times`,
      locations: present(locations),
      keyColumns,
    };
  }
  return undefined;
}

/** Columns of `alias` the SELECT groups by (lower case). */
function groupedNames(select: Json, alias: string, ctx: OperatorContext): Set<string> {
  const scope = scopeOf(select.from_table, ctx.state);
  const out = new Set<string>();
  for (const g of (select.group_expressions as Json[] | undefined) ?? []) {
    if (g.class !== "COLUMN_REF") continue;
    const c = resolveColumn(g.column_names as string[], scope);
    if (c?.alias === alias) out.add(c.column.toLowerCase());
  }
  return out;
}

/**
 * `join-fanout` across a Query boundary (issue 25): a sum or mean over a column of a table that an
 * earlier Query made by a one-to-many join without aggregating — the "one" side's rows are in it
 * once per match, so `avg(elevation)` over stations × observations weighs each station by its
 * observations. The same judgment join-fanout makes within one query, on the join that made the
 * table, over its inputs as they are.
 */
export const carriedFanoutRule: ValidationRule = partsRule({
  doc: joinFanoutDoc,
  runOrder: 290,
  parts: ({ ctx, sql }) => aggregateUses(sql.statement, ctx.state, summing).map((use) => ({ use })),
  async check({ ctx, use }, findings) {
    const { table, column } = use.column;
    if (use.distinct || table.provenance.kind !== "query") return;
    const key = `${table.name}.${column}`;
    if (!findings.claim(key)) return;
    // Grouped by the repeated side's key, a mean per key is that key's value; a sum still counts it again.
    const repeat = await repeatedSide(ctx, table, column);
    if (!repeat) return;
    if (!TOTALS.has(use.fn.toLowerCase()) && repeat.keyColumns.length > 0) {
      const grouped = groupedNames(use.select, use.column.alias, ctx);
      if (repeat.keyColumns.some((k) => grouped.has(k))) return;
    }
    findings.add({
      code: "join-fanout",
      severity: "warning",
      message:
        `${use.fn}(${column}) over ${table.name}: ${repeat.message}, and ${use.fn}() counts each of them again. ` +
        `Aggregate that side before joining, or take ${column} once per key (ANY_VALUE per key, or SELECT DISTINCT over the key and ${column}).`,
      locations: repeat.locations,
    });
  },
});
