import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Runtime } from "../core/runtime.ts";
import { startupMark } from "../core/startupProfile.ts";
import { radarMcpServer } from "../mcp/radarMcpServer.ts";
import type { LakeOptions } from "./cliRuntime.ts";

/** After the client closes stdin: how long the final checks may take, and when the process exits regardless. */
const FINAL_CHECKS_MS = 2000;
const EXIT_GRACE_MS = 3000;

/**
 * `radar mcp`: serves the operators over stdio until the client closes the stream. It connects
 * at once — DuckDB opens and the Source Map is built (or loaded from the cache) in the
 * background, and tools wait for them. Stdout carries the protocol only; progress and logs go to
 * stderr. A session another process holds ends the server with the reason on stderr.
 */
export async function mcpCommand(options: LakeOptions): Promise<number> {
  const lakeRoot = realpathSync(resolve(options.lake ?? "."));
  const log = (text: string): boolean => process.stderr.write(`radar mcp: ${text}\n`);
  const opening = Runtime.start(lakeRoot, {
    owner: "radar mcp",
    question: "MCP tool calls",
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
    ...(options.session !== undefined ? { session: options.session } : {}),
  });
  const server = radarMcpServer(opening, {
    lakeRoot,
    ...(options.session !== undefined ? { session: options.session } : {}),
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
    process.stdin.on("end", () => done());
  });
  await server.connect(transport);
  startupMark("MCP server connected");
  let runtime: Runtime;
  try {
    runtime = await opening;
  } catch (error) {
    log((error as Error).message);
    await server.close();
    return 1;
  }
  runtime.ready.then(
    () => log(`mapped ${runtime.map.files.length} files (${runtime.mapStats.fromCache} from cache)`),
    (error: unknown) => log(`the Source Map could not be built: ${(error as Error).message}`),
  );
  log(
    `lake ${runtime.lakeRoot}${runtime.session ? `, session "${runtime.session}"` : ""}, trace ${runtime.trace.path}`,
  );
  await closed;
  // The client is gone: nothing may keep this process alive (issue 27: a server was still running
  // 15 s after its client closed stdin, an orphan per crashed client). The final checks get a
  // short while; a call still running is not waited for.
  setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref();
  const final = await Promise.race([
    runtime.finalChecks().catch(() => undefined),
    new Promise<undefined>((done) => setTimeout(() => done(undefined), FINAL_CHECKS_MS).unref()),
  ]);
  runtime.end(final ? "ok" : "failed", final ?? []);
  await server.close();
  // Closing DuckDB waits for a statement still running (one it takes minutes over): the trace is
  // ended above, and the process exits now; the session's database replays its log at next open.
  process.exit(0);
}
