import { textArg } from "../operatorFacts.ts";
import { previewLines } from "../../presentation/cliText.ts";
import { records, schemaText as modelSchema } from "../../presentation/modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { rowsText } from "../../presentation/readableRows.ts";
import { pageRows } from "../../presentation/resultRows.ts";
import { previewTables, schemaText } from "../../presentation/traceTables.ts";

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
