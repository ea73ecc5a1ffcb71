import { clip } from "../../text.ts";
import type { ProbeObservation } from "./probeObservation.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { listArg, shown, textArg, given } from "../operatorFacts.ts";

export const probeFacts: OperatorFacts<"Probe", ProbeObservation> = {
  name: "Probe",
  toolName: "radar_probe",
  title: "Probe",
  description:
    "Profile columns of a registered table: type, null rate, distinct count, min/max and the most frequent values.",
  userDescription: "Profile columns of a registered table.",
  promptRole: "profile columns",
  instructionRole: { does: "profile columns" },
  failure: { code: "query-failed", what: "profile" },
  tablesRead: (args) => (typeof args.table === "string" ? [args.table] : []),
  readOnly: true,
  icon: "pulse",
  argText: (args, form) =>
    form === "cli"
      ? `${given(args.table)} ${Array.isArray(args.columns) && args.columns.length > 0 ? JSON.stringify(args.columns) : "(all columns)"}`
      : `${shown(args.table)} ${(Array.isArray(args.columns) ? args.columns : []).map(shown).join(", ") || "(all columns)"}`,
  running: (args) => {
    const columns = listArg(args, "columns");
    return `Profiling ${textArg(args, "table")}${columns ? ` (${clip(columns, 80)})` : ""}`;
  },
};
