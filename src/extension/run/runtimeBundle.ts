import { runAgent } from "../../agent/agentLoop.ts";
import type { AgentOptions, AgentResult } from "../../agent/agentLoop.ts";
import type { ChatModel } from "../../agent/chatModel.ts";
import { OpenAiChatModel } from "../../agent/openAiChatModel.ts";
import type { OpenAiModelOptions } from "../../agent/openAiChatModel.ts";
import { auditHtml } from "../../core/audit/auditHtml.ts";
import { auditMarkdown } from "../../core/audit/auditMarkdown.ts";
import { buildAudit } from "../../core/audit/auditModel.ts";
import { verifyRun } from "../../core/audit/verifyRun.ts";
import type { VerifyReport } from "../../core/audit/verifyRun.ts";
import { runChain } from "../../core/trace/runChain.ts";
import { exportChainSql } from "../../core/trace/exportSql.ts";
import { Runtime } from "../../core/runtime.ts";
import type { RuntimeOptions } from "../../core/runtime/runtimeOptions.ts";
import { readTrace } from "../../core/trace/traceFile.ts";
import type { TraceListener } from "../../core/trace/traceEvents.ts";

/**
 * Everything of the extension that needs DuckDB, the `openai` client or the runtime: built as its
 * own bundle (`dist/runtimeBundle.cjs`) and loaded on the first run or tool call, so activating
 * the extension parses none of it. (The Source Map of the Sources view is built in a child
 * process, dist/mapWorker.cjs.) The shell sees only these functions and their types.
 */

/**
 * Opens the runtime over a lake and streams its events to `listener` from the very first one:
 * `run-start` is emitted inside `Runtime.open`, before a listener can be attached, so the events
 * already in the trace file are replayed first.
 */
export async function openRuntime(
  lake: string,
  options: RuntimeOptions,
  listener: TraceListener,
): Promise<Runtime> {
  const runtime = await Runtime.open(lake, options);
  for (const event of readTrace(runtime.trace.path)) listener(event);
  runtime.onEvent(listener);
  return runtime;
}

export function askAgent(
  runtime: Runtime,
  model: ChatModel,
  question: string,
  options: AgentOptions,
): Promise<AgentResult> {
  return runAgent(runtime, model, question, options);
}

export function openAiModel(options: OpenAiModelOptions): ChatModel {
  return new OpenAiChatModel(options);
}

/** The run's reproducible SQL script, as `radar export RUN --sql` writes it. */
export function exportRunSql(tracePath: string): string {
  return exportChainSql([readTrace(tracePath)]);
}

/** The run's audit, as `radar export RUN --html|--md` writes it (the runs it continues first). */
export async function exportRunAudit(
  tracePath: string,
  lakeRoot: string,
  stateDir: string,
  format: "html" | "md",
): Promise<string> {
  const model = await buildAudit(
    runChain(tracePath).map((p) => readTrace(p)),
    lakeRoot,
    stateDir,
  );
  return format === "html" ? auditHtml(model) : auditMarkdown(model);
}

/** `radar verify RUN`: the run's reads and queries again, on the lake as it is now. */
export function verifyRunTrace(tracePath: string, lakeRoot: string, stateDir: string): Promise<VerifyReport> {
  return verifyRun(
    runChain(tracePath).flatMap((p) => readTrace(p)),
    lakeRoot,
    stateDir,
  );
}
