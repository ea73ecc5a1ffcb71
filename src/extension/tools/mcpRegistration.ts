import * as vscode from "vscode";
import { RADAR_VERSION } from "../../core/version.ts";
import { mcpLaunch } from "./mcpLaunch.ts";
import type { RadarLog } from "../host/radarLog.ts";

export const MCP_PROVIDER_ID = "radar.mcp";

/**
 * Offers `radar mcp` over each workspace folder to VS Code's MCP support, so agents that speak MCP
 * in the editor get the same operators. Editors without the API (older ones, some code-server
 * builds) skip it, with a line in the log.
 */
export function registerMcpServer(
  extensionPath: string,
  log: RadarLog,
  /** RADAR_STATE_DIR for the server of a folder; undefined keeps the CLI's default. */
  stateRoot: (folder: vscode.WorkspaceFolder) => string | undefined,
): vscode.Disposable | undefined {
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  if (
    typeof lm?.registerMcpServerDefinitionProvider !== "function" ||
    typeof vscode.McpStdioServerDefinition !== "function"
  ) {
    log.info("MCP: this editor has no MCP server API; `radar mcp` is not registered (run it by hand).");
    return undefined;
  }
  const changed = new vscode.EventEmitter<void>();
  const folders = vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire());
  const provider = lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () =>
      (vscode.workspace.workspaceFolders ?? []).map((folder) => {
        const launch = mcpLaunch(process.execPath, extensionPath, folder.uri.fsPath, stateRoot(folder));
        return new vscode.McpStdioServerDefinition(
          `RADAR: ${folder.name}`,
          launch.command,
          launch.args,
          launch.env,
          RADAR_VERSION,
        );
      }),
  });
  log.info("MCP: `radar mcp` registered for the workspace folders.");
  return vscode.Disposable.from(provider, folders, changed);
}
