import { textArg } from "../../core/operators/operatorFacts.ts";
import { previewLines } from "../cliText.ts";
import { records, schemaText as modelSchema } from "../modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { rowsText } from "../readableRows.ts";
import { pageRows } from "../resultRows.ts";
import { previewTables, schemaText } from "../traceTables.ts";

export const queryPresentation: OperatorPresentation<"Query"> = {
  label: (a) => `Query → ${textArg(a, "output")}`,
  facts: (o, add) => {
    add("table", o.table);
    add("rows", o.rowCount);
    add("schema", schemaText(o.schema));
  },
  tables: (o) => previewTables(`${String(o.table)} — records`, o.records, o.rowCount),
  model: (o, rows) => ({
    table: o.table,
    rowCount: o.rowCount,
    schema: modelSchema(o.schema),
    records: records(o.records, rows, o.rowCount),
  }),
  readable: (o) => rowsText(o.records, o.rowCount, o.table),
  cliLines: (o) => previewLines(o, o.rowCount),
  cliRows: (o) => pageRows(o),
};
