import { textArg } from "../operatorFacts.ts";
import type { ScanObservation } from "./scanObservation.ts";
import { records, schemaText as modelSchema } from "../../presentation/modelText.ts";
import type { OperatorPresentation } from "../operatorPresentation.ts";
import { tablePageViews } from "../../presentation/tablePage.ts";
import { schemaText } from "../../presentation/traceTables.ts";

export const scanPresentation: OperatorPresentation<"Scan"> = {
  label: (a) => `Scan ${textArg(a, "file")}${a.output ? ` → ${textArg(a, "output")}` : ""}`,
  facts: (o, add) => {
    const p = (o.provenance ?? {}) as Record<string, unknown>;
    add("table", o.table);
    add("file", `${String(p.file)}${p.sheet ? ` [${String(p.sheet)}]` : ""}`);
    add("format", [p.format, p.encoding].filter(Boolean).join(", "));
    add("header line", p.headerLine);
    if (Array.isArray(p.titleLines) && p.titleLines.length) add("title rows", p.titleLines.join(" | "));
    if (Array.isArray(p.footerLines) && p.footerLines.length) add("footnotes", p.footerLines.join(" | "));
    add("rows", o.rowCount);
    add("schema", schemaText(o.schema));
  },
  ...tablePageViews("preview", "first rows", (o: ScanObservation) => o.provenance.notes),
  model: (o, rows) => ({
    table: o.table,
    provenance: o.provenance,
    rowCount: o.rowCount,
    schema: modelSchema(o.schema),
    preview: records(o.preview, rows, o.rowCount),
  }),
};
