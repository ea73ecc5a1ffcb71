import * as vscode from "vscode";
import type { RunController } from "./runController.ts";

/**
 * `@radar` in the chat: the same run as "Ask RADAR", on the model the chat has selected, with
 * progress streamed into the conversation and the report one click away.
 */
export function registerChatParticipant(runs: RunController): vscode.Disposable | undefined {
  if (typeof vscode.chat?.createChatParticipant !== "function") return undefined;
  const participant = vscode.chat.createChatParticipant(
    "radar.chat",
    async (request, _context, stream, token) => {
      stream.progress("Mapping the data files…");
      const outcome = await runs.ask({
        question: request.prompt,
        lm: request.model,
        token,
        quiet: true,
        onEvent: (event) => {
          if (event.type === "call") stream.progress(`#${event.index} ${event.op}: ${event.status}`);
        },
      });
      if (outcome.answer !== undefined) stream.markdown(`**Answer:** ${outcome.answer}\n\n`);
      else stream.markdown(`No answer (${outcome.status})${outcome.error ? `: ${outcome.error}` : ""}\n\n`);
      if (outcome.runId)
        stream.button({ command: "radar.showReport", arguments: [outcome.runId], title: "Open the report" });
      return {};
    },
  );
  participant.iconPath = new vscode.ThemeIcon("radio-tower");
  return participant;
}
