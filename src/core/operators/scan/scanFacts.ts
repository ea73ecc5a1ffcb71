import type { OperatorFacts } from "../operatorFacts.ts";
import { shown, textArg } from "../operatorFacts.ts";

export const scanFacts: OperatorFacts<"Scan"> = {
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
    const value = form === "cli" ? String : shown;
    return `${value(args.file)}${args.sheet ? ` [${value(args.sheet)}]` : ""}${args.output ? ` → ${value(args.output)}` : ""}`;
  },
  running: (args) => {
    const sheet = textArg(args, "sheet");
    const output = textArg(args, "output");
    return `Scanning ${textArg(args, "file")}${sheet ? ` [${sheet}]` : ""}${output ? ` into ${output}` : ""}`;
  },
  file: (args) => (typeof args.file === "string" ? args.file : undefined),
};
