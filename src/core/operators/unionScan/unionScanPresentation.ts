import { textArg } from "../operatorFacts.ts";
import { previewLines } from "../../presentation/cliText.ts";
import { records, schemaText as modelSchema } from "../../presentation/modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { rowsText } from "../../presentation/readableRows.ts";
import { pageRows } from "../../presentation/resultRows.ts";
import { previewTables, schemaText } from "../../presentation/traceTables.ts";

export const unionScanPresentation: OperatorPresentation<"UnionScan"> = {
  label: (a) => `UnionScan → ${textArg(a, "output")}`,
  facts: (o, add) => {
    add("table", o.table);
    const sources = Array.isArray(o.sources) ? (o.sources as { file: string; rows: number }[]) : [];
    add("sources", sources.map((s) => `${s.file} (${s.rows} rows)`).join(", "));
    add("rows", o.rowCount);
    add("schema", schemaText(o.schema));
    const partial = Array.isArray(o.partialColumns)
      ? (o.partialColumns as { column: string; missingIn: string[] }[])
      : [];
    if (partial.length)
      add("partial columns", partial.map((p) => `${p.column} (missing in ${p.missingIn.length})`).join(", "));
  },
  tables: (o) => previewTables(`${String(o.table)} — first rows`, o.preview, o.rowCount),
  model: (o, rows) => ({
    table: o.table,
    rowCount: o.rowCount,
    sources: o.sources.map(({ file, label, rows }) => ({
      file,
      label,
      rows,
    })),
    schema: modelSchema(o.schema),
    partialColumns: o.partialColumns,
    preview: records(o.preview, rows, o.rowCount),
  }),
  readable: (o) => rowsText(o.preview, o.rowCount, o.table),
  cliLines: (o) => previewLines(o, o.rowCount),
  cliRows: (o) => pageRows(o),
};
