import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import { jsonTableSql } from "./jsonShape.ts";
import type { ColumnProfile, JsonRead, ParquetRead, TableProfile } from "./sourceEntry.ts";
import { round, samplesAggregate } from "./varcharColumns.ts";

const PROFILE_SAMPLE_ROWS = 20000;

/** Parquet, read by DuckDB itself. */
export function parquetReaderSql(absPath: string): string {
  return `read_parquet(${sqlString(absPath)})`;
}

/** What to SELECT FROM for a format DuckDB reads itself (JSON in any shape, Parquet). */
export async function nativeReaderSql(
  engine: DuckEngine,
  absPath: string,
  bytes: number,
  read: JsonRead | ParquetRead,
  fullSample = false,
): Promise<{ from: string; flattened: boolean }> {
  return read.kind === "parquet"
    ? { from: parquetReaderSql(absPath), flattened: false }
    : jsonTableSql(engine, absPath, bytes, read, fullSample);
}

/** Counts, types and samples of a table DuckDB reads itself. */
export async function profileNative(
  engine: DuckEngine,
  absPath: string,
  read: JsonRead | ParquetRead,
  bytes = 0,
): Promise<TableProfile> {
  let reader: { from: string; flattened: boolean };
  let count: number;
  try {
    reader = await nativeReaderSql(engine, absPath, bytes, read);
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader.from}`))[0]?.n ?? 0);
  } catch (error) {
    // JSON types are sniffed from the first records; a later record of another shape needs a full sample.
    if (read.kind !== "json" || read.shape) throw error;
    reader = await nativeReaderSql(engine, absPath, bytes, read, true);
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader.from}`))[0]?.n ?? 0);
  }
  if (read.kind === "json" && reader.flattened) read.flattened = true;
  const described = await engine.describe(`SELECT * FROM ${reader.from}`);
  const sample = `(SELECT * FROM ${reader.from} LIMIT ${PROFILE_SAMPLE_ROWS})`;
  const parts = described.flatMap((c, i) => [
    `count(${sqlIdent(c.name)}) AS present${i}`,
    // Sorting the distinct list: the same values as an ordered DISTINCT aggregate, at a fraction of its cost.
    `${samplesAggregate(`CAST(${sqlIdent(c.name)} AS VARCHAR)`)} AS samples${i}`,
  ]);
  const [row] = described.length
    ? await engine.all(`SELECT count(*) AS total, ${parts.join(", ")} FROM ${sample}`)
    : [{}];
  const total = Number(row?.total ?? 0);
  const columns: ColumnProfile[] = described.map((c, i) => ({
    name: c.name,
    type: c.type,
    nullFraction: total === 0 ? 0 : round((total - Number(row?.[`present${i}`] ?? 0)) / total),
    samples: ((row?.[`samples${i}`] as unknown[] | null) ?? []).map(String),
  }));
  return { headerLine: 0, titleLines: [], rowCount: count, columns, read };
}
