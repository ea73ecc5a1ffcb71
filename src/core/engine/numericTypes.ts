/**
 * DuckDB's numeric type names, anchored: a column's type as DESCRIBE reports it (`BIGINT`,
 * `DECIMAL(18,3)`) or a cast target as a query spells it (`INT`, `INT8`, `FLOAT8`, `NUMERIC(10, 2)`).
 * Anchored so that `INTERVAL`, `POINT`, `INTEGER[]` or a `STRUCT(a INTEGER)` are not read as numbers,
 * as a substring test would.
 */
const WHOLE =
  /^(U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)|U?INT(1|2|4|8|16|32|64|128)?|UHUGEINT|LONG|SHORT|SIGNED|INT\d*|VARINT|BIGNUM)$/i;
const FRACTIONAL = /^(FLOAT[48]?|DOUBLE|REAL|(DECIMAL|NUMERIC)(\s*\(\s*\d+\s*(,\s*\d+\s*)?\))?)$/i;

/** A type that holds whole numbers only: the signed and unsigned integers of every width. */
export function isWholeNumberType(type: string): boolean {
  return WHOLE.test(type.trim());
}

/** A type that holds numbers: the integers, FLOAT/DOUBLE/REAL and DECIMAL/NUMERIC(p, s). */
export function isNumericType(type: string): boolean {
  const t = type.trim();
  return WHOLE.test(t) || FRACTIONAL.test(t);
}
