import type { ChatMessage, ModelErrorKind } from "../../agent/chatModel.ts";

/**
 * The agent's conversation in the shape of VS Code's Language Model API, without its classes:
 * that API has only user and assistant messages, so the system prompt leads the first user
 * message, and tool results travel as parts of a user message right after the assistant message
 * that asked for them. Consecutive user-side messages are merged into one.
 */

export type LmPart =
  | { kind: "text"; text: string }
  | { kind: "toolCall"; callId: string; name: string; input: object }
  | { kind: "toolResult"; callId: string; text: string };

export interface LmTurn {
  role: "user" | "assistant";
  parts: LmPart[];
}

export function lmTurns(messages: ChatMessage[]): LmTurn[] {
  const turns: LmTurn[] = [];
  const userParts = (): LmPart[] => {
    const last = turns.at(-1);
    if (last?.role === "user") return last.parts;
    const turn: LmTurn = { role: "user", parts: [] };
    turns.push(turn);
    return turn.parts;
  };
  for (const m of messages) {
    switch (m.role) {
      case "system":
      case "user":
        userParts().push({ kind: "text", text: m.content });
        break;
      case "tool":
        userParts().push({ kind: "toolResult", callId: m.toolCallId, text: m.content });
        break;
      case "assistant": {
        const parts: LmPart[] = [];
        if (m.content) parts.push({ kind: "text", text: m.content });
        for (const call of m.toolCalls)
          parts.push({
            kind: "toolCall",
            callId: call.id,
            name: call.name,
            input: toolInput(call.arguments),
          });
        turns.push({ role: "assistant", parts });
        break;
      }
    }
  }
  return turns;
}

/** A tool call's input must be an object for the API; arguments that were not one are kept as text. */
function toolInput(text: string): object {
  try {
    const value: unknown = JSON.parse(text.trim() === "" ? "{}" : text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  } catch {
    // fall through: the model wrote something that is not JSON
  }
  return { arguments: text };
}

/** Maps an error of a VS Code chat model onto the loop's retry classes. */
export function lmErrorKind(error: { code?: unknown; name?: unknown; message?: unknown }): ModelErrorKind {
  const code = String(error.code ?? error.name ?? "");
  const message = String(error.message ?? "");
  if (/cancel/i.test(code) || /cancel/i.test(message)) return "cancelled";
  if (/NoPermissions|Blocked/i.test(code)) return "auth";
  if (/NotFound/i.test(code)) return "request";
  if (/rate|quota|429/i.test(message)) return "rate-limit";
  if (/timed? ?out/i.test(message)) return "timeout";
  return "server";
}
