import { clip } from "../../text.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { listArg, shown, textArg } from "../operatorFacts.ts";

export const unionScanFacts: OperatorFacts<"UnionScan"> = {
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
      ? `${JSON.stringify(args.files)} → ${String(args.output)}`
      : `${(Array.isArray(args.files) ? args.files : []).map(shown).join(", ")} → ${shown(args.output)}`,
  running: (args) => {
    const output = textArg(args, "output");
    return `Reading ${clip(listArg(args, "files"), 120)} as one table${output ? ` into ${output}` : ""}`;
  },
};
