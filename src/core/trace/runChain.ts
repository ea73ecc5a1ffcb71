import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { readTrace } from "./traceFile.ts";

/**
 * The trace files of a run and of the runs it continues (a session's earlier batches, a follow-up
 * question), oldest first, those still on disk: a run that goes on with earlier ones reads tables
 * they made, so replaying or auditing it needs them first.
 */
export function runChain(path: string): string[] {
  const chain = [path];
  for (let at = path; ;) {
    const start = readTrace(at).find((e) => e.type === "run-start");
    const previous = start?.type === "run-start" ? start.continues : undefined;
    const before = previous ? join(dirname(at), `${previous}.jsonl`) : undefined;
    if (!before || !existsSync(before) || chain.includes(before)) return chain;
    chain.unshift(before);
    at = before;
  }
}
