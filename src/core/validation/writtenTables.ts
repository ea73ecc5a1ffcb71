import type { TableInfo } from "../state/sharedState.ts";

/**
 * Formats people write and save by hand or from a sheet (text tables, workbooks): where padding
 * rows and repeated header lines come from. Parquet and JSON are written by programs; their tables
 * are not read for them (a 10-million-row Parquet table would get a full scan on its first query).
 */
const WRITTEN = new Set(["csv", "fixed-width", "xlsx", "xls", "ods", "html"]);

/** Whether the table is a Scan of a file people write (WRITTEN). */
export function isWrittenTable(table: TableInfo): boolean {
  return table.provenance.kind === "scan" && WRITTEN.has(table.provenance.files[0]?.format ?? "");
}
