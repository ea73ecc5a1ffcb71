import type { Diagnostic, SourceLocation } from "../diagnostic.ts";
import { sqlIdent } from "../engine/duckEngine.ts";
import type { TableInfo } from "../state/sharedState.ts";
import type { OperatorContext } from "../operators/operator.ts";
import { isAggregate } from "./aggregates.ts";
import { aggregateCalls } from "./aggregateUses.ts";
import { at, locate, quote } from "./evidence.ts";
import { expressionSql, resolveColumn, scopeOf, walkOwn } from "./sqlFacts.ts";
import type { EquiJoin, Json, KeyOf } from "./sqlFacts.ts";
import { tableLabel } from "./derivedTables.ts";
import { NULL_SKIPPING } from "./rules/nullInAggregate/nullInAggregate.ts";

/** Keys shown in a message (all are counted). */
const SHOWN = 5;

interface JoinSide {
  keys: KeyOf[];
  table: TableInfo;
  alias: string;
  filter: string;
}

/**
 * The preserved side of a LEFT/RIGHT join whose kept keys partly match nothing on the other side,
 * while the same SELECT aggregates the other side's columns: a `count(t.x)` of 0 (a `max` of NULL)
 * for those keys. RADAR cannot know whether the other side holds them under another name
 * ('Czechia' / 'Czech Republic'), so it states what it observed — which keys matched no row, with
 * their lines — as info: most left joins keep unmatched keys on purpose. Aggregates that skip NULLs
 * (sum, avg) are left to null-in-aggregate, which warns about the NULLs the join creates. Keys in
 * `paired` were already reported as spelled differently.
 */
export async function unmatchedPreservedKeys(
  ctx: OperatorContext,
  join: EquiJoin,
  left: JoinSide,
  right: JoinSide,
  paired: Set<string>,
): Promise<Diagnostic | undefined> {
  const [kept, other] =
    join.joinType === "LEFT"
      ? [left, right]
      : join.joinType === "RIGHT"
        ? [right, left]
        : [undefined, undefined];
  if (!kept || !other) return undefined;
  const calls = otherSideAggregates(join.select, other.alias, ctx);
  if (calls.length === 0) return undefined;
  const k = (s: JoinSide): string => s.keys.map((key, i) => `${key.sql} AS k${i}`).join(", ");
  const notNull = (s: JoinSide): string => s.keys.map((key) => `${key.sql} IS NOT NULL`).join(" AND ");
  const cols = kept.keys.map((_, i) => `k${i}`);
  const rows = await ctx.engine.all(
    `WITH __radar_mine AS (SELECT ${k(kept)}, min(${sqlIdent(kept.alias)}.rowid) AS r FROM ${sqlIdent(kept.table.name)} AS ${sqlIdent(kept.alias)} WHERE (${kept.filter}) AND ${notNull(kept)} GROUP BY ALL), ` +
      `__radar_theirs AS (SELECT DISTINCT ${k(other)} FROM ${sqlIdent(other.table.name)} AS ${sqlIdent(other.alias)} WHERE (${other.filter}) AND ${notNull(other)}), ` +
      `__radar_lost AS (SELECT * FROM __radar_mine WHERE NOT EXISTS (SELECT 1 FROM __radar_theirs WHERE ${cols.map((c) => `__radar_theirs.${c} = __radar_mine.${c}`).join(" AND ")})) ` +
      `SELECT *, (SELECT count(*) FROM __radar_mine) AS keys, count(*) OVER () AS lost FROM __radar_lost ORDER BY r NULLS LAST LIMIT ${SHOWN + paired.size}`,
  );
  const lost = rows.filter((r) => !paired.has(JSON.stringify(cols.map((c) => r[c]))));
  const total = Number(rows[0]?.keys ?? 0);
  const count = Number(rows[0]?.lost ?? 0) - (rows.length - lost.length);
  // Every key unmatched: the other side is not this side's list at all (or the filter emptied it).
  if (count <= 0 || count >= total) return undefined;
  const shownRows = lost.slice(0, SHOWN);
  const rowids = shownRows.map((r) => (r.r === null || r.r === undefined ? null : Number(r.r)));
  const known = rowids.filter((r): r is number => r !== null);
  const found = known.length > 0 ? await locate(ctx.engine, kept.table, known) : [];
  const byRow = new Map(known.map((r, i) => [r, found[i] ?? null]));
  const locations: (SourceLocation | null)[] = rowids.map((r) =>
    r === null ? null : (byRow.get(r) ?? null),
  );
  const keyText = (r: Record<string, unknown>): string =>
    cols.length === 1 ? quote(r[cols[0]!]) : `(${cols.map((c) => quote(r[c])).join(", ")})`;
  const shown = shownRows.map((r, i) => `${keyText(r)}${at(locations[i])}`).join(", ");
  const on = join.pairs.map((p) => `${p.left.label} = ${p.right.label}`).join(" AND ");
  const text = (c: Json): Promise<string> => expressionSql(ctx.engine, other.alias, c);
  // A row, struct or list built of the other side's columns is a value even when every part is
  // NULL: count(DISTINCT (i.id, i.date)) counts the unmatched keys' empty row once more (held-out
  // GJ-03: 24 visits for 23), count((i.id, i.date)) each such row.
  const built = calls.filter((c) => builtValue(c.argument));
  const reading = calls.filter((c) => !builtValue(c.argument));
  const aggregates = await Promise.all(reading.map((c) => text(c.node)));
  const counting = await Promise.all(built.map((c) => text(c.node)));
  const lead = `The ${join.joinType.toLowerCase()} join on ${on} keeps ${count} of ${total} key(s) of ${tableLabel(kept.table)} that match no row of ${tableLabel(other.table)}: ${shown}${count > shownRows.length ? ", …" : ""}. `;
  const locs = locations.filter((l): l is SourceLocation => l !== null);
  if (counting.length > 0)
    return {
      code: "join-key-mismatch",
      severity: "warning",
      message:
        lead +
        `${counting.join(", ")} ${counting.length > 1 ? "count" : "counts"} them all the same: a row built of ${tableLabel(other.table)}'s columns is not NULL when all of them are, so ${built.some((c) => c.node.distinct === true) ? "a DISTINCT count takes their empty row as one more value, and a plain count" : "the count"} takes each of their rows. ` +
        `Count a column instead, or add FILTER (WHERE ${other.keys[0]!.sql} IS NOT NULL).` +
        (aggregates.length > 0
          ? ` ${aggregates.join(", ")} ${aggregates.length > 1 ? "read" : "reads"} nothing for them.`
          : ""),
      locations: locs,
    };
  return {
    code: "join-key-mismatch",
    severity: "info",
    message:
      lead +
      `${aggregates.join(", ")} ${aggregates.length > 1 ? "read" : "reads"} nothing for them (a count of 0, otherwise NULL). ` +
      `RADAR cannot tell whether ${tableLabel(other.table)} holds them under another name; if a zero is not the answer for them, look up their spelling there.`,
    locations: locs,
  };
}

/** An argument that is never NULL however NULL its parts are: a row, struct or list built of them. */
function builtValue(argument: Json | undefined): boolean {
  return (
    argument?.class === "FUNCTION" &&
    ["row", "struct_pack", "list_value", "struct"].includes(String(argument.function_name).toLowerCase())
  );
}

/** Aggregates of the SELECT that read a column of `alias` and do not skip NULLs into a smaller figure (count, min, max…). */
function otherSideAggregates(
  select: Json,
  alias: string,
  ctx: OperatorContext,
): { node: Json; argument: Json }[] {
  const scope = scopeOf(select.from_table, ctx.state);
  const out: { node: Json; argument: Json }[] = [];
  for (const call of aggregateCalls(
    [select.select_list, select.having],
    (fn) => isAggregate(fn) && !NULL_SKIPPING.has(fn.toLowerCase()),
    { windows: false },
  )) {
    let reads = false;
    walkOwn(call.argument, (n) => {
      if (n.class !== "COLUMN_REF") return;
      if (resolveColumn(n.column_names as string[], scope)?.alias === alias) reads = true;
    });
    if (reads) out.push({ node: call.node, argument: call.argument });
  }
  return out;
}
