import { join } from "node:path";

export interface McpLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * How VS Code starts `radar mcp` for a workspace folder: the bundled CLI on the Node that runs the
 * extension host. Under Electron that binary is the editor itself, which runs as plain Node only
 * with ELECTRON_RUN_AS_NODE — so no separate Node has to be installed.
 */
export function mcpLaunch(
  execPath: string,
  extensionPath: string,
  lake: string,
  /** Where the server keeps its state (outside the workspace, unless the user asked for it). */
  stateRoot?: string,
): McpLaunch {
  return {
    command: execPath,
    args: [join(extensionPath, "dist", "cli.cjs"), "mcp", "--lake", lake],
    env: { ELECTRON_RUN_AS_NODE: "1", ...(stateRoot ? { RADAR_STATE_DIR: stateRoot } : {}) },
  };
}
