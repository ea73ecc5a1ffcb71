import type { Diagnostic } from "../../diagnostic.ts";
import type { OperatorContext } from "../../operators/operator.ts";
import { at, literal, locate, present, typeOf } from "../evidence.ts";
import { profileOfJoin, scaled } from "../joinProfile.ts";
import type { SideFacts } from "../joinProfile.ts";
import { equiJoins, filterFor, usedOutsideJoin } from "../sqlFacts.ts";
import type { EquiJoin, KeyOf } from "../sqlFacts.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { ValidationRule } from "../validationRule.ts";
import { queryRule } from "../validationRule.ts";
import { tableLabel } from "../derivedTables.ts";
import { tableId } from "../tableMemo.ts";
import type { TableInfo } from "../../state/sharedState.ts";

/** An earlier result of the session holding at most this many rows is compared with the lost keys. */
const LISTING_ROWS = 10_000;

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
        reported.add(key);
        out.push(await describe(ctx, join.joinType, loss, "loss"));
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

async function describe(
  ctx: OperatorContext,
  joinType: string,
  loss: Loss,
  kind: "loss" | "lookup" | "ends" | "again" | "listed",
  listing?: TableInfo,
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
  const keyText = facts.lost.map(
    (e, i) => `${loss.from.map((_, j) => literal(e.key[j], keyType(j))).join("/")}${at(locations[i])}`,
  );
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
      `If those rows belong in the answer, use a LEFT/FULL JOIN and handle the missing values; if they are meant to be excluded, filter them explicitly.`,
    locations: present(locations),
  };
}
