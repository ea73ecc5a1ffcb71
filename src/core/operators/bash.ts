import { z } from "zod";
import { reject } from "../diagnostic.ts";
import { BashDenied, runBash } from "../sandbox/bashSandbox.ts";
import type { Operator } from "./operator.ts";

export const bashArgs = z
  .object({
    command: z
      .string()
      .min(1)
      .describe(
        "A read-only command such as `head -n 20 file.csv` or `grep -c Florida *.csv`; pipes between allowed programs only.",
      ),
  })
  .strict();
export type BashArgs = z.infer<typeof bashArgs>;

export interface BashObservation {
  command: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  truncated: boolean;
  timedOut: boolean;
}

export const bashOperator: Operator<BashArgs, BashObservation> = {
  name: "Bash",
  description:
    "Look at raw files with read-only programs (ls, head, tail, wc, grep, cat, file, sort, uniq, cut, …) inside the lake. No shell: no redirection, ;, &&, $(…).",
  schema: bashArgs,
  inputsOf: () => [],
  async execute(args, ctx) {
    if (!ctx.allowBash)
      reject(
        "bash-denied",
        "Bash is off in this workspace (it is not trusted). Use Scan, Probe and Query to read data.",
      );
    try {
      const result = await runBash(args.command, {
        lakeRoot: ctx.lakeRoot,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        listLakeFiles: () => ctx.map.files.map((f) => f.path),
      });
      return {
        observation: {
          command: args.command,
          stdout: result.stdout,
          stderr: result.stderr,
          exitCode: result.exitCode,
          truncated: result.truncated,
          timedOut: result.timedOut,
        },
      };
    } catch (error) {
      if (error instanceof BashDenied) reject("bash-denied", error.message);
      throw error;
    }
  },
  summarize: (o) =>
    `exit ${o.exitCode ?? "killed"}, ${o.stdout.split("\n").filter(Boolean).length} lines${o.truncated ? " (truncated)" : ""}${o.timedOut ? " (timed out)" : ""}`,
};
