import * as vscode from "vscode";
import type { AssistantTurn, ChatModel, ChatRequest, ToolCall } from "../../agent/chatModel.ts";
import { ModelError } from "../../agent/chatModel.ts";
import { lmErrorKind, lmTurns } from "./lmMessages.ts";
import type { LmPart, LmTurn } from "./lmMessages.ts";

/** A `ChatModel` over a VS Code chat model (`vscode.lm`): Copilot's models, or any provider's. */
export class LmChatModel implements ChatModel {
  readonly name: string;

  constructor(private readonly model: vscode.LanguageModelChat) {
    this.name = model.id;
  }

  async complete(request: ChatRequest): Promise<AssistantTurn> {
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = (): void => cancel.cancel();
    request.signal?.addEventListener("abort", onAbort);
    try {
      if (request.signal?.aborted) throw new ModelError("cancelled", "cancelled");
      const response = await this.model.sendRequest(
        lmTurns(request.messages).map(toMessage),
        {
          justification: "RADAR answers your question from the data files of this workspace.",
          tools: request.tools.map((t) => ({
            name: t.name,
            description: t.description,
            inputSchema: t.parameters,
          })),
          toolMode: vscode.LanguageModelChatToolMode.Auto,
        },
        cancel.token,
      );
      let text = "";
      const toolCalls: ToolCall[] = [];
      for await (const part of response.stream) {
        if (part instanceof vscode.LanguageModelTextPart) text += part.value;
        else if (part instanceof vscode.LanguageModelToolCallPart)
          toolCalls.push({ id: part.callId, name: part.name, arguments: JSON.stringify(part.input) });
      }
      if (request.signal?.aborted) throw new ModelError("cancelled", "cancelled");
      return {
        content: text === "" ? null : text,
        toolCalls,
        model: this.model.id,
        finishReason: toolCalls.length ? "tool_calls" : "stop",
      };
    } catch (error) {
      if (error instanceof ModelError) throw error;
      if (request.signal?.aborted) throw new ModelError("cancelled", "cancelled");
      const e = error as { code?: unknown; name?: unknown; message?: unknown };
      throw new ModelError(String(e.message ?? error).slice(0, 600), lmErrorKind(e));
    } finally {
      request.signal?.removeEventListener("abort", onAbort);
      cancel.dispose();
    }
  }
}

function toMessage(turn: LmTurn): vscode.LanguageModelChatMessage {
  const parts = turn.parts.map(toPart);
  return turn.role === "user"
    ? vscode.LanguageModelChatMessage.User(
        parts as (vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart)[],
      )
    : vscode.LanguageModelChatMessage.Assistant(
        parts as (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[],
      );
}

function toPart(
  part: LmPart,
): vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart | vscode.LanguageModelToolResultPart {
  switch (part.kind) {
    case "text":
      return new vscode.LanguageModelTextPart(part.text);
    case "toolCall":
      return new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input);
    case "toolResult":
      return new vscode.LanguageModelToolResultPart(part.callId, [
        new vscode.LanguageModelTextPart(part.text),
      ]);
  }
}
