import type { OperatorName } from "./operator.ts";

/**
 * The names operators go by as tools of other agents (VS Code Language Model tools, MCP):
 * snake_case with a `radar_` prefix, as tool names from many servers share one namespace there.
 */
export const toolNames: Record<OperatorName, string> = {
  Discover: "radar_discover",
  Bash: "radar_bash",
  Scan: "radar_scan",
  UnionScan: "radar_union_scan",
  Probe: "radar_probe",
  Query: "radar_query",
};
