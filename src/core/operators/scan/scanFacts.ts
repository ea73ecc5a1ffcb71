import type { ScanObservation } from "./scanObservation.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { shown, textArg, given } from "../operatorFacts.ts";

export const scanFacts: OperatorFacts<"Scan", ScanObservation> = {
  name: "Scan",
  toolName: "radar_scan",
  title: "Scan",
  description:
    "Read one file (or one sheet/table of it) of the lake into a table. Title rows and footnotes are handled; every row keeps its source line.",
  userDescription: "Read one data file into a validated table.",
  promptRole: "read one file into a table",
  instructionRole: { does: "read files into tables" },
  failure: { code: "unreadable-source" },
  readOnly: false,
  icon: "table",
  argText: (args, form) => {
    const value = form === "cli" ? given : shown;
    return `${value(args.file)}${args.sheet ? ` [${value(args.sheet)}]` : ""}${args.output ? ` → ${value(args.output)}` : ""}`;
  },
  running: (args) => {
    const sheet = textArg(args, "sheet");
    const output = textArg(args, "output");
    return `Scanning ${textArg(args, "file")}${sheet ? ` [${sheet}]` : ""}${output ? ` into ${output}` : ""}`;
  },
  file: (args) => (typeof args.file === "string" ? args.file : undefined),
  batch: {
    writesOutput: true,
    outputFile: (args) => (typeof args.file === "string" ? args.file : undefined),
    // Two reads of one file may share a UTF-8 copy being written: one after the other.
    locks: (args) => (typeof args.file === "string" ? [`file:${args.file.toLowerCase()}`] : []),
    readsFiles: "one",
  },
  replayed: () => true,
  recordedFiles: (o) => {
    const p = o.provenance;
    return p?.file ? [{ file: p.file, fingerprint: p.fingerprint, asTable: p }] : [];
  },
  tableFrom: {
    files: (o) => {
      const p = o.provenance;
      if (typeof p?.file !== "string") return undefined;
      return [
        {
          file: p.file,
          headerLine: Number(p.headerLine ?? 0),
          ...(typeof o.rowCount === "number" ? { rows: o.rowCount } : {}),
          ...(p.sheet ? { sheet: p.sheet } : {}),
        },
      ];
    },
  },
  headerLine: (o) => o.provenance?.headerLine,
  sqlExport: (_args, o, script) => {
    const source = `${o.provenance?.file ?? "?"}${o.provenance?.sheet ? ` [${o.provenance.sheet}]` : ""}`;
    return [
      `${script.head} ${source}`,
      o.readSql ? script.create(o.table, "VIEW", o.readSql) : script.notReplayable(source),
    ];
  },
};
