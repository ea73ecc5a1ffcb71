import { resolve } from "node:path";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Runtime } from "../core/runtime.ts";
import { radarMcpServer } from "../mcp/radarMcpServer.ts";

/**
 * `radar mcp`: serves the operators over stdio until the client closes the stream. Stdout carries
 * the protocol only; progress and logs go to stderr.
 */
export async function mcpCommand(lake: string | undefined): Promise<number> {
  const runtime = await Runtime.open(resolve(lake ?? "."), {
    onMapProgress: (p) => {
      if (p.filesDone === p.filesTotal) process.stderr.write(`radar mcp: mapped ${p.filesTotal} files\n`);
    },
  });
  process.stderr.write(`radar mcp: lake ${runtime.lakeRoot}, trace ${runtime.trace.path}\n`);
  const server = radarMcpServer(runtime);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
    process.stdin.on("end", () => done());
  });
  await server.connect(transport);
  await closed;
  runtime.end("ok", await runtime.finalChecks());
  await server.close();
  runtime.close();
  return 0;
}
