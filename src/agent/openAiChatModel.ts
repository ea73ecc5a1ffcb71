import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAI } from "openai";
import type { AssistantTurn, ChatMessage, ChatModel, ChatRequest, ToolCall, ToolSpec } from "./chatModel.ts";
import { ModelError } from "./chatModel.ts";
import { redactSecrets } from "./redact.ts";

export interface OpenAiModelOptions {
  model: string;
  /** An OpenAI-compatible endpoint (Azure OpenAI, Ollama, vLLM, LM Studio, a gateway); OpenAI's by default. */
  baseURL?: string;
  apiKey?: string;
  /**
   * Longest wait for the response to start, and longest silence inside a streamed response
   * (milliseconds). The client's own timeout stops at the headers, so a stalled stream needs this.
   */
  timeoutMs?: number;
  /** Stream the response (server-sent events); on by default. */
  stream?: boolean;
  temperature?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;

type OpenAiMessage = OpenAI.Chat.ChatCompletionMessageParam;
type OpenAiTool = OpenAI.Chat.ChatCompletionTool;

/**
 * A `ChatModel` over the Chat Completions API with tools, through the `openai` package. The
 * package's own retries are off: the loop retries with backoff and records every attempt.
 */
export class OpenAiChatModel implements ChatModel {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly stream: boolean;
  private readonly temperature: number | undefined;
  /** Kept only to scrub it from error messages. */
  private readonly secrets: string[];

  constructor(options: OpenAiModelOptions) {
    this.name = options.model;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.stream = options.stream ?? true;
    this.temperature = options.temperature;
    // Local endpoints take no key, but the client insists on one.
    const apiKey = options.apiKey ?? "no-key";
    this.secrets = [apiKey];
    this.client = new OpenAI({
      apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      maxRetries: 0,
      timeout: this.timeoutMs,
    });
  }

  async complete(request: ChatRequest): Promise<AssistantTurn> {
    const { signal } = request;
    if (signal?.aborted) throw new ModelError("cancelled", "cancelled");
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    signal?.addEventListener("abort", onAbort);
    let stalled = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, this.timeoutMs);
    };
    const body = {
      model: this.name,
      messages: request.messages.map(toOpenAiMessage),
      ...(request.tools.length ? { tools: request.tools.map(toOpenAiTool) } : {}),
      ...(this.temperature !== undefined ? { temperature: this.temperature } : {}),
    };
    const options = { signal: controller.signal, timeout: this.timeoutMs, maxRetries: 0 };
    try {
      arm();
      if (!this.stream) {
        const completion = await this.client.chat.completions.create({ ...body, stream: false }, options);
        return fromCompletion(completion);
      }
      const stream = await this.client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        options,
      );
      const turn = new StreamedTurn(this.name);
      for await (const chunk of stream) {
        arm();
        turn.add(chunk);
      }
      // The client ends an aborted stream quietly: find out why it ended.
      if (signal?.aborted) throw new ModelError("cancelled", "cancelled");
      if (stalled) throw stallError(this.timeoutMs);
      return turn.finish();
    } catch (error) {
      throw this.classify(error, signal, stalled);
    } finally {
      clearTimeout(idle);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private classify(error: unknown, signal: AbortSignal | undefined, stalled: boolean): ModelError {
    if (signal?.aborted) return new ModelError("cancelled", "cancelled");
    if (error instanceof ModelError) return error;
    if (stalled) return stallError(this.timeoutMs);
    const text = (message: string): string => redactSecrets(message, this.secrets).slice(0, 600);
    if (error instanceof APIConnectionTimeoutError)
      return new ModelError(`timed out after ${this.timeoutMs} ms`, "timeout");
    if (error instanceof APIUserAbortError) return new ModelError("cancelled", "cancelled");
    if (error instanceof APIConnectionError)
      return new ModelError(text(`connection failed: ${causeOf(error)}`), "connection");
    if (error instanceof APIError) {
      const status = error.status;
      const message = text(error.message);
      if (status === undefined) return new ModelError(`error in the response: ${message}`, "server");
      if (status === 429) return new ModelError(message, "rate-limit", status, retryAfter(error.headers));
      if (status === 408) return new ModelError(message, "timeout", status);
      if (status === 409 || status >= 500)
        return new ModelError(message, "server", status, retryAfter(error.headers));
      if (status === 401 || status === 403) return new ModelError(message, "auth", status);
      return new ModelError(message, "request", status);
    }
    if (error instanceof SyntaxError)
      return new ModelError(text(`garbled response: ${error.message}`), "bad-response");
    // undici reports a connection dropped mid-body as a TypeError ("terminated").
    return new ModelError(text(`connection lost: ${causeOf(error)}`), "connection");
  }
}

function stallError(timeoutMs: number): ModelError {
  return new ModelError(`no data from the endpoint for ${timeoutMs} ms`, "timeout");
}

function causeOf(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string; code?: string } };
  const cause = e.cause ? ` (${e.cause.code ?? e.cause.message ?? ""})` : "";
  return `${e.message ?? String(error)}${cause}`;
}

function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get("retry-after-ms"));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const seconds = Number(headers?.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

function toOpenAiTool(tool: ToolSpec): OpenAiTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function toOpenAiMessage(message: ChatMessage): OpenAiMessage {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "assistant":
      return {
        role: "assistant",
        content: message.content,
        ...(message.toolCalls.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: "function" as const,
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
  }
}

function fromCompletion(completion: OpenAI.Chat.ChatCompletion): AssistantTurn {
  const choice = completion.choices?.[0];
  if (!choice?.message) throw new ModelError("the response has no message", "bad-response");
  const toolCalls: ToolCall[] = (choice.message.tool_calls ?? []).map((call, i) =>
    call.type === "function"
      ? { id: call.id || `call_${i}`, name: call.function.name, arguments: call.function.arguments ?? "" }
      : { id: call.id || `call_${i}`, name: call.custom.name, arguments: call.custom.input },
  );
  return {
    content: choice.message.content ?? null,
    toolCalls,
    model: completion.model,
    ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
    ...(completion.usage
      ? {
          usage: {
            inputTokens: completion.usage.prompt_tokens,
            outputTokens: completion.usage.completion_tokens,
          },
        }
      : {}),
  };
}

/** Assembles a streamed message: text deltas, tool-call fragments by index, the closing usage. */
class StreamedTurn {
  private content = "";
  private readonly calls: { id: string; name: string; arguments: string }[] = [];
  private finishReason: string | undefined;
  private usage: AssistantTurn["usage"];
  private model: string;

  constructor(model: string) {
    this.model = model;
  }

  add(chunk: OpenAI.Chat.ChatCompletionChunk): void {
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage)
      this.usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.delta?.content) this.content += choice.delta.content;
    for (const part of choice.delta?.tool_calls ?? []) {
      const call = (this.calls[part.index] ??= { id: "", name: "", arguments: "" });
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  finish(): AssistantTurn {
    // A stream that ends without a finish reason was cut: its tool calls may be half-written.
    if (!this.finishReason)
      throw new ModelError("the streamed response ended before the message was complete", "bad-response");
    return {
      content: this.content === "" ? null : this.content,
      toolCalls: this.calls
        .filter((c) => c !== undefined)
        .map((c, i) => ({ id: c.id || `call_${i}`, name: c.name, arguments: c.arguments })),
      model: this.model,
      finishReason: this.finishReason,
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }
}
