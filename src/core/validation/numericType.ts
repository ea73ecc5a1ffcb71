/** A DuckDB type that holds numbers: the integers, DOUBLE/FLOAT/REAL and DECIMAL(p, s). */
export function isNumericType(type: string): boolean {
  return /INT|DOUBLE|FLOAT|DECIMAL|NUMERIC|REAL/i.test(type);
}
