/**
 * The one surface the agent loop needs from a language model: a chat turn with tools. The
 * OpenAI-compatible adapter implements it over HTTP; the VS Code shell can implement it with
 * `vscode.lm` (a `LanguageModelChat` answers with text parts and tool-call parts, which map onto
 * `AssistantTurn`). Nothing here knows about HTTP or editors.
 */

/** A tool the model may call: a name, what it does, and its arguments' JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One tool call as the model wrote it: the arguments stay raw text, since they may not parse. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls: ToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface AssistantTurn {
  content: string | null;
  toolCalls: ToolCall[];
  /** Token counts as the endpoint reported them; absent when it reports none. */
  usage?: TokenUsage;
  /** The model that answered, as the endpoint names it. */
  model: string;
  finishReason?: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolSpec[];
  signal?: AbortSignal;
}

export interface ChatModel {
  /** The model's name, for traces and prices. */
  readonly name: string;
  complete(request: ChatRequest): Promise<AssistantTurn>;
}

export type ModelErrorKind =
  "rate-limit" | "server" | "timeout" | "connection" | "bad-response" | "auth" | "request" | "cancelled";

/**
 * A failed model request, classified so the loop can decide alone whether to retry: rate limits,
 * server errors, timeouts, dropped connections and cut or garbled responses are transient;
 * authentication and request errors are not.
 */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly kind: ModelErrorKind,
    readonly status?: number,
    /** What the endpoint asked us to wait (Retry-After), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return ["rate-limit", "server", "timeout", "connection", "bad-response"].includes(this.kind);
  }
}
