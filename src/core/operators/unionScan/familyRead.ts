import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import type { SqlParams } from "../../engine/sqlParams.ts";
import { csvReaderSql } from "../../sourceMap/readers/csvRead.ts";
import type { CsvRead } from "../../sourceMap/sourceEntry.ts";
import { plainRead } from "../../sourceMap/readers/plainRead.ts";
import { typedColumnSql } from "../../sourceMap/typing/varcharColumns.ts";

/** The column of a row's file, numbered from 1 in the order given. */
const FILE = "__radar_file";

/** One CSV table of a family, as UnionScan reads it. */
export interface FamilyFile {
  /** The file DuckDB reads (see readablePath). */
  path: string;
  read: CsvRead;
  label: string;
}

/**
 * What files must share to be read by one `read_csv([...])`: the reader options other than the
 * columns' names and types. Undefined for files that need a reader of their own (a UTF-8 copy,
 * gzip, fixed width, long lines, line breaks in quoted cells: those are read one at a time).
 */
export function familyKey(read: CsvRead): string | undefined {
  if (!plainRead(read)) return undefined;
  return JSON.stringify([
    read.delimiter,
    read.skipLines,
    read.skipRows ?? read.skipLines,
    Math.max(read.fileWidth ?? 0, read.columns.length),
  ]);
}

/**
 * The typed rows of several files of one layout (equal familyKey), in file order, in one scan —
 * DuckDB reads the files in parallel, where a UNION ALL of one read per file reads them one after
 * another. Each output column is what `UNION ALL BY NAME` of the files' own typed reads gives: the
 * file's own typed value (its column of that name, wherever it sits in the file; NULL if it has
 * none) cast to the family's type of that column (`types`, from DuckDB's union of those reads).
 * Every record after a file's skipped lines is read, so the caller checks each file's row count
 * against its data rows. The label column comes first, as in the per-file reads.
 */
export function familySql(
  files: FamilyFile[],
  types: { name: string; type: string }[],
  labelColumn: string,
  params: SqlParams,
): string {
  // Each row's file as its position in the list, found once per row; the branches below test that
  // number. Not `filename IN (…)`: DuckDB turns a long IN list into a join, and the rows then no
  // longer come in file order (seen on the water family: 5 runs of 5 out of order).
  const fileIn = (group: number[]): string =>
    group.length === 1
      ? `${FILE} = ${group[0]! + 1}`
      : `list_contains([${group.map((f) => f + 1).join(", ")}], ${FILE})`;
  const label = `CASE ${FILE} ${files.map((f, i) => `WHEN ${i + 1} THEN ${params.bind(f.label)}`).join(" ")} END`;
  const columns = types.map(({ name, type }) => {
    // Files grouped by the expression that gives their value of this column.
    const byValue = new Map<string, number[]>();
    files.forEach((f, i) => {
      // UNION ALL BY NAME matches names without regard to case.
      const position = f.read.columns.findIndex((c) => c.name.toLowerCase() === name.toLowerCase());
      const value = position < 0 ? "NULL" : typedColumnSql(f.read.columns[position]!, position);
      const group = byValue.get(value);
      if (group) group.push(i);
      else byValue.set(value, [i]);
    });
    const values = [...byValue.entries()];
    if (values.length === 1) return `CAST(${values[0]![0]} AS ${type}) AS ${sqlIdent(name)}`;
    const branches = values
      .slice(0, -1)
      .map(([value, group]) => `WHEN ${fileIn(group)} THEN CAST(${value} AS ${type})`)
      .join(" ");
    return `CASE ${branches} ELSE CAST(${values[values.length - 1]![0]} AS ${type}) END AS ${sqlIdent(name)}`;
  });
  const reader = csvReaderSql(
    files.map((f) => f.path),
    files[0]!.read,
  );
  const position = `list_position([${files.map((f) => sqlString(f.path)).join(", ")}], filename)`;
  return `SELECT ${label} AS ${sqlIdent(labelColumn)}, ${columns.join(", ")} FROM (SELECT *, ${position} AS ${FILE} FROM ${reader})`;
}
