import type { Diagnostic } from "../../../diagnostic.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { at, literal, locate, present, typeOf } from "../../evidence.ts";
import { profileOfJoin, scaled } from "../../joinProfile.ts";
import type { SideFacts } from "../../joinProfile.ts";
import {
  conjuncts,
  equiJoins,
  filterFor,
  outerRefs,
  predicateSql,
  selectNodes,
  usedOutsideJoin,
  walkOwn,
} from "../../sqlFacts.ts";
import type { EquiJoin, Json, KeyOf } from "../../sqlFacts.ts";
import { parseTree } from "../../sqlText.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { tableLabel } from "../../derivedTables.ts";
import { tableId } from "../../tableMemo.ts";
import { restrictionOf } from "../../joinRestriction.ts";
import type { Restriction } from "../../joinRestriction.ts";
import { filteredLoss } from "../../joinFilteredLoss.ts";
import type { FilteredLoss } from "../../joinFilteredLoss.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { keptJoin } from "../../effect/keptJoin.ts";
import { isTotalLabel } from "../../totalLabel.ts";

/** An earlier result of the session holding at most this many rows is compared with the lost keys. */
const LISTING_ROWS = 10_000;

/** A side of at most this many rows is tested against earlier queries' predicates (accountedEarlier). */
const ACCOUNTED_ROWS = 100_000;

/**
 * Losses already reported in this session, per shared state: the same tables joined on the same
 * keys dropping the same rows again (a listing after the answer query) is not news.
 */
const reportedLosses = new WeakMap<object, Set<string>>();

/** Rows of one side of a join whose key has no partner on the other side. */
interface Loss {
  from: KeyOf[];
  to: KeyOf[];
  facts: SideFacts;
  sampleEvery: number;
}

/**
 * `join-row-loss` (warning): an inner join drops rows whose key has no partner on the
 * other side — the year one file lacks vanishes from the result. Keys may be columns or
 * expressions (`lower(a.name) = lower(b.name)`). Only rows the query's own WHERE keeps count; a
 * side used purely as a filter — and a semi join, a filter by construction — is intended filtering; and when one side matches
 * completely while most of the other is dropped, the other side is a lookup table and its unused
 * rows are reported as `info`. Large joins with many distinct keys are checked on a hash sample of
 * the keys (see joinProfile), and the finding says so.
 */
export const joinRowLossRule: ValidationRule = queryRule({
  code: "join-row-loss",
  inputsOnly: true,
  async check({ ctx, sql, args }) {
    const out: Diagnostic[] = [];
    for (const join of await equiJoins(sql.statement, ctx.state, ctx.engine)) {
      // A semi join is a filter by construction (`a SEMI JOIN b` keeps the rows of a that b has;
      // none of b's columns reach the result): the rows it drops are the ones it is asked to drop.
      if (join.joinType !== "INNER") continue;
      const left = join.pairs.map((p) => p.left);
      const right = join.pairs.map((p) => p.right);
      // A side none of whose columns the query uses is a filter: its own lost rows don't matter,
      // and the rows it removes from the other side are removed on purpose.
      const used = (alias: string): boolean => usedOutsideJoin(join.select, join.node, alias, ctx.state);
      if (!used(left[0]!.alias) || !used(right[0]!.alias)) continue;
      const profile = await profileOfJoin(ctx, join);
      const losses: Loss[] = [
        { from: left, to: right, facts: profile.left, sampleEvery: profile.sampleEvery },
        { from: right, to: left, facts: profile.right, sampleEvery: profile.sampleEvery },
      ];
      for (const loss of losses) {
        if (loss.facts.lostRows === 0) continue;
        const otherSideComplete =
          losses.length === 2 && losses.every((l) => l === loss || l.facts.lostRows === 0);
        // A lookup table: every row of the other side found its key here, and either most of this
        // side is unused or this side has one row per key while the other repeats keys (a dimension
        // of facts). Its unused rows carry no facts; two tables of one row per key each (a year's
        // rainfall and a year's yield) are not lookups, and a year one lacks is a loss.
        const other = losses.find((l) => l !== loss)?.facts;
        const lookup =
          otherSideComplete &&
          (loss.facts.lostRows > 0.5 * loss.facts.kept ||
            (loss.facts.maxPerKey <= 1 && (other?.maxPerKey ?? 1) > 1));
        const ends = !lookup && (await onlyAtTheEnds(ctx, join, loss));
        if (lookup || ends) {
          out.push(await describe(ctx, join.joinType, loss, lookup ? "lookup" : "ends"));
          continue;
        }
        // Only rows labelled as totals ('All', 'Total') have no partner: the join removes the totals
        // from a table of entities, which is what a per-entity answer needs.
        if (onlyTotals(loss)) {
          out.push(await describe(ctx, join.joinType, loss, "totals"));
          continue;
        }
        const spans = await spansOf(ctx, join, loss);
        if (spans && spans.gaps === 0) {
          out.push(await describe(ctx, join.joinType, loss, "overlap", undefined, undefined, spans));
          continue;
        }
        // Two dated series, each missing a few dates the other has (trading days, observation
        // days): the join compares them on the dates both have. A date one side lacks while the
        // other lacks none is a gap, and stays a warning.
        const calendars =
          spans &&
          (await twoCalendars(
            ctx,
            join,
            loss,
            losses.find((l) => l !== loss)!,
          ));
        if (spans && calendars) {
          out.push(
            await describe(
              ctx,
              join.joinType,
              loss,
              "calendars",
              undefined,
              undefined,
              spans,
              undefined,
              undefined,
              calendars,
            ),
          );
          continue;
        }
        // The other side is a list its own WHERE selected by key, and that WHERE rejects every
        // dropped key: the join applies the analyst's restriction.
        const restriction = await restrictionOf(
          ctx,
          join,
          loss.from,
          loss.to,
          loss.facts.lostKeys,
          loss.sampleEvery,
        );
        if (restriction) {
          out.push(
            await describe(
              ctx,
              join.joinType,
              loss,
              "restricted",
              undefined,
              undefined,
              undefined,
              restriction,
            ),
          );
          continue;
        }
        const reported = reportedLosses.get(ctx.state) ?? new Set<string>();
        reportedLosses.set(ctx.state, reported);
        const key = lossKey(loss);
        if (reported.has(key)) {
          out.push(await describe(ctx, join.joinType, loss, "again"));
          continue;
        }
        const listing = await listedEarlier(ctx, join, loss, String(args.output ?? ""));
        if (listing) {
          out.push(await describe(ctx, join.joinType, loss, "listed", listing));
          continue;
        }
        const accounted = await accountedEarlier(ctx, join, loss, String(args.output ?? ""));
        if (accounted) {
          out.push(await describe(ctx, join.joinType, loss, "accounted", undefined, accounted));
          continue;
        }
        reported.add(key);
        const filtered = await filteredLoss(ctx, join, loss.from, loss.to, loss.sampleEvery);
        out.push({
          ...(await describe(
            ctx,
            join.joinType,
            loss,
            "loss",
            undefined,
            undefined,
            spans,
            undefined,
            filtered,
          )),
          ...(await keptJoin(
            ctx.engine,
            sql.statement,
            ctx.state,
            join,
            loss.from[0]!.alias,
            tableLabel(loss.from[0]!.table),
          )),
        });
      }
    }
    return out;
  },
});

/** The same tables, keys and lost rows: the same loss. */
function lossKey(loss: Loss): string {
  const side = (keys: KeyOf[]): string => `${tableId(keys[0]!.table)}:${keys.map((k) => k.sql).join(",")}`;
  return `${side(loss.from)}|${side(loss.to)}|${loss.facts.kept}|${loss.facts.lostRows}|${loss.facts.lostKeys}|${loss.sampleEvery}`;
}

/**
 * An earlier result of this session that lists exactly the keys this join cannot pair: every key
 * the join drops from this side is in it, and every key in it is one that one side or the other
 * lacks — the anti-join listing an analyst runs before deciding to drop them (`… WHERE (Community,
 * Beach) NOT IN (SELECT … FROM b2 WHERE b2.src <> b.src)`). Such a result shows the session has
 * already looked at these very rows. A result that lists all keys, matched or not, is no such
 * listing. Only joins on columns, checked exactly (not on a sample of keys).
 */
async function listedEarlier(
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
  const listings = [...ctx.state.tables.values()].flatMap((t) => {
    if (t.provenance.kind !== "query" || joined.has(t.name.toLowerCase())) return [];
    if (t.name.toLowerCase() === output.toLowerCase() || t.rowCount === 0 || t.rowCount > LISTING_ROWS)
      return [];
    const columns = named(t, mine) ?? named(t, theirs);
    return columns ? [{ table: t, columns }] : [];
  });
  if (listings.length === 0) return undefined;
  const k = mine.map((_, j) => `k${j}`).join(", ");
  const keysOf = (keys: KeyOf[]): string =>
    keys.map((key, j) => `CAST(${key.sql} AS VARCHAR) AS k${j}`).join(", ");
  const from = (keys: KeyOf[]): string => `${sqlIdent(keys[0]!.table.name)} AS ${sqlIdent(keys[0]!.alias)}`;
  const notNull = (keys: KeyOf[]): string => keys.map((key) => `(${key.sql}) IS NOT NULL`).join(" AND ");
  const [mineFilter, theirFilter] = [
    await filterFor(ctx.engine, join.select, mine[0]!.alias, ctx.state),
    await filterFor(ctx.engine, join.select, theirs[0]!.alias, ctx.state),
  ];
  // The keys each side drops: kept rows of one side whose key no row of the other side holds.
  const lost =
    `lm AS (SELECT DISTINCT ${keysOf(mine)} FROM ${from(mine)} WHERE (${mineFilter}) AND ${notNull(mine)} ` +
    `EXCEPT SELECT DISTINCT ${keysOf(theirs)} FROM ${from(theirs)}), ` +
    `lt AS (SELECT DISTINCT ${keysOf(theirs)} FROM ${from(theirs)} WHERE (${theirFilter}) AND ${notNull(theirs)} ` +
    `EXCEPT SELECT DISTINCT ${keysOf(mine)} FROM ${from(mine)}), ` +
    `u AS (SELECT * FROM lm UNION SELECT * FROM lt)`;
  for (const { table, columns } of listings) {
    const listed = columns.map((c, j) => `CAST(${sqlIdent(c)} AS VARCHAR) AS k${j}`).join(", ");
    const [row] = await ctx.engine.all(
      `WITH ${lost}, t AS (SELECT DISTINCT ${listed} FROM ${sqlIdent(table.name)}) ` +
        `SELECT (SELECT count(*) FROM lm) AS lost, (SELECT count(*) FROM lm SEMI JOIN t USING (${k})) AS listed, ` +
        `(SELECT count(*) FROM t ANTI JOIN u USING (${k})) AS extra`,
    );
    const n = Number(row?.lost ?? 0);
    if (n > 0 && Number(row?.listed) === n && Number(row?.extra) === 0) return table;
  }
  return undefined;
}

/** An earlier query's predicate that selects, on a join's side, exactly the rows the join drops. */
interface Accounting {
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
async function accountedEarlier(
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
      const and = (parts: Json[]): Json =>
        parts.length === 1
          ? parts[0]!
          : { class: "CONJUNCTION", type: "CONJUNCTION_AND", alias: "", query_location: 0, children: parts };
      if (where) candidates.push({ table, alias, predicate: where, clause: "WHERE" });
      for (const f of filters)
        candidates.push({ table, alias, predicate: and([...conjuncts(where), f]), clause: "FILTER" });
    }
  }
  if (candidates.length === 0) return undefined;
  const m = mine[0]!.alias;
  const t = theirs[0]!.alias;
  const mineFilter = await filterFor(ctx.engine, join.select, m, ctx.state);
  const notNull = mine.map((k) => `(${k.sql}) IS NOT NULL`).join(" AND ");
  const partner = mine.map((k, j) => `(${theirs[j]!.sql}) = (${k.sql})`).join(" AND ");
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
          `SELECT NOT EXISTS (SELECT 1 FROM ${sqlIdent(other.name)} AS ${sqlIdent(t)} WHERE ${partner}) AS lost, ` +
          `coalesce((${predicate}), false) AS chosen FROM ${sqlIdent(side.name)} AS ${sqlIdent(m)} WHERE (${mineFilter}) AND ${notNull})`,
      );
      if (Number(row?.lost) === loss.facts.lostRows && Number(row?.differ) === 0)
        return { table: c.table, predicate, clause: c.clause };
    } catch {
      // A predicate that does not evaluate on this side accounts for nothing.
    }
  }
  return undefined;
}

/**
 * A shifted self-join (`rain a JOIN rain b ON b.year = a.year - 1`, a previous-period lookup)
 * cannot pair the first or the last period: its keys lie outside the other side's range by
 * construction. Such a loss is expected; a lost key inside the range is a gap in the series and
 * stays a warning. Single-key self-joins whose key is an expression on one side only.
 */
async function onlyAtTheEnds(ctx: OperatorContext, join: EquiJoin, loss: Loss): Promise<boolean> {
  const [mine, theirs] = [loss.from, loss.to];
  if (mine.length !== 1 || mine[0]!.table !== theirs[0]!.table || loss.sampleEvery > 1) return false;
  if ((mine[0]!.column === undefined) === (theirs[0]!.column === undefined)) return false;
  const [m, t] = [mine[0]!, theirs[0]!];
  const table = sqlIdent(m.table.name);
  const filter = await filterFor(ctx.engine, join.select, m.alias, ctx.state);
  // Keys of the kept rows that lie within the other side's range yet found no partner in it.
  const [row] = await ctx.engine.all(
    `WITH mine AS (SELECT DISTINCT ${m.sql} AS k FROM ${table} AS ${sqlIdent(m.alias)} WHERE (${filter}) AND (${m.sql}) IS NOT NULL), ` +
      `theirs AS (SELECT DISTINCT ${t.sql} AS k FROM ${table} AS ${sqlIdent(t.alias)} WHERE (${t.sql}) IS NOT NULL), ` +
      `span AS (SELECT min(k) AS lo, max(k) AS hi FROM theirs) ` +
      `SELECT count(*) AS gaps FROM mine, span WHERE mine.k BETWEEN span.lo AND span.hi AND mine.k NOT IN (SELECT k FROM theirs)`,
  );
  return Number(row?.gaps ?? 1) === 0;
}

/** The key spans of both sides of a join on a time axis, and the dropped keys inside the other's span. */
interface Spans {
  mine: [unknown, unknown];
  theirs: [unknown, unknown];
  /** Dropped keys inside the other side's span: how many, and the first few. */
  gaps: number;
  gapKeys: unknown[];
}

/** Both sides of a join on dates lose a few rows on dates inside the other's span. */
interface Calendars {
  otherRows: number;
  otherKept: number;
  otherGaps: number;
}

/** At most this share of either side's rows may fall on dates the other lacks. */
const CALENDAR_SHARE = 0.1;

/** Only rows whose key is a total's label ('All', 'Total', …) are dropped — all of them known. */
function onlyTotals(loss: Loss): boolean {
  const { facts, sampleEvery } = loss;
  return (
    loss.from.length === 1 &&
    sampleEvery === 1 &&
    facts.lostKeys > 0 &&
    facts.lostKeys === facts.lost.length &&
    facts.lost.every((e) => isTotalLabel(e.key[0]))
  );
}

/**
 * Two dated series joined on a date (a DATE or TIMESTAMP column — years are not calendars: a
 * missing year is a gap), each losing at most a tenth of its rows, and each losing some on dates
 * inside the other's span: holidays of two markets, days two stations did not report.
 */
async function twoCalendars(
  ctx: OperatorContext,
  join: EquiJoin,
  loss: Loss,
  other: Loss,
): Promise<Calendars | undefined> {
  if (loss.from.length !== 1 || loss.sampleEvery > 1) return undefined;
  const column = loss.from[0]!.column;
  const type = column ? typeOf(loss.from[0]!.table, column) : undefined;
  if (!type || !/^(DATE|TIMESTAMP)/.test(type)) return undefined;
  const small = (l: Loss): boolean =>
    l.facts.lostRows > 0 && l.facts.lostRows <= CALENDAR_SHARE * l.facts.kept;
  if (!small(loss) || !small(other)) return undefined;
  const theirs = await spansOf(ctx, join, other);
  if (!theirs || theirs.gaps === 0) return undefined;
  return { otherRows: other.facts.lostRows, otherKept: other.facts.kept, otherGaps: theirs.gaps };
}

/** Key types that are a time axis: dates and times, or whole numbers that are all calendar years. */
const TIME_TYPES = /^(DATE|TIME|TIMESTAMP)/;
const WHOLE_TYPES = /^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/;
/** Keys inside the other side's span named in a warning. */
const GAP_KEYS = 5;

/**
 * Two series over different periods joined on their time key (fires 1983–2024, costs 2001–2023):
 * the inner join keeps the period both cover, and the rows it drops are those before the other
 * side starts or after it ends — the overlap the question asks about, not a loss. Keys missing
 * inside the other side's span (a year one file lacks) stay a loss. Single-key joins on a time
 * axis only: dates and times, or whole numbers that are all years (1000–2999) on both sides; other
 * numbers (an id above the last one a lookup holds) are no period. Read exactly, over the rows the
 * query keeps on both sides; undefined for keys that are no time axis.
 */
async function spansOf(ctx: OperatorContext, join: EquiJoin, loss: Loss): Promise<Spans | undefined> {
  const [mine, theirs] = [loss.from, loss.to];
  if (mine.length !== 1) return undefined;
  const [m, t] = [mine[0]!, theirs[0]!];
  // The key's type and the dropped keys at hand first (the profile holds them as text): a text key,
  // or whole numbers that are no years, is no period — no statement is run.
  const years = (v: unknown): boolean => Number(v) >= 1000 && Number(v) <= 2999;
  const type = m.column ? typeOf(m.table, m.column) : undefined;
  if (type !== undefined && !TIME_TYPES.test(type) && !WHOLE_TYPES.test(type)) return undefined;
  if (type !== undefined && WHOLE_TYPES.test(type) && !loss.facts.lost.every((e) => years(e.key[0])))
    return undefined;
  const [mineFilter, theirFilter] = [
    await filterFor(ctx.engine, join.select, m.alias, ctx.state),
    await filterFor(ctx.engine, join.select, t.alias, ctx.state),
  ];
  const rows = (k: KeyOf, filter: string): string =>
    `SELECT ${k.sql} AS k FROM ${sqlIdent(k.table.name)} AS ${sqlIdent(k.alias)} WHERE (${filter}) AND (${k.sql}) IS NOT NULL`;
  try {
    // The types and spans (one aggregate per side), then, on a time axis only, the keys inside the
    // other side's span that it lacks.
    const [row] = await ctx.engine.all(
      `SELECT * FROM (SELECT typeof(min(k)) AS mine_type, min(k) AS mine_lo, max(k) AS mine_hi FROM (${rows(m, mineFilter)})), ` +
        `(SELECT typeof(min(k)) AS their_type, min(k) AS lo, max(k) AS hi FROM (${rows(t, theirFilter)}))`,
    );
    if (!row) return undefined;
    const [mineType, theirType] = [String(row.mine_type), String(row.their_type)];
    const timeAxis =
      (TIME_TYPES.test(mineType) && TIME_TYPES.test(theirType)) ||
      (WHOLE_TYPES.test(mineType) &&
        WHOLE_TYPES.test(theirType) &&
        [row.mine_lo, row.mine_hi, row.lo, row.hi].every(years));
    if (!timeAxis) return undefined;
    const [gaps] = await ctx.engine.all(
      `WITH gaps AS (SELECT DISTINCT k FROM (${rows(m, mineFilter)}) WHERE k BETWEEN $1 AND $2 AND k NOT IN (SELECT k FROM (${rows(t, theirFilter)}))) ` +
        `SELECT count(*) AS n, list(k ORDER BY k)[1:${GAP_KEYS}] AS keys FROM gaps`,
      [row.lo, row.hi],
    );
    return {
      mine: [row.mine_lo, row.mine_hi],
      theirs: [row.lo, row.hi],
      gaps: Number(gaps?.n ?? 0),
      gapKeys: (gaps?.keys as unknown[] | null) ?? [],
    };
  } catch {
    // Keys of two types that do not compare: no span to speak of.
    return undefined;
  }
}

/** A span's end as DuckDB returns it (a date as its ISO text, a year as a number). */
function text(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

/** Letters and digits only, lower-case: what a normalised join key keeps of a text. */
function letters(value: unknown): string {
  return String(value ?? "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * A key normalised for the join (`'lagrangegaal'`) reads badly; the text it was made from reads
 * well. The first text column of the same rows that holds every shown key's letters and digits
 * (`name`: 'LaGrange, GA-AL Micropolitan Statistical Area') and differs from the key, with its
 * value per row id — undefined when no column does, or the key is a plain column of readable text.
 */
async function originalText(
  ctx: OperatorContext,
  table: TableInfo,
  loss: Loss,
): Promise<{ column: string; texts: Map<number, string> } | undefined> {
  const examples = loss.facts.lost;
  if (examples.length === 0 || loss.from.length !== 1) return undefined;
  const keyColumn = loss.from[0]!.column?.toLowerCase();
  const texts = table.schema.filter((c) => c.type === "VARCHAR" && c.name.toLowerCase() !== keyColumn);
  if (texts.length === 0) return undefined;
  try {
    const rows = await ctx.engine.all(
      `SELECT rowid AS __rowid, ${texts.map((c) => sqlIdent(c.name)).join(", ")} FROM ${sqlIdent(table.name)} WHERE rowid IN (${examples.map((e) => Number(e.rowid)).join(", ")})`,
    );
    const byRow = new Map(rows.map((r) => [Number(r.__rowid), r]));
    for (const column of texts) {
      const values = examples.map((e) => byRow.get(Number(e.rowid))?.[column.name]);
      const fits = examples.every((e, i) => {
        const value = values[i];
        // A normalised key is lower-case text; a year or a name as written is shown as it is.
        const raw = e.key[0];
        if (typeof raw !== "string" || raw !== raw.toLowerCase()) return false;
        const key = letters(raw);
        return typeof value === "string" && key !== "" && value !== raw && letters(value).includes(key);
      });
      if (fits)
        return {
          column: column.name,
          texts: new Map(examples.map((e, i) => [e.rowid, values[i] as string])),
        };
    }
  } catch {
    // A table without row ids (a derived view): the keys alone.
  }
  return undefined;
}

async function describe(
  ctx: OperatorContext,
  joinType: string,
  loss: Loss,
  kind:
    | "loss"
    | "lookup"
    | "ends"
    | "overlap"
    | "again"
    | "listed"
    | "accounted"
    | "restricted"
    | "totals"
    | "calendars",
  listing?: TableInfo,
  accounted?: Accounting,
  spans?: Spans,
  restriction?: Restriction,
  filtered?: FilteredLoss,
  calendars?: Calendars,
): Promise<Diagnostic> {
  const table = loss.from[0]!.table;
  const other = loss.to[0]!.table;
  const { facts, sampleEvery } = loss;
  const locations = await locate(
    ctx.engine,
    table,
    facts.lost.map((e) => e.rowid),
  );
  // An expression key (`a.year - 1`) is written like the column it is compared with.
  const keyType = (j: number): string | undefined => {
    const [mine, theirs] = [loss.from[j]!, loss.to[j]!];
    return mine.column
      ? typeOf(table, mine.column)
      : theirs.column
        ? typeOf(other, theirs.column)
        : undefined;
  };
  const readable = await originalText(ctx, table, loss);
  const keyText = facts.lost.map((e, i) => {
    const original = readable?.texts.get(e.rowid);
    return `${loss.from.map((_, j) => literal(e.key[j], keyType(j))).join("/")}${original === undefined ? "" : ` (${readable!.column} ${literal(original, "VARCHAR")})`}${at(locations[i])}`;
  });
  // A self-join names its sides by alias: "rainfall a" lost rows with no match in "rainfall b".
  const self = table === other;
  const sideName = (keys: KeyOf[]): string =>
    self ? `${tableLabel(keys[0]!.table)} ${keys[0]!.alias}` : tableLabel(keys[0]!.table);
  const keyName = (k: KeyOf): string => (self && k.column ? `${k.alias}.${k.column}` : k.label);
  const on = loss.from.map((k, i) => `${keyName(k)} = ${keyName(loss.to[i]!)}`).join(" AND ");
  const [mineName, otherName] = [sideName(loss.from), sideName(loss.to)];
  const amount =
    sampleEvery > 1
      ? `${scaled(facts.lostRows, sampleEvery)} row(s) of ${mineName} with no match in ${otherName} (${facts.lostRows} of ${facts.kept} rows, ${facts.lostKeys} key value(s), in a sample of 1 in ${sampleEvery} key values)`
      : `${facts.lostRows} of ${facts.kept} row(s) of ${mineName} (${facts.lostKeys} key value(s) with no match in ${otherName})`;
  const examples = `${keyText.join(", ")}${facts.lostKeys > facts.lost.length ? ", …" : ""}`;
  if (kind === "ends")
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} self-join on ${on} leaves ${amount} at the ends of the series (e.g. ${examples}): a shifted self-join has no partner there. Use a LEFT JOIN if those rows belong in the answer.`,
      locations: present(locations).slice(0, 1),
    };
  if (kind === "overlap") {
    const span = ([lo, hi]: [unknown, unknown]): string => `${text(lo)}–${text(hi)}`;
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} keeps the span both sides cover: ${mineName} runs ${span(spans!.mine)}, ${otherName} ${span(spans!.theirs)}. It leaves out ${amount}, all outside ${span(spans!.theirs)} (e.g. ${examples}); no key inside that span is missing. Use a LEFT JOIN if the rows outside it belong in the answer.`,
      locations: present(locations).slice(0, 1),
    };
  }
  if (kind === "totals")
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} leaves out ${amount}, each labelled as a total: ${examples}. ${otherName} has no such row, so the join keeps the entities and drops the total. Use a LEFT JOIN if the total belongs in the answer.`,
      locations: present(locations).slice(0, 1),
    };
  if (kind === "calendars") {
    const span = ([lo, hi]: [unknown, unknown]): string => `${text(lo)}–${text(hi)}`;
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} compares the two series on the dates both have. ${amount} fall on dates ${otherName} lacks inside its span ${span(spans!.theirs)} (e.g. ${examples}), and ${calendars!.otherRows} of ${calendars!.otherKept} row(s) of ${otherName} on ${calendars!.otherGaps} date(s) inside ${mineName}'s span that ${mineName} lacks: each side misses dates the other has (different calendars), not a block of the other's data. Use a LEFT JOIN if a date one side lacks belongs in the answer.`,
      locations: present(locations).slice(0, 1),
    };
  }
  if (kind === "again")
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} again dropped ${amount}, as reported for an earlier call of this session: ${examples}.`,
      locations: present(locations).slice(0, 1),
    };
  if (kind === "listed")
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} dropped ${amount}: ${examples}. These are keys that ${tableLabel(listing!)}, an earlier result of this session, lists as unmatched.`,
      locations: present(locations).slice(0, 1),
    };
  if (kind === "accounted") {
    const by = accounted!.table.producedBy;
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} dropped ${amount}: ${examples}. These are exactly the rows that ${by ? `call #${by.index} (${tableLabel(accounted!.table)})` : tableLabel(accounted!.table)}, an earlier query of this session, set apart with ${accounted!.clause} ${accounted!.predicate}: evaluated on ${mineName}, it selects every dropped row and no other.`,
      locations: present(locations).slice(0, 1),
    };
  }
  if (kind === "restricted")
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} leaves out ${amount}: ${examples}. ${restriction!.side} selects from ${restriction!.source} with the condition ${restriction!.predicate} in its WHERE, which rejects all ${restriction!.keys} dropped key value(s): the join applies that restriction. Use a LEFT JOIN if those rows belong in the answer.`,
      locations: present(locations).slice(0, 1),
    };
  if (kind === "lookup")
    return {
      code: "join-row-loss",
      severity: "info",
      message: `The ${joinType.toLowerCase()} join on ${on} used ${mineName} as a lookup: every row of ${otherName} matched, and ${amount} were not needed (e.g. ${examples}).`,
      locations: present(locations).slice(0, 1),
    };
  return {
    code: "join-row-loss",
    severity: "warning",
    message:
      `The ${joinType.toLowerCase()} join on ${on} dropped ${amount}: ${examples}. ` +
      // The query's own filter on the other side drops more: both figures, each for what it is.
      (filtered && filtered.rows !== facts.lostRows
        ? `Those keys occur in no row of ${otherName}; counting only the rows of ${otherName} that WHERE ${filtered.filter} keeps, ${filtered.rows} of ${facts.kept} row(s) (${filtered.keys} key value(s)) find no partner. `
        : "") +
      (spans
        ? `${spans.gaps} of these key value(s) lie inside the span ${otherName} covers (${text(spans.theirs[0])}–${text(spans.theirs[1])}), missing there: ${spans.gapKeys.map(text).join(", ")}${spans.gaps > spans.gapKeys.length ? ", …" : ""}. `
        : "") +
      `If those rows belong in the answer, use a LEFT/FULL JOIN and handle the missing values; if they are meant to be excluded, filter them explicitly.`,
    locations: present(locations),
  };
}
