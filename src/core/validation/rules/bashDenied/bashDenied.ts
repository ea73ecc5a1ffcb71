import { reject } from "../../../diagnostic.ts";
import { BashDenied } from "../../../sandbox/bashDenied.ts";
import { parseBashCommand } from "../../../sandbox/bashSandbox.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { rejectionsOf } from "../../rejections.ts";
import { bashDeniedDoc } from "./bashDeniedDoc.ts";

/** `bash-denied`: the command is not a read-only pipeline of allowlisted programs inside the lake. */
export const bashDeniedRule: ValidationRule = {
  code: bashDeniedDoc.code,
  runOrder: 20,
  phase: "before",
  ops: ["Bash"],
  check: ({ args, ctx }) =>
    rejectionsOf(() => {
      if (!ctx.allowBash)
        reject(
          "bash-denied",
          "Bash is off in this workspace (it is not trusted). Use Scan, Probe and Query to read data.",
        );
      try {
        parseBashCommand(String(args.command), {
          lakeRoot: ctx.lakeRoot,
          listLakeFiles: () => ctx.map.files.map((f) => f.path),
        });
      } catch (error) {
        if (error instanceof BashDenied) reject("bash-denied", error.message);
        throw error;
      }
    }),
};
