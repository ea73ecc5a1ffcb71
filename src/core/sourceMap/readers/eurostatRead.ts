import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { FLAGGED_VALUE, NOT_AVAILABLE } from "../layout/eurostatTsv.ts";
import type { CsvRead } from "../sourceEntry.ts";
import { positionalName } from "../typing/varcharColumns.ts";

/**
 * How DuckDB reads a file of Eurostat's bulk-download layout (eurostatTsv.ts): its lines as
 * tab-separated fields (`rawEurostatRead`), then the first field cut at its commas into one column
 * per dimension, and each value cell read without its flags, `:` as NULL. The result has the
 * table's columns by position (`column0…`), like every other reader, so typing and Scan read it
 * alike.
 */

/** The reader of the file's own fields: the series key (`column0`), then one field per period. */
export function rawEurostatRead(
  read: Omit<CsvRead, "kind" | "dataRows">,
): Omit<CsvRead, "kind" | "dataRows"> {
  const { eurostat, ...raw } = read;
  const fields = read.columns.length - (eurostat?.dimensions ?? 1) + 1;
  return {
    ...raw,
    columns: Array.from({ length: fields }, (_, i) => ({
      name: positionalName(i),
      sourceName: "",
      type: "VARCHAR",
      thousands: false,
    })),
  };
}

/**
 * A value cell's number (or any other text as written), `:` NULL. The value is extracted once and
 * tested for no match (`''`, which no value matching the pattern is): DuckDB computes the repeated
 * extraction once, a third cheaper than a full match followed by an extraction.
 */
export function eurostatValueSql(ref: string): string {
  const value = `regexp_extract(${ref}, ${sqlString(FLAGGED_VALUE)}, 1)`;
  return `CASE ${value} WHEN '' THEN ${ref} WHEN ${sqlString(NOT_AVAILABLE)} THEN NULL ELSE ${value} END`;
}

/**
 * The table's text columns over `raw` (the reader of rawEurostatRead): `dimensions` code columns,
 * then the value columns. `withFile`: the reader reads several files and its `filename` is kept.
 */
export function eurostatSql(raw: string, dimensions: number, width: number, withFile: boolean): string {
  const codes = Array.from(
    { length: dimensions },
    (_, k) => `__key[${k + 1}] AS ${sqlIdent(positionalName(k))}`,
  );
  const values = Array.from(
    { length: width - dimensions },
    (_, j) =>
      `${eurostatValueSql(sqlIdent(positionalName(j + 1)))} AS ${sqlIdent(positionalName(dimensions + j))}`,
  );
  return (
    `(SELECT ${[...codes, ...values].join(", ")}${withFile ? ", filename" : ""} ` +
    `FROM (SELECT string_split(${sqlIdent(positionalName(0))}, ',') AS __key, * FROM ${raw}))`
  );
}
