import type { DuckEngine, Row } from "../../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../../engine/duckEngine.ts";
import { keepsTypeInJs, surelyBreaks } from "./cellTypeTests.ts";
import { brokenSql, keepsType } from "./typeTestSql.ts";
import { positionalName } from "./varcharColumns.ts";

/**
 * The pass over every record of a text table: the records, the present cells of every column, and
 * the values that break each column's candidate type (or fill a column empty in the sample) —
 * counted in JS where that is certain (jsPass), else by DuckDB, one row of aggregates (narrowPass)
 * or values unpivoted for wide tables (widePass).
 */

/**
 * narrowPass's counts from the records DuckDB would read (the first `limit` of them), in JS; undefined
 * when a value's test is not certain in JS (DuckDB then makes the pass). Cells as DuckDB reads an
 * unquoted plain file: an empty cell is NULL, a missing one (a short row, null_padding) too.
 */
export function jsPass(
  records: string[][],
  candidates: Candidate[],
  checks: { i: number; check: "type" | "empty" }[],
  limit = records.length,
): FullPass | undefined {
  const rows = records.length > limit ? records.slice(0, limit) : records;
  const pass: FullPass = { total: rows.length, present: new Map(), broken: new Map(), nonEmpty: new Map() };
  candidates.forEach((_, i) => {
    let present = 0;
    for (const row of rows) if ((row[i] ?? "") !== "") present++;
    pass.present.set(i, present);
  });
  for (const { i, check } of checks) {
    const c = candidates[i]!;
    let count = 0;
    for (const row of rows) {
      const raw = row[i] ?? "";
      // DuckDB's trim() removes spaces only.
      const v =
        raw.charCodeAt(0) === 32 || raw.charCodeAt(raw.length - 1) === 32 ? raw.replace(/^ +| +$/g, "") : raw;
      if (v === "") continue;
      if (check === "empty") count++;
      else {
        const keeps = keepsTypeInJs(c.type, c.thousands, v);
        if (keeps === undefined) return undefined;
        if (!keeps) count++;
      }
    }
    (check === "empty" ? pass.nonEmpty : pass.broken).set(i, count);
  }
  return pass;
}

export interface FullPass {
  total: number;
  present: Map<number, number>;
  broken: Map<number, number>;
  nonEmpty: Map<number, number>;
}

export type Candidate = { type: string; thousands: boolean };

/** Columns whose candidate must be checked on every row, and how. */
export function checksOf(
  candidates: Candidate[],
  sampleTests: Map<number, Row>,
): { i: number; check: "type" | "empty" }[] {
  const out: { i: number; check: "type" | "empty" }[] = [];
  candidates.forEach((c, i) => {
    if (Number(sampleTests.get(i)?.nn ?? 0) === 0) out.push({ i, check: "empty" });
    else if (c.type !== "VARCHAR") out.push({ i, check: "type" });
  });
  return out;
}

/** One pass over `from` (narrow tables: one row of aggregates). */
export async function narrowPass(
  engine: DuckEngine,
  from: string,
  candidates: Candidate[],
  checks: { i: number; check: "type" | "empty" }[],
): Promise<FullPass> {
  const parts = [`count(*) AS total`];
  candidates.forEach((_, i) => parts.push(`count(${sqlIdent(positionalName(i))}) AS present${i}`));
  for (const { i, check } of checks) {
    const column = sqlIdent(positionalName(i));
    const c = candidates[i]!;
    if (check === "empty") parts.push(`count(NULLIF(trim(${column}), '')) AS nonEmpty${i}`);
    else parts.push(`count(*) FILTER (WHERE ${brokenSql(c.type, c.thousands, column)}) AS broken${i}`);
  }
  const [row = {}] = await engine.all(`SELECT ${parts.join(", ")} FROM ${from}`);
  const pass: FullPass = {
    total: Number(row.total ?? 0),
    present: new Map(),
    broken: new Map(),
    nonEmpty: new Map(),
  };
  candidates.forEach((_, i) => pass.present.set(i, Number(row[`present${i}`] ?? 0)));
  for (const { i, check } of checks)
    if (check === "empty") pass.nonEmpty.set(i, Number(row[`nonEmpty${i}`] ?? 0));
    else pass.broken.set(i, Number(row[`broken${i}`] ?? 0));
  return pass;
}

/**
 * Takes the footnote records off a pass over every record. DuckDB reads an empty cell, quoted or
 * not, as NULL. A footnote's text breaking a candidate (a "Source: …" line under a column of years)
 * is not a data value.
 */
export function subtractFooter(pass: FullPass, footer: string[][], candidates: Candidate[]): void {
  for (const row of footer)
    row.forEach((cell, i) => {
      if (cell !== "" && pass.present.has(i)) pass.present.set(i, pass.present.get(i)! - 1);
      const c = candidates[i];
      if (c && pass.broken.has(i) && surelyBreaks(c.type, c.thousands, cell))
        pass.broken.set(i, pass.broken.get(i)! - 1);
    });
}

/** The same pass for wide tables: values unpivoted, grouped by column, each tested against its candidate. */
export async function widePass(
  engine: DuckEngine,
  from: string,
  rows: number,
  candidates: Candidate[],
  checks: { i: number; check: "type" | "empty" }[],
): Promise<FullPass> {
  const columns = candidates.map((_, i) => sqlIdent(positionalName(i))).join(", ");
  const kinds = candidates
    .map((c, i) => {
      const check = checks.find((x) => x.i === i)?.check ?? "none";
      return `(${sqlString(positionalName(i))}, ${sqlString(check === "type" ? `${c.type}${c.thousands ? "+k" : ""}` : check)})`;
    })
    .join(", ");
  const v = "trim(__v)";
  const typeCases = [...new Set(checks.filter((x) => x.check === "type").map((x) => candidates[x.i]!))]
    .map(
      (c) =>
        `WHEN ${sqlString(`${c.type}${c.thousands ? "+k" : ""}`)} THEN ${keepsType(c.type, c.thousands, v)}`,
    )
    .join(" ");
  const broken = typeCases
    ? `count(*) FILTER (WHERE NULLIF(${v}, '') IS NOT NULL AND NOT (CASE __kind ${typeCases} ELSE true END))`
    : "0";
  const result = await engine.all(
    `SELECT __col, count(__v) AS present, count(NULLIF(${v}, '')) AS nonEmpty, ${broken} AS broken ` +
      `FROM (SELECT ${columns} FROM ${from}) UNPIVOT INCLUDE NULLS (__v FOR __col IN (${columns})) ` +
      `JOIN (VALUES ${kinds}) k(__col, __kind) USING (__col) GROUP BY __col`,
  );
  const pass: FullPass = { total: rows, present: new Map(), broken: new Map(), nonEmpty: new Map() };
  const byIndex = new Map(result.map((r) => [Number(String(r.__col).slice("column".length)), r]));
  candidates.forEach((_, i) => pass.present.set(i, Number(byIndex.get(i)?.present ?? 0)));
  for (const { i, check } of checks)
    (check === "empty" ? pass.nonEmpty : pass.broken).set(
      i,
      Number(byIndex.get(i)?.[check === "empty" ? "nonEmpty" : "broken"] ?? 0),
    );
  return pass;
}

export async function countRecords(engine: DuckEngine, reader: string): Promise<number> {
  const [row] = await engine.all(`SELECT count(*) AS n FROM ${reader}`);
  return Number(row?.n ?? 0);
}
