import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { OperatorName } from "../core/operators/operator.ts";
import { operatorNames, operators } from "../core/operators/registry.ts";
import { toolNames } from "../core/operators/toolNames.ts";
import type { Runtime } from "../core/runtime.ts";
import { toolResultText } from "../agent/toolResult.ts";
import { RADAR_VERSION } from "../core/version.ts";

const READ_ONLY: Record<OperatorName, boolean> = {
  Discover: true,
  Bash: true,
  Scan: false,
  UnionScan: false,
  Probe: true,
  Query: false,
};

/**
 * RADAR's operators as MCP tools over one runtime: one MCP session is one shared state and one
 * trace file. Arguments go through the same zod schemas and the same validation as every other
 * caller; a rejected or failed call comes back as a tool error whose text carries the diagnostics.
 */
export function radarMcpServer(runtime: Runtime): McpServer {
  const server = new McpServer(
    { name: "radar", version: RADAR_VERSION },
    {
      instructions:
        "RADAR answers data questions over the files of one folder through typed operators. Find sources with radar_discover, " +
        "read files into tables with radar_scan / radar_union_scan, profile with radar_probe, derive tables with radar_query " +
        "(one read-only SELECT; declare its inputs). Every call is validated: errors reject it, warnings point at source rows. " +
        `Lake: ${runtime.lakeRoot}. Trace: ${runtime.trace.path}.`,
    },
  );
  for (const op of operatorNames) {
    const operator = operators[op];
    server.registerTool(
      toolNames[op],
      {
        title: op,
        description: operator.description,
        inputSchema: operator.schema as never,
        annotations: { readOnlyHint: READ_ONLY[op], openWorldHint: false, destructiveHint: false },
      },
      (async (args: Record<string, unknown>) => {
        const call = await runtime.call({ op, ...args });
        return {
          content: [{ type: "text" as const, text: toolResultText(call) }],
          structuredContent: {
            status: call.status,
            diagnostics: call.diagnostics,
            ...(call.error ? { error: call.error } : {}),
          },
          isError: call.status !== "ok",
        };
      }) as never,
    );
  }
  return server;
}
