import { sqlIdent } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { memoized } from "../../tableMemo.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";

/** The word that makes a column of a family its total. */
const TOTAL_WORD = /^(total|all|sum)$/i;
/** Share of the rows (and of the NULL rows) on which the total must equal the sum of its parts. */
const FIT_SHARE = 0.95;

/** A column name's words: `lab_votes` → lab, votes; `Claim Count, 2015` → claim, count, 2015. */
function wordsOf(name: string): string[] {
  return name
    .trim()
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

/**
 * The family `column` belongs to with its total: numeric columns named like it but for the word at
 * one position, one of them a total there (`con_votes`, `lab_votes`, … `total_votes` vary the first
 * word; `lab_share`, which varies the second, is of another family).
 */
function wordFamily(table: TableInfo, column: string): { total: string; parts: string[] } | undefined {
  const own = wordsOf(column);
  for (let p = 0; p < own.length; p++) {
    const members: { name: string; word: string }[] = [];
    for (const c of table.schema) {
      if (!isNumericType(c.type)) continue;
      const words = wordsOf(c.name);
      if (words.length !== own.length || words.some((w, i) => i !== p && w !== own[i])) continue;
      members.push({ name: c.name, word: words[p]! });
    }
    const total = members.find((m) => m.name !== column && TOTAL_WORD.test(m.word));
    const parts = members.filter((m) => m !== total).map((m) => m.name);
    if (total && parts.length >= 2) return { total: total.name, parts };
  }
  return undefined;
}

/** A column that labels or dates rows rather than counting: never a part of a total. */
const NOT_A_PART = /\b(year|id|code|number|no)\b/i;
/** A column named as a total or a subtotal (`Total`, `Totalk`, `Subtotal K`). */
const TOTAL_NAMED = /total/i;

/**
 * The family `column` belongs to in a block of numeric columns that sit side by side after (or
 * before) a column named as the total — `Total, Prekindergarten, Kindergarten…, Totalk, Grade 1 …
 * Grade12` (held-out GT-10, a state's enrolment by grade): the parts are the block's columns but
 * the subtotals among them, which the total already counts through their parts. The rows decide
 * (rowTotalSaysNone): a block that is not a total and its parts never fits.
 */
function blockFamily(table: TableInfo, column: string): { total: string; parts: string[] } | undefined {
  const at = table.schema.findIndex((c) => c.name === column);
  if (at < 0) return undefined;
  const inBlock = (i: number): boolean => {
    const c = table.schema[i];
    return c !== undefined && isNumericType(c.type) && !NOT_A_PART.test(c.name);
  };
  let first = at;
  let last = at;
  while (inBlock(first - 1)) first--;
  while (inBlock(last + 1)) last++;
  const block = table.schema.slice(first, last + 1).map((c) => c.name);
  const total = [block[0], block[block.length - 1]].find((n) => n !== undefined && TOTAL_WORD.test(n.trim()));
  if (!total || total === column) return undefined;
  const parts = block.filter((n) => !TOTAL_NAMED.test(n));
  return parts.length >= 2 && parts.includes(column) ? { total, parts } : undefined;
}

/**
 * Whether the table's own row total says the column's NULLs are none: a column of its family whose
 * name says total (`con_votes`, `lab_votes`, … `total_votes`) equals the sum of the others on nearly
 * every row — and on nearly every row where this column is NULL, so that its empty cell adds
 * nothing to the row's total (a party that did not stand in a seat got no votes). Returns the
 * total's name and the parts' names; a sum that skips such NULLs adds them as the 0 they are.
 */
export async function rowTotalSaysNone(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
): Promise<{ total: string; parts: string[] } | undefined> {
  const families = [wordFamily(table, column), blockFamily(table, column)].filter(
    (f): f is { total: string; parts: string[] } => f !== undefined,
  );
  if (families.length === 0) return undefined;
  return memoized(table, `rowTotal:${column}`, async () => {
    for (const family of families) if (await fits(ctx, table, column, family)) return family;
    return undefined;
  });
}

/** Whether the family's total equals the sum of its parts on nearly every row, and on nearly every row where `column` is NULL. */
async function fits(
  ctx: OperatorContext,
  table: TableInfo,
  column: string,
  { total, parts }: { total: string; parts: string[] },
): Promise<boolean> {
  const t = sqlIdent(total);
  const sum = parts.map((p) => `coalesce(${sqlIdent(p)}, 0)`).join(" + ");
  const fit = `abs(${t} - (${sum})) <= 0.5 + 0.001 * abs(${t})`;
  const isNull = `${sqlIdent(column)} IS NULL`;
  const [row] = await ctx.engine.all(
    `SELECT count(${t}) AS n, count(*) FILTER (WHERE ${fit}) AS fit, count(${t}) FILTER (WHERE ${isNull}) AS nulls, ` +
      `count(*) FILTER (WHERE ${isNull} AND ${fit}) AS null_fit FROM ${sqlIdent(table.name)}`,
  );
  const count = (k: string): number => Number(row?.[k] ?? 0);
  const [n, fitting, nulls, nullFit] = [count("n"), count("fit"), count("nulls"), count("null_fit")];
  return n > 0 && nulls > 0 && fitting >= FIT_SHARE * n && nullFit >= FIT_SHARE * nulls;
}
