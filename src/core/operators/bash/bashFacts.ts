import { clip } from "../../text.ts";
import type { BashObservation } from "./bashObservation.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { shown, textArg, given } from "../operatorFacts.ts";

export const bashFacts: OperatorFacts<"Bash", BashObservation> = {
  name: "Bash",
  toolName: "radar_bash",
  title: "Bash",
  description:
    "Look at raw files with read-only programs (ls, head, tail, wc, grep, cat, file, sort, uniq, cut, …) inside the lake. No shell: no redirection, ;, &&, $(…).",
  userDescription: "Run a read-only shell command over the data files (asks first).",
  promptRole: "look at raw files, read-only",
  instructionRole: { does: "look at raw files" },
  failure: { code: "call-failed" },
  readOnly: true,
  icon: "terminal",
  argText: (args, form) => (form === "cli" ? given(args.command) : shown(args.command)),
  running: (args) => `Running \`${clip(textArg(args, "command"), 120)}\``,
  // Bash asks first: the command runs in RADAR's read-only sandbox over the lake, but it is a shell.
  confirmation: (args) => ({
    title: "Run a shell command over the data files?",
    message: `RADAR will run this read-only command in its sandbox, in the workspace folder:\n\n\`\`\`sh\n${textArg(args, "command")}\n\`\`\``,
  }),
  batch: { writesOutput: true },
  // A call whose output became a table is re-run too (in the sandbox, like any call).
  replayed: (args) => typeof args.output === "string",
  // A Bash call whose output became a table read the files its command named.
  recordedFiles: (o) => (o.read?.files ?? []).map((s) => ({ file: s.file, fingerprint: s.fingerprint })),
  // Its output became a table: DuckDB cannot run the command, so the script says so where a later
  // statement would otherwise fail on a missing table.
  sqlExport: (args, _o, script) =>
    typeof args.output === "string"
      ? [
          script.head,
          `SELECT error(${script.sqlString(`table ${args.output} is the output of a Bash command RADAR ran in its sandbox (${script.oneLine(String(args.command))}); DuckDB alone cannot re-create it: radar verify re-runs it`)});`,
        ]
      : undefined,
};
