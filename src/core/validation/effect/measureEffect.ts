import type { DiagnosticEffect, Remedy } from "../../diagnostic.ts";
import { sqlIdent } from "../../engine/duckEngine.ts";
import type { DuckEngine } from "../../engine/duckEngine.ts";
import { remediedSql } from "./remediedSql.ts";
import { diffResults } from "./resultDiff.ts";
import { isNumericType } from "../../engine/numericTypes.ts";
import { largestRelativeChange } from "./relativeChange.ts";
import type { ResultColumn } from "./resultDiff.ts";

/** Results up to this many rows are compared cell by cell; larger ones by counting the rows that differ. */
const COMPARED_ROWS = 200;

/** A numeric column of the result that the finding is not about (see Remedy.resultColumns). */
function unconcerned(column: ResultColumn, index: number, remedy: Remedy): boolean {
  return (
    remedy.resultColumns !== undefined && !remedy.resultColumns.includes(index) && isNumericType(column.type)
  );
}

/**
 * The remedied rows with the columns the finding is not about as they were: of one-row results, or
 * rows paired by their text columns (the keys diffResults pairs them by). Rows added or lost stay.
 */
function onlyConcerned(
  columns: ResultColumn[],
  remedy: Remedy,
  before: unknown[][],
  after: unknown[][],
): unknown[][] {
  if (remedy.resultColumns === undefined) return after;
  const keys = columns.map((c, i) => (isNumericType(c.type) ? -1 : i)).filter((i) => i >= 0);
  const keyOf = (row: unknown[]): string => JSON.stringify(keys.map((i) => row[i] ?? null));
  const pairs = new Map(before.map((row) => [keyOf(row), row] as const));
  // Rows that repeat their text columns (or have none: `SELECT year, sum(x) … GROUP BY 1 ORDER BY 1`,
  // held-out JM-10) are paired by position when both results have as many rows — the same
  // statement run again orders them alike unless the remedy changes what it orders by, and then
  // the column the finding is about moves too, which counts as a change. Otherwise the whole rows
  // are compared.
  const byPosition = pairs.size !== before.length && before.length === after.length;
  if (pairs.size !== before.length && !byPosition) return after;
  return after.map((row, index) => {
    const was = byPosition ? before[index] : pairs.get(keyOf(row));
    return was ? row.map((cell, i) => (unconcerned(columns[i]!, i, remedy) ? was[i] : cell)) : row;
  });
}

/**
 * Runs the call's SQL again with the remedy (on the checks' connection) and compares it with what
 * the call returned — its output table — so a finding says what acting on it would change:
 * "sum(acres) 1,234,567 → 1,001,200 with the row 'Total' (line 55) left out", or that nothing the
 * call returns changes.
 */
export async function measureEffect(
  engine: DuckEngine,
  sql: string,
  output: string,
  remedy: Remedy,
): Promise<DiagnosticEffect & { negligible?: boolean }> {
  const remedied = remedy.scope === "statement" ? remedy.sql : await remediedSql(engine, sql, remedy);
  if (!remedied)
    return {
      measured: false,
      text: `not measured: the query does not read ${remedy.table} as a table by that name (a CTE or subquery of the query is not remedied)`,
    };
  const columns = await engine.describe(`SELECT * FROM ${sqlIdent(output)}`);
  const after = `(${remedied})`;
  const [counts] = await engine.all(
    `SELECT (SELECT count(*) FROM ${sqlIdent(output)}) AS before, (SELECT count(*) FROM ${after}) AS after`,
  );
  const [nBefore, nAfter] = [Number(counts?.before), Number(counts?.after)];
  const says = `with ${remedy.says}`;
  if (nBefore <= COMPARED_ROWS && nAfter <= COMPARED_ROWS) {
    const before = await engine.page(`SELECT * FROM ${sqlIdent(output)}`);
    const remediedRows = await engine.page(`SELECT * FROM ${after}`);
    if (remediedRows.names.length !== columns.length)
      return {
        measured: false,
        text: "not measured: the remedied query returns other columns",
        sql: remedied,
      };
    const concerned = onlyConcerned(
      columns,
      remedy,
      before.rows as unknown[][],
      remediedRows.rows as unknown[][],
    );
    const diff = diffResults(columns, before.rows as unknown[][], concerned);
    if (!diff.changed)
      return { measured: true, changed: false, text: `the result is the same ${says}`, sql: remedied };
    const relative =
      remedy.negligibleChange === undefined
        ? undefined
        : largestRelativeChange(columns, before.rows as unknown[][], concerned);
    const negligible = relative !== undefined && relative < remedy.negligibleChange!;
    return {
      measured: true,
      changed: true,
      text: `${diff.text} ${says}${negligible ? ` (under ${remedy.negligibleChange! * 100} % of the returned value: within its rounding)` : ""}`,
      sql: remedied,
      ...(negligible ? { negligible } : {}),
    };
  }
  // Floats rounded: parallel sums differ in the last digits from run to run.
  const list = comparedColumns(columns.filter((c, i) => !unconcerned(c, i, remedy)));
  const [d] = await engine.all(
    `SELECT (SELECT count(*) FROM (SELECT ${list} FROM ${sqlIdent(output)} EXCEPT ALL SELECT ${list} FROM ${after})) AS removed, ` +
      `(SELECT count(*) FROM (SELECT ${list} FROM ${after} EXCEPT ALL SELECT ${list} FROM ${sqlIdent(output)})) AS added`,
  );
  const [removed, added] = [Number(d?.removed), Number(d?.added)];
  if (removed === 0 && added === 0)
    return { measured: true, changed: false, text: `the result is the same ${says}`, sql: remedied };
  const rows =
    nBefore !== nAfter ? `rows ${nBefore.toLocaleString("en-US")} → ${nAfter.toLocaleString("en-US")}; ` : "";
  return {
    measured: true,
    changed: true,
    text: `${rows}${removed.toLocaleString("en-US")} of the ${nBefore.toLocaleString("en-US")} result rows differ ${says}`,
    sql: remedied,
  };
}

/**
 * A result's columns as two runs of one query are compared (EXCEPT ALL): floats rounded to 9
 * decimals, since parallel sums differ in the last digits from run to run; each keeps its name.
 */
export function comparedColumns(columns: ResultColumn[]): string {
  return columns
    .map((c) =>
      isNumericType(c.type) && /FLOAT|DOUBLE|REAL/i.test(c.type)
        ? `round(${sqlIdent(c.name)}, 9) AS ${sqlIdent(c.name)}`
        : sqlIdent(c.name),
    )
    .join(", ");
}
