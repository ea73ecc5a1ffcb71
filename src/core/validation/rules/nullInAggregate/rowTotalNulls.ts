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
function familyOf(table: TableInfo, column: string): { total: string; parts: string[] } | undefined {
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
  const family = familyOf(table, column);
  if (!family) return undefined;
  const { total, parts } = family;
  return memoized(table, `rowTotal:${column}`, async () => {
    const t = sqlIdent(total);
    const sum = parts.map((p) => `coalesce(${sqlIdent(p)}, 0)`).join(" + ");
    const fits = `abs(${t} - (${sum})) <= 0.5 + 0.001 * abs(${t})`;
    const isNull = `${sqlIdent(column)} IS NULL`;
    const [row] = await ctx.engine.all(
      `SELECT count(${t}) AS n, count(*) FILTER (WHERE ${fits}) AS fit, count(${t}) FILTER (WHERE ${isNull}) AS nulls, ` +
        `count(*) FILTER (WHERE ${isNull} AND ${fits}) AS null_fit FROM ${sqlIdent(table.name)}`,
    );
    const count = (k: string): number => Number(row?.[k] ?? 0);
    const [n, fit, nulls, nullFit] = [count("n"), count("fit"), count("nulls"), count("null_fit")];
    return n > 0 && nulls > 0 && fit >= FIT_SHARE * n && nullFit >= FIT_SHARE * nulls
      ? { total, parts }
      : undefined;
  });
}
