import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { memoized } from "../../tableMemo.ts";

/**
 * Subtotals of an outline: a report table that names each row's entity in one of two text columns,
 * the group in the first (`  Northeast`, `  Lake States`) and its members in the next (`Maine`,
 * `Vermont`, …), each group row followed by its members and holding their sum — with a grand total
 * (`  United States`) after the last group. ERS milk production by state (held-out FN-02): summing
 * a year's column over every row counts each state three times (646,398 for 215,466). No word says
 * "total"; the layout and the sums do.
 */

/** An outline's group rows: at least this many, each with members whose sum it holds. */
const MIN_GROUPS = 2;
/** A group's value may differ from its members' sum by this share (the file rounds each figure). */
const ROUNDING_SHARE = 0.001;
/** Label columns looked at: the first text columns, where an outline puts its levels. */
const LABEL_COLUMNS = 3;

export interface OutlineTotal {
  r: number;
  label: string;
  v: number;
  /** The group column, and the label as written there. */
  column: string;
  word: string;
}

const filled = (a: string, c: string): string =>
  `(${a}.${sqlIdent(c)} IS NOT NULL AND trim(${a}.${sqlIdent(c)}) <> '')`;

/**
 * The group rows of `table AS a` whose value `v` (SQL over `a`) is the sum of the member rows under
 * them, and a group row after the last group equal to the sum of every member (the grand total).
 * Found only when every group row with two or more members holds their sum — a list of regions
 * beside a list of states that merely share a table is no outline. Memoised per table and value.
 */
export async function outlineTotals(
  ctx: OperatorContext,
  table: TableInfo,
  a: string,
  v: string,
  labelText: string,
): Promise<OutlineTotal[]> {
  const text = table.schema
    .filter((c) => c.type === "VARCHAR")
    .map((c) => c.name)
    .slice(0, LABEL_COLUMNS);
  if (text.length < 2) return [];
  return memoized(table, `outline-totals:${v}`, async () => {
    for (let i = 0; i + 1 < text.length; i++) {
      const [group, member] = [text[i]!, text[i + 1]!];
      let found: OutlineTotal[];
      try {
        found = await outlineOf(ctx, table, a, v, labelText, group, member);
      } catch {
        // The query's own conversion of the value fails on rows it leaves out ('Suppressed' under
        // CAST(Deaths AS INT)): the sums of every row cannot be taken, so no outline is judged.
        return [];
      }
      if (found.length > 0) return found;
    }
    return [];
  });
}

async function outlineOf(
  ctx: OperatorContext,
  table: TableInfo,
  a: string,
  v: string,
  labelText: string,
  group: string,
  member: string,
): Promise<OutlineTotal[]> {
  const [g, m] = [filled(a, group), filled(a, member)];
  const t = `${sqlIdent(table.name)} AS ${a}`;
  // Each row's level: 1 a group row (its label in the group column only), 2 a member row, 0 neither
  // (a blank separator, a note). The block of a member is the group row above it.
  const rows = await ctx.engine.all(
    `WITH k AS (SELECT ${a}.rowid AS r, ${labelText} AS label, ${a}.${sqlIdent(group)} AS word, ${v} AS v, ` +
      `CASE WHEN ${g} AND NOT ${m} THEN 1 WHEN ${m} AND NOT ${g} THEN 2 WHEN ${g} AND ${m} THEN 3 ELSE 0 END AS level FROM ${t}), ` +
      `b AS (SELECT *, sum(CASE WHEN level = 1 THEN 1 ELSE 0 END) OVER (ORDER BY r ROWS UNBOUNDED PRECEDING) AS block FROM k), ` +
      `s AS (SELECT block, sum(v) FILTER (WHERE level = 2) AS members, count(v) FILTER (WHERE level = 2) AS n FROM b GROUP BY block) ` +
      `SELECT b.r, b.label, b.word, b.v, b.level, coalesce(s.members, 0) AS members, coalesce(s.n, 0) AS n, ` +
      `(SELECT count(*) FROM k WHERE level = 3) AS both, (SELECT sum(v) FROM k WHERE level = 2) AS all_members ` +
      `FROM b LEFT JOIN s USING (block) WHERE b.level = 1 ORDER BY b.r`,
  );
  if (rows.length < MIN_GROUPS || Number(rows[0]?.both ?? 0) > 0) return [];
  const close = (x: number, y: number): boolean => Math.abs(x - y) <= ROUNDING_SHARE * Math.abs(x) + 1e-9;
  const heads = rows.filter((r) => Number(r.n) >= 2 && r.v !== null);
  if (heads.length < MIN_GROUPS || !heads.every((r) => close(Number(r.v), Number(r.members)))) return [];
  const allMembers = Number(rows[0]?.all_members ?? NaN);
  const out: OutlineTotal[] = [];
  for (const r of rows) {
    if (r.v === null) continue;
    const x = Number(r.v);
    const subtotal = Number(r.n) >= 2 && close(x, Number(r.members));
    // A group row with no members of its own that holds every member's sum: the grand total.
    const grand = Number(r.n) === 0 && Number.isFinite(allMembers) && close(x, allMembers);
    if (subtotal || grand)
      out.push({ r: Number(r.r), label: String(r.label), v: x, column: group, word: String(r.word) });
  }
  return out;
}
