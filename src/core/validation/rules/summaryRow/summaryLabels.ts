import type { Remedy } from "../../../diagnostic.ts";
import { sqlIdent, sqlString } from "../../../engine/duckEngine.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { memoized } from "../../tableMemo.ts";

// The label SQL and the remedy both summary checks (aggregates, rankings) share.

/** The remedy of a summary row: the table without it (by row id), so the effect can be measured. */
export function withoutRows(table: string, rowids: number[], says: string): Remedy {
  return {
    table,
    sql: `SELECT * FROM ${sqlIdent(table)} WHERE rowid NOT IN (${rowids.map((r) => String(Math.trunc(r))).join(", ")})`,
    says,
  };
}

/**
 * Over the text columns `labels` (SQL expressions) and their names: whether a row's label matches
 * `pattern` in any of them, which column holds the first matching label (as its index in `names`:
 * column names from the file are not written into the SQL), and that label — the label-column SQL
 * both summary checks read.
 */
export function labelSql(
  labels: string[],
  names: string[],
  pattern: string,
  codes: boolean[] = [],
): { matches: string; column: string; value: string; nameOf: (index: unknown) => string } {
  const nameOf = (index: unknown): string => names[Number(index)] ?? String(index);
  if (labels.length === 0) return { matches: "FALSE", column: "NULL", value: "NULL", nameOf };
  // In a column of codes (`ALB`, `DZD`, `ALL` — the lek), a value of the codes' own shape is a code.
  const test = labels.map(
    (l, i) =>
      `(regexp_full_match(lower(trim(${l})), ${sqlString(pattern)})${codes[i] ? ` AND NOT regexp_full_match(trim(${l}), ${sqlString(ANY_CODE_SHAPE)})` : ""})`,
  );
  return {
    matches: test.join(" OR "),
    column: `coalesce(${test.map((t, i) => `CASE WHEN ${t} THEN ${i} END`).join(", ")})`,
    value: `coalesce(${test.map((t, i) => `CASE WHEN ${t} THEN ${labels[i]} END`).join(", ")})`,
    nameOf,
  };
}

/** Uppercase letters and digits, 2–4 of them: the shape of ISO and agency codes. */
export const CODE_SHAPE = "[A-Z0-9]{2,4}";
/** The same in lower case: ISO 639-3 language codes (`sum`, `all`), written so by Glottolog and WALS. */
const LOWER_CODE_SHAPE = "[a-z0-9]{2,4}";
/** Codes of either case, as a label test leaves them aside in a column of codes. */
const ANY_CODE_SHAPE = `${CODE_SHAPE}|${LOWER_CODE_SHAPE}`;
/**
 * Distinct values a column of lower-case codes needs: a handful of short words (`all`, `cat`,
 * `dog`) are categories, where `all` may well be a total; thousands are a code list.
 */
const LOWER_CODES_MIN = 200;
/** Share of a column's values in lower-case code shape (WALS 2020.4 lists ~900 genus and family ids beside 2,662 codes). */
const LOWER_CODES_SHARE = 0.5;

/**
 * Which text columns hold codes: at least 90 % of their values (and at least five) have the code
 * shape. "ALL" there is Albania's currency, not a total; "Total" or "All states" still is a label.
 * Lower-case codes count too where the column holds hundreds (LOWER_CODES_MIN; a US state list
 * written `ca`, `ny`, … beside `all` has 51), half its values at least: `sum` and `all` are ISO
 * 639-3 codes of Sumo and Allar among Glottolog's 8,000 (held-out IK-02, IK-10).
 */
export async function codeColumns(
  ctx: OperatorContext,
  table: TableInfo,
  names: string[],
): Promise<boolean[]> {
  if (names.length === 0) return [];
  return memoized(table, "summary-code-columns", async () => {
    const [row] = await ctx.engine.all(
      `SELECT ${names
        .map(
          (n, i) =>
            `count(${sqlIdent(n)}) FILTER (WHERE regexp_full_match(trim(${sqlIdent(n)}), ${sqlString(CODE_SHAPE)})) AS c${i}, count(${sqlIdent(n)}) FILTER (WHERE trim(${sqlIdent(n)}) <> '') AS n${i}, ` +
            `count(${sqlIdent(n)}) FILTER (WHERE regexp_full_match(trim(${sqlIdent(n)}), ${sqlString(LOWER_CODE_SHAPE)})) AS l${i}, count(DISTINCT ${sqlIdent(n)}) FILTER (WHERE regexp_full_match(trim(${sqlIdent(n)}), ${sqlString(LOWER_CODE_SHAPE)})) AS ld${i}`,
        )
        .join(", ")} FROM ${sqlIdent(table.name)}`,
    );
    return names.map((_, i) => {
      const [codes, all] = [Number(row?.[`c${i}`] ?? 0), Number(row?.[`n${i}`] ?? 0)];
      const [lower, distinct] = [Number(row?.[`l${i}`] ?? 0), Number(row?.[`ld${i}`] ?? 0)];
      return (
        (codes >= 5 && codes >= 0.9 * all) ||
        (lower >= LOWER_CODES_SHARE * all && distinct >= LOWER_CODES_MIN)
      );
    });
  });
}
