import type { Diagnostic } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { isAggregate } from "../../aggregates.ts";
import { at, locate, present, quote } from "../../evidence.ts";
import { keptRelation, ROWID } from "../../keptRelation.ts";
import { resolveColumn, scopeOf } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { walk } from "../../../sandbox/sqlGate.ts";
import { tableLabel } from "../../derivedTables.ts";
import { sqlName } from "../unknownColumn/unknownColumn.ts";
import { isTotalLabel, TOTAL_LABEL } from "../../totalLabel.ts";
import { groupLabelColumns, groupRowTest } from "../../groupRows.ts";
import { codeColumns, labelSql, withoutRows } from "./summaryLabels.ts";
import { rankedDerivedGroups } from "./rankedDerived.ts";

/**
 * A ranking of raw rows (`ORDER BY acres DESC LIMIT 1`, no GROUP BY) over a table that holds a
 * labelled total row among the rows it keeps: the total outranks every entity it sums, so "the
 * agency with the most acres" comes back as "Total". Reported when the total row ranks within
 * the LIMIT.
 */
export async function rankedTotals(ctx: OperatorContext, select: Json): Promise<Diagnostic[]> {
  if (((select.group_expressions as unknown[]) ?? []).length > 0) return [];
  const modifiers = (select.modifiers as Json[] | undefined) ?? [];
  const order = modifiers.find((m) => m.type === "ORDER_MODIFIER");
  const limit = modifiers.find((m) => m.type === "LIMIT_MODIFIER")?.limit as Json | undefined;
  const n = limit?.class === "CONSTANT" ? Number((limit.value as Json | undefined)?.value) : NaN;
  const first = ((order?.orders as Json[] | undefined) ?? [])[0];
  if (!first || !Number.isInteger(n) || n < 1 || n > 100) return [];
  let aggregated = false;
  walk(select.select_list, (node) => {
    if (node.class === "FUNCTION" && isAggregate(String(node.function_name))) aggregated = true;
  });
  if (aggregated) return [];
  const expression = first.expression as Json | undefined;
  if (expression?.class !== "COLUMN_REF") return [];
  const column = resolveColumn(expression.column_names as string[], scopeOf(select.from_table, ctx.state));
  if (!column) return [];
  // A derived table's rows are not a file's: its labels are followed to the file they come from.
  if (column.table.provenance.kind === "query")
    return rankedDerivedGroups(ctx, select, column, n, String(first.type).includes("DESC"));
  const { table, alias } = column;
  const labels = table.schema.filter((c) => c.type === "VARCHAR");
  if (labels.length === 0) return [];
  const a = sqlIdent(alias);
  const v = `TRY_CAST(${a}.${sqlIdent(column.column)} AS DOUBLE)`;
  const total = labelSql(
    labels.map((l) => `${a}.${sqlIdent(l.name)}`),
    labels.map((l) => l.name),
    `^(${TOTAL_LABEL})$`,
    await codeColumns(
      ctx,
      table,
      labels.map((l) => l.name),
    ),
  );
  // Rows naming a region or a group of countries rank with the totals: a group outranks its members.
  const groups = (await groupLabelColumns(ctx, table)).map((g) => ({
    test: groupRowTest(a, g),
    index: labels.findIndex((l) => l.name === g.name),
    name: g.name,
  }));
  const [isTotal, labelColumn, labelValue] = groups.length
    ? [
        `(${total.matches}) OR ${groups.map((g) => `(${g.test})`).join(" OR ")}`,
        `coalesce(${total.column}, ${groups.map((g) => `CASE WHEN ${g.test} THEN ${g.index} END`).join(", ")})`,
        `coalesce(${total.value}, ${groups.map((g) => `CASE WHEN ${g.test} THEN ${a}.${sqlIdent(g.name)} END`).join(", ")})`,
      ]
    : [total.matches, total.column, total.value];
  const kept = await keptRelation(ctx, select, alias);
  const descending = String(first.type).includes("DESC");
  const totals = await ctx.engine.all(
    `SELECT ${a}.${ROWID} AS r, ${v} AS v, ${labelColumn} AS lc, ${labelValue} AS lv${kept.from} AND (${isTotal}) AND ${v} IS NOT NULL LIMIT 5`,
  );
  const ranked: { r: number; v: number; lc: string; lv: string }[] = [];
  for (const t of totals) {
    const [row] = await ctx.engine.all(
      `SELECT count(*) AS above${kept.from} AND ${v} ${descending ? ">" : "<"} ${Number(t.v)}`,
    );
    if (Number(row?.above ?? n) < n)
      ranked.push({ r: Number(t.r), v: Number(t.v), lc: total.nameOf(t.lc), lv: String(t.lv) });
  }
  if (ranked.length === 0) return [];
  const locations = await locate(
    ctx.engine,
    table,
    ranked.map((t) => t.r),
  );
  const shown = ranked.map((t, i) => `${quote(t.lv)} (${column.column} ${t.v})${at(locations[i])}`);
  const onlyGroups = ranked.every((t) => !isTotalLabel(t.lv));
  return [
    {
      code: "summary-row",
      severity: "warning",
      message:
        `ORDER BY ${column.column} ${descending ? "DESC" : "ASC"} LIMIT ${n} over ${tableLabel(table)} ranks its ${onlyGroups ? "region/country-group" : "total"} row(s) ${shown.join("; ")} among the top ${n}: ` +
        (onlyGroups
          ? `a region or group aggregates entities it is ranked against, so it is not one of them. `
          : `a total sums the rows it is ranked against, so it is not one of them. `) +
        `Exclude it (e.g. WHERE ${sqlName(ranked[0]!.lc)} NOT IN (${[...new Set(ranked.map((t) => t.lv))].map(sqlString).join(", ")})).`,
      locations: present(locations),
      remedy: withoutRows(
        table.name,
        ranked.map((t) => t.r),
        `the summary row(s) ${ranked.map((t, i) => `${quote(t.lv)}${at(locations[i])}`).join("; ")} left out`,
      ),
    },
  ];
}
