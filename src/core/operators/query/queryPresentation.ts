import { textArg } from "../operatorFacts.ts";
import type { QueryObservation } from "./queryObservation.ts";
import { records, schemaText as modelSchema } from "../../presentation/modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { tablePageViews } from "../../presentation/tablePage.ts";
import { schemaText } from "../../presentation/traceTables.ts";

export const queryPresentation: OperatorPresentation<"Query"> = {
  label: (a) => `Query → ${textArg(a, "output")}`,
  facts: (o, add) => {
    add("table", o.table);
    add("rows", o.rowCount);
    add("schema", schemaText(o.schema));
    if (Array.isArray(o.notes) && o.notes.length) add("notes", o.notes.join(" | "));
  },
  ...tablePageViews("records", "records", (o: QueryObservation) => o.notes),
  model: (o, rows) => ({
    table: o.table,
    rowCount: o.rowCount,
    schema: modelSchema(o.schema),
    records: records(o.records, rows, o.rowCount),
    ...(o.notes?.length ? { notes: o.notes } : {}),
  }),
};
