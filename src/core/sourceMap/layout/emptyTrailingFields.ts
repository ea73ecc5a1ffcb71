import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import { positionalName } from "../typing/varcharColumns.ts";

/**
 * How many of a delimited table's columns hold something: the last columns are left out while
 * their header cell is empty and no data row has a value in them. A row with one delimiter too
 * many (`13/02/2018,01:00,9,,CC-9259,…`) widens the file by a field that only ever holds the
 * shifted empty last cell; lines ending in a delimiter (`a,b,c,`) do the same. Such a column
 * has no name and no value — nothing a query could use — while its presence misleads (a
 * "column9" over nothing, every row one NULL wider). One exact count per candidate column, over
 * every data row of `dataSql` (the reader's text cells, by position).
 */
export async function filledWidth(
  engine: DuckEngine,
  dataSql: string,
  names: readonly { sourceName: string }[],
): Promise<number> {
  let last = names.length;
  while (last > 1 && names[last - 1]!.sourceName.trim() === "") last--;
  if (last === names.length) return last;
  const counts = Array.from(
    { length: names.length - last },
    (_, k) => `count(NULLIF(trim(${sqlIdent(positionalName(last + k))}), '')) AS n${k}`,
  ).join(", ");
  const [row] = await engine.all(`SELECT ${counts} FROM (${dataSql})`);
  let width = names.length;
  while (width > last && Number(row?.[`n${width - 1 - last}`] ?? 1) === 0) width--;
  return width;
}

/** The table's note on the fields left out (see filledWidth). */
export function emptyFieldsNote(width: number, fileWidth: number): string {
  const n = fileWidth - width;
  return `${n === 1 ? "the last field" : `the last ${n} fields`} of the file's widest records (${fileWidth} fields) ${n === 1 ? "has" : "have"} no header and no value in any row: the table has the first ${width} columns`;
}
