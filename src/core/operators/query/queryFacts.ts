import type { QueryObservation } from "./queryObservation.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { listArg, shown, textArg, given } from "../operatorFacts.ts";

/** SQL characters a `radar` call line shows. */
const CLI_SQL_CHARS = 160;

export const queryFacts: OperatorFacts<"Query", QueryObservation> = {
  name: "Query",
  toolName: "radar_query",
  title: "Query",
  description: "Run one read-only SELECT over registered tables and register the result as a new table.",
  userDescription: "Run a validated read-only SELECT over registered tables.",
  promptRole: "one read-only SELECT over registered tables, registered as a new table",
  instructionRole: { does: "derive tables", note: " (one read-only SELECT; declare its inputs)" },
  failure: { code: "query-failed", what: "query" },
  tablesRead: (args) => (Array.isArray(args.inputs) ? args.inputs.map(String) : []),
  readOnly: false,
  icon: "database",
  argText: (args, form) =>
    form === "cli"
      ? `${given(args.output)} ← ${given(args.sql).replace(/\s+/g, " ").slice(0, CLI_SQL_CHARS)}`
      : `${shown(args.output)} ← ${shown(args.sql).replace(/\s+/g, " ")}`,
  running: (args) => {
    const output = textArg(args, "output");
    return `Querying ${listArg(args, "inputs") || "registered tables"}${output ? ` into ${output}` : ""}`;
  },
  sql: (args) => (typeof args.sql === "string" ? args.sql : undefined),
  batch: { writesOutput: true },
  replayed: () => true,
  tableFrom: "inputs",
  sqlExport: (args, _o, script) => {
    const sql = String(args.sql)
      .trim()
      .replace(/;+\s*$/, "")
      .trim();
    // The newline before the closing parenthesis ends a trailing line comment, as in the runtime.
    return [script.head, script.create(String(args.output), "TABLE", `(\n${sql}\n)`)];
  },
};
