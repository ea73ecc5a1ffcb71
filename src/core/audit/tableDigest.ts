import type { DuckEngine } from "../engine/duckEngine.ts";
import { sqlIdent } from "../engine/duckEngine.ts";

/**
 * Past this many rows a result is not fingerprinted: hashing every row of a very large derived
 * table would cost as much as the query; `radar verify` then compares its size and first rows.
 */
export const DIGEST_MAX_ROWS = 2_000_000;

/**
 * A fingerprint of a table's rows in any order: the sum of the rows' hashes (a sum, not XOR, so two
 * equal rows do not cancel). Equal tables give equal digests; a changed cell changes it.
 */
export async function tableDigest(engine: DuckEngine, table: string): Promise<string> {
  const [row] = await engine.all(
    `SELECT coalesce(sum(hash(*COLUMNS(*))), 0)::VARCHAR AS h FROM ${sqlIdent(table)}`,
  );
  return String(row?.h ?? "0");
}

/** `{ digest }` for an observation, or nothing for a table over DIGEST_MAX_ROWS rows. */
export async function digestField(
  engine: DuckEngine,
  table: string,
  rowCount: number,
): Promise<{ digest?: string }> {
  return rowCount > DIGEST_MAX_ROWS ? {} : { digest: await tableDigest(engine, table) };
}
