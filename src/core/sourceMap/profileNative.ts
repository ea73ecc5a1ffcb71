import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent, sqlString } from "../engine/duckEngine.ts";
import type { ColumnProfile, JsonRead, ParquetRead, TableProfile } from "./sourceEntry.ts";
import { round, samplesAggregate } from "./varcharColumns.ts";

const PROFILE_SAMPLE_ROWS = 20000;

/** Formats DuckDB reads itself: JSON (array or lines) and Parquet. */
export function nativeReaderSql(absPath: string, read: JsonRead | ParquetRead, fullSample = false): string {
  if (read.kind === "parquet") return `read_parquet(${sqlString(absPath)})`;
  return `read_json(${sqlString(absPath)}, format=${sqlString(read.format)}${fullSample ? ", sample_size=-1" : ""})`;
}

export async function profileNative(
  engine: DuckEngine,
  absPath: string,
  read: JsonRead | ParquetRead,
): Promise<TableProfile> {
  let reader = nativeReaderSql(absPath, read);
  let count: number;
  try {
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader}`))[0]?.n ?? 0);
  } catch (error) {
    // JSON types are sniffed from the first records; a later record of another shape needs a full sample.
    if (read.kind !== "json") throw error;
    reader = nativeReaderSql(absPath, read, true);
    count = Number((await engine.all(`SELECT count(*) AS n FROM ${reader}`))[0]?.n ?? 0);
  }
  const described = await engine.describe(`SELECT * FROM ${reader}`);
  const sample = `(SELECT * FROM ${reader} LIMIT ${PROFILE_SAMPLE_ROWS})`;
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
