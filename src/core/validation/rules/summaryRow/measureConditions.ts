import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { conjuncts, resolveColumn, scopeOf, walkOwn } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { memoized } from "../../tableMemo.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";

/**
 * A column shared this many times over by the rows (on average) and naming each entity's row
 * once is a dimension of the panel (its year, its month), not a measure: a count by it is an
 * inventory ("how many rows has 2024").
 */
const ROWS_PER_DIMENSION_VALUE = 10;

/**
 * The measure columns of `alias`'s table that the SELECT's WHERE or the count's FILTER compares
 * (`life_expectancy < 60`, `deaths BETWEEN 10 AND 100`): a count under such a condition counts
 * entities that meet it. Numeric columns (or ones compared with a number), not `entity` itself,
 * and not a dimension of the panel — a column each entity holds once per value, shared by many
 * rows (`Year = 2015` picks a period, not entities: see `ROWS_PER_DIMENSION_VALUE`).
 */
export async function measureConditions(
  ctx: OperatorContext,
  select: Json,
  filter: Json | undefined,
  alias: string,
  table: TableInfo,
  entity: string,
): Promise<string[]> {
  const scope = scopeOf(select.from_table, ctx.state);
  const compared = new Set<string>();
  for (const condition of [...conjuncts(select.where_clause), ...conjuncts(filter)])
    walkOwn(condition, (n) => {
      if (n.class !== "COMPARISON" && n.class !== "BETWEEN") return;
      const number = numberCompared(n);
      walkOwn(n, (r) => {
        if (r.class !== "COLUMN_REF") return;
        const c = resolveColumn(r.column_names as string[], scope);
        if (!c || c.alias !== alias || c.column.toLowerCase() === entity.toLowerCase()) return;
        const type = table.schema.find((s) => s.name === c.column)?.type ?? "";
        if (isNumericType(type) || number) compared.add(c.column);
      });
    });
  const out: string[] = [];
  for (const column of compared) if (!(await isDimension(ctx, table, column, entity))) out.push(column);
  return out;
}

/** Whether a comparison has a number constant on one side (`TRY_CAST(v AS DOUBLE) < 60`). */
function numberCompared(n: Json): boolean {
  let found = false;
  walkOwn(n, (c) => {
    if (c.class !== "CONSTANT") return;
    const value = (c.value as { value?: unknown } | undefined)?.value;
    if (typeof value === "number" || typeof value === "bigint") found = true;
  });
  return found;
}

async function isDimension(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  entity: string,
): Promise<boolean> {
  return memoized(table, `dimension:${entity}:${column}`, async () => {
    const [c, e] = [sqlIdent(column), sqlIdent(entity)];
    const [row] = await ctx.engine.all(
      `SELECT count(DISTINCT ${c}) AS d, count(${c}) AS n, count(DISTINCT (${e}, ${c})) AS p FROM ${sqlIdent(table.name)} WHERE ${c} IS NOT NULL AND ${e} IS NOT NULL`,
    );
    const [d, n, p] = [Number(row?.d ?? 0), Number(row?.n ?? 0), Number(row?.p ?? 0)];
    return n > 0 && p === n && d * ROWS_PER_DIMENSION_VALUE <= n;
  });
}
