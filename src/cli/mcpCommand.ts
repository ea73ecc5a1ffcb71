import { resolve } from "node:path";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Runtime } from "../core/runtime.ts";
import { radarMcpServer } from "../mcp/radarMcpServer.ts";
import type { LakeOptions } from "./cliRuntime.ts";

/**
 * `radar mcp`: serves the operators over stdio until the client closes the stream. It connects
 * at once — the Source Map is built (or loaded from the cache) in the background, and tools wait
 * for it. Stdout carries the protocol only; progress and logs go to stderr.
 */
export async function mcpCommand(options: LakeOptions): Promise<number> {
  const runtime = await Runtime.start(resolve(options.lake ?? "."), {
    owner: "radar mcp",
    question: "MCP tool calls",
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
    ...(options.session !== undefined ? { session: options.session } : {}),
  });
  const log = (text: string): boolean => process.stderr.write(`radar mcp: ${text}\n`);
  runtime.ready.then(
    () => log(`mapped ${runtime.map.files.length} files (${runtime.mapStats.fromCache} from cache)`),
    (error: unknown) => log(`the Source Map could not be built: ${(error as Error).message}`),
  );
  log(
    `lake ${runtime.lakeRoot}${runtime.session ? `, session "${runtime.session}"` : ""}, trace ${runtime.trace.path}`,
  );
  const server = radarMcpServer(runtime);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
    process.stdin.on("end", () => done());
  });
  await server.connect(transport);
  await closed;
  try {
    runtime.end("ok", await runtime.finalChecks());
  } catch {
    runtime.end("failed");
  }
  await server.close();
  runtime.close();
  return 0;
}
