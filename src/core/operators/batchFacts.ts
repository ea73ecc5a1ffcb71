import type { CallArgs } from "./operatorFacts.ts";

/**
 * What planning a batch needs to know of an operator's calls before they run (batchPlan.ts): which
 * tables and files they may write, so calls that touch the same wait for each other.
 */
export interface BatchFacts {
  /** It registers the table its `output` argument names. */
  writesOutput?: true;
  /** The file whose name names its table when a call names none (Scan). */
  outputFile?: (args: CallArgs) => string | undefined;
  /** Names no two calls may hold at once (scratch tables of fixed names, a file's UTF-8 copy). */
  locks?: (args: CallArgs) => string[];
  /** It reads lake files: one named file, or any file its patterns match (it then runs apart from other reads). */
  readsFiles?: "one" | "any";
}
