import type { OperatorContext } from "../../../operators/operator.ts";
import { andOf, conjuncts, outerRefs, predicateSql, selectNodes, walkOwn } from "../../sqlFacts.ts";
import { unpairedRows } from "../../unpairedRows.ts";
import type { EquiJoin, Json, KeyOf } from "../../sqlFacts.ts";
import { parseTree } from "../../sqlText.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import type { Loss } from "./sideLoss.ts";

/** An earlier result of the session holding at most this many rows is compared with the lost keys. */
const LISTING_ROWS = 10_000;

/** A side of at most this many rows is tested against earlier queries' predicates (accountedEarlier). */
const ACCOUNTED_ROWS = 100_000;

/**
 * An earlier result of this session that lists exactly the keys this join cannot pair: every key
 * the join drops from this side is in it, and every key in it is one that one side or the other
 * lacks — the anti-join listing an analyst runs before deciding to drop them (`… WHERE (Community,
 * Beach) NOT IN (SELECT … FROM b2 WHERE b2.src <> b.src)`). Such a result shows the session has
 * already looked at these very rows. A result that lists all keys, matched or not, is no such
 * listing. Only joins on columns, checked exactly (not on a sample of keys).
 */
export async function listedEarlier(
  ctx: OperatorContext,
  join: EquiJoin,
  loss: Loss,
  output: string,
): Promise<TableInfo | undefined> {
  const [mine, theirs] = [loss.from, loss.to];
  if (loss.sampleEvery > 1 || loss.facts.lostKeys > LISTING_ROWS) return undefined;
  if ([...mine, ...theirs].some((k) => k.column === undefined)) return undefined;
  const joined = new Set([mine[0]!.table.name.toLowerCase(), theirs[0]!.table.name.toLowerCase()]);
  const named = (t: TableInfo, keys: KeyOf[]): string[] | undefined => {
    const columns = keys.map(
      (k) => t.schema.find((c) => c.name.toLowerCase() === k.column!.toLowerCase())?.name,
    );
    return columns.every((c) => c !== undefined) ? (columns as string[]) : undefined;
  };
  const listings = [...ctx.state.tables.values()].filter(
    (t) =>
      t.provenance.kind === "query" &&
      !joined.has(t.name.toLowerCase()) &&
      t.name.toLowerCase() !== output.toLowerCase() &&
      t.rowCount > 0 &&
      t.rowCount <= LISTING_ROWS,
  );
  if (listings.length === 0) return undefined;
  const k = mine.map((_, j) => `k${j}`).join(", ");
  const keysOf = (keys: KeyOf[]): string =>
    keys.map((key, j) => `CAST(${key.sql} AS VARCHAR) AS k${j}`).join(", ");
  const from = (keys: KeyOf[]): string => `${sqlIdent(keys[0]!.table.name)} AS ${sqlIdent(keys[0]!.alias)}`;
  const [mineRows, theirRows] = [
    await unpairedRows(ctx, join, mine, theirs),
    await unpairedRows(ctx, join, theirs, mine),
  ];
  // The keys each side drops: kept rows of one side whose key no row of the other side holds.
  const lost =
    `__radar_lm AS (SELECT DISTINCT ${keysOf(mine)} ${mineRows.kept} ` +
    `EXCEPT SELECT DISTINCT ${keysOf(theirs)} FROM ${from(theirs)}), ` +
    `__radar_lt AS (SELECT DISTINCT ${keysOf(theirs)} ${theirRows.kept} ` +
    `EXCEPT SELECT DISTINCT ${keysOf(mine)} FROM ${from(mine)}), ` +
    `__radar_u AS (SELECT * FROM __radar_lm UNION SELECT * FROM __radar_lt)`;
  for (const table of listings) {
    for (const columns of await listingColumns(ctx, table, mine, theirs, named, `WITH ${lost} `)) {
      const listed = columns.map((c, j) => `CAST(${sqlIdent(c)} AS VARCHAR) AS k${j}`).join(", ");
      // A row that lists no key in these columns (the other side's unmatched row of a FULL JOIN
      // listing, NULL here) lists nothing.
      const present = columns.map((c) => `${sqlIdent(c)} IS NOT NULL`).join(" AND ");
      const [row] = await ctx.engine.all(
        `WITH ${lost}, __radar_t AS (SELECT DISTINCT ${listed} FROM ${sqlIdent(table.name)} WHERE ${present}) ` +
          `SELECT (SELECT count(*) FROM __radar_lm) AS lost, (SELECT count(*) FROM __radar_lm SEMI JOIN __radar_t USING (${k})) AS listed, ` +
          `(SELECT count(*) FROM __radar_t ANTI JOIN __radar_u USING (${k})) AS extra`,
      );
      const n = Number(row?.lost ?? 0);
      if (n > 0 && Number(row?.listed) === n && Number(row?.extra) === 0) return table;
    }
  }
  return undefined;
}

/** Column tuples of a listing tried against the lost keys at most (the named one first). */
const LISTING_TUPLES = 8;

/**
 * The columns of an earlier result that may hold the lost keys, one per key: the ones named as
 * this side's or the other side's key columns, then — as an anti-join listing of a FULL JOIN names
 * each side's key on its own (`p.city, f.city AS fcity`, `a.state s18, b.state s22`), and a name
 * may be the other side's column that is NULL where this side's keys are lost — any column that
 * holds every lost key of its position.
 */
async function listingColumns(
  ctx: OperatorContext,
  table: TableInfo,
  mine: KeyOf[],
  theirs: KeyOf[],
  named: (t: TableInfo, keys: KeyOf[]) => string[] | undefined,
  lostCte: string,
): Promise<string[][]> {
  const tuples: string[][] = [];
  const add = (tuple: string[] | undefined): void => {
    if (tuple && !tuples.some((t) => t.join("\0") === tuple.join("\0"))) tuples.push(tuple);
  };
  add(named(table, mine));
  add(named(table, theirs));
  const perKey: string[][] = [];
  for (let j = 0; j < mine.length; j++) {
    if (table.schema.length === 0) return tuples;
    // One pass over the listing per key: how many lost keys each column lacks.
    const missing = table.schema.map(
      (column, i) =>
        `(SELECT count(*) FROM (SELECT DISTINCT k${j} FROM __radar_lm) l ANTI JOIN ` +
        `(SELECT DISTINCT CAST(${sqlIdent(column.name)} AS VARCHAR) AS v FROM ${sqlIdent(table.name)}) c ON l.k${j} = c.v) AS m${i}`,
    );
    const [row] = await ctx.engine.all(`${lostCte}SELECT ${missing.join(", ")}`);
    perKey.push(table.schema.filter((_, i) => Number(row?.[`m${i}`]) === 0).map((c) => c.name));
  }
  const product = perKey.reduce<string[][]>(
    (acc, holding) => acc.flatMap((tuple) => holding.map((c) => [...tuple, c])),
    [[]],
  );
  for (const tuple of product) add(tuple);
  return tuples.slice(0, LISTING_TUPLES);
}

/** An earlier query's predicate that selects, on a join's side, exactly the rows the join drops. */
export interface Accounting {
  /** The earlier query's table (its call is `producedBy`). */
  table: TableInfo;
  /** The predicate as DuckDB renders it (over the join side's alias). */
  predicate: string;
  /** `WHERE` or `FILTER`: where the earlier query had it. */
  clause: string;
}

/** The tables a table was computed from, itself first (through the inputs of query tables). */
function lineage(table: TableInfo, state: OperatorContext["state"]): Set<TableInfo> {
  const out = new Set<TableInfo>();
  const go = (t: TableInfo | undefined): void => {
    if (!t || out.has(t)) return;
    out.add(t);
    if (t.provenance.kind === "query") for (const name of t.provenance.inputs ?? []) go(state.table(name));
  };
  go(table);
  return out;
}

/** A copy of a predicate whose own column references `alias.col` read `to.col` (subqueries untouched). */
function realiased(predicate: Json, alias: string, to: string): Json {
  const copy = JSON.parse(JSON.stringify(predicate)) as Json;
  walkOwn(copy, (n) => {
    const names = n.column_names as string[] | undefined;
    if (n.class === "COLUMN_REF" && names?.length === 2 && names[0]!.toLowerCase() === alias)
      n.column_names = [to, names[1]!];
  });
  return copy;
}

/**
 * An earlier query of this session (or an earlier call of this batch) over this side's table — or
 * a table it was computed from — whose WHERE, or WHERE and an aggregate's FILTER, selects on this
 * side exactly the rows the join drops: `count(*) FILTER (WHERE name ILIKE '%Micropolitan%')` over
 * the same table counting the very rows that find no partner, or `WHERE k NOT IN (SELECT k FROM
 * other)` over the table this side extends. The session has already set these rows apart by a
 * property of its own: the loss is what it counted, not news. Evaluated on this side's rows as the
 * query keeps them; the predicate must select every dropped row and no other. Exact joins only.
 */
export async function accountedEarlier(
  ctx: OperatorContext,
  join: EquiJoin,
  loss: Loss,
  output: string,
): Promise<Accounting | undefined> {
  if (loss.sampleEvery > 1) return undefined;
  const [mine, theirs] = [loss.from, loss.to];
  const side = mine[0]!.table;
  // Each candidate is one pass over this side: tables an analyst sets rows apart in by eye are small.
  if (side.rowCount > ACCOUNTED_ROWS) return undefined;
  const other = theirs[0]!.table;
  const ancestors = lineage(side, ctx.state);
  const names = new Set(side.schema.map((c) => c.name.toLowerCase()));
  const candidates: { table: TableInfo; alias: string; predicate: Json; clause: string }[] = [];
  for (const table of ctx.state.tables.values()) {
    const sql = table.provenance.sql;
    if (table.provenance.kind !== "query" || !sql || table.name.toLowerCase() === output.toLowerCase())
      continue;
    if (table === side || table === other) continue;
    let statement: Json | undefined;
    try {
      statement = (await parseTree(ctx.engine, sql)).statements[0]?.node;
    } catch {
      continue;
    }
    for (const select of selectNodes(statement ?? {})) {
      const from = select.from_table as Json | undefined;
      if (from?.type !== "BASE_TABLE") continue;
      const read = ctx.state.table(String(from.table_name));
      if (!read || !ancestors.has(read)) continue;
      const alias = String(from.alias || from.table_name).toLowerCase();
      const where = select.where_clause as Json | null;
      const filters: Json[] = [];
      walkOwn(select.select_list, (n) => {
        if (n.class === "FUNCTION" && n.filter) filters.push(n.filter as Json);
      });
      if (where) candidates.push({ table, alias, predicate: where, clause: "WHERE" });
      for (const f of filters)
        candidates.push({ table, alias, predicate: andOf([...conjuncts(where), f]), clause: "FILTER" });
    }
  }
  if (candidates.length === 0) return undefined;
  const m = mine[0]!.alias;
  const { kept, unpaired } = await unpairedRows(ctx, join, mine, theirs);
  for (const c of candidates) {
    // The predicate must read only this side's columns (subqueries may read any table).
    const refs = outerRefs(c.predicate, ctx.state);
    if (!refs || refs.length === 0) continue;
    if (
      refs.some(
        (r) => (r.length === 2 && r[0]!.toLowerCase() !== c.alias) || !names.has(r.at(-1)!.toLowerCase()),
      )
    )
      continue;
    let predicate: string;
    try {
      predicate = await predicateSql(ctx.engine, m, [realiased(c.predicate, c.alias, m)]);
    } catch {
      continue;
    }
    try {
      const [row] = await ctx.engine.all(
        `SELECT count(*) FILTER (WHERE lost) AS lost, count(*) FILTER (WHERE lost <> chosen) AS differ FROM (` +
          `SELECT ${unpaired()} AS lost, coalesce((${predicate}), false) AS chosen ${kept})`,
      );
      if (Number(row?.lost) === loss.facts.lostRows && Number(row?.differ) === 0)
        return { table: c.table, predicate, clause: c.clause };
    } catch {
      // A predicate that does not evaluate on this side accounts for nothing.
    }
  }
  return undefined;
}
