import type { OperatorContext } from "../../../operators/operator.ts";
import type { AggregateUse } from "../../aggregateUses.ts";
import { groupLabelColumns } from "../../groupRows.ts";
import { scopeOf, selectNodes, walkOwn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";

/**
 * `count(*)` (and `count(1)`) calls as uses of the label column of each table they count rows of
 * that lists region or country-group rows beside its entities: the call names no column, so no
 * aggregate check would otherwise attribute it to a table. The groups' rows are what it may count.
 */
export async function rowCounts(ctx: OperatorContext, statement: Json): Promise<AggregateUse[]> {
  const out: AggregateUse[] = [];
  for (const select of selectNodes(statement)) {
    const calls: Json[] = [];
    walkOwn([select.select_list, select.having], (n) => {
      if (n.class !== "FUNCTION" || n.distinct === true) return;
      const name = String(n.function_name).toLowerCase();
      const [argument, ...rest] = (n.children as Json[] | undefined) ?? [];
      if (name === "count_star" || (name === "count" && argument?.class === "CONSTANT" && rest.length === 0))
        calls.push(n);
    });
    if (calls.length === 0) continue;
    for (const [alias, table] of scopeOf(select.from_table, ctx.state)) {
      if (table.provenance.kind === "query") continue;
      const [labels] = await groupLabelColumns(ctx, table);
      if (!labels) continue;
      for (const call of calls) {
        const filter = (call.filter ?? call.filter_expr) as Json | null | undefined;
        out.push({
          fn: "count",
          column: { alias, table, column: labels.name },
          select,
          argument: { class: "COLUMN_REF", type: "COLUMN_REF", column_names: [alias, labels.name] },
          wrappers: [],
          coalesced: false,
          distinct: false,
          ...(filter ? { filter } : {}),
        });
      }
    }
  }
  return out;
}
