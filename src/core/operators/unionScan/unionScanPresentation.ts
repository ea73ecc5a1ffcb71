import { textArg } from "../operatorFacts.ts";
import type { UnionScanObservation } from "./unionScanObservation.ts";
import { records, schemaText as modelSchema } from "../../presentation/modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { tablePageViews } from "../../presentation/tablePage.ts";
import { schemaText } from "../../presentation/traceTables.ts";

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
    if (Array.isArray(o.notes) && o.notes.length) add("notes", o.notes.join(" | "));
  },
  ...tablePageViews("preview", "first rows", (o: UnionScanObservation) => o.notes),
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
    ...(o.notes?.length ? { notes: o.notes } : {}),
  }),
};
