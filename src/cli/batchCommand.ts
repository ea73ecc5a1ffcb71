import { callSource, readBatchFile } from "./batchFile.ts";
import { runCalls } from "./runCalls.ts";
import type { RunOptions } from "./runCalls.ts";

/**
 * `radar batch FILE`: runs the operator calls of a batch file — JSON, YAML or a `.sql` batch (see
 * batchFile.ts; FILE `-`: standard input, JSON unless `--format`) — in session `--session NAME`
 * when given (created on first use, resumed after), else as a one-off run.
 */
export async function batchCommand(file: string, options: RunOptions & { format?: string }): Promise<number> {
  const batch = readBatchFile(file, options.format);
  return runCalls((runtime) => callSource(batch, runtime), options);
}
