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
 * `notesOf`: what the table holds differently from its file or SELECT (rows left out, a column
 * renamed), said above the rows in the CLI and MCP text.
 */
export function tablePageViews<K extends "preview" | "records", O extends TablePage<K> = TablePage<K>>(
  key: K,
  caption: string,
  notesOf: (o: O) => readonly string[] | undefined = () => undefined,
): {
  tables: (o: Unchecked<TablePage<K>>) => ReportTable[];
  readable: (o: O) => string[];
  cliLines: (o: O) => string[];
  cliRows: (o: TablePage<K>) => Rows;
} {
  const noteLines = (o: O): string[] => (notesOf(o) ?? []).map((n) => `note: ${n}`);
  return {
    tables: (o) => previewTables(`${String(o.table)} — ${caption}`, o[key], o.rowCount),
    readable: (o) => [...noteLines(o), ...rowsText(o[key], o.rowCount, o.table)],
    cliLines: (o) => [...noteLines(o), ...previewLines({ records: o[key] }, o.rowCount)],
    cliRows: (o) => pageRows({ table: o.table, rowCount: o.rowCount, records: o[key] }),
  };
}
