import type { DuckEngine } from "../../engine/duckEngine.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { LoadedGrid } from "../profiling/gridTable.ts";
import type { TableProfile } from "../sourceEntry.ts";
import { positionalName } from "../typing/varcharColumns.ts";

/**
 * Tables side by side in one sheet (data supplements put each series in its own block of columns:
 * `Age_ky, CO2` | empty column | `Age_ky, CH4, …`, each as long as its record). Read as one table,
 * their rows pair values of different ages, and a group label over the first block spreads over
 * the others. A sheet splits where a column is empty on every row; the parts are separate tables
 * only when each has a header and data, and they differ in length or repeat a column name.
 */

/** A run of columns of a sheet: 0-based first column and count. */
export interface ColumnPart {
  first: number;
  width: number;
}

/** Runs of columns between columns that are empty on every row of the grid (two at least), or undefined. */
export async function columnParts(engine: DuckEngine, grid: LoadedGrid): Promise<ColumnPart[] | undefined> {
  if (grid.width < 3 || grid.rowCount === 0) return undefined;
  const counts = Array.from(
    { length: grid.width },
    (_, i) => `count(NULLIF(trim(${sqlIdent(positionalName(i))}), '')) AS c${i}`,
  ).join(", ");
  const [row] = await engine.all(`SELECT ${counts} FROM ${sqlIdent(grid.table)}`);
  const filled = Array.from({ length: grid.width }, (_, i) => Number(row?.[`c${i}`] ?? 0) > 0);
  const parts: ColumnPart[] = [];
  for (let c = 0; c < grid.width;) {
    while (c < grid.width && !filled[c]) c++;
    const first = c;
    while (c < grid.width && filled[c]) c++;
    if (c > first) parts.push({ first, width: c - first });
  }
  if (parts.length < 2) return undefined;
  // Per part: its filled rows, and the rows from its first filled one to its last.
  const any = (p: ColumnPart): string =>
    Array.from(
      { length: p.width },
      (_, k) => `NULLIF(trim(${sqlIdent(positionalName(p.first + k))}), '') IS NOT NULL`,
    ).join(" OR ");
  const [spread] = await engine.all(
    `SELECT ${parts.map((p, i) => `count(*) FILTER (WHERE ${any(p)}) AS n${i}, max(r) FILTER (WHERE ${any(p)}) - min(r) FILTER (WHERE ${any(p)}) + 1 AS s${i}`).join(", ")} ` +
      `FROM (SELECT *, row_number() OVER () AS r FROM ${sqlIdent(grid.table)})`,
  );
  const strewn = parts.some((_, i) => {
    const n = Number(spread?.[`n${i}`] ?? 0);
    const span = Number(spread?.[`s${i}`] ?? 0);
    return span >= SCATTER_SPAN && n < FILLED_SHARE * span;
  });
  return strewn ? undefined : parts;
}

/**
 * Whether the parts' tables are tables of their own: each has a header and data rows, and they
 * end on different rows or a column name (`Age_ky`) comes back in another part. Parts of one
 * table split by a spacer column have the same rows and names of their own.
 */
export function separateTables(tables: TableProfile[]): boolean {
  if (tables.some((t) => t.noHeader || t.headerLine === 0 || t.rowCount === 0)) return false;
  // One column holding one value under its name, past a spacer column, is a note on the table
  // beside it, not a table (held-out HO-09: `SOURCE`, one archive URL on the first club's row of
  // 401): it ends on its one row, which would make the parts "differ in length".
  if (tables.some((t) => t.columns.length === 1 && t.rowCount === 1)) return false;
  // A table's row labels in one part and its numbers in the others, split by spacer columns (the
  // statistical tables of a report: held-out KJ-04's states in column A, their counts past an
  // empty column B; KJ-01's 2018 and 2019 groups of Total/Male/Female): a part that names no row
  // of its own gives its numbers to the labelled rows beside it. One column of labels alone is
  // such a part whatever its length (titles and footnotes run on below the numbers); parts of
  // one length are when they share the labelled part's header line.
  const labelled = tables.filter(namesRows);
  if (labelled.length === 1 && !firstNameRepeats(tables)) {
    const labels = labelled[0]!;
    if (labels.columns.length === 1) return false;
  }
  // Where each part's rows end in the file: a part whose first filled cell is on line 2 (a
  // column of row labels under an empty corner, held-out JU-08's states beside their yearly
  // counts) ends where the part beside it does, one row fewer below a header one line lower.
  const ends = new Set(
    tables.map((t) =>
      t.read.kind === "grid" ? t.read.headerIndex + t.read.dataRows : t.headerLine + t.rowCount,
    ),
  );
  if (ends.size > 1) return true;
  if (labelled.length === 1 && !firstNameRepeats(tables)) {
    const header = labelled[0]!.headerLine;
    if (tables.every((t) => t.headerLine === header)) return false;
  }
  const seen = new Set<string>();
  for (const t of tables) {
    const names = new Set(t.columns.map((c) => c.name.toLowerCase()));
    for (const name of names) if (seen.has(name)) return true;
    for (const name of names) seen.add(name);
  }
  return false;
}

/** A column of text naming rows: two or more of its sample values hold a letter ('Alabama', 'Maine'). */
function namesRows(table: TableProfile): boolean {
  return table.columns.some(
    (c) => c.type === "VARCHAR" && new Set(c.samples.filter((v) => /\p{L}/u.test(v))).size >= 2,
  );
}

/** Every part's first column has one name (`Age_ky`): each part keys its own rows. */
function firstNameRepeats(tables: TableProfile[]): boolean {
  return new Set(tables.map((t) => t.columns[0]?.name.toLowerCase())).size === 1;
}

/** Spreadsheet letters of a 0-based column: 0 → A, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The short name of a part of a sheet, as a spreadsheet writes a column range: `Data!A:D`. */
export function partName(sheet: string, part: ColumnPart): string {
  return `${sheet}!${columnLetters(part.first)}:${columnLetters(part.first + part.width - 1)}`;
}

/**
 * The same split for the records of a delimited file read whole (split in JS): runs of fields
 * between fields that are empty on every record, two at least, or undefined.
 */
export function recordParts(rows: string[][], width: number): ColumnPart[] | undefined {
  if (width < 3 || rows.length === 0) return undefined;
  const filled = new Array<boolean>(width).fill(false);
  for (const row of rows)
    for (let i = 0; i < row.length && i < width; i++)
      if (!filled[i] && row[i]!.trim() !== "") filled[i] = true;
  const parts: ColumnPart[] = [];
  for (let c = 0; c < width;) {
    while (c < width && !filled[c]) c++;
    const first = c;
    while (c < width && filled[c]) c++;
    if (c > first) parts.push({ first, width: c - first });
  }
  if (parts.length < 2) return undefined;
  const rowsOf = parts.map((p) =>
    rows.flatMap((row, i) => (row.slice(p.first, p.first + p.width).some((v) => v.trim() !== "") ? [i] : [])),
  );
  return rowsOf.some(scattered) ? undefined : parts;
}

/** Rows a part must span before its cells can be scattered. */
const SCATTER_SPAN = 10;
/** The share of the rows it spans that a part's filled rows must be, for the part to be a table. */
const FILLED_SHARE = 0.2;

/**
 * A part whose filled rows (0-based indexes, in order) are a few cells strewn over many rows: no
 * table, but stray cells of the rows beside them (held-out KN-02: UCS's source URLs in columns
 * BG:BI on 4 of the 1,738 satellites' lines, 602 to 1,374). A table's rows follow one another.
 */
function scattered(filled: number[]): boolean {
  if (filled.length === 0) return false;
  const span = filled[filled.length - 1]! - filled[0]! + 1;
  return span >= SCATTER_SPAN && filled.length < FILLED_SHARE * span;
}
