// Small query helpers for the DuckDB recomputation of gold answers.
import type { DuckDBConnection } from "@duckdb/node-api";
import type { GoldAnswer } from "./lakeTypes.ts";

export const sqlString = (s: string): string => `'${s.replaceAll("'", "''")}'`;

export async function rows(conn: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  return (await conn.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
}

export async function scalar(conn: DuckDBConnection, sql: string): Promise<number> {
  const [row] = await rows(conn, sql);
  return Number(Object.values(row ?? {})[0]);
}

/** Two numbers of one row (a numerator and a denominator, for answers rounded with roundRatio). */
export async function pair(conn: DuckDBConnection, sql: string): Promise<[number, number]> {
  const [row] = await rows(conn, sql);
  const [a, b] = Object.values(row ?? {});
  return [Number(a), Number(b)];
}

/** The first column of every row; digit strings become numbers. */
export async function column(conn: DuckDBConnection, sql: string): Promise<(string | number)[]> {
  return (await rows(conn, sql)).map((r) => {
    const v = Object.values(r)[0];
    return typeof v === "number" ? v : /^\d+$/.test(String(v)) ? Number(v) : String(v);
  });
}

/** One value as itself, several (a tie) as a list. */
export async function oneOrList(conn: DuckDBConnection, sql: string): Promise<GoldAnswer> {
  const values = await column(conn, sql);
  return values.length === 1 ? (values[0] as string | number) : values;
}
