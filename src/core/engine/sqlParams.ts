/**
 * Values for one statement's parameters: `bind(value)` returns the placeholder (`$1`, `$2`…) to
 * write into the SQL and keeps the value, which DuckDB binds when the statement runs
 * (`engine.all(sql, params.values)`). Values from data, the agent or a file name never become SQL
 * text; quoting (sqlString, sqlIdent) is kept for identifiers and file paths, and for SQL that is
 * stored or exported as text.
 */
export class SqlParams {
  readonly values: (string | number | boolean)[] = [];

  bind(value: string | number | boolean): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
