import { clip } from "../../text.ts";
import type { UnionScanObservation } from "./unionScanObservation.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { listArg, shown, textArg, given } from "../operatorFacts.ts";

export const unionScanFacts: OperatorFacts<"UnionScan", UnionScanObservation> = {
  name: "UnionScan",
  toolName: "radar_union_scan",
  title: "Union Scan",
  description:
    "Read many files with the same kind of table into one table, matching columns by name; each row's file is recorded in source_column.",
  userDescription: "Read many same-shaped files into one table with a source column.",
  promptRole: "read many same-shaped files into one table with a source column",
  instructionRole: { does: "read files into tables" },
  failure: { code: "unreadable-source" },
  readOnly: false,
  icon: "layers",
  argText: (args, form) =>
    form === "cli"
      ? `${JSON.stringify(args.files)} → ${given(args.output)}`
      : `${(Array.isArray(args.files) ? args.files : []).map(shown).join(", ")} → ${shown(args.output)}`,
  running: (args) => {
    const output = textArg(args, "output");
    return `Reading ${clip(listArg(args, "files"), 120)} as one table${output ? ` into ${output}` : ""}`;
  },
  // Its files are read through scratch tables of fixed names: two UnionScans must not run at once.
  batch: { writesOutput: true, locks: () => ["union-scratch"], readsFiles: "any" },
  replayed: () => true,
  recordedFiles: (o) =>
    (o.sources ?? []).map((s) => ({ file: s.file, fingerprint: s.fingerprint, asTable: {} })),
  tableFrom: {
    files: (o) =>
      (Array.isArray(o.sources) ? o.sources : []).map((s) => ({ file: s.file, headerLine: 1, rows: s.rows })),
  },
  sqlExport: (args, o, script) => {
    const column = String(args.source_column);
    const missing = o.sources.find((s) => !s.readSql);
    const body = o.sources
      .map((s) => `SELECT ${script.sqlString(s.label)} AS ${script.sqlIdent(column)}, * FROM (${s.readSql})`)
      .join("\nUNION ALL BY NAME\n");
    return [
      `${script.head} ${o.sources.length} files`,
      missing ? script.notReplayable(missing.file) : script.create(o.table, "VIEW", body),
    ];
  },
};
