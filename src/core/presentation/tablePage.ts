import type { Unchecked } from "../operators/operatorPresentation.ts";
import type { Preview } from "../operators/preview.ts";
import { previewLines } from "./cliText.ts";
import { rowsText } from "./readableRows.ts";
import { pageRows } from "./resultRows.ts";
import type { Rows } from "./resultRows.ts";
import type { ReportTable } from "../../shared/reportProtocol.ts";
import { previewTables } from "./traceTables.ts";

/** An observation of a registered table with the page of its rows the call showed, under `K`. */
type TablePage<K extends "preview" | "records"> = { table: string; rowCount: number } & Record<K, Preview>;

/**
 * How every host shows the page of rows a table-registering call observed (Scan's and UnionScan's
 * preview, Query's records): the report's table, MCP's readable rows, the CLI's lines and rows.
 */
export function tablePageViews<K extends "preview" | "records">(
  key: K,
  caption: string,
): {
  tables: (o: Unchecked<TablePage<K>>) => ReportTable[];
  readable: (o: TablePage<K>) => string[];
  cliLines: (o: TablePage<K>) => string[];
  cliRows: (o: TablePage<K>) => Rows;
} {
  return {
    tables: (o) => previewTables(`${String(o.table)} — ${caption}`, o[key], o.rowCount),
    readable: (o) => rowsText(o[key], o.rowCount, o.table),
    cliLines: (o) => previewLines({ records: o[key] }, o.rowCount),
    cliRows: (o) => pageRows({ table: o.table, rowCount: o.rowCount, records: o[key] }),
  };
}
