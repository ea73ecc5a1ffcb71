import { clip } from "../../text.ts";
import type { OperatorFacts } from "../operatorFacts.ts";
import { shown, textArg } from "../operatorFacts.ts";

export const bashFacts: OperatorFacts<"Bash"> = {
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
  argText: (args, form) => (form === "cli" ? String(args.command) : shown(args.command)),
  running: (args) => `Running \`${clip(textArg(args, "command"), 120)}\``,
  // Bash asks first: the command runs in RADAR's read-only sandbox over the lake, but it is a shell.
  confirmation: (args) => ({
    title: "Run a shell command over the data files?",
    message: `RADAR will run this read-only command in its sandbox, in the workspace folder:\n\n\`\`\`sh\n${textArg(args, "command")}\n\`\`\``,
  }),
};
