import * as vscode from "vscode";
import { toolResultText } from "../../core/presentation/toolResult.ts";
import { operatorFacts } from "../../core/operators/factsRegistry.ts";
import type { OperatorName } from "../../core/operators/operator.ts";
import type { Runtime } from "../../core/runtime.ts";
import { invocationMessage, toolConfirmation } from "./toolMessages.ts";

type ToolInput = Record<string, unknown>;

/**
 * One operator as a VS Code language model tool (for Copilot's agent mode and any chat that uses
 * tools). The input is checked by the runtime against the operator's zod schema, exactly as for
 * the agent and MCP; the result is the agent's compact text, diagnostics included.
 */
export function radarTool(
  op: OperatorName,
  runtime: () => Promise<Runtime>,
): vscode.LanguageModelTool<ToolInput> {
  return {
    prepareInvocation: (options) => {
      const input = (options.input ?? {}) as ToolInput;
      const prepared: vscode.PreparedToolInvocation = { invocationMessage: invocationMessage(op, input) };
      const ask = toolConfirmation(op, input);
      if (ask)
        prepared.confirmationMessages = { title: ask.title, message: new vscode.MarkdownString(ask.message) };
      return prepared;
    },
    invoke: async (options, token) => {
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      try {
        const call = await (await runtime()).call({ ...(options.input ?? {}), op }, abort.signal);
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(toolResultText(call))]);
      } finally {
        cancel.dispose();
      }
    },
  };
}

/** Registers the six tools under their `radar_*` names; nothing where the editor lacks the API. */
export function registerLmTools(runtime: () => Promise<Runtime>): vscode.Disposable[] {
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  if (typeof lm?.registerTool !== "function") return [];
  const register = lm.registerTool.bind(lm);
  // Names from the operators' facts, not the operator registry: the shell must not bundle the
  // operators (and DuckDB with them); the runtime bundle validates the calls.
  return Object.values(operatorFacts).map((facts) =>
    register(facts.toolName, radarTool(facts.name, runtime)),
  );
}
