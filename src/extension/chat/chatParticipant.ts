import { randomUUID } from "node:crypto";
import * as vscode from "vscode";
import type { TraceEvent } from "../../core/trace/traceEvents.ts";
import { chatEvidence } from "./chatEvidence.ts";
import { sessionKeyOf } from "./chatSessions.ts";
import type { ChatSessions } from "./chatSessions.ts";
import { lakeFile } from "../host/lakePaths.ts";
import type { AskOutcome, AskRequest } from "../run/runController.ts";
import { invocationMessage } from "../tools/toolMessages.ts";
import type { TraceModel, TraceRun } from "../trace/traceModel.ts";

export const PARTICIPANT_ID = "radar.chat";

export interface ChatDeps {
  ask: (request: AskRequest) => Promise<AskOutcome>;
  sessions: ChatSessions;
  trace: TraceModel;
}

/**
 * `@radar`'s request handler: the same run as "Ask RADAR", on the model the chat has selected,
 * with one progress line per operator call, then the answer with its evidence tables, anchors to
 * the source rows that hold its values and references to the files. The run's runtime is kept for
 * the chat, so a follow-up question goes on over the tables already registered.
 */
export function chatHandler(deps: ChatDeps): vscode.ChatRequestHandler {
  return async (request, context, stream, token) => {
    const key = sessionKeyOf(context.history, PARTICIPANT_ID) ?? randomUUID();
    const session = deps.sessions.get(key);
    stream.progress(session ? "Going on with this chat's tables…" : "Mapping the data files…");
    const outcome = await deps.ask({
      question: request.prompt,
      lm: request.model,
      token,
      quiet: true,
      keepRuntime: true,
      ...(session ? { runtime: session.runtime } : {}),
      onEvent: (event) => {
        const line = progressLine(event);
        if (line) stream.progress(line);
      },
    });
    if (outcome.runtime && outcome.runId) deps.sessions.keep(key, outcome.runtime, outcome.runId);
    const runIds = deps.sessions.get(key)?.runIds ?? (outcome.runId ? [outcome.runId] : []);
    const runs = runIds.map((id) => deps.trace.run(id)).filter((r): r is TraceRun => r !== undefined);
    render(stream, outcome, runs);
    return { metadata: { radarSession: key, ...(outcome.runId ? { runId: outcome.runId } : {}) } };
  };
}

export function registerChatParticipant(deps: ChatDeps): vscode.Disposable | undefined {
  if (typeof vscode.chat?.createChatParticipant !== "function") return undefined;
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, chatHandler(deps));
  participant.iconPath = new vscode.ThemeIcon("radio-tower");
  return participant;
}

function progressLine(event: TraceEvent): string | undefined {
  switch (event.type) {
    case "call": {
      const codes = [...new Set(event.diagnostics.map((d) => d.code))];
      return `${invocationMessage(event.op, event.args)}: ${event.status}${codes.length ? ` (${codes.join(", ")})` : ""}`;
    }
    case "agent-step":
      return `Step ${String(event.step)}: the model chose its next calls`;
    case "agent-answer":
      return `Checking the answer against its evidence: ${String(event.status)}`;
    default:
      return undefined;
  }
}

function render(stream: vscode.ChatResponseStream, outcome: AskOutcome, runs: TraceRun[]): void {
  const run = runs.at(-1);
  const evidence = outcome.status === "answered" ? chatEvidence(runs) : undefined;
  if (!evidence || !run) {
    stream.markdown(`No answer (${outcome.status})${outcome.error ? `: ${outcome.error}` : ""}\n\n`);
  } else {
    stream.markdown(`**Answer:** ${evidence.answer}\n\n`);
    if (evidence.values.length) {
      stream.markdown("Source rows:");
      for (const v of evidence.values) {
        const path = lakeFile(run.lake, v.location.file);
        if (!path) continue;
        const line = Math.max(0, v.location.line - 1);
        stream.markdown(`\n- \`${v.value}\` in \`${v.table}\`: `);
        stream.anchor(
          new vscode.Location(vscode.Uri.file(path), new vscode.Range(line, 0, line, 0)),
          `${v.location.file}:${v.location.line}${v.location.sheet ? ` [${v.location.sheet}]` : ""}`,
        );
      }
      stream.markdown("\n\n");
    }
    if (evidence.markdown) stream.markdown(`${evidence.markdown}\n\n`);
    for (const f of evidence.files) {
      const path = lakeFile(run.lake, f.file);
      const line = Math.max(0, f.line - 1);
      if (path)
        stream.reference(new vscode.Location(vscode.Uri.file(path), new vscode.Range(line, 0, line, 0)));
    }
  }
  if (outcome.runId)
    stream.button({ command: "radar.showReport", arguments: [outcome.runId], title: "Open the report" });
}
