import { runAgent } from "../agent/agentLoop.ts";
import type { AgentResult } from "../agent/agentLoop.ts";
import type { AgentEvent } from "../agent/agentEvents.ts";
import { OpenAiChatModel } from "../agent/openAiChatModel.ts";
import { diagnosticText } from "../core/presentation/toolResult.ts";
import type { TraceEvent } from "../core/trace/traceEvents.ts";
import { openRuntime } from "./cliRuntime.ts";
import type { LakeOptions } from "./cliRuntime.ts";
import { formatCall, formatDiagnostic } from "./formatCall.ts";

export interface AskOptions extends LakeOptions {
  question: string;
  model?: string;
  baseUrl?: string;
  maxSteps?: number;
  json: boolean;
}

export const DEFAULT_MODEL = "gpt-4o-mini";

/**
 * `radar ask`: runs the agent over a lake with an OpenAI-compatible model, streaming the trace as
 * it goes (to stderr with --json, so stdout stays one JSON document). The key comes only from
 * OPENAI_API_KEY and is never printed.
 */
export async function askCommand(options: AskOptions): Promise<number> {
  const apiKey = process.env.OPENAI_API_KEY;
  const baseURL = options.baseUrl ?? process.env.OPENAI_BASE_URL;
  if (!apiKey && !baseURL)
    throw new Error(
      "radar ask needs OPENAI_API_KEY in the environment (or --base-url for an endpoint that takes no key)",
    );
  const model = new OpenAiChatModel({
    model: options.model ?? process.env.RADAR_MODEL ?? DEFAULT_MODEL,
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
  });
  const out = options.json ? process.stderr : process.stdout;
  const runtime = await openRuntime(options, { question: options.question });
  const controller = new AbortController();
  const onSigint = (): void => {
    if (controller.signal.aborted) process.exit(130);
    out.write("\ncancelling (Ctrl-C again to quit at once)…\n");
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  try {
    runtime.onEvent((event) => {
      const text = eventLine(event);
      if (text) out.write(`${text}\n`);
    });
    out.write(`trace: ${runtime.trace.path}\n`);
    const result = await runAgent(runtime, model, options.question, {
      signal: controller.signal,
      ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
      ...(baseURL ? { endpoint: baseURL } : {}),
    });
    if (options.json)
      process.stdout.write(
        `${JSON.stringify({
          answer: result.answer ?? null,
          evidence: result.evidence ?? [],
          status: result.status,
          steps: result.steps,
          trace: result.trace,
          usage: result.usage,
          ...(result.error ? { error: result.error } : {}),
        })}\n`,
      );
    else process.stdout.write(summary(result));
    return result.status === "answered" ? 0 : 1;
  } finally {
    process.off("SIGINT", onSigint);
    runtime.close();
  }
}

/** One streamed line (or a few) per trace event. */
function eventLine(event: TraceEvent): string | undefined {
  if (event.type === "call") return formatCall(event, false);
  if (event.type === "run-start") return undefined;
  if (event.type === "settled")
    return event.settled.map((s) => `#${s.call} ${formatDiagnostic(s.diagnostic)}`).join("\n");
  if (event.type === "run-end")
    return event.diagnostics?.map((d) => `run: ${formatDiagnostic(d)}`).join("\n") || undefined;
  const e = event as AgentEvent;
  switch (e.type) {
    case "agent-start":
      return `model ${e.model}, at most ${e.maxSteps} steps`;
    case "agent-step": {
      const usage = e.usage ? `, ${e.usage.inputTokens} in / ${e.usage.outputTokens} out tokens` : "";
      const text = e.content ? `\n  “${e.content.replace(/\s+/g, " ").slice(0, 200)}”` : "";
      return `— step ${e.step}: ${e.toolCalls.length} tool call(s)${usage}, ${e.durationMs} ms${e.attempts > 1 ? `, ${e.attempts} attempts` : ""}${text}`;
    }
    case "agent-model-error":
      return `  ! model ${e.kind}${e.status && !e.message.startsWith(String(e.status)) ? ` ${e.status}` : ""}: ${e.message}${e.retryInMs !== undefined ? ` — retrying in ${e.retryInMs} ms` : " — giving up"}`;
    case "agent-tool-result": {
      // Operator calls and checked answers have their own lines; this shows calls that never ran.
      if (e.callIndex !== undefined || e.status !== "rejected") return undefined;
      const error = (JSON.parse(e.content) as { error?: string }).error;
      return error ? `  ${e.name} REJECTED: ${error}` : undefined;
    }
    case "agent-answer":
      return [
        `  Answer ${e.status.toUpperCase()}: ${JSON.stringify(e.answer)} (evidence: ${e.evidence.join(", ") || "none"})`,
        ...e.diagnostics.map((d) => `    ${diagnosticText(d)}`),
      ].join("\n");
    case "agent-note":
      return `  note to the model: ${e.content}`;
    default:
      return undefined;
  }
}

function summary(result: AgentResult): string {
  const usage = `${result.steps} step(s), ${result.usage.inputTokens} in / ${result.usage.outputTokens} out tokens, ${(result.usage.wallMs / 1000).toFixed(1)} s${result.usage.costUsd !== null ? `, $${result.usage.costUsd.toFixed(4)}` : ", cost unknown"}`;
  if (result.status === "answered")
    return [
      "",
      `Answer: ${typeof result.answer === "string" ? result.answer : JSON.stringify(result.answer)}`,
      `Evidence: ${(result.evidence ?? []).join(", ")}`,
      ...(result.explanation ? [`Explanation: ${result.explanation}`] : []),
      usage,
      `trace: ${result.trace}`,
      "",
    ].join("\n");
  return [
    "",
    `NO ANSWER (${result.status}): ${result.error ?? "the run stopped without an accepted answer"}`,
    ...(result.lastDiagnostics.length
      ? ["Last diagnostics:", ...result.lastDiagnostics.map((d) => `  ${diagnosticText(d)}`)]
      : []),
    usage,
    `trace: ${result.trace}`,
    "",
  ].join("\n");
}
