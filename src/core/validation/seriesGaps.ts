import { sqlIdent } from "../engine/duckEngine.ts";
import type { TableInfo } from "../state/sharedState.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { PRESENT } from "./keptRelation.ts";
import type { KeptRelation } from "./keptRelation.ts";
import { ofObserved } from "./aggregates.ts";

const TIME = /^(DATE|TIME|TIMESTAMP)/;

/**
 * Whether every NULL the aggregate skips sits in a row that holds nothing but its time stamp — a
 * day the series has no observation for (a market holiday in a daily price series): the row has a
 * date or time column set and every other column NULL. Averaging the observed values is then the
 * usual treatment of those gaps. A NULL in a row whose other columns hold data (a station whose
 * elevation is missing, a major with an empty Total but a name and counts) is not such a gap, and
 * neither is a table with no date or time column. Read over the rows the query keeps.
 */
export async function onlySeriesGaps(
  ctx: OperatorContext,
  fn: string,
  table: TableInfo,
  alias: string,
  column: string,
  kept: KeptRelation,
): Promise<boolean> {
  if (!ofObserved(fn)) return false;
  const columns = table.schema.filter((c) => c.name !== "rowid" && c.name !== column);
  const times = columns.filter((c) => TIME.test(c.type));
  if (times.length === 0) return false;
  const others = columns.filter((c) => !TIME.test(c.type));
  const a = sqlIdent(alias);
  const ref = (name: string): string => `${a}.${sqlIdent(name)}`;
  const skipped = `${ref(column)} IS NULL AND ${a}.${PRESENT}`;
  const dated = times.map((c) => `${ref(c.name)} IS NOT NULL`).join(" OR ");
  const filled = others.length ? others.map((c) => `${ref(c.name)} IS NOT NULL`).join(" OR ") : "FALSE";
  try {
    const [row] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE ${skipped}) AS nulls, count(*) FILTER (WHERE ${skipped} AND (${dated}) AND NOT (${filled})) AS gaps${kept.from}`,
    );
    const nulls = Number(row?.nulls ?? 0);
    return nulls > 0 && Number(row?.gaps ?? 0) === nulls;
  } catch {
    return false;
  }
}
