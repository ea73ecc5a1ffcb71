import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Runtime } from "../../src/core/runtime.ts";
import { radarMcpServer } from "../../src/mcp/radarMcpServer.ts";

/**
 * An MCP client connected in memory to RADAR's MCP server over an open runtime; `use` runs with it,
 * and the client and server are closed after, whatever happens.
 */
export async function withMcpClient<T>(
  runtime: Runtime,
  lake: string,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = radarMcpServer(Promise.resolve(runtime), { lakeRoot: lake });
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "0" });
  await client.connect(clientSide);
  try {
    return await use(client);
  } finally {
    await client.close();
    await server.close();
  }
}
