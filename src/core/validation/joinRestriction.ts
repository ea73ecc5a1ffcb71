import type { OperatorContext } from "../operators/operator.ts";
import type { TableInfo } from "../state/sharedState.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import { definitionOf, isDerivedTable, tableLabel } from "./derivedTables.ts";
import { conjuncts, outerRefs, predicateSql } from "./sqlFacts.ts";
import { unpairedRows } from "./unpairedRows.ts";
import type { EquiJoin, Json, KeyOf } from "./sqlFacts.ts";
import { parseTree } from "./sqlText.ts";

/** The other side of a join excludes, by its own WHERE, every key the join drops from this side. */
export interface Restriction {
  /** The other side as findings name it (`econ (CTE over pop)`). */
  side: string;
  /** The table the other side selects from. */
  source: string;
  /** Its key-only WHERE conjuncts, as DuckDB renders them. */
  predicate: string;
  /** Distinct dropped keys the predicate was evaluated on: it rejects every one. */
  keys: number;
}

/** How a side was made: a CTE's or subquery's SELECT, or the SELECT of the earlier query that registered it. */
async function definition(ctx: OperatorContext, table: TableInfo): Promise<Json | undefined> {
  if (isDerivedTable(table)) return definitionOf(table);
  if (table.provenance.kind !== "query" || !table.provenance.sql) return undefined;
  try {
    return (await parseTree(ctx.engine, table.provenance.sql)).statements[0]?.node as Json | undefined;
  } catch {
    return undefined;
  }
}

/** The column of the FROM table a side's output column passes through unchanged (undefined: computed). */
function sourceColumn(body: Json, column: string): string | undefined {
  for (const item of (body.select_list as Json[] | undefined) ?? []) {
    if (item.class === "STAR") {
      const replaced = item.replace_list as unknown[] | Record<string, unknown> | undefined;
      const none =
        !replaced || (Array.isArray(replaced) ? replaced.length === 0 : Object.keys(replaced).length === 0);
      if (none && !item.expr && !item.columns) return column;
      continue;
    }
    if (item.class !== "COLUMN_REF") continue;
    const names = item.column_names as string[];
    const name = String(item.alias || names.at(-1));
    if (name.toLowerCase() === column.toLowerCase()) return names.at(-1);
  }
  return undefined;
}

/**
 * The join is the filter: the other side is a list selected out of its table by a WHERE on the
 * key alone (`econ AS (SELECT DISTINCT code FROM pop WHERE code IN (SELECT iso3 FROM cc))`), and
 * that WHERE, evaluated on the keys this side loses, rejects every one of them — the rows the
 * join drops are the ones the analyst's own predicate excludes, whatever the other side's table
 * holds. A dropped key the predicate would keep (a year missing from a series that the other side
 * does not filter out) is a loss, and this returns undefined. Conjuncts over other columns (the
 * year a panel is sliced at) are not key restrictions and are not used. Joins on plain columns of
 * a side made by one SELECT over one table, checked exactly (not on a sample of keys).
 */
export async function restrictionOf(
  ctx: OperatorContext,
  join: EquiJoin,
  from: KeyOf[],
  to: KeyOf[],
  lostKeys: number,
  sampleEvery: number,
): Promise<Restriction | undefined> {
  if (sampleEvery > 1 || lostKeys === 0) return undefined;
  if (to.some((k) => k.column === undefined)) return undefined;
  const other = to[0]!.table;
  const body = await definition(ctx, other);
  if (body?.type !== "SELECT_NODE") return undefined;
  const base = body.from_table as Json | undefined;
  if (base?.type !== "BASE_TABLE") return undefined;
  const alias = String(base.alias || base.table_name);
  const sources = to.map((k) => sourceColumn(body, k.column!));
  if (sources.some((s) => s === undefined)) return undefined;
  const keyColumns = new Set(sources.map((s) => s!.toLowerCase()));
  const restricting = conjuncts(body.where_clause).filter((c) => {
    const refs = outerRefs(c, ctx.state);
    return (
      refs !== undefined &&
      refs.length > 0 &&
      refs.every(
        (r) =>
          keyColumns.has(r.at(-1)!.toLowerCase()) &&
          (r.length === 1 || r[0]!.toLowerCase() === alias.toLowerCase()),
      )
    );
  });
  if (restricting.length === 0) return undefined;
  const { kept, unpaired } = await unpairedRows(ctx, join, from, to);
  const keys = from.map((k, j) => `${k.sql} AS k${j}`).join(", ");
  const renamed = sources.map((s, j) => `k${j} AS ${sqlIdent(s!)}`).join(", ");
  try {
    const predicate = await predicateSql(ctx.engine, alias, restricting);
    // The keys this side loses (kept rows with no partner in any row of the other side), renamed
    // to the other side's source columns so that its own predicate reads them.
    const [row] = await ctx.engine.all(
      `WITH lost AS (SELECT DISTINCT ${keys} ${kept} AND ${unpaired()}) ` +
        `SELECT count(*) AS n, count(*) FILTER (WHERE coalesce((${predicate}), false)) AS admitted ` +
        `FROM (SELECT ${renamed} FROM lost) AS ${sqlIdent(alias)}`,
    );
    const n = Number(row?.n ?? 0);
    if (n === 0 || n !== lostKeys || Number(row?.admitted ?? 1) !== 0) return undefined;
    return { side: tableLabel(other), source: String(base.table_name), predicate, keys: n };
  } catch {
    // A predicate that does not evaluate on the keys alone restricts nothing we can show.
    return undefined;
  }
}
