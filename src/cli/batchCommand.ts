import { callSource, readBatchFile } from "./batchFile.ts";
import { runCalls } from "./runCalls.ts";
import type { RunOptions } from "./runCalls.ts";

/**
 * `radar batch FILE`: runs the operator calls of a batch file — JSON, YAML or a `.sql` batch (see
 * batchFile.ts; FILE `-`: standard input, JSON unless `--format`) — in session `--session NAME`
 * when given (created on first use, resumed after), else as a one-off run.
 */
export async function batchCommand(
  file: string,
  options: RunOptions & { format?: string; rows?: number },
): Promise<number> {
  const batch = readBatchFile(file, options.format);
  const rows = options.rows;
  if (rows === undefined) return runCalls((runtime) => callSource(batch, runtime), options);
  // `--rows N`: the preview of every call that shows a table and names no preview_rows of its own.
  const withRows = {
    ...batch,
    calls: batch.calls.map((call) =>
      call.preview_rows === undefined &&
      TABLE_PREVIEWS.has(call.op) &&
      (call.op !== "Bash" || call.output !== undefined)
        ? { ...call, preview_rows: rows }
        : call,
    ),
  };
  return runCalls((runtime) => callSource(withRows, runtime), options);
}

/** Operators whose calls preview the table they register (Bash when it makes one). */
const TABLE_PREVIEWS = new Set(["Scan", "UnionScan", "Query", "Bash"]);
