import { errorText } from "../text.ts";

/**
 * A DuckDB error about the agent's SQL, in words and at the position of the SQL *as written*:
 * the runtime runs it wrapped (`CREATE OR REPLACE TABLE t AS (\n…\n)`), so DuckDB's `LINE 2`
 * is the agent's line 1. DuckDB shows the line with a caret under the spot; the message keeps
 * the spot as `line L, column C` and a short excerpt, on one line.
 */
export class SqlError extends Error {
  constructor(
    message: string,
    /** DuckDB's error class: `Binder Error`, `Conversion Error`, … */
    readonly kind: string,
    /** 1-based line and column in the agent's SQL, where DuckDB pointed. */
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }

  /** `wrapperLines`: lines the runtime put before the agent's SQL in the statement that failed. */
  static from(error: unknown, sql: string, wrapperLines: number): SqlError {
    const raw = errorText(error);
    const lines = raw.split("\n");
    const at = lines.findIndex((l) => /^LINE \d+: /.test(l));
    const head = (at >= 0 ? lines.slice(0, at) : lines)
      .map((l) => l.trim())
      .filter((l) => l !== "")
      .join(" ");
    const kind = /^([A-Za-z ]+ Error):/.exec(head)?.[1] ?? "Error";
    if (at < 0) return new SqlError(head, kind);
    const match = /^LINE (\d+): (.*)$/.exec(lines[at]!)!;
    const line = Number(match[1]) - wrapperLines;
    const shown = match[2]!;
    const caret = (lines[at + 1] ?? "").indexOf("^") - `LINE ${match[1]}: `.length;
    const sqlLine = sql.split("\n")[line - 1];
    let column: number | undefined;
    if (sqlLine !== undefined && caret >= 0) {
      const visible = shown.replace(/^\.\.\./, "").replace(/\.\.\.$/, "");
      const from = sqlLine.indexOf(visible);
      const lead = shown.startsWith("...") ? 3 : 0;
      if (from >= 0) column = from + (caret - lead) + 1;
    }
    const excerpt =
      sqlLine !== undefined && column !== undefined
        ? sqlLine.slice(Math.max(0, column - 1 - 20), column - 1 + 30).trim()
        : shown.trim();
    const where =
      line >= 1
        ? ` (at line ${line}${column !== undefined ? `, column ${column}` : ""} of the SQL: ${JSON.stringify(excerpt)})`
        : "";
    return new SqlError(`${head}${where}`, kind, line >= 1 ? line : undefined, column);
  }
}
