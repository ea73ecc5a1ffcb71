import type { Runtime } from "../core/runtime.ts";
import type { AgentModelErrorEvent } from "./agentEvents.ts";
import { backoffDelay, sleep } from "./backoff.ts";
import type { RetryPolicy } from "./backoff.ts";
import type { AssistantTurn, ChatMessage, ChatModel, ToolSpec } from "./chatModel.ts";
import { ModelError } from "./chatModel.ts";
import { redactSecrets } from "./redact.ts";
import { errorText } from "../core/text.ts";

/** The model gave up for good (after retries, or on an error that retrying cannot fix). */
export class ModelFailure extends Error {}

/** Cancellation reached the model request or a wait between attempts. */
export class Cancelled extends Error {}

/**
 * One model turn with retries: transient errors (429, 5xx, timeouts, dropped or cut responses)
 * are retried with backoff, each attempt recorded in the trace; anything else, or a transient
 * error that persists, ends the turn loudly.
 */
export async function requestTurn(
  runtime: Runtime,
  model: ChatModel,
  step: number,
  messages: ChatMessage[],
  tools: ToolSpec[],
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<{ turn: AssistantTurn; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new Cancelled("cancelled");
    try {
      const turn = await model.complete({ messages: [...messages], tools, ...(signal ? { signal } : {}) });
      return { turn, attempts: attempt };
    } catch (caught) {
      // A ChatModel other than ours may throw anything: unknown errors count as connection trouble.
      const error = caught instanceof ModelError ? caught : new ModelError(errorText(caught), "connection");
      if (error.kind === "cancelled" || signal?.aborted) throw new Cancelled("cancelled");
      const retry = error.retryable && attempt < policy.attempts;
      const delay = retry ? backoffDelay(policy, attempt, error.retryAfterMs) : undefined;
      const message = redactSecrets(error.message);
      const event: AgentModelErrorEvent = {
        type: "agent-model-error",
        runId: runtime.runId,
        step,
        attempt,
        kind: error.kind,
        ...(error.status !== undefined ? { status: error.status } : {}),
        message,
        ...(delay !== undefined ? { retryInMs: delay } : {}),
      };
      runtime.record(event);
      if (delay === undefined)
        throw new ModelFailure(
          `model request failed${attempt > 1 ? ` after ${attempt} attempts` : ""}: ${error.kind}${error.status ? ` (HTTP ${error.status})` : ""}: ${message}`,
        );
      try {
        await sleep(delay, signal);
      } catch {
        throw new Cancelled("cancelled");
      }
    }
  }
}
